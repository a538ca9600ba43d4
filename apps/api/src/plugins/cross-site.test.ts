import { randomUUID } from 'node:crypto'
import { schema } from '@lainava/db'
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '@lainava/domain/http'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHttpLender } from '../modules/marketplace/lender-credentials.ts'
import { recordOffer } from '../modules/marketplace/marketplace.ts'
import { submission, validApplication } from '../test/applications.ts'
import { COMPANY_ENV } from '../test/company-env.ts'
import { lenderRow } from '../test/lenders.ts'
import { type Cookies, loginAs } from '../test/sessions.ts'
import { createTestApp } from '../test/test-app.ts'

// issue 13 item 5, ADR 015: a cookie-authenticated API call changes state only from our own origins
// and only as JSON; the partner API (API key, no cookie) is not affected.

let ctx: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  ctx = await createTestApp({
    ROLES: 'api',
    PUBLIC_URL: 'https://lainava.test',
    ALLOWED_ORIGINS: 'https://www.lainava.test',
    SMTP_URL: 'smtp://127.0.0.1:2525',
    ENCRYPTION_KEY: Buffer.alloc(32, 3).toString('base64'),
    ...COMPANY_ENV,
  })
})
afterAll(async () => {
  await ctx.close()
})

/** A consumer with one application and one open offer on it (no worker runs: the recipient stays pending). */
async function consumerWithOffer(): Promise<{ cookies: Cookies; offerId: string }> {
  const db = ctx.database.db
  const [lender] = await db
    .insert(schema.lenders)
    .values(lenderRow({ name: `Testilaina ${randomUUID().slice(0, 6)}` }))
    .returning({ id: schema.lenders.id })
  if (!lender) throw new Error('no lender')
  const user = await loginAs(db)
  const submitted = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/applications',
    headers: { origin: 'https://lainava.test' },
    payload: submission(validApplication()),
    cookies: user.cookies,
  })
  expect(submitted.statusCode).toBe(201)
  const offer = await recordOffer(ctx.services, {
    applicationId: submitted.json().applicationId,
    lenderId: lender.id,
    offer: {
      amount: 15_000,
      months: 60,
      nominalRate: 0.079,
      openingFee: 0,
      monthlyFee: 0,
      feeFinanced: false,
    },
  })
  return { cookies: user.cookies, offerId: offer.id }
}

/** The machine-readable reason of an error body (`reason`, or `code` in the one error shape). */
function reasonOf(body: { reason?: string; code?: string }): string | undefined {
  return body.reason ?? body.code
}

async function offerStatus(offerId: string): Promise<string | undefined> {
  const [row] = await ctx.database.db
    .select({ status: schema.offers.status })
    .from(schema.offers)
    .where(eq(schema.offers.id, offerId))
  return row?.status
}

describe('cookie-authenticated API calls (issue 13 item 5)', () => {
  it('refuses a text/plain accept from another site, a sibling host or an opaque origin with 403, changing nothing', async () => {
    const { cookies, offerId } = await consumerWithOffer()
    for (const origin of [
      'https://evil.example',
      'https://evil.lainava.test',
      'http://lainava.test',
      'null',
    ]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/loanOffers/${offerId}/accept`,
        headers: { origin, 'content-type': 'text/plain', 'accept-language': 'fi' },
        payload: '{"accept":true}',
        cookies,
      })
      expect(response.statusCode, origin).toBe(403)
      expect(reasonOf(response.json())).toBe('CROSS_SITE_REQUEST')
      expect(response.json().message).toMatch(/palvelun omilta sivuilta/)
    }
    expect(await offerStatus(offerId)).toBe('offered')
  })

  it('refuses a call without Origin unless it carries our client header', async () => {
    const { cookies, offerId } = await consumerWithOffer()
    const bare = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/loanOffers/${offerId}/accept`,
      headers: { 'accept-language': 'en' },
      cookies,
    })
    expect(bare.statusCode).toBe(403)
    expect(reasonOf(bare.json())).toBe('CROSS_SITE_REQUEST')
    expect(bare.json().message).toMatch(/did not come from the service’s own pages/)
    expect(await offerStatus(offerId)).toBe('offered')
    const ours = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/loanOffers/${offerId}/accept`,
      headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE },
      cookies,
    })
    expect(ours.statusCode).toBe(200)
    expect(await offerStatus(offerId)).toBe('accepted')
  })

  it('requires a JSON body even from our own origin (415)', async () => {
    const { cookies, offerId } = await consumerWithOffer()
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/loanOffers/${offerId}/accept`,
        headers: { origin: 'https://lainava.test', 'content-type': type, 'accept-language': 'sv' },
        payload: 'accept=true',
        cookies,
      })
      expect(response.statusCode, type).toBe(415)
      expect(reasonOf(response.json())).toBe('JSON_REQUIRED')
      expect(response.json().message).toMatch(/JSON-format/)
    }
    expect(await offerStatus(offerId)).toBe('offered')
  })

  it('accepts JSON from PUBLIC_URL and from a listed origin', async () => {
    const { cookies, offerId } = await consumerWithOffer()
    const fromWww = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/loanOffers/${offerId}/accept`,
      headers: { origin: 'https://www.lainava.test' },
      cookies,
    })
    expect(fromWww.statusCode).toBe(200)
    expect(fromWww.json().status).toBe('accepted')
    const consents = await ctx.app.inject({ method: 'GET', url: '/api/v1/user/consents', cookies })
    const { updatedAt: _, ...current } = consents.json()
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/user/consents',
      headers: { origin: 'https://lainava.test', 'content-type': 'application/json; charset=utf-8' },
      payload: JSON.stringify({ ...current, marketingEmail: true }),
      cookies,
    })
    expect(changed.statusCode).toBe(200)
    expect(changed.json().marketingEmail).toBe(true)
  })

  it('leaves the partner API (API key, no cookie) alone, whatever Origin it sends', async () => {
    const credentials = await createHttpLender(ctx.database.db, ctx.services.cipher, {
      slug: `partner-${randomUUID()}`,
      name: 'Partneripankki',
      description: 'Test partner',
      criteria: lenderRow({ name: 'x' }).criteria,
      endpointUrl: 'https://partner.example/lainava',
    })
    for (const headers of [{}, { origin: 'https://partner.example' }]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/lender/applications/${randomUUID()}/decline`,
        headers: { authorization: `Bearer ${credentials.apiKey}`, ...headers },
        payload: { reason: 'no' },
      })
      // The key was checked and the call reached the service: the application is not this lender's.
      expect(response.statusCode).toBe(404)
    }
  })
})
