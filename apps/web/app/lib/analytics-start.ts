import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { afterFirstPaint } from '../components/layout/after-first-paint.ts'
import { captureLanding } from './affiliate-capture.ts'
import { emitAnalytics } from './analytics-bus.ts'

// Issue 18 items 5 and 6 (ADR 037): the root starts tracking once per page load, and every page, the first
// and each client navigation, is a page_view. The affiliate capture runs at hydration: a visitor may
// leave for another page at once (a full page load), and the click must be kept by then. ADR 049: the
// analytics client (analytics-run.ts) loads after the first paint, at the first interaction or a few
// seconds after the load event, or when the page is hidden; the bus keeps the page views until the
// client listens.

export function useTracking(
  hasMarketingConsent: () => boolean,
  onConsentChange: (listener: () => void) => () => void = () => () => undefined,
): void {
  const { pathname } = useLocation()
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page load; the consent is read when needed
  useEffect(() => {
    const landingHref = window.location.href
    captureLanding(safely(hasMarketingConsent), landingHref)
    let stop: (() => void) | undefined
    let cancelled = false
    const cancel = afterFirstPaint(
      () => {
        import('./analytics-run.ts')
          .then(({ runTracking }) => {
            if (!cancelled) stop = runTracking({ landingHref, hasMarketingConsent, onConsentChange })
          })
          .catch(() => {
            // Analytics never breaks the page.
          })
      },
      { onHide: true },
    )
    return () => {
      cancelled = true
      cancel()
      stop?.()
    }
  }, [])
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path is a new page view
  useEffect(() => {
    emitAnalytics({ type: 'page_view' })
  }, [pathname])
}

function safely(read: () => boolean): boolean {
  try {
    return read()
  } catch {
    return false
  }
}
