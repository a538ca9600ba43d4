import { schema } from '@lainava/db'
import { pathFor } from '@lainava/routing'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Cookies, loginAs } from '../../test/sessions.ts'
import { createTestApp } from '../../test/test-app.ts'

// Issue 16 item 5: the bank ID and identification status pages are the owner's only: signed out to the
// login page, someone else's application "not found", never cached or indexed. Needs the production build.

let ctx: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  ctx = await createTestApp({ ROLES: 'web,api' })
})
afterAll(async () => {
  await ctx.close()
})

const page = (url: string, cookies: Cookies = {}) => ctx.app.inject({ method: 'GET', url, cookies })

async function mortgageApplication(userId: string, data: Record<string, unknown>, identified = false) {
  const [row] = await ctx.database.db
    .insert(schema.mortgageApplications)
    .values({ userId, step: 'identify', dataEncrypted: ctx.services.cipher.encrypt(JSON.stringify(data)) })
    .returning({ id: schema.mortgageApplications.id })
  if (!row) throw new Error('no row')
  if (identified) {
    const [identification] = await ctx.database.db
      .insert(schema.identifications)
      .values({
        userId,
        mortgageApplicationId: row.id,
        method: 'oidc',
        provider: `${ctx.services.config.PUBLIC_URL}/test-idp`,
        level: 'high',
        hetuHash: ctx.services.cipher.fingerprint('131052-308T'),
        identifiedAt: new Date('2026-11-20T10:30:00Z'),
      })
      .returning({ id: schema.identifications.id })
    await ctx.database.db
      .update(schema.mortgageApplications)
      .set({ identificationId: identification?.id })
      .where(eq(schema.mortgageApplications.id, row.id))
  }
  return row.id
}

const LEAD = { 'personal-information': { hetu: '131052-308T' } }

describe('bank ID and identification status pages', () => {
  it.each([
    pathFor('bankIdAuthentication', 'fi'),
    pathFor('identificationStatus', 'en', { id: '0b4f7a52-6a57-4d8e-9a55-2f0f3c1d2e3a' }),
  ])('%s sends the signed-out to the login page, coming back after', async (path) => {
    const response = await page(path)
    expect(response.statusCode).toBeGreaterThanOrEqual(300)
    expect(response.statusCode).toBeLessThan(400)
    expect(response.headers.location).toContain(`returnTo=${encodeURIComponent(path)}`)
  })

  it('starts identification for the owner’s application, noindex and no-store', async () => {
    const { userId, cookies } = await loginAs(ctx.database.db)
    const id = await mortgageApplication(userId, LEAD)
    const response = await page(pathFor('bankIdAuthentication', 'fi', { id }), cookies)
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.body).toContain('<meta name="robots" content="noindex"/>')
    expect(response.body).toMatch(/<h1[^>]*>Tunnistaudu pankkitunnuksilla<\/h1>/)
    expect(response.body).toContain(`/api/v1/identification/start?mortgageApplicationId=${id}`)
    // Without an id, the person's latest application.
    const latest = await page(pathFor('bankIdAuthentication', 'fi'), cookies)
    expect(latest.body).toContain(`mortgageApplicationId=${id}`)
  })

  it('shows how an identification ended, in the page’s language', async () => {
    const { userId, cookies } = await loginAs(ctx.database.db)
    const id = await mortgageApplication(userId, LEAD)
    const response = await page(
      `${pathFor('bankIdAuthentication', 'sv', { id })}?identification=HETU_MISMATCH`,
      cookies,
    )
    expect(response.body).toMatch(/role="alert"[^>]*><p>Den som identifierade sig är inte sökanden\./)
    expect(response.body).toMatch(/data-testid="identify">Försök igen<\/a>/)
    const unknown = await page(
      `${pathFor('bankIdAuthentication', 'fi', { id })}?identification=<b>x</b>`,
      cookies,
    )
    expect(unknown.statusCode).toBe(200)
    expect(unknown.body).not.toContain('<b>x</b>')
  })

  it('asks for the applicant’s details before identifying', async () => {
    const { userId, cookies } = await loginAs(ctx.database.db)
    const id = await mortgageApplication(userId, {})
    const response = await page(pathFor('bankIdAuthentication', 'en', { id }), cookies)
    expect(response.body).toMatch(/<p[^>]*>Fill in the applicant/)
    expect(response.body).not.toContain('/api/v1/identification/start')
  })

  it('shows the method, level, time and provider of a signed application', async () => {
    const { userId, cookies } = await loginAs(ctx.database.db)
    const id = await mortgageApplication(userId, LEAD, true)
    const response = await page(pathFor('identificationStatus', 'fi', { id }), cookies)
    expect(response.statusCode).toBe(200)
    expect(response.body).toMatch(
      /id="identification-state"[^>]*>Hakemus on allekirjoitettu vahvalla tunnistautumisella\.</,
    )
    expect(response.body).toMatch(/<dd[^>]*>Korkea \(eIDAS high\)<\/dd>/)
    expect(response.body).toMatch(/<dd[^>]*>20\. marraskuuta 2026 klo 12\.30<\/dd>/)
    expect(response.body).toMatch(/<dd[^>]*>Testitunnistus \(ei oikea pankki\)<\/dd>/)
    // The page tells how, never whom: no number or hash of it (the catalogue's form hints may show examples).
    expect(response.body).not.toContain(ctx.services.cipher.fingerprint('131052-308T'))
  })

  it('answers 404 for someone else’s application or a malformed id', async () => {
    const owner = await loginAs(ctx.database.db)
    const id = await mortgageApplication(owner.userId, LEAD, true)
    const stranger = await loginAs(ctx.database.db)
    for (const path of [
      pathFor('identificationStatus', 'fi', { id }),
      pathFor('bankIdAuthentication', 'en', { id }),
      pathFor('identificationStatus', 'fi', { id: 'not-a-uuid' }),
    ]) {
      const response = await page(path, stranger.cookies)
      expect(response.statusCode, path).toBe(404)
      expect(response.body).not.toContain('id="identification-state"')
    }
  })
})
