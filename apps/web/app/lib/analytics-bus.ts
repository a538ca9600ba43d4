// An in-page event hook (issue 18): features emit analytics events here without knowing where they go;
// the analytics client (analytics-client.ts) listens and sends them to our events endpoint, only with
// marketing consent. Emitting is always safe: without a listener, or without consent, nothing leaves the page.
// The client loads after hydration (ADR 060): what is emitted before anyone listens (the first page_view,
// the exposures the page reports at hydration) waits here and goes to the first listener, once. So does what
// is emitted after the last listener left (the root remounted after its error boundary: its client stopped,
// the next one is loading while the new page's page_view is emitted).

export type AnalyticsBusEvent =
  | { type: 'page_view' }
  | { type: 'experiment_viewed'; data: { experimentKey: string; variationId: number | string } }
  | {
      type: 'application_started'
      data: { kind: 'consumer-loan' | 'credit-card' | 'business-loan' | 'factoring' | 'mortgage' }
    }

/** The page an event was emitted on, for an event that waited for the client (it may be on another page now). */
export type EmittedOn = {
  at: Date
  href: string
  title: string
  language: string
  viewport: { width: number; height: number }
}

export type AnalyticsListener = (event: AnalyticsBusEvent, emittedOn?: EmittedOn) => void

const listeners = new Set<AnalyticsListener>()
/** Events emitted while no one listens; at most PENDING_MAX (a client that never loads). */
let pending: Array<[AnalyticsBusEvent, EmittedOn | undefined]> | null = []
export const PENDING_MAX = 50

export function emitAnalytics(event: AnalyticsBusEvent): void {
  if (pending) {
    if (pending.length < PENDING_MAX) pending.push([event, emittedOn()])
    return
  }
  for (const listener of listeners) {
    try {
      listener(event)
    } catch {
      // One listener's failure must not stop the page or the other listeners.
    }
  }
}

/** Adds a listener; the returned function removes it. */
export function onAnalytics(listener: AnalyticsListener): () => void {
  listeners.add(listener)
  const waiting = pending
  pending = null
  for (const [event, page] of waiting ?? []) {
    try {
      listener(event, page)
    } catch {
      // As in emitAnalytics.
    }
  }
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0) pending ??= []
  }
}

function emittedOn(): EmittedOn | undefined {
  try {
    return {
      at: new Date(),
      href: window.location.href,
      title: document.title,
      language: document.documentElement.lang,
      viewport: { width: window.innerWidth, height: window.innerHeight },
    }
  } catch {
    return undefined
  }
}
