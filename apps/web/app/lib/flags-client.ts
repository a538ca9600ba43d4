import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import { afterFirstPaint } from '../components/layout/after-first-paint.ts'
import { useFlagsState } from './flags.tsx'
import type { Running } from './flags-sdk.ts'

// Issue 18 item 3 (ADR 038, ADR 049): the flag SDK and our code around it (flags-sdk.ts) load at the
// visitor's first interaction, or 5 s after the page's load event, and then when the browser is idle
// (afterFirstPaint). The page already shows the server's values, so nothing waits for it, and the load
// stays out of the page's start-up (Lighthouse's blocking time, issue 14). A change made meanwhile still
// arrives: a new stream gets the current payload at once (ADR 032).

/** The root starts the SDK once per page load, after hydration (see above). */
export function useFlagsClient(): void {
  const state = useFlagsState()
  const { pathname, search, hash } = useLocation()
  const runningRef = useRef<Running | null>(null)
  useEffect(() => {
    const data = state?.data
    if (!state || !data) return
    let cancelled = false
    const cancelIdle = afterFirstPaint(() => {
      import('./flags-sdk.ts')
        .then(async ({ report, startFlagsClient }) => {
          try {
            const running = await startFlagsClient(data, state.store)
            if (cancelled) running.stop()
            else runningRef.current = running
          } catch (error) {
            report(error)
          }
        })
        .catch(() => {
          // Not loaded (offline, a new deployment): the page keeps the server's values.
        })
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
