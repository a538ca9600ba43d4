import { useEffect, useRef } from 'react'
import { useFlagsState } from './flags.tsx'
import type { Running } from './flags-sdk.ts'
import { useLocation } from './router.tsx'

// Issue 18 item 3 (ADR 038): after hydration, when the browser is idle, the official SDK is imported (its
// own chunk: nothing of it before the first paint) and started from the payload the server evaluated,
// streaming from /sub. The spec's cache settings (§9) are the SDK's; the 20 s idle close needs our own
// visibility listener because initSync registers none (protocol §3.4). Any failure leaves the values the
// page already shows (the server's, or the code's defaults) and is reported on our own channel only.
// The SDK's start-up (flags-sdk.ts) is a file of its own, loaded then (ADR 060), not with tracking: a
// content blocker that blocks the tracking file must not stop the flags.

/** The SDK's start-up, by itself (a test checks it needs nothing of the tracking file). */
export const loadFlagsSdk = () => import('./flags-sdk.ts')

/** The event our flag client reports a problem with (no console output: spec §8, defaults apply). */
export const FLAG_PROBLEM_EVENT = 'lainava:flag-problem'

export function report(error: unknown): void {
  try {
    window.dispatchEvent(new CustomEvent(FLAG_PROBLEM_EVENT, { detail: String(error) }))
  } catch {
    // Nothing more to do: the page keeps its values.
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
      loadFlagsSdk()
        .then(({ startFlagsClient }) => startFlagsClient(data, state.store))
        .then(
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
