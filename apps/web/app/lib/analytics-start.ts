import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { captureLanding } from './affiliate-capture.ts'
import { emitAnalytics } from './analytics-bus.ts'
import { forgetAnalyticsIds, startAnalytics } from './analytics-client.ts'
import { forgetStarted } from './analytics-started.ts'

// Issue 18 items 5 and 6 (ADR 037): the root starts tracking once per page load. The affiliate capture
// runs at once (session storage until marketing consent), the analytics client listens to the bus (and
// sends nothing without consent), and every page, the first and each client navigation, is a page_view.

export function useTracking(
  hasMarketingConsent: () => boolean,
  onConsentChange: (listener: () => void) => () => void = () => () => undefined,
): void {
  const { pathname } = useLocation()
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page load; the consent is read when needed
  useEffect(() => {
    captureLanding(safely(hasMarketingConsent))
    // A choice withdrawn on another page or without JavaScript (the banner's form post): the ids go too.
    if (!safely(hasMarketingConsent)) forgetAnalytics()
    const stopAnalytics = startAnalytics({ hasConsent: () => safely(hasMarketingConsent) })
    // A new choice moves the affiliate click to (or out of) the 30-day record; a withdrawal forgets the ids.
    const stopListening = onConsentChange(() => {
      const granted = safely(hasMarketingConsent)
      captureLanding(granted)
      if (!granted) forgetAnalytics()
    })
    return () => {
      stopListening()
      stopAnalytics()
    }
  }, [])
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path is a new page view
  useEffect(() => {
    emitAnalytics({ type: 'page_view' })
  }, [pathname])
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
