import { GrowthBook } from '@growthbook/growthbook'
import { LANDING_CTA_FLAG } from '@lainava/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { translatorFor } from '../language.ts'
import { saveFlag } from '../modules/flags/flag-store.ts'
import { createTestApp } from '../test/test-app.ts'

// Issue 18 items 3 and 7 (ADR 038): the landing's HTML carries the call-to-action variation that the SDK
// gives the same attributes in the browser: one deviceId always the same text, two deviceIds in different
// buckets the two texts. A flag edit reaches the next page (the in-memory payload is dropped on the change
// notice). The id cookies follow the consent mode. Needs the production build.

let ctx: Awaited<ReturnType<typeof createTestApp>>
const SYSTEM = { id: null, role: 'system' } as const
beforeAll(async () => {
  ctx = await createTestApp({ ROLES: 'web,api', FLAG_ENVIRONMENT: 'development' })
  await saveFlag(ctx.database.db, SYSTEM, {
    environment: 'development',
    key: LANDING_CTA_FLAG.key,
    flag: structuredClone(LANDING_CTA_FLAG) as never,
  })
})
afterAll(async () => {
  await ctx.close()
})

const t = translatorFor('fi')
const TEXT = { apply: t('calculator.submit'), compare: t('landing.cta.compare') } as const

/** What the official SDK gives a browser with this deviceId for the seeded experiment. */
function browserVariation(deviceId: string): 'apply' | 'compare' {
  const growthbook = new GrowthBook({ attributes: { deviceId } }).initSync({
    payload: { features: { [LANDING_CTA_FLAG.key]: structuredClone(LANDING_CTA_FLAG.definition) as never } },
  })
  const value = growthbook.getFeatureValue(LANDING_CTA_FLAG.key, 'apply')
  growthbook.destroy()
  return value as 'apply' | 'compare'
}

/** The calculator's submit button text in the landing's HTML. */
async function ctaFor(cookies: Record<string, string>) {
  const page = await ctx.app.inject({ method: 'GET', url: '/', cookies })
  expect(page.statusCode).toBe(200)
  return /<button[^>]*type="submit"[^>]*>([^<]*)<\/button>/.exec(page.body)?.[1]
}

describe('flags in the server-rendered landing', () => {
  it('shows the variation the browser SDK gives the same deviceId, the same every time', async () => {
    const seen = new Map<string, string>()
    for (let i = 0; seen.size < 2 && i < 50; i++) {
      const deviceId = `flagpagetest${i}abcdefghij`
      const variation = browserVariation(deviceId)
      if (!seen.has(variation)) seen.set(variation, deviceId)
    }
    expect([...seen.keys()].sort()).toEqual(['apply', 'compare'])
    for (const [variation, deviceId] of seen) {
      const cookies = { lainava_device_id: deviceId, lainava_random_id: 'randomrandomrandom01' }
      expect(await ctaFor(cookies)).toBe(TEXT[variation as 'apply' | 'compare'])
      expect(await ctaFor(cookies)).toBe(TEXT[variation as 'apply' | 'compare'])
    }
  })

  it('shows an edited flag on the next page (the change notice drops the kept payload)', async () => {
    const cookies = { lainava_device_id: 'flagpagetest-edit-0001' }
    await ctaFor(cookies)
    await saveFlag(ctx.database.db, SYSTEM, {
      environment: 'development',
      key: LANDING_CTA_FLAG.key,
      flag: { valueType: 'string', description: '', enabled: true, definition: { defaultValue: 'compare' } },
    })
    await expect.poll(() => ctaFor(cookies)).toBe(TEXT.compare)
    await saveFlag(ctx.database.db, SYSTEM, {
      environment: 'development',
      key: LANDING_CTA_FLAG.key,
      flag: { valueType: 'string', description: '', enabled: false, definition: { defaultValue: 'compare' } },
    })
    // Switched off: the flag leaves the payload and the code's default applies.
    await expect.poll(() => ctaFor(cookies)).toBe(TEXT.apply)
    await saveFlag(ctx.database.db, SYSTEM, {
      environment: 'development',
      key: LANDING_CTA_FLAG.key,
      flag: structuredClone(LANDING_CTA_FLAG) as never,
    })
  })

  it('sets missing ids: deviceId for a year only with marketing consent, randomId for the session', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/' })
    const plain = anonymous.cookies.filter((cookie) => cookie.name.startsWith('lainava_'))
    expect(plain.map((cookie) => cookie.name).sort()).toEqual(['lainava_device_id', 'lainava_random_id'])
    expect(plain.every((cookie) => cookie.maxAge === undefined && cookie.expires === undefined)).toBe(true)

    const consented = await ctx.app.inject({
      method: 'GET',
      url: '/',
      cookies: { lainava_marketing: 'true' },
    })
    const device = consented.cookies.find((cookie) => cookie.name === 'lainava_device_id')
    const random = consented.cookies.find((cookie) => cookie.name === 'lainava_random_id')
    expect(device?.maxAge).toBe(60 * 60 * 24 * 365)
    expect(random?.maxAge).toBeUndefined()

    const known = await ctx.app.inject({
      method: 'GET',
      url: '/',
      cookies: { lainava_device_id: 'flagpagetest-known-001', lainava_random_id: 'flagpagetest-known-002' },
    })
    expect(known.cookies.filter((cookie) => cookie.name.startsWith('lainava_'))).toEqual([])
  })

  it('shows the cookie banner until the visitor has chosen', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/' })
    expect(first.body).toContain('data-testid="consent-banner"')
    for (const choice of ['true', 'false']) {
      const chosen = await ctx.app.inject({ method: 'GET', url: '/', cookies: { lainava_marketing: choice } })
      expect(chosen.body).not.toContain('data-testid="consent-banner"')
    }
  })
})
