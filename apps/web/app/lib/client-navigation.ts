import { REDIRECT_DELAY_MS } from '@lainava/routing'
import { data, redirect, redirectDocument } from 'react-router'
import { loadPageData, type PageData } from './page-data.ts'
import { waitForTracking } from './tracking.ts'

// What a client-side navigation does before React Router loads the page
// (spec §2 redirects, §8 page data): it asks the server about the destination.
let staleApp = false

function currentAppVersion(): string | undefined {
  return (window as { __reactRouterManifest?: { version?: string } }).__reactRouterManifest?.version
}

/**
 * Throws the navigation's outcome when it is not "go on": a redirect, 404, 500 or a full load.
 * Otherwise returns the destination's page data.
 */
export async function beforeClientNavigation(request: Request): Promise<PageData> {
  const url = new URL(request.url)
  // A new version was deployed since this page loaded: load the next page in full.
  if (staleApp) throw redirectDocument(url.pathname + url.search)
  const result = await loadPageData(url.pathname, { retryDelayMs: 150 })
  if (result.kind === 'notFound') throw data(null, { status: 404 })
  if (result.kind === 'error') throw data(null, { status: 500 })
  if (result.kind === 'redirect') {
    // spec §9: redirects run after 100 ms, waiting at most 1 s for tracking.
    await Promise.all([new Promise((resolve) => setTimeout(resolve, REDIRECT_DELAY_MS)), waitForTracking()])
    const external = /^https?:\/\//.test(result.location)
    throw external ? redirectDocument(result.location) : redirect(result.location)
  }
  const version = currentAppVersion()
  if (version && result.data.appVersion !== version) staleApp = true
  return result.data
}
