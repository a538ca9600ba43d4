import { addHeadLinks, prefetchDisabledReason } from '../components/layout/prefetch-policy.ts'

// ADR 064: the landing's island has no React Router, so the next page, the app's, needs React, React
// DOM, React Router and the layout's modules from the network. Once the landing has loaded and the
// browser is idle, they are fetched into its cache for that page (`<link rel="prefetch">`: the
// lowest priority, for a next navigation), under the same rules as the app's prefetcher (spec §9:
// not on 2g, in data-saver mode or for bots). The state is on <html data-prefetch>, as on the app's pages.

/** The app's modules every page loads: React Router's entry and the root route's, with their imports. */
export type AppModules = string[]

function whenIdleAfterLoad(start: () => void): void {
  const idle = () =>
    'requestIdleCallback' in window
      ? window.requestIdleCallback(start, { timeout: 2000 })
      : setTimeout(start, 200)
  if (document.readyState === 'complete') idle()
  else window.addEventListener('load', idle, { once: true })
}

export function prefetchAppModules(modules: AppModules): void {
  whenIdleAfterLoad(() => {
    // The bot list loads only now, not with the landing.
    import('isbot')
      .then(({ isbot }) => {
        const reason = prefetchDisabledReason(navigator, isbot)
        document.documentElement.dataset.prefetch = reason ? `off:${reason}` : 'on'
        if (reason) return
        addHeadLinks(modules, (link) => {
          link.rel = 'prefetch'
          link.as = 'script'
        })
      })
      .catch(() => {})
  })
}
