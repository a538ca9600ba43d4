import { MARKETING_COOKIE, SITE_COOKIES } from '@lainava/domain/consent-cookie'
import { parseCookie } from 'cookie'
import { useSyncExternalStore } from 'react'
import { DEVICE_ID_COOKIE, idCookie, idFromCookies } from './flags-identity.ts'
import { useRootData } from './root-data-context.tsx'

// Issue 18 item 4, spec §4: the marketing cookie. Exactly 'true' gives the tracking mode (persistent
// ids, analytics events); anything else, or no cookie, the anonymous mode (session-only ids, no events).
// No cookie at all also means the visitor has not chosen yet: the banner asks.

export { MARKETING_COOKIE }
/** A year: the choice is asked again after that (browsers cap cookies at 400 days anyway). */
export const CONSENT_MAX_AGE = SITE_COOKIES.marketing.maxAge

/** 'granted' or 'denied' as stored, or null when the visitor has not chosen. */
export type ConsentChoice = 'granted' | 'denied' | null

/** The choice in a Cookie header (or document.cookie). A malformed header is no choice. */
export function consentOf(cookieHeader: string | null | undefined): ConsentChoice {
  if (!cookieHeader) return null
  let value: string | undefined
  try {
    value = parseCookie(cookieHeader)[MARKETING_COOKIE]
  } catch {
    return null
  }
  if (value === undefined) return null
  // spec §4: only the exact text 'true' is consent.
  return value === 'true' ? 'granted' : 'denied'
}

function documentCookie(): string {
  try {
    return typeof document === 'undefined' ? '' : document.cookie
  } catch {
    return ''
  }
}

/** The browser's current choice. */
export function readConsent(): ConsentChoice {
  return consentOf(documentCookie())
}

/** True only with the marketing cookie's 'true' (the analytics client and the SDK's tracking read it). */
export function hasMarketingConsent(): boolean {
  return readConsent() === 'granted'
}

const listeners = new Set<() => void>()

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/**
 * Every cookie a consent choice writes, as Set-Cookie texts: the marketing cookie, and the deviceId
 * cookie (when the visitor has one) rewritten to match, persistent only with consent (spec §4). The one
 * function behind each way to choose: the banner in the page, its form without JavaScript (the root
 * action) and the settings page's consents.
 */
export function consentCookies(granted: boolean, cookieHeader: string | null, secure: boolean): string[] {
  const deviceId = idFromCookies(cookieHeader, DEVICE_ID_COOKIE)
  return [
    marketingCookie(granted, secure),
    ...(deviceId ? [idCookie(DEVICE_ID_COOKIE, deviceId, { persistent: granted, secure })] : []),
  ]
}

/** Tells every reader on the page that the choice may have changed (it is read again from the cookie). */
export function announceConsentChange(): void {
  for (const listener of [...listeners]) listener()
}

/** Stores the choice in the first-party cookies and tells every reader on the page. */
export function setMarketingConsent(granted: boolean): void {
  const secure = typeof location !== 'undefined' && location.protocol === 'https:'
  for (const cookie of consentCookies(granted, documentCookie(), secure)) {
    // biome-ignore lint/suspicious/noDocumentCookie: first-party cookies the server reads too (no Cookie Store API in every browser)
    document.cookie = cookie
  }
  announceConsentChange()
}

/** Calls `listener` whenever the choice changes on this page; returns the unsubscribe. */
export function onConsentChange(listener: () => void): () => void {
  return subscribe(listener)
}

/**
 * The visitor's choice, the server's reading of the cookie on the first render (no hydration mismatch),
 * the browser's after it, and the setter.
 */
export function useConsent(): { choice: ConsentChoice; setMarketing: (granted: boolean) => void } {
  const serverChoice = useRootData()?.consent ?? null
  const choice = useSyncExternalStore(subscribe, readConsent, () => serverChoice)
  return { choice, setMarketing: setMarketingConsent }
}

/** The marketing cookie as a Set-Cookie text (part of `consentCookies`). */
function marketingCookie(granted: boolean, secure: boolean): string {
  return `${MARKETING_COOKIE}=${granted ? 'true' : 'false'}; Path=/; Max-Age=${CONSENT_MAX_AGE}; SameSite=Lax${secure ? '; Secure' : ''}`
}
