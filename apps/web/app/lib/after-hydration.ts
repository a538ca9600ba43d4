import { captureLanding, type LandingPage } from './affiliate-capture.ts'
import { forgetAnalyticsIds, startAnalytics } from './analytics-client.ts'
import { forgetStarted } from './analytics-started.ts'
import { PENDING_LANDING_KEY } from './pending-landing.ts'

// Issue 18 items 5 and 6 (ADR 037), loaded after hydration (ADR 060): the affiliate capture with the
// affiliate table and the analytics client are no part of the first load. The root's hook
// (analytics-start.ts) loads this file once per page load and hands it the address and referrer the
// page was loaded with; page views emitted meanwhile wait on the bus (analytics-bus.ts).
// Out of the layout chunk: AFTER_HYDRATION in apps/web/vite.config.ts. The file's name says nothing of
// tracking, which content blockers match by name (a blocked file tracks nothing and breaks nothing).

export type Tracking = {
  /** A new cookie choice: moves the affiliate click to (or out of) the 30-day record, forgets the ids. */
  consentChanged(): void
  stop(): void
}

/** Starts tracking for the page as it was loaded; `hasConsent` never throws (the hook makes it safe). */
export function startTracking(landing: LandingPage, hasConsent: () => boolean): Tracking {
  // An earlier page load left before its file came (ADR 049's review): its click and referrer first.
  const earlier = takePendingLanding()
  if (earlier && earlier.href !== landing.href) captureLanding(hasConsent(), earlier)
  captureLanding(hasConsent(), landing)
  // A choice withdrawn on another page or without JavaScript (the banner's form post): the ids go too.
  if (!hasConsent()) forgetAnalytics()
  const stopAnalytics = startAnalytics({ hasConsent })
  return {
    consentChanged() {
      const granted = hasConsent()
      captureLanding(granted)
      if (!granted) forgetAnalytics()
    },
    stop: stopAnalytics,
  }
}

/** Spec §4 anonymous mode: no session id or count, no memory of started forms. */
function forgetAnalytics(): void {
  forgetAnalyticsIds()
  try {
    forgetStarted(sessionStorage)
  } catch {
    forgetStarted(null)
  }
}

function takePendingLanding(): LandingPage | null {
  let raw: string | null
  try {
    // Removed before it is read: an entry that cannot be read must not stay and block the next ones.
    raw = sessionStorage.getItem(PENDING_LANDING_KEY)
    sessionStorage.removeItem(PENDING_LANDING_KEY)
  } catch {
    return null
  }
  try {
    const page = JSON.parse(raw ?? 'null') as Partial<LandingPage> | null
    return typeof page?.href === 'string' && typeof page.referrer === 'string'
      ? { href: page.href, referrer: page.referrer, ...(typeof page.at === 'string' ? { at: page.at } : {}) }
      : null
  } catch {
    return null
  }
}
