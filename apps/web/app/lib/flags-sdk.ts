import type { FlagStore } from './flags.tsx'
import { report } from './flags-client.ts'
import { reportExposure, variationIdOf } from './flags-exposure.ts'
import { type FlagAttributes, type FlagsData, sdkPayload } from './flags-identity.ts'

// Issue 18 item 3 (ADR 038): the official SDK started from the payload the server evaluated, streaming
// from /sub. Loaded on its own when the browser is quiet (flags-client.ts), as is the SDK it imports,
// never through the after-hydration file of tracking (ADR 060): a blocked tracking file leaves flags working.

/** spec §9: 60 s stale, 4 h max age, at most 10 entries, streaming closed after 20 s hidden. */
export const FLAG_CACHE = {
  staleTTL: 60_000,
  maxAge: 4 * 60 * 60 * 1000,
  maxEntries: 10,
  idleStreamInterval: 20_000,
} as const

/**
 * The server's attributes with what only the browser knows: the URL's hash, which never reaches the
 * server (its rendering evaluated with ''), so targeting by hash applies once the SDK runs (ADR 038).
 */
export function browserAttributes(attributes: FlagAttributes, hash: string): FlagAttributes {
  return { ...attributes, hash }
}

export type Running = { stop(): void; setPage(path: string, query: string, hash: string): void }

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
