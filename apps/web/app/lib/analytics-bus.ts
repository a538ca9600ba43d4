// An in-page event hook (issue 18): features emit analytics events here without knowing where they go;
// the analytics client (analytics-client.ts) listens and sends them to our events endpoint, only with
// marketing consent. Emitting is always safe: without a listener, or without consent, nothing leaves the page.
// The client loads after the first paint (ADR 049): until a listener comes, the bus keeps the last
// PENDING_MAX events in this page's memory and hands them to the first listener (consent is checked when
// the client sends, as for any event it holds).

export type AnalyticsBusEvent =
  | { type: 'page_view' }
  | { type: 'experiment_viewed'; data: { experimentKey: string; variationId: number | string } }
  | {
      type: 'application_started'
      data: { kind: 'consumer-loan' | 'credit-card' | 'business-loan' | 'factoring' | 'mortgage' }
    }

/** Where and when a kept event happened (the page may have changed by the time a listener comes). */
export type EmittedOn = { at: Date; href: string; title: string }

export type AnalyticsListener = (event: AnalyticsBusEvent, emittedOn?: EmittedOn) => void

const listeners = new Set<AnalyticsListener>()
export const PENDING_MAX = 20
let pending: Array<{ event: AnalyticsBusEvent; emittedOn: EmittedOn }> = []

export function emitAnalytics(event: AnalyticsBusEvent): void {
  if (listeners.size === 0) {
    const emittedOn = {
      at: new Date(),
      href: globalThis.location?.href ?? '',
      title: globalThis.document?.title ?? '',
    }
    pending = [...pending, { event, emittedOn }].slice(-PENDING_MAX)
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
  pending = []
  for (const { event, emittedOn } of waiting) {
    try {
      listener(event, emittedOn)
    } catch {
      // As in emitAnalytics.
    }
  }
  return () => {
    listeners.delete(listener)
  }
}
