import { captureLanding } from './affiliate-capture.ts'
import { forgetAnalyticsIds, startAnalytics } from './analytics-client.ts'
import { forgetStarted } from './analytics-started.ts'

// Issue 18 items 5 and 6 (ADR 037), loaded after the first paint (ADR 049, analytics-start.ts): the
// analytics client, which takes the page views the bus kept meanwhile (and sends nothing without
// consent), and what a consent change does to the affiliate record and the analytics ids. (The affiliate
// capture itself runs at hydration, in analytics-start.ts.)

export type TrackingOptions = {
  landingHref: string
  hasMarketingConsent: () => boolean
  onConsentChange: (listener: () => void) => () => void
}

/** Starts tracking for this page load; returns the function that stops it. */
export function runTracking({
  landingHref,
  hasMarketingConsent,
  onConsentChange,
}: TrackingOptions): () => void {
  const consented = () => safely(hasMarketingConsent)
  // A choice withdrawn on another page or without JavaScript (the banner's form post): the ids go too.
  if (!consented()) forgetAnalytics()
  const stopAnalytics = startAnalytics({ hasConsent: consented })
  // A new choice moves the affiliate click to (or out of) the 30-day record; a withdrawal forgets the ids.
  const stopListening = onConsentChange(() => {
    const granted = consented()
    captureLanding(granted, landingHref)
    if (!granted) forgetAnalytics()
  })
  return () => {
    stopListening()
    stopAnalytics()
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

function safely(read: () => boolean): boolean {
  try {
    return read()
  } catch {
    return false
  }
}
