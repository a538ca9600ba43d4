import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { afterFirstPaint } from './after-first-paint.ts'

/**
 * Prefetches the page data and code of internal links as they come into view,
 * in batches of 4 every 3 s (spec §9). The state is on <html data-prefetch>.
 */
export function Prefetcher() {
  const { pathname } = useLocation()
  useEffect(() => {
    let stop = () => {}
    let cancelled = false
    // The prefetcher's code and its bot list (prefetch-start.ts) load when the browser is idle after the
    // load event (ADR 049; the bot list alone did since ADR 045), not with the page: nothing is prefetched
    // before the first batch's interval anyway.
    const cancel = afterFirstPaint(
      () => {
        import('./prefetch-start.ts')
          .then(({ startPrefetching }) => {
            if (!cancelled) stop = startPrefetching(pathname)
          })
          .catch(() => {})
      },
      { afterLoadMs: 0 },
    )
    return () => {
      cancelled = true
      cancel()
      stop()
    }
  }, [pathname])
  return null
}
