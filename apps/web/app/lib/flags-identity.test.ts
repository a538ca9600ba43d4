import { GrowthBook } from '@growthbook/growthbook'
import { describe, expect, it } from 'vitest'
import { evaluateFlags } from './flags.server.ts'
import { createFlagStore, flagValueOr } from './flags.tsx'
import {
  browserOf,
  DEVICE_ID_COOKIE,
  deviceTypeOf,
  flagAttributes,
  flagIds,
  idFromCookies,
  RANDOM_ID_COOKIE,
  sdkPayload,
} from './flags-identity.ts'

// Issue 18 item 3 (ADR 038): the attributes the server and the browser both evaluate with, and the
// visitor's ids by consent mode (spec §4: persistent only with the marketing cookie's 'true').

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36'
const DESKTOP_FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'
const EDGE =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0'

const DEVICE = 'AAAAAAAAAAAAAAAAAAAAAA'
const RANDOM = 'BBBBBBBBBBBBBBBBBBBBBB'

describe('flag attributes', () => {
  it('are built from the ids, the address, the user agent, the country and the user', () => {
    const attributes = flagAttributes({
      deviceId: DEVICE,
      randomId: RANDOM,
      url: new URL('https://www.lainava.fi/sv/?utm_source=x#top'),
      userAgent: PHONE,
      country: 'FI',
      language: 'sv',
      userId: 'user-1',
    })
    expect(attributes).toEqual({
      deviceId: DEVICE,
      randomId: RANDOM,
      host: 'www.lainava.fi',
      deviceType: 'mobile',
      browser: 'chrome',
      location: 'FI',
      language: 'sv',
      path: '/sv/',
      query: '?utm_source=x',
      // The server never sees the hash: both sides evaluate with none.
      hash: '',
      userId: 'user-1',
    })
  })

  it('leave the user out when signed out', () => {
    const attributes = flagAttributes({
      deviceId: DEVICE,
      randomId: RANDOM,
      url: new URL('http://localhost:3000/'),
      userAgent: DESKTOP_FIREFOX,
      country: 'FI',
      language: 'fi',
      userId: null,
    })
    expect(attributes).not.toHaveProperty('userId')
    expect(attributes.deviceType).toBe('desktop')
  })

  it('name the browser as GrowthBook does', () => {
    expect(browserOf(PHONE)).toBe('chrome')
    expect(browserOf(DESKTOP_FIREFOX)).toBe('firefox')
    expect(browserOf(IPHONE_SAFARI)).toBe('safari')
    expect(browserOf(EDGE)).toBe('edge')
    expect(browserOf('curl/8.5')).toBe('unknown')
    expect(deviceTypeOf(IPHONE_SAFARI)).toBe('mobile')
    expect(deviceTypeOf(EDGE)).toBe('desktop')
  })
})

describe('flag ids by consent mode', () => {
  it('makes both ids for a new visitor: deviceId persistent with consent, randomId for the session', () => {
    const ids = flagIds(null, 'granted', true)
    expect(ids.deviceId).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(ids.randomId).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(ids.deviceId).not.toBe(ids.randomId)
    const [device, random] = ids.setCookies
    expect(device).toBe(`${DEVICE_ID_COOKIE}=${ids.deviceId}; Path=/; Max-Age=31536000; SameSite=Lax; Secure`)
    expect(random).toBe(`${RANDOM_ID_COOKIE}=${ids.randomId}; Path=/; SameSite=Lax; Secure`)
  })

  it('keeps deviceId for the session only without consent (refused or not chosen yet)', () => {
    for (const consent of ['denied', null] as const) {
      const ids = flagIds(null, consent, false)
      expect(ids.setCookies[0]).toBe(`${DEVICE_ID_COOKIE}=${ids.deviceId}; Path=/; SameSite=Lax`)
      expect(ids.setCookies.every((cookie) => !cookie.includes('Max-Age'))).toBe(true)
    }
  })

  it('reuses the ids the browser sends and sets nothing', () => {
    const ids = flagIds(
      `${DEVICE_ID_COOKIE}=${DEVICE}; other=1; ${RANDOM_ID_COOKIE}=${RANDOM}`,
      'granted',
      false,
    )
    expect(ids).toEqual({ deviceId: DEVICE, randomId: RANDOM, setCookies: [] })
  })

  it('replaces an id that is not one of ours, and survives a malformed header', () => {
    const ids = flagIds(`${DEVICE_ID_COOKIE}=<script>; ${RANDOM_ID_COOKIE}=${RANDOM}`, null, false)
    expect(ids.deviceId).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(ids.randomId).toBe(RANDOM)
    expect(ids.setCookies).toHaveLength(1)
    expect(flagIds('%E0%A4%A; =;;\u0000', null, false).setCookies).toHaveLength(2)
    expect(idFromCookies(`${DEVICE_ID_COOKIE}=${DEVICE}`, DEVICE_ID_COOKIE)).toBe(DEVICE)
    expect(idFromCookies(`${DEVICE_ID_COOKIE}=short`, DEVICE_ID_COOKIE)).toBeNull()
  })
})

const EXPERIMENT = {
  features: {
    cta: {
      defaultValue: 'apply',
      rules: [
        {
          key: 'cta',
          variations: ['apply', 'compare'],
          weights: [0.5, 0.5],
          hashAttribute: 'deviceId',
          hashVersion: 2,
        },
      ],
    },
    off: { defaultValue: false },
  },
  experiments: [],
  dateUpdated: '2026-11-24T00:00:00.000Z',
}

describe('evaluation', () => {
  it('gives on the server what the browser SDK gives for the same attributes', () => {
    const base = {
      randomId: RANDOM,
      url: new URL('http://localhost/'),
      userAgent: PHONE,
      country: 'FI',
      language: 'fi',
      userId: null,
    }
    const seen = new Set<unknown>()
    for (let i = 0; i < 40; i++) {
      const attributes = flagAttributes({ ...base, deviceId: `device-${i}-abcdefghijklmn` })
      const server = evaluateFlags(EXPERIMENT, attributes)
      const browser = new GrowthBook({ attributes }).initSync({ payload: sdkPayload(EXPERIMENT) })
      expect(server.cta).toBe(browser.getFeatureValue('cta', 'x'))
      expect(server.off).toBe(false)
      seen.add(server.cta)
      browser.destroy()
    }
    // 40 devices split between both variations.
    expect(seen).toEqual(new Set(['apply', 'compare']))
  })

  it('falls back to the code default for a missing flag or a value of another type', () => {
    expect(flagValueOr(undefined, 'apply')).toBe('apply')
    expect(flagValueOr(null, true)).toBe(true)
    expect(flagValueOr(3, 'apply')).toBe('apply')
    expect(flagValueOr('compare', 'apply')).toBe('compare')
  })

  it('re-renders only when a used flag changes', () => {
    const store = createFlagStore({ cta: 'apply' })
    let renders = 0
    store.subscribe(() => {
      renders++
    })
    let value: unknown = 'apply'
    const stop = store.use('cta')
    store.connect(() => value)
    expect(renders).toBe(0)
    value = 'compare'
    store.refresh()
    expect(store.get('cta')).toBe('compare')
    expect(renders).toBe(1)
    stop()
    value = 'apply'
    store.refresh()
    expect(store.get('cta')).toBe('compare')
  })
})
