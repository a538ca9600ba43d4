import {
  captureAffiliate,
  REFERRER_SOURCES,
  type ReferrerSource,
  readAffiliate,
  referrerSource,
  trafficSourceOf,
} from '@lainava/domain/affiliate'

// Issue 18 item 6 (ADR 035): on every page load the affiliate click in the URL (if any) is kept in local
// storage for 30 days, and the session's first referrer category in session storage. A form sends both
// with its application. No dependencies beyond the pure table (the landing's JavaScript stays lean).

const LANDING_KEY = 'lainava.landing-source'

function landingOf(storage: Pick<Storage, 'getItem'>): ReferrerSource {
  const value = storage.getItem(LANDING_KEY)
  return (REFERRER_SOURCES as readonly string[]).includes(value ?? '') ? (value as ReferrerSource) : 'direct'
}

/** Runs once per page load (storage can be blocked: then nothing is kept and the page goes on). */
export function captureLanding(): void {
  try {
    captureAffiliate(localStorage, window.location.href, new Date())
  } catch {
    // Local storage off or full: no affiliate record.
  }
  try {
    if (sessionStorage.getItem(LANDING_KEY) === null) {
      sessionStorage.setItem(LANDING_KEY, referrerSource(document.referrer, window.location.hostname))
    }
  } catch {
    // Session storage off: the application counts as direct.
  }
}

/** What a form sends with its application, as JSON: the traffic source and the current affiliate record. */
export function applicationTracking(): string {
  let affiliate = null
  let landing: ReferrerSource = 'direct'
  try {
    affiliate = readAffiliate(localStorage, new Date())
  } catch {
    affiliate = null
  }
  try {
    landing = landingOf(sessionStorage)
  } catch {
    landing = 'direct'
  }
  return JSON.stringify({ trafficSource: trafficSourceOf(affiliate, landing), affiliate })
}
