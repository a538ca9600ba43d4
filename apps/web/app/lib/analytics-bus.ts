// An in-page event hook (issue 18): features emit analytics events here without knowing where they go;
// the analytics client (analytics-client.ts) listens and sends them to our events endpoint, only with
// marketing consent. Emitting is always safe: without a listener, or without consent, nothing leaves the page.

export type AnalyticsBusEvent =
  | { type: 'page_view' }
  | { type: 'experiment_viewed'; data: { experimentKey: string; variationId: number | string } }
  | {
      type: 'application_started'
      data: { kind: 'consumer-loan' | 'credit-card' | 'business-loan' | 'factoring' | 'mortgage' }
    }

export type AnalyticsListener = (event: AnalyticsBusEvent) => void

const listeners = new Set<AnalyticsListener>()

export function emitAnalytics(event: AnalyticsBusEvent): void {
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
  return () => {
    listeners.delete(listener)
  }
}
