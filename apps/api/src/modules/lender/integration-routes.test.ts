import { randomUUID } from 'node:crypto'
import { schema } from '@lainava/db'
import type {
  CreatedApiKey,
  IntegrationSettings,
  LenderApiKey,
  RotatedSecret,
  TestApplicationResult,
} from '@lainava/domain/lender-integration'
import type { PartnerApplication } from '@lainava/domain/marketplace/partner-protocol'
import { type RunningSimulator, startSimulator } from '@lainava/lender-simulator'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BROAD_CRITERIA, lenderRow } from '../../test/lenders.ts'
import { type Cookies, loginAs, OUR_CLIENT } from '../../test/sessions.ts'
import { createTestApp } from '../../test/test-app.ts'
import { createHttpLender } from '../marketplace/lender-credentials.ts'

// Issue 17 item 5 (ADR 028): a lender-admin's API keys, endpoint, signing-secret rotation and test
// application, over the API; the test application really reaches the lender simulator over HTTP.

let ctx: Awaited<ReturnType<typeof createTestApp>>
const simulators: RunningSimulator[] = []

beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(async () => {
  await Promise.all(simulators.map((simulator) => simulator.close()))
  await ctx.close()
})

async function httpLender() {
  const slug = `int-${randomUUID().slice(0, 8)}`
  const credentials = await createHttpLender(ctx.database.db, ctx.services.cipher, {
    slug,
    name: `Integraatio ${slug}`,
    description: 'HTTP test lender',
    endpointUrl: 'http://127.0.0.1:9/unset',
    criteria: BROAD_CRITERIA,
  })
  const admin = await loginAs(ctx.database.db, {
    role: 'lender',
    lenderId: credentials.lenderId,
    lenderRole: 'lender-admin',
  })
  return { ...credentials, admin }
}

function call(method: 'GET' | 'POST' | 'PUT', url: string, cookies: Cookies | undefined, payload?: object) {
  return ctx.app.inject({
    method,
    url,
    cookies,
    headers: OUR_CLIENT,
    ...(payload ? { payload } : method === 'GET' ? {} : { payload: {} }),
  })
}

/** A lender API call with a key: a decline of an unknown application is 404 once the key is accepted. */
async function useKey(key: string) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/lender/applications/${randomUUID()}/decline`,
    headers: { authorization: `Bearer ${key}` },
    payload: {},
  })
  return response.statusCode
}

async function keysOf(cookies: Cookies): Promise<LenderApiKey[]> {
  const response = await call('GET', '/api/v1/lender/integration/api-keys', cookies)
  expect(response.statusCode).toBe(200)
  return response.json<{ keys: LenderApiKey[] }>().keys
}

describe('API keys', () => {
  it('creates a named key shown once, lists it with its last use, and revokes it at once', async () => {
    const lender = await httpLender()
    const created = await call('POST', '/api/v1/lender/integration/api-keys', lender.admin.cookies, {
      name: 'Tuotanto',
    })
    expect(created.statusCode).toBe(201)
    const { key, secret } = created.json<CreatedApiKey>()
    expect(secret).toMatch(/^lvk_[\w-]{43}$/)
    expect(key).toMatchObject({
      name: 'Tuotanto',
      prefix: secret.slice(0, 10),
      lastUsedAt: null,
      revokedAt: null,
    })
    // Only a hash is stored: the key itself is nowhere in the table.
    const [stored] = await ctx.database.db
      .select()
      .from(schema.lenderApiKeys)
      .where(eq(schema.lenderApiKeys.id, key.id))
    expect(JSON.stringify(stored)).not.toContain(secret)

    // The list has the key made when the lender was connected and the new one, newest first; no secrets.
    const listed = await keysOf(lender.admin.cookies)
    expect(listed.map((item) => item.name)).toEqual(['Tuotanto', 'API key'])
    expect(JSON.stringify(listed)).not.toContain(secret)

    // The key works on the lender API, and its use is recorded.
    expect(await useKey(secret)).toBe(404)
    const used = (await keysOf(lender.admin.cookies)).find((item) => item.id === key.id)
    expect(used?.lastUsedAt).not.toBeNull()

    const revoked = await call(
      'POST',
      `/api/v1/lender/integration/api-keys/${key.id}/revoke`,
      lender.admin.cookies,
    )
    expect(revoked.statusCode).toBe(200)
    expect(revoked.json<LenderApiKey>().revokedAt).not.toBeNull()
    // Immediate: the very next call with it is refused; the lender's other key still works.
    expect(await useKey(secret)).toBe(401)
    expect(await useKey(lender.apiKey)).toBe(404)
    // A second revocation changes nothing and says so.
    const again = await call(
      'POST',
      `/api/v1/lender/integration/api-keys/${key.id}/revoke`,
      lender.admin.cookies,
    )
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({ code: 'KEY_REVOKED' })
  })

  it('writes the last use at most once a minute', async () => {
    const lender = await httpLender()
    const [key] = await keysOf(lender.admin.cookies)
    if (!key) throw new Error('no key')
    const setLastUse = (at: Date) =>
      ctx.database.db
        .update(schema.lenderApiKeys)
        .set({ lastUsedAt: at })
        .where(eq(schema.lenderApiKeys.id, key.id))
    const lastUse = async () =>
      (await keysOf(lender.admin.cookies)).find((item) => item.id === key.id)?.lastUsedAt

    const recent = new Date(Date.now() - 30_000)
    await setLastUse(recent)
    expect(await useKey(lender.apiKey)).toBe(404)
    expect(await lastUse()).toBe(recent.toISOString())

    const older = new Date(Date.now() - 120_000)
    await setLastUse(older)
    expect(await useKey(lender.apiKey)).toBe(404)
    const written = await lastUse()
    expect(written).not.toBe(older.toISOString())
    expect(Date.parse(written ?? '')).toBeGreaterThan(older.getTime())
  })

  it("refuses an agent, a consumer and nobody; another lender's key is not found", async () => {
    const lender = await httpLender()
    const other = await httpLender()
    const [otherKey] = await keysOf(other.admin.cookies)
    if (!otherKey) throw new Error('no key')
    const agent = await loginAs(ctx.database.db, {
      role: 'lender',
      lenderId: lender.lenderId,
      lenderRole: 'lender-agent',
    })
    const consumer = await loginAs(ctx.database.db)
    for (const cookies of [agent.cookies, consumer.cookies]) {
      expect((await call('GET', '/api/v1/lender/integration', cookies)).statusCode).toBe(403)
      expect((await call('GET', '/api/v1/lender/integration/api-keys', cookies)).statusCode).toBe(403)
      const create = await call('POST', '/api/v1/lender/integration/api-keys', cookies, { name: 'x' })
      expect(create.statusCode).toBe(403)
      const revoke = await call('POST', `/api/v1/lender/integration/api-keys/${otherKey.id}/revoke`, cookies)
      expect(revoke.statusCode).toBe(403)
    }
    expect((await call('GET', '/api/v1/lender/integration/api-keys', undefined)).statusCode).toBe(401)

    const foreign = await call(
      'POST',
      `/api/v1/lender/integration/api-keys/${otherKey.id}/revoke`,
      lender.admin.cookies,
    )
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json()).toMatchObject({ code: 'KEY_NOT_FOUND' })
    expect(await useKey(other.apiKey)).toBe(404)
    // A key name is required, in the person's language.
    const nameless = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/lender/integration/api-keys',
      cookies: lender.admin.cookies,
      headers: { ...OUR_CLIENT, 'accept-language': 'en' },
      payload: { name: '  ' },
    })
    expect(nameless.statusCode).toBe(400)
    expect(nameless.json().fields).toEqual([expect.objectContaining({ path: 'body.name' })])
  })

  it("an admin's credential replacement revokes every key of the lender", async () => {
    const lender = await httpLender()
    const created = await call('POST', '/api/v1/lender/integration/api-keys', lender.admin.cookies, {
      name: 'B',
    })
    const { secret } = created.json<CreatedApiKey>()
    const staff = await loginAs(ctx.database.db, { role: 'admin' })
    const replaced = await call('POST', `/api/v1/admin/lenders/${lender.lenderId}/credentials`, staff.cookies)
    expect(replaced.statusCode).toBe(200)
    expect(await useKey(secret)).toBe(401)
    expect(await useKey(lender.apiKey)).toBe(401)
    expect(await useKey(replaced.json<{ apiKey: string }>().apiKey)).toBe(404)
  })
})

describe('endpoint, signing secret and test application (the lender simulator over HTTP)', () => {
  async function simulator(signingSecret: string) {
    const running = await startSimulator({
      signingSecret,
      apiKey: 'unused',
      mode: 'instant',
      callbackDelayMs: 0,
      maxAmount: 40_000,
      minAmount: 1000,
      nominalRate: 8.9,
      openingFee: 0,
      monthlyFee: 3,
    })
    simulators.push(running)
    return running
  }

  async function pointAt(cookies: Cookies, running: RunningSimulator) {
    const saved = await call('PUT', '/api/v1/lender/integration/endpoint', cookies, {
      endpointUrl: `${running.url}/applications`,
    })
    expect(saved.statusCode).toBe(200)
    expect(saved.json<IntegrationSettings>().endpointUrl).toBe(`${running.url}/applications`)
  }

  async function sendTest(cookies: Cookies): Promise<TestApplicationResult> {
    const response = await call('POST', '/api/v1/lender/integration/test-application', cookies)
    expect(response.statusCode).toBe(200)
    return response.json<TestApplicationResult>()
  }

  const rowCounts = async () => {
    const [applications] = await ctx.database.db.select({ n: count() }).from(schema.applications)
    const [offers] = await ctx.database.db.select({ n: count() }).from(schema.offers)
    return { applications: applications?.n, offers: offers?.n }
  }

  it('sends a marked test application and shows the request and the answer; nothing is stored', async () => {
    const lender = await httpLender()
    const lenderSide = await simulator(lender.signingSecret)
    await pointAt(lender.admin.cookies, lenderSide)
    const before = await rowCounts()

    const result = await sendTest(lender.admin.cookies)
    expect(result.failure).toBeNull()
    expect(result.response?.status).toBe(200)
    expect(JSON.parse(result.response?.body ?? '')).toMatchObject({
      decision: 'offer',
      offer: { amount: 10_000 },
    })
    expect(result.request.url).toBe(`${lenderSide.url}/applications`)
    expect(result.request.headers['x-lainava-signature']).toMatch(/^v1=[0-9a-f]{64}$/)
    expect(JSON.stringify(result.request)).not.toContain(lender.signingSecret)

    // What the lender received is what we show, marked as a test with a fictional person.
    expect(lenderSide.stats.rejectedSignatures).toBe(0)
    const sent = JSON.parse(result.request.body) as PartnerApplication
    expect(sent).toMatchObject({ event: 'application', test: true })
    expect(sent.deliveryId).toMatch(/^test:/)
    expect(lenderSide.stats.received[sent.applicationId]).toEqual(sent)
    expect(await rowCounts()).toEqual(before)
  })

  it('signs under both secrets during the grace period and only under the new one after it', async () => {
    const lender = await httpLender()
    const oldSide = await simulator(lender.signingSecret)
    await pointAt(lender.admin.cookies, oldSide)

    const rotated = await call(
      'POST',
      '/api/v1/lender/integration/signing-secret/rotate',
      lender.admin.cookies,
      {
        graceHours: 24,
      },
    )
    expect(rotated.statusCode).toBe(200)
    const { signingSecret, previousSecretValidUntil } = rotated.json<RotatedSecret>()
    expect(signingSecret).not.toBe(lender.signingSecret)
    expect(Date.parse(previousSecretValidUntil ?? '') - Date.now()).toBeGreaterThan(23 * 3_600_000)
    const newSide = await simulator(signingSecret)

    // In the grace period a lender still holding the old secret and one with the new both verify.
    const duringOld = await sendTest(lender.admin.cookies)
    expect(duringOld.response?.status).toBe(200)
    expect(duringOld.request.headers['x-lainava-signature']?.split(', ')).toHaveLength(2)
    await pointAt(lender.admin.cookies, newSide)
    expect((await sendTest(lender.admin.cookies)).response?.status).toBe(200)
    const settings = await call('GET', '/api/v1/lender/integration', lender.admin.cookies)
    expect(settings.json<IntegrationSettings>().previousSecretValidUntil).toBe(previousSecretValidUntil)

    // The grace period over: only the new secret signs, and the old one is refused by the lender.
    await ctx.database.db
      .update(schema.lenders)
      .set({ previousSigningSecretUntil: new Date(Date.now() - 1000) })
      .where(eq(schema.lenders.id, lender.lenderId))
    const afterNew = await sendTest(lender.admin.cookies)
    expect(afterNew.response?.status).toBe(200)
    expect(afterNew.request.headers['x-lainava-signature']).toMatch(/^v1=[0-9a-f]{64}$/)
    await pointAt(lender.admin.cookies, oldSide)
    const afterOld = await sendTest(lender.admin.cookies)
    expect(afterOld.response?.status).toBe(401)
    expect(JSON.parse(afterOld.response?.body ?? '')).toMatchObject({ reason: 'mismatch' })
    expect(newSide.stats.rejectedSignatures).toBe(0)
    expect(oldSide.stats.rejectedSignatures).toBe(1)
  })

  it('a rotation with no grace period stops the old secret at once', async () => {
    const lender = await httpLender()
    const oldSide = await simulator(lender.signingSecret)
    await pointAt(lender.admin.cookies, oldSide)
    const rotated = await call(
      'POST',
      '/api/v1/lender/integration/signing-secret/rotate',
      lender.admin.cookies,
      {
        graceHours: 0,
      },
    )
    expect(rotated.json<RotatedSecret>().previousSecretValidUntil).toBeNull()
    expect((await sendTest(lender.admin.cookies)).response?.status).toBe(401)
  })

  it('reports an endpoint that does not answer, and refuses what is not an http lender', async () => {
    const lender = await httpLender()
    const gone = await simulator(lender.signingSecret)
    await pointAt(lender.admin.cookies, gone)
    await gone.close()
    const result = await sendTest(lender.admin.cookies)
    expect(result).toMatchObject({ response: null, failure: 'unreachable' })

    const [manual] = await ctx.database.db
      .insert(schema.lenders)
      .values(lenderRow({ name: 'Käsin vastaava', integration: 'manual' }))
      .returning({ id: schema.lenders.id })
    if (!manual) throw new Error('no lender')
    const manualAdmin = await loginAs(ctx.database.db, { role: 'lender', lenderId: manual.id })
    const rotate = await call(
      'POST',
      '/api/v1/lender/integration/signing-secret/rotate',
      manualAdmin.cookies,
      {},
    )
    expect(rotate.statusCode).toBe(409)
    expect(rotate.json()).toMatchObject({ code: 'NOT_HTTP_LENDER' })
    const settings = await call('GET', '/api/v1/lender/integration', manualAdmin.cookies)
    expect(settings.json<IntegrationSettings>()).toMatchObject({ integration: 'manual', keys: [] })
  })
})
