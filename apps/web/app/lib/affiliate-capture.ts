import {
  AFFILIATE_STORAGE_KEY,
  type AffiliateRecord,
  captureAffiliate,
  REFERRER_SOURCES,
  type ReferrerSource,
  readAffiliate,
  referrerSource,
  trafficSourceOf,
} from '@lainava/domain/affiliate'

// Issue 18 item 6 (ADR 037): on every page load the affiliate click in the URL (if any) is kept, and the
// session's first referrer category. Marketing storage only after consent (product decisions, GDPR): with
// marketing consent the record lives in local storage for 30 days; without it only in session storage
// (gone with the tab), so an application sent in the same visit still names its source. A form sends both
// with its application. No dependencies beyond the pure table (the landing's JavaScript stays lean).

const LANDING_KEY = 'lainava.landing-source'

function landingOf(storage: Pick<Storage, 'getItem'>): ReferrerSource {
  const value = storage.getItem(LANDING_KEY)
  return (REFERRER_SOURCES as readonly string[]).includes(value ?? '') ? (value as ReferrerSource) : 'direct'
}

function newer(a: AffiliateRecord | null, b: AffiliateRecord | null): AffiliateRecord | null {
  if (!a || !b) return a ?? b
  return Date.parse(a.encounteredAt) >= Date.parse(b.encounteredAt) ? a : b
}

/**
 * The address and referrer a page was loaded with, as the capture needs them (ADR 060: the address with only
 * the table's parameters, the referrer's origin), and when (ISO): its click's time when captured later.
 */
export type LandingPage = { href: string; referrer: string; at?: string }

/**
 * Runs after hydration for the page as it was loaded (the visitor may have moved on in the app
 * meanwhile, ADR 060) and when consent changes (storage can be blocked: then nothing is kept).
 */
export function captureLanding(
  hasMarketingConsent: boolean,
  page: LandingPage = { href: window.location.href, referrer: document.referrer },
): void {
  const now = new Date()
  const landedAt = page.at === undefined ? Number.NaN : Date.parse(page.at)
  try {
    const clickedAt = Number.isNaN(landedAt) || landedAt > now.getTime() ? now : new Date(landedAt)
    const clicked = captureAffiliate(sessionStorage, page.href, now, clickedAt)
    if (hasMarketingConsent) {
      // The visit's click moves to the 30-day record, unless that holds a newer one.
      const kept = newer(clicked, readAffiliate(localStorage, now))
      if (kept) localStorage.setItem(AFFILIATE_STORAGE_KEY, JSON.stringify(kept))
    } else {
      localStorage.removeItem(AFFILIATE_STORAGE_KEY)
    }
  } catch {
    // Storage off or full: no affiliate record.
  }
  try {
    if (sessionStorage.getItem(LANDING_KEY) === null) {
      sessionStorage.setItem(LANDING_KEY, referrerSource(page.referrer, new URL(page.href).hostname))
    }
  } catch {
    // Session storage off: the application counts as direct.
  }
}

/** What a form sends with its application, as JSON: the traffic source and the current affiliate record. */
export function applicationTracking(): string {
  const now = new Date()
  let affiliate: AffiliateRecord | null = null
  let landing: ReferrerSource = 'direct'
  try {
    affiliate = newer(readAffiliate(sessionStorage, now), readAffiliate(localStorage, now))
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
