import { request as httpRequest } from 'node:http'
import { schema } from '@lainava/db'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Cookies, loginAs } from '../../test/sessions.ts'
import { createListeningTestApp } from '../../test/test-app.ts'
import { FLOW_COOKIE, identificationOf, identifiesApplicant } from './identification-service.ts'

// ADR 024: the whole authorization code flow over real HTTP, from our start endpoint through the local
// test provider (oidc-provider) and its interaction page back to our callback, with the browser's
// cookies kept by hand.

let ctx: Awaited<ReturnType<typeof createListeningTestApp>>
beforeAll(async () => {
  ctx = await createListeningTestApp({ ROLES: 'api' })
})
afterAll(async () => {
  await ctx.close()
})

const LEAD_HETU = '131052-308T'
const OTHER_HETU = '010594Y123W'

/** A draft mortgage application whose lead applicant has the henkilötunnus, owned by the user. */
async function mortgageApplication(userId: string, hetu = LEAD_HETU) {
  const data = {
    'personal-information': { firstName: 'Aino', lastName: 'Virtanen', hetu },
  }
  const [row] = await ctx.database.db
    .insert(schema.mortgageApplications)
    .values({ userId, step: 'identify', dataEncrypted: ctx.services.cipher.encrypt(JSON.stringify(data)) })
    .returning({ id: schema.mortgageApplications.id })
  if (!row) throw new Error('no row')
  return row.id
}

/** A browser: one cookie jar, no redirects followed; relative URLs open on `site` (default ctx.url). */
function browser(initial: Cookies = {}, site?: string) {
  const jar = new Map(Object.entries(initial))
  return {
    jar,
    async get(url: string, init: RequestInit = {}) {
      const response = await fetch(new URL(url, site ?? ctx.url), {
        ...init,
        redirect: 'manual',
        headers: {
          ...(init.headers as Record<string, string>),
          cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
        },
      })
      for (const line of response.headers.getSetCookie()) {
        const [pair = '', ...attributes] = line.split(';')
        const [name = '', value = ''] = pair.split('=', 2).map((part) => part.trim())
        if (attributes.some((attribute) => /max-age=0/i.test(attribute.trim())) || value === '')
          jar.delete(name)
        else jar.set(name, value)
      }
      return response
    },
  }
}

const location = (response: Response) => response.headers.get('location') ?? ''

/**
 * Starts at our endpoint and goes through the provider until it sends the browser to our callback;
 * answers that callback URL (not yet opened).
 */
async function throughProvider(
  person: ReturnType<typeof browser>,
  mortgageApplicationId: string,
  choice: { person: string } | { abort: true },
  site = ctx.url,
) {
  const start = await person.get(
    `/api/v1/identification/start?mortgageApplicationId=${mortgageApplicationId}&returnTo=${encodeURIComponent(`/tunnistaudu/${mortgageApplicationId}/`)}`,
  )
  expect(start.status).toBe(302)
  expect(person.jar.has(FLOW_COOKIE)).toBe(true)
  const authorize = new URL(location(start))
  expect(authorize.origin + authorize.pathname).toBe(`${ctx.url}/test-idp/auth`)
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256')
  const toInteraction = await person.get(authorize.href)
  expect(toInteraction.status).toBe(303)
  const interaction = location(toInteraction)
  const page = await person.get(interaction)
  expect(page.status).toBe(200)
  expect(await page.text()).toContain('Testitunnistus – ei oikea pankki')
  const body = 'abort' in choice ? '' : new URLSearchParams({ person: choice.person }).toString()
  const submitted = await person.get(`${interaction}/${'abort' in choice ? 'abort' : 'login'}`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })
  expect(submitted.status).toBe(303)
  const resumed = await person.get(location(submitted))
  expect(resumed.status).toBe(303)
  const callback = location(resumed)
  expect(callback.startsWith(`${site}/api/v1/identification/callback?`)).toBe(true)
  return callback
}

async function identificationsOf(userId: string) {
  return ctx.database.db
    .select()
    .from(schema.identifications)
    .where(eq(schema.identifications.userId, userId))
}

async function linkedIdentification(mortgageApplicationId: string) {
  const [row] = await ctx.database.db
    .select({ identificationId: schema.mortgageApplications.identificationId })
    .from(schema.mortgageApplications)
    .where(eq(schema.mortgageApplications.id, mortgageApplicationId))
  return row?.identificationId ?? null
}

describe('strong identification of the lead applicant', () => {
  it('serves the provider’s discovery document at /test-idp/', async () => {
    const response = await fetch(`${ctx.url}/test-idp/.well-known/openid-configuration`)
    expect(response.status).toBe(200)
    const metadata = (await response.json()) as { issuer: string; code_challenge_methods_supported: string[] }
    expect(metadata.issuer).toBe(`${ctx.url}/test-idp`)
    expect(metadata.code_challenge_methods_supported).toContain('S256')
  })

  it('stores method, provider, level and the keyed hash, nothing else, and links it', async () => {
    const { userId, cookies } = await loginAs(ctx.database.db)
    const id = await mortgageApplication(userId)
    const person = browser(cookies)
    const callback = await throughProvider(person, id, { person: LEAD_HETU })
    const back = await person.get(callback)
    expect(back.status).toBe(303)
    expect(location(back)).toBe(`/tunnistaudu/${id}/?identification=ok`)
    expect(person.jar.has(FLOW_COOKIE)).toBe(false)

    const rows = await identificationsOf(userId)
    expect(rows).toHaveLength(1)
    const [row] = rows
    expect(Object.keys(row ?? {}).sort()).toEqual(
      [
        'hetuHash',
        'id',
        'identifiedAt',
        'level',
        'method',
        'mortgageApplicationId',
        'provider',
        'userId',
      ].sort(),
    )
    expect(row).toMatchObject({
      method: 'oidc',
      provider: `${ctx.url}/test-idp`,
      level: 'substantial',
      mortgageApplicationId: id,
      hetuHash: ctx.services.cipher.fingerprint(LEAD_HETU),
    })
    expect(JSON.stringify(row)).not.toContain('131052')
    expect(await linkedIdentification(id)).toBe(row?.id)

    const identification = await identificationOf(ctx.database.db, id)
    expect(identification).toMatchObject({ method: 'oidc', level: 'substantial', id: row?.id })
    expect(identification && identifiesApplicant(ctx.services.cipher, identification, LEAD_HETU)).toBe(true)
    expect(identification && identifiesApplicant(ctx.services.cipher, identification, OTHER_HETU)).toBe(false)
  })

  it('refuses another person than the lead applicant: nothing stored or linked', async () => {
    const { userId, cookies } = await loginAs(ctx.database.db)
    const id = await mortgageApplication(userId, OTHER_HETU)
    const person = browser(cookies)
    const back = await person.get(await throughProvider(person, id, { person: LEAD_HETU }))
    expect(location(back)).toBe(`/tunnistaudu/${id}/?identification=HETU_MISMATCH`)
    expect(await identificationsOf(userId)).toEqual([])
    expect(await linkedIdentification(id)).toBeNull()
    expect(await identificationOf(ctx.database.db, id)).toBeNull()
  })

  it('comes back with IDENTIFICATION_CANCELLED when the person cancels at the provider', async () => {
    const { userId, cookies } = await loginAs(ctx.database.db)
    const id = await mortgageApplication(userId)
    const person = browser(cookies)
    const back = await person.get(await throughProvider(person, id, { abort: true }))
    expect(location(back)).toBe(`/tunnistaudu/${id}/?identification=IDENTIFICATION_CANCELLED`)
    expect(await identificationsOf(userId)).toEqual([])
  })

  it('does not start for someone else’s mortgage application, nor signed out', async () => {
    const owner = await loginAs(ctx.database.db)
    const id = await mortgageApplication(owner.userId)
    const stranger = browser((await loginAs(ctx.database.db)).cookies)
    const refused = await stranger.get(`/api/v1/identification/start?mortgageApplicationId=${id}`, {
      headers: { 'accept-language': 'en' },
    })
    expect(refused.status).toBe(404)
    expect(await refused.json()).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Mortgage application not found.',
    })
    expect(stranger.jar.has(FLOW_COOKIE)).toBe(false)
    const signedOut = await browser().get(`/api/v1/identification/start?mortgageApplicationId=${id}`)
    expect(signedOut.status).toBe(401)
  })

  it('refuses a forged state, a replayed callback and another person’s session', async () => {
    const { userId, cookies } = await loginAs(ctx.database.db)
    const id = await mortgageApplication(userId)
    const person = browser(cookies)
    const callback = new URL(await throughProvider(person, id, { person: LEAD_HETU }))
    const flow = person.jar.get(FLOW_COOKIE) ?? ''

    // Forged: the state is not the one this browser's flow started with.
    const forged = new URL(callback)
    forged.searchParams.set('state', 'forged-state')
    const forgedAnswer = await person.get(forged.href)
    expect(location(forgedAnswer)).toBe(`/tunnistaudu/${id}/?identification=STATE_INVALID`)
    expect(person.jar.has(FLOW_COOKIE)).toBe(false)

    // The flow cookie in another signed-in person's browser.
    const other = browser({ ...(await loginAs(ctx.database.db)).cookies, [FLOW_COOKIE]: flow })
    expect(location(await other.get(callback.href))).toContain('identification=STATE_INVALID')

    // Replayed without the (cleared) flow cookie, and with a copy of it: the code is used once.
    expect(location(await person.get(callback.href))).toContain('identification=STATE_INVALID')
    person.jar.set(FLOW_COOKIE, flow)
    expect(location(await person.get(callback.href))).toBe(`/tunnistaudu/${id}/?identification=ok`)
    person.jar.set(FLOW_COOKIE, flow)
    expect(location(await person.get(callback.href))).toContain('identification=IDENTIFICATION_FAILED')
    expect(await identificationsOf(userId)).toHaveLength(1)
  })

  it('returns to the loopback name the visitor is on, each of the site’s (ADR 062)', async () => {
    // PUBLIC_URL is http://127.0.0.1:<port>; localhost on the same port is one of the site's origins.
    const localhost = ctx.url.replace('127.0.0.1', 'localhost')
    expect(ctx.services.config.ALLOWED_ORIGINS).toContain(localhost)
    for (const site of [ctx.url, localhost]) {
      const { userId, cookies } = await loginAs(ctx.database.db)
      const id = await mortgageApplication(userId)
      const person = browser(cookies, site)
      const callback = await throughProvider(person, id, { person: LEAD_HETU }, site)
      const back = await person.get(callback)
      expect(location(back)).toBe(`/tunnistaudu/${id}/?identification=ok`)
      expect(await linkedIdentification(id)).not.toBeNull()
      // The state check holds on either name: a forged state does nothing.
      const again = browser(cookies, site)
      const forged = new URL(
        await throughProvider(again, await mortgageApplication(userId), { abort: true }, site),
      )
      forged.searchParams.set('state', 'forged-state')
      expect(location(await again.get(forged.href))).toContain('identification=STATE_INVALID')
    }
  })

  it('never returns to a Host that is not one of the site’s: PUBLIC_URL’s origin instead', async () => {
    const { userId, cookies } = await loginAs(ctx.database.db)
    const id = await mortgageApplication(userId)
    const { port } = new URL(ctx.url)
    let started = 0
    for (const host of [
      'evil.example',
      `evil.example:${port}`,
      `127.0.0.1.evil.example:${port}`,
      '[::1',
      '',
    ]) {
      const answer = await new Promise<{ status: number; location: string }>((resolve, reject) => {
        const request = httpRequest(
          {
            host: '127.0.0.1',
            port,
            path: `/api/v1/identification/start?mortgageApplicationId=${id}`,
            headers: {
              host,
              cookie: Object.entries(cookies)
                .map(([name, value]) => `${name}=${value}`)
                .join('; '),
            },
          },
          (response) => {
            response.resume()
            resolve({ status: response.statusCode ?? 0, location: response.headers.location ?? '' })
          },
        )
        request.on('error', reject)
        request.end()
      })
      if (answer.status === 400) continue // a Host the server itself refuses never starts a flow
      expect(answer.status).toBe(302)
      const authorize = new URL(answer.location)
      expect(authorize.searchParams.get('redirect_uri')).toBe(`${ctx.url}/api/v1/identification/callback`)
      started += 1
    }
    expect(started).toBeGreaterThan(0)
  })

  it('sends a return path off this site back to the bank ID page instead', async () => {
    const { userId, cookies } = await loginAs(ctx.database.db)
    const id = await mortgageApplication(userId)
    const person = browser(cookies)
    await person.get(
      `/api/v1/identification/start?mortgageApplicationId=${id}&returnTo=${encodeURIComponent('//evil.example/')}&language=en`,
    )
    const flow = person.jar.get(FLOW_COOKIE) ?? ''
    const back = await person.get(`/api/v1/identification/callback?state=wrong`, {})
    expect(flow).not.toBe('')
    expect(location(back)).toBe(`/en/identify/${id}/?identification=STATE_INVALID`)
  })
})
