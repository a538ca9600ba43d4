import { useEffect } from 'react'
import { useLocation } from 'react-router'

/**
 * Prefetches the page data and code of internal links as they come into view,
 * in batches of 4 every 3 s (spec §9). The state is on <html data-prefetch>.
 */
export function Prefetcher() {
  const { pathname } = useLocation()
  useEffect(() => {
    let stop = () => {}
    let cancelled = false
    // The work and the bot list (isbot) are fetched after hydration, not with the page: nothing is
    // prefetched before the first batch's interval anyway (ADR 045, 057).
    import('./prefetch-start.ts')
      .then(({ startPrefetching }) => {
        if (!cancelled) stop = startPrefetching(pathname)
      })
      .catch(() => {})
    return () => {
      cancelled = true
      stop()
    }
  }, [pathname])
  return null
}
