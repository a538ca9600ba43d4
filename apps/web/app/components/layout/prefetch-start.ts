import { PREFETCH_BATCH_SIZE, PREFETCH_INTERVAL_MS } from '@lainava/routing'
import { isbot } from 'isbot'
import { pageDataUrl } from '../../lib/page-data.ts'
import { addHeadLinks, prefetchDisabledReason } from './prefetch-policy.ts'

// The prefetcher's work and its bot list (isbot), loaded after hydration (ADR 057): nothing is
// prefetched before the first batch's interval anyway (spec §9). Out of the layout chunk
// (`apps/web/vite.config.ts`); when this file cannot be loaded, nothing is prefetched.

type Manifest = { routes: Record<string, { module: string; imports?: string[] } | undefined> }

/** Preloads the modules of a page the visitor may open next. */
export function preloadRouteModules(routeId: string) {
  const manifest = (window as { __reactRouterManifest?: Manifest }).__reactRouterManifest
  const route = manifest?.routes[routeId]
  if (!route) return
  addHeadLinks([route.module, ...(route.imports ?? [])], (link) => {
    link.rel = 'modulepreload'
    // For a later navigation: the current page's own requests go first.
    link.fetchPriority = 'low'
  })
}

/** Watches the page's internal links and prefetches them; returns the function that stops it. */
export function startPrefetching(pathname: string): () => void {
  const reason = prefetchDisabledReason(navigator, isbot)
  document.documentElement.dataset.prefetch = reason ? `off:${reason}` : 'on'
  if (reason || typeof IntersectionObserver === 'undefined') return () => {}
  const queue: string[] = []
  const seen = new Set<string>([pathname])
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue
      observer.unobserve(entry.target)
      const url = new URL((entry.target as HTMLAnchorElement).href, location.href)
      if (url.origin !== location.origin || url.pathname.startsWith('/api/') || seen.has(url.pathname))
        continue
      seen.add(url.pathname)
      queue.push(url.pathname)
    }
  })
  for (const anchor of document.querySelectorAll<HTMLAnchorElement>('a[href^="/"]')) observer.observe(anchor)
  const timer = setInterval(() => {
    for (const path of queue.splice(0, PREFETCH_BATCH_SIZE)) {
      fetch(pageDataUrl(path), { priority: 'low' } as RequestInit)
        .then((response) => (response.ok ? response.json() : null))
        .then((page: { routeId?: string } | null) => {
          if (page?.routeId) preloadRouteModules(page.routeId)
        })
        .catch(() => {})
    }
  }, PREFETCH_INTERVAL_MS)
  return () => {
    observer.disconnect()
    clearInterval(timer)
  }
}
