// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import {
  consentCookies,
  consentOf,
  hasMarketingConsent,
  MARKETING_COOKIE,
  onConsentChange,
  setMarketingConsent,
} from './consent.ts'
import { DEVICE_ID_COOKIE, DEVICE_ID_MAX_AGE } from './flags-identity.ts'

// Issue 18 item 4, spec §4: only the marketing cookie's exact 'true' is consent; no cookie is no choice yet.

afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: clearing the test's cookie
  document.cookie = `${MARKETING_COOKIE}=; Max-Age=0; Path=/`
  // biome-ignore lint/suspicious/noDocumentCookie: clearing the test's cookie
  document.cookie = `${DEVICE_ID_COOKIE}=; Max-Age=0; Path=/`
})

const DEVICE_ID = 'BBBBBBBBBBBBBBBBBBBBBB'

describe('the marketing cookie', () => {
  it('reads granted only from the exact text true', () => {
    expect(consentOf(`${MARKETING_COOKIE}=true`)).toBe('granted')
    expect(consentOf(`a=1; ${MARKETING_COOKIE}=true; b=2`)).toBe('granted')
    expect(consentOf(`${MARKETING_COOKIE}=false`)).toBe('denied')
    expect(consentOf(`${MARKETING_COOKIE}=TRUE`)).toBe('denied')
    expect(consentOf(`${MARKETING_COOKIE}=`)).toBe('denied')
  })

  it('is no choice when absent or unreadable', () => {
    expect(consentOf(null)).toBeNull()
    expect(consentOf('')).toBeNull()
    expect(consentOf('other=1')).toBeNull()
    expect(consentOf('%E0%A4%A;\u0000')).toBeNull()
  })

  it('is stored for a year in the browser and tells the page', () => {
    let heard = 0
    const stop = onConsentChange(() => {
      heard++
    })
    expect(hasMarketingConsent()).toBe(false)
    setMarketingConsent(true)
    expect(hasMarketingConsent()).toBe(true)
    setMarketingConsent(false)
    expect(hasMarketingConsent()).toBe(false)
    expect(consentOf(document.cookie)).toBe('denied')
    expect(heard).toBe(2)
    stop()
  })
})

describe('the cookies a choice writes (banner, its form without JavaScript, settings page)', () => {
  it('with consent: the marketing cookie and a deviceId that lasts a year', () => {
    expect(consentCookies(true, `x=1; ${DEVICE_ID_COOKIE}=${DEVICE_ID}`, true)).toEqual([
      `${MARKETING_COOKIE}=true; Path=/; Max-Age=31536000; SameSite=Lax; Secure`,
      `${DEVICE_ID_COOKIE}=${DEVICE_ID}; Path=/; Max-Age=${DEVICE_ID_MAX_AGE}; SameSite=Lax; Secure`,
    ])
  })

  it('withdrawn: the deviceId becomes a session cookie, the same id kept', () => {
    expect(consentCookies(false, `${DEVICE_ID_COOKIE}=${DEVICE_ID}`, false)).toEqual([
      `${MARKETING_COOKIE}=false; Path=/; Max-Age=31536000; SameSite=Lax`,
      `${DEVICE_ID_COOKIE}=${DEVICE_ID}; Path=/; SameSite=Lax`,
    ])
  })

  it('writes no deviceId when there is none or it is not ours', () => {
    expect(consentCookies(true, null, false)).toHaveLength(1)
    expect(consentCookies(true, `${DEVICE_ID_COOKIE}=<script>`, false)).toHaveLength(1)
  })

  it('in the browser keeps the deviceId through a change of mind', () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the id the server would have set
    document.cookie = `${DEVICE_ID_COOKIE}=${DEVICE_ID}; Path=/`
    setMarketingConsent(true)
    setMarketingConsent(false)
    expect(document.cookie).toContain(`${DEVICE_ID_COOKIE}=${DEVICE_ID}`)
    expect(consentOf(document.cookie)).toBe('denied')
  })
})
