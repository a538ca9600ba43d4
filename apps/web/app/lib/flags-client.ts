import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import { type FlagStore, useFlagsState } from './flags.tsx'
import { reportExposure, variationIdOf } from './flags-exposure.ts'
import { type FlagAttributes, type FlagsData, sdkPayload } from './flags-identity.ts'

// Issue 18 item 3 (ADR 038): after hydration, when the browser is idle, the official SDK is imported (its
// own chunk: nothing of it before the first paint) and started from the payload the server evaluated,
// streaming from /sub. The spec's cache settings (§9) are the SDK's; the 20 s idle close needs our own
// visibility listener because initSync registers none (protocol §3.4). Any failure leaves the values the
// page already shows (the server's, or the code's defaults) and is reported on our own channel only.

/** spec §9: 60 s stale, 4 h max age, at most 10 entries, streaming closed after 20 s hidden. */
export const FLAG_CACHE = {
  staleTTL: 60_000,
  maxAge: 4 * 60 * 60 * 1000,
  maxEntries: 10,
  idleStreamInterval: 20_000,
} as const

/** The event our flag client reports a problem with (no console output: spec §8, defaults apply). */
export const FLAG_PROBLEM_EVENT = 'lainava:flag-problem'

function report(error: unknown): void {
  try {
    window.dispatchEvent(new CustomEvent(FLAG_PROBLEM_EVENT, { detail: String(error) }))
  } catch {
    // Nothing more to do: the page keeps its values.
  }
}

/**
 * The server's attributes with what only the browser knows: the URL's hash, which never reaches the
 * server (its rendering evaluated with ''), so targeting by hash applies once the SDK runs (ADR 038).
 */
export function browserAttributes(attributes: FlagAttributes, hash: string): FlagAttributes {
  return { ...attributes, hash }
}

type Running = { stop(): void; setPage(path: string, query: string, hash: string): void }

/**
 * Spec §9: the stream closes after the page has been hidden for FLAG_CACHE.idleStreamInterval and
 * opens again when it is visible. Returns the function that stops watching.
 */
export function closeStreamWhenHidden(
  page: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>,
  stream: { onHidden(): void; onVisible(): void },
): () => void {
  let idle: ReturnType<typeof setTimeout> | undefined
  const onVisibility = () => {
    clearTimeout(idle)
    if (page.visibilityState === 'hidden') idle = setTimeout(stream.onHidden, FLAG_CACHE.idleStreamInterval)
    else stream.onVisible()
  }
  page.addEventListener('visibilitychange', onVisibility)
  return () => {
    clearTimeout(idle)
    page.removeEventListener('visibilitychange', onVisibility)
  }
}

export async function startFlagsClient(data: FlagsData, store: FlagStore): Promise<Running> {
  const sdk = await import('@growthbook/growthbook')
  sdk.configureCache({ ...FLAG_CACHE, disableIdleStreams: false })
  const growthbook = new sdk.GrowthBook({
    apiHost: window.location.origin,
    clientKey: data.clientKey,
    attributes: browserAttributes(data.attributes, window.location.hash),
    // Issue 18 item 5: an exposure is an analytics event, and only with marketing consent (spec §4);
    // once per experiment and variation per session, also when the page reported it at hydration.
    trackingCallback: (experiment, result) => {
      reportExposure({ experimentKey: experiment.key, variationId: variationIdOf(result) })
    },
    log: (message) => report(message),
  })
  growthbook.setRenderer(() => store.refresh())
  growthbook.initSync({ payload: sdkPayload(data.payload), streaming: true })
  store.connect((key) => growthbook.getFeatureValue(key, null as unknown))
  // A mark for tests: the SDK runs and streams (like data-hydrated).
  document.documentElement.dataset.flags = 'live'

  // initSync installs no idle listener: close the stream after 20 s hidden, reopen when visible.
  const stopIdleClose = closeStreamWhenHidden(document, sdk)
  return {
    stop() {
      stopIdleClose()
      growthbook.destroy()
    },
    setPage(path, query, hash) {
      growthbook.updateAttributes({ path, query, hash }).catch(report)
    },
  }
}

/**
 * When to load the SDK: at the visitor's first interaction, or 5 s after the page's load event, and then
 * when the browser is idle. The page already shows the server's values, so nothing waits for it, and the
 * load stays out of the page's start-up (Lighthouse's blocking time, issue 14). A change made meanwhile
 * still arrives: a new stream gets the current payload at once (ADR 032).
 */
export const SDK_START_DELAY_MS = 5000
const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart', 'scroll'] as const

function whenQuiet(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  let idle: number | undefined
  let started = false
  const stopListening = () => {
    for (const type of INTERACTIONS) window.removeEventListener(type, start)
    window.removeEventListener('load', afterLoad)
    clearTimeout(timer)
  }
  function start() {
    if (started) return
    started = true
    stopListening()
    if (typeof window.requestIdleCallback === 'function')
      idle = window.requestIdleCallback(run, { timeout: 2000 })
    else timer = setTimeout(run, 0)
  }
  function afterLoad() {
    timer = setTimeout(start, SDK_START_DELAY_MS)
  }
  for (const type of INTERACTIONS) window.addEventListener(type, start, { once: true, passive: true })
  if (document.readyState === 'complete') afterLoad()
  else window.addEventListener('load', afterLoad, { once: true })
  return () => {
    stopListening()
    if (idle !== undefined) window.cancelIdleCallback(idle)
    clearTimeout(timer)
  }
}

/** The root starts the SDK once per page load, after hydration (see whenQuiet). */
export function useFlagsClient(): void {
  const state = useFlagsState()
  const { pathname, search, hash } = useLocation()
  const runningRef = useRef<Running | null>(null)
  useEffect(() => {
    const data = state?.data
    if (!state || !data) return
    let cancelled = false
    const cancelIdle = whenQuiet(() => {
      startFlagsClient(data, state.store).then(
        (running) => {
          if (cancelled) running.stop()
          else runningRef.current = running
        },
        (error: unknown) => report(error),
      )
    })
    return () => {
      cancelled = true
      cancelIdle()
      runningRef.current?.stop()
      runningRef.current = null
    }
  }, [state])
  // A client navigation is a new page for targeting by path, query and hash.
  useEffect(() => {
    runningRef.current?.setPage(pathname, search, hash)
  }, [pathname, search, hash])
}
