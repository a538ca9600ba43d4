import { schema } from '@lainava/db'
import { messagesFor } from '@lainava/i18n/server'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../../test/test-app.ts'
import { ANALYTICS_BODY_LIMIT } from './analytics-routes.ts'
import { ANALYTICS_RATE } from './analytics-service.ts'

// Issue 18 item 5: POST /api/v1/events stores a consented browser's batch; bad input is a 400 in the
// request's language; personal data is refused; each client is rate-limited.

let ctx: Awaited<ReturnType<typeof createTestApp>>

beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(async () => {
  await ctx.close()
})

const context = {
  url: 'http://localhost:3000/kulutusluotto/?amount=5000&utm_campaign=talvi',
  referrer: 'https://www.google.fi/search?q=laina',
  title: 'Kulutusluotto – Lainava',
  language: 'fi',
  screen: { width: 1920, height: 1080 },
  viewport: { width: 1280, height: 720 },
}

function batch(sessionId: string, events: unknown[]) {
  return { sessionId, sessionCount: 2, events }
}

let client = 0
function post(payload: object, headers: Record<string, string> = {}, ip = `198.51.100.${++client}`) {
  return ctx.app.inject({ method: 'POST', url: '/api/v1/events', payload, headers, remoteAddress: ip })
}

describe('POST /api/v1/events', () => {
  it('stores each event with its context, query values and the referrer path dropped', async () => {
    const sessionId = 'sess_stored_0123456789'
    const response = await post(
      batch(sessionId, [
        { type: 'page_view', at: '2026-11-24T10:00:00.000Z', context },
        {
          type: 'experiment_viewed',
          at: '2026-11-24T10:00:01.000Z',
          context,
          data: { experimentKey: 'landing-cta', variationId: 1 },
        },
        {
          type: 'application_started',
          at: '2026-11-24T10:00:02.000Z',
          context,
          data: { kind: 'consumer-loan' },
        },
      ]),
    )
    expect(response.statusCode).toBe(202)
    expect(response.json()).toEqual({ accepted: 3 })
    const rows = await ctx.database.db
      .select()
      .from(schema.analyticsEvents)
      .where(eq(schema.analyticsEvents.sessionId, sessionId))
      .orderBy(schema.analyticsEvents.occurredAt)
    expect(rows.map((row) => row.type)).toEqual(['page_view', 'experiment_viewed', 'application_started'])
    expect(rows[0]).toMatchObject({
      url: '/kulutusluotto/?amount&utm_campaign',
      referrer: 'https://www.google.fi',
      title: 'Kulutusluotto – Lainava',
      language: 'fi',
      sessionCount: 2,
      screenWidth: 1920,
      viewportHeight: 720,
    })
    expect(rows[1]?.data).toEqual({ experimentKey: 'landing-cta', variationId: 1 })
    expect(rows[2]?.data).toEqual({ kind: 'consumer-loan' })
  })

  it('answers bad input with 400 and field errors in the request’s language, storing nothing', async () => {
    const sessionId = 'sess_bad_input_0123456'
    const response = await post(batch(sessionId, [{ type: 'page_click', at: 'yesterday', context }]), {
      'accept-language': 'sv',
    })
    expect(response.statusCode).toBe(400)
    const body = response.json()
    expect(body.code).toBe('VALIDATION_FAILED')
    expect(body.fields.length).toBeGreaterThan(0)
    expect(body.fields[0].path).toMatch(/^body\.events\.0/)
    expect(body.fields[0].message).toBe(messagesFor('sv')['validation.invalid'])
    expect(body.message).toBe(messagesFor('sv')['api.badRequest'])
    const empty = await post({ sessionId, sessionCount: 1, events: [] }, { 'accept-language': 'en' })
    expect(empty.statusCode).toBe(400)
    const tooMany = await post(
      batch(
        sessionId,
        Array.from({ length: 51 }, () => ({ type: 'page_view', at: '2026-11-24T10:00:00Z', context })),
      ),
    )
    expect(tooMany.statusCode).toBe(400)
    for (const payload of [[1, 2], { sessionId: 'x' }, batch('short', [])]) {
      expect((await post(payload)).statusCode).toBe(400)
    }
    const rows = await ctx.database.db
      .select()
      .from(schema.analyticsEvents)
      .where(eq(schema.analyticsEvents.sessionId, sessionId))
    expect(rows).toHaveLength(0)
  })

  it('refuses personal data: an e-mail or a henkilötunnus in a text, or a field of a form', async () => {
    const sessionId = 'sess_personal_data_01'
    const withEmail = await post(
      batch(sessionId, [
        {
          type: 'page_view',
          at: '2026-11-24T10:00:00Z',
          context: { ...context, title: 'aino.virtanen@example.fi' },
        },
      ]),
      { 'accept-language': 'en' },
    )
    expect(withEmail.statusCode).toBe(400)
    expect(withEmail.json().fields[0]).toMatchObject({
      path: 'body.events.0.context.title',
      code: 'validation.analytics.personalData',
      message: 'An event must not carry personal data (an e-mail address, identity code or phone number).',
    })
    const hetuInPath = await post(
      batch(sessionId, [
        { type: 'page_view', at: '2026-11-24T10:00:00Z', context: { ...context, url: '/x/131052-308T/' } },
      ]),
    )
    expect(hetuInPath.statusCode).toBe(400)
    const formField = await post(
      batch(sessionId, [
        { type: 'page_view', at: '2026-11-24T10:00:00Z', context, data: { email: 'aino@example.fi' } },
      ]),
    )
    expect(formField.statusCode).toBe(400)
    const extraContext = await post(
      batch(sessionId, [
        { type: 'page_view', at: '2026-11-24T10:00:00Z', context: { ...context, hetu: '131052-308T' } },
      ]),
    )
    expect(extraContext.statusCode).toBe(400)
    // A query value never reaches the table even when it is not recognisably personal.
    const queryValue = await post(
      batch(sessionId, [
        {
          type: 'page_view',
          at: '2026-11-24T10:00:00Z',
          context: { ...context, url: '/hae/?name=Aino+Virtanen' },
        },
      ]),
    )
    expect(queryValue.statusCode).toBe(202)
    const rows = await ctx.database.db
      .select()
      .from(schema.analyticsEvents)
      .where(eq(schema.analyticsEvents.sessionId, sessionId))
    expect(rows.map((row) => row.url)).toEqual(['/hae/?name'])
    expect(JSON.stringify(rows)).not.toContain('Aino')
  })

  it('rate-limits each client: 429 with Retry-After in the request’s language, other clients unaffected', async () => {
    const ip = '203.0.113.77'
    const one = batch('sess_rate_limit_012345', [{ type: 'page_view', at: '2026-11-24T10:00:00Z', context }])
    for (let i = 0; i < ANALYTICS_RATE.limit; i++) {
      expect((await post(one, {}, ip)).statusCode).toBe(202)
    }
    const limited = await post(one, { 'accept-language': 'en' }, ip)
    expect(limited.statusCode).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect(limited.json().message).toMatch(/minute/)
    expect((await post(one, {}, '203.0.113.78')).statusCode).toBe(202)
  })

  it('refuses a body over its limit with 413 in our error shape, storing nothing', async () => {
    const sessionId = 'sess_too_large_0123456'
    const big = { ...context, title: 'x'.repeat(300) }
    const events = Array.from({ length: 200 }, () => ({
      type: 'page_view',
      at: '2026-11-24T10:00:00Z',
      context: big,
    }))
    expect(JSON.stringify(batch(sessionId, events)).length).toBeGreaterThan(ANALYTICS_BODY_LIMIT)
    const response = await post(batch(sessionId, events), { 'accept-language': 'en' })
    expect(response.statusCode).toBe(413)
    expect(response.json()).toMatchObject({ code: 'BODY_TOO_LARGE', message: expect.any(String) })
    const rows = await ctx.database.db
      .select()
      .from(schema.analyticsEvents)
      .where(eq(schema.analyticsEvents.sessionId, sessionId))
    expect(rows).toEqual([])
  })

  it('answers malformed JSON with 400 in our error shape', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/events',
      headers: { 'content-type': 'application/json' },
      payload: '{"sessionId": "sess_malformed_01234", "events": [',
      remoteAddress: '198.51.100.250',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'MALFORMED_JSON', message: expect.any(String) })
  })

  it('refuses a post from another site with 403, and takes our own pages’ beacons', async () => {
    const own = ctx.services.config.ALLOWED_ORIGINS[0] ?? ''
    const one = (id: string) => batch(id, [{ type: 'page_view', at: '2026-11-24T10:00:00Z', context }])
    const foreign = await post(one('sess_foreign_origin_01'), { origin: 'https://evil.example' })
    expect(foreign.statusCode).toBe(403)
    expect(foreign.json()).toMatchObject({ code: 'CROSS_SITE_REQUEST', message: expect.any(String) })
    const opaqueCrossSite = await post(one('sess_foreign_origin_02'), {
      origin: 'null',
      'sec-fetch-site': 'cross-site',
    })
    expect(opaqueCrossSite.statusCode).toBe(403)
    expect((await post(one('sess_own_origin_0001'), { origin: own })).statusCode).toBe(202)
    // A same-origin beacon under our no-referrer policy says `Origin: null`; Fetch Metadata vouches for it.
    const beacon = await post(one('sess_own_origin_0002'), {
      origin: 'null',
      'sec-fetch-site': 'same-origin',
    })
    expect(beacon.statusCode).toBe(202)
    const stored = await ctx.database.db
      .select({ sessionId: schema.analyticsEvents.sessionId })
      .from(schema.analyticsEvents)
      .where(eq(schema.analyticsEvents.sessionId, 'sess_foreign_origin_01'))
    expect(stored).toEqual([])
  })
})
