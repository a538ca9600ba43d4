import { AFFILIATE_URL_PARAMS, AFFILIATE_VALUE_MAX } from '@lainava/domain/affiliate-params'
import { referrerOrigin } from '@lainava/domain/referrer-origin'
import { useEffect } from 'react'
import type { LandingPage } from './affiliate-capture.ts'
import type { Tracking } from './after-hydration.ts'
import { emitAnalytics } from './analytics-bus.ts'
import { PENDING_LANDING_KEY } from './pending-landing.ts'
import { useLocation } from './router.tsx'

// Issue 18 items 5 and 6 (ADR 037): the root starts tracking once per page load. The affiliate capture
// (session storage until marketing consent), the analytics client (which sends nothing without consent)
// and every page, the first and each client navigation, as a page_view. The capture and the client load
// after hydration (after-hydration.ts, ADR 060): this hook notes the page the visitor landed on at once,
// and page views wait on the bus until the client listens. A file that fails to load tracks nothing and
// leaves the page as it is (no console error, no unhandled rejection).

/**
 * What the capture needs of a page landed on, and nothing more: it is kept in session storage with or
 * without consent, so a login link's token or a status page's id in the query, or the path of the page
 * that linked here, must stay out. The origin and path, the affiliate table's parameters, the referrer's origin.
 */
export function landingToKeep(href: string, referrer: string, at: Date): LandingPage {
  const url = new URL(href)
  const kept = new URLSearchParams()
  for (const name of AFFILIATE_URL_PARAMS) {
    // The table reads the first value, trimmed and cut (domain/affiliate.ts).
    const value = url.searchParams.get(name)?.trim().slice(0, AFFILIATE_VALUE_MAX)
    if (value) kept.set(name, value)
  }
  const query = kept.size > 0 ? `?${kept}` : ''
  return {
    href: `${url.origin}${url.pathname}${query}`,
    referrer: referrerOrigin(referrer) ?? '',
    at: at.toISOString(),
  }
}

type TrackingModule = { startTracking(landing: LandingPage, hasConsent: () => boolean): Tracking }

const loadTracking = (): Promise<TrackingModule> => import('./after-hydration.ts')

/** The work of useTracking's start-up effect; returns the function that stops it. */
export function startTrackingAfterHydration(
  hasMarketingConsent: () => boolean,
  onConsentChange: (listener: () => void) => () => void,
  load: () => Promise<TrackingModule> = loadTracking,
): () => void {
  // The address and referrer the page was loaded with, before any navigation in the app.
  const landing = landingToKeep(window.location.href, document.referrer, new Date())
  // Noted for the next page load too, in case this one is left (a full page load) before the file comes.
  try {
    if (sessionStorage.getItem(PENDING_LANDING_KEY) === null)
      sessionStorage.setItem(PENDING_LANDING_KEY, JSON.stringify(landing))
  } catch {
    // Session storage off: only this page load can capture it.
  }
  const hasConsent = () => safely(hasMarketingConsent)
  let tracking: Tracking | null = null
  let stopped = false
  // A choice made before the file arrives needs no replay: the start reads the consent of that moment.
  const stopListening = onConsentChange(() => tracking?.consentChanged())
  let started: Promise<unknown>
  try {
    started = load()
  } catch (error) {
    started = Promise.reject(error)
  }
  started
    .then((module) => {
      if (!stopped) tracking = (module as TrackingModule).startTracking(landing, hasConsent)
    })
    .catch(() => {
      // No tracking on this page load; the page works as it is.
    })
  return () => {
    stopped = true
    stopListening()
    tracking?.stop()
    tracking = null
  }
}

export function useTracking(
  hasMarketingConsent: () => boolean,
  onConsentChange: (listener: () => void) => () => void = () => () => undefined,
): void {
  const { pathname } = useLocation()
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page load; the consent is read when needed
  useEffect(() => startTrackingAfterHydration(hasMarketingConsent, onConsentChange), [])
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
