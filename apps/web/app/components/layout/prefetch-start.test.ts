// @vitest-environment happy-dom
import { isbot } from 'isbot'
import { afterEach, describe, expect, it } from 'vitest'
import { prefetchDisabledReason } from './prefetch-policy.ts'
import { preloadRouteModules } from './prefetch-start.ts'

const chrome =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36'
const nav = (connection: object | undefined, userAgent = chrome) =>
  ({ connection, userAgent }) as unknown as Navigator

describe('prefetchDisabledReason (spec §9)', () => {
  it('allows prefetch on a normal connection', () => {
    expect(prefetchDisabledReason(nav({ effectiveType: '4g' }), isbot)).toBeNull()
    expect(prefetchDisabledReason(nav(undefined), isbot)).toBeNull()
  })

  it('never prefetches on 2g, in data-saver mode, or for bots', () => {
    expect(prefetchDisabledReason(nav({ effectiveType: '2g' }), isbot)).toBe('2g')
    expect(prefetchDisabledReason(nav({ effectiveType: 'slow-2g' }), isbot)).toBe('2g')
    expect(prefetchDisabledReason(nav({ saveData: true, effectiveType: '4g' }), isbot)).toBe('save-data')
    expect(
      prefetchDisabledReason(nav(undefined, 'Googlebot/2.1 (+http://www.google.com/bot.html)'), isbot),
    ).toBe('bot')
  })
})

describe('preloadRouteModules', () => {
  afterEach(() => {
    document.head.replaceChildren()
    delete (window as { __reactRouterManifest?: unknown }).__reactRouterManifest
  })

  it("preloads another page's modules at low priority, once each", () => {
    Object.assign(window, {
      __reactRouterManifest: {
        routes: {
          'routes/content': {
            module: '/assets/content.js',
            imports: ['/assets/shared.js', '/assets/page.js'],
          },
        },
      },
    })
    // The current page already has this one.
    document.head.innerHTML = '<link rel="modulepreload" href="/assets/shared.js">'
    preloadRouteModules('routes/content')
    preloadRouteModules('routes/content')
    preloadRouteModules('routes/unknown')
    const added = [...document.head.querySelectorAll('link')].slice(1)
    expect(added.map((link) => link.getAttribute('href'))).toEqual(['/assets/content.js', '/assets/page.js'])
    for (const link of added) {
      expect(link.rel).toBe('modulepreload')
      expect(link.fetchPriority).toBe('low')
    }
  })
})
