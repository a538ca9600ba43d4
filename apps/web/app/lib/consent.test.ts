// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import {
  consentOf,
  hasMarketingConsent,
  MARKETING_COOKIE,
  onConsentChange,
  setMarketingConsent,
} from './consent.ts'

// Issue 18 item 4, spec §4: only the marketing cookie's exact 'true' is consent; no cookie is no choice yet.

afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: clearing the test's cookie
  document.cookie = `${MARKETING_COOKIE}=; Max-Age=0; Path=/`
})

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
