import { type AnalyticsContext, buildAnalyticsContext } from '@lainava/domain/analytics-context'
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '@lainava/domain/http'
import { type AnalyticsBusEvent, type EmittedOn, onAnalytics } from './analytics-bus.ts'

// Issue 18 item 5 (ADR 037): analytics events from the bus are queued in memory and sent to
// POST /api/v1/events with navigator.sendBeacon when the page is hidden or every FLUSH_EVERY events, and
// only while the visitor has given marketing consent: without it nothing is sent and nothing is stored
// (the queue is dropped), so no request at all leaves before consent.

export const ANALYTICS_ENDPOINT = '/api/v1/events'
export const FLUSH_EVERY = 10
const BATCH_MAX = 50
/** A batch's body stays below the endpoint's limit (32 KiB, analytics-routes.ts), with room to spare. */
export const BATCH_BYTES = 30 * 1024
const SESSION_KEY = 'lainava.analytics.session'
const COUNT_KEY = 'lainava.analytics.sessions'

type QueuedEvent = AnalyticsBusEvent & { at: string; context: AnalyticsContext }

export type AnalyticsEnvironment = {
  hasConsent: () => boolean
  /** Sends one batch; true when the browser took it. */
  send?: (body: string) => boolean
  now?: () => Date
}

function randomId(): string {
  const bytes = new Uint8Array(18)
  crypto.getRandomValues(bytes)
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
}

/** The session's random id and how many sessions this browser had; created only with consent. */
function session(): { sessionId: string; sessionCount: number } {
  let sessionId = sessionStorage.getItem(SESSION_KEY)
  let sessionCount = Number(localStorage.getItem(COUNT_KEY) ?? '0') || 0
  if (!sessionId) {
    sessionId = randomId()
    sessionCount += 1
    sessionStorage.setItem(SESSION_KEY, sessionId)
    localStorage.setItem(COUNT_KEY, String(sessionCount))
  }
  return { sessionId, sessionCount: Math.max(sessionCount, 1) }
}

/** Removes the session id and count (consent withdrawn). */
export function forgetAnalyticsIds(): void {
  try {
    sessionStorage.removeItem(SESSION_KEY)
    localStorage.removeItem(COUNT_KEY)
  } catch {
    // Storage off: nothing was kept.
  }
}

function beacon(body: string): boolean {
  const blob = new Blob([body], { type: 'application/json' })
  try {
    if (navigator.sendBeacon?.(ANALYTICS_ENDPOINT, blob)) return true
  } catch {
    // Some browsers refuse a JSON beacon: fall back to a keepalive fetch.
  }
  void fetch(ANALYTICS_ENDPOINT, {
    method: 'POST',
    body,
    keepalive: true,
    headers: { 'content-type': 'application/json', [CLIENT_HEADER]: CLIENT_HEADER_VALUE },
  }).catch(() => undefined)
  return true
}

/** The context of the page an event came from: this one, or the one an event that waited was emitted on. */
function contextOf(page: EmittedOn | undefined): AnalyticsContext {
  return buildAnalyticsContext({
    href: page?.href ?? window.location.href,
    referrer: document.referrer,
    title: page?.title ?? document.title,
    language: page?.language ?? document.documentElement.lang,
    screen: { width: window.screen.width, height: window.screen.height },
    viewport: page?.viewport ?? { width: window.innerWidth, height: window.innerHeight },
  })
}

const encoder = new TextEncoder()

/** The events in batches of at most BATCH_MAX events and BATCH_BYTES of body each (UTF-8). */
function batches(events: QueuedEvent[], envelopeBytes: number): QueuedEvent[][] {
  const parts: QueuedEvent[][] = []
  let part: QueuedEvent[] = []
  let bytes = envelopeBytes
  for (const event of events) {
    const size = encoder.encode(JSON.stringify(event)).length + 1 // and its comma
    if (part.length > 0 && (part.length >= BATCH_MAX || bytes + size > BATCH_BYTES)) {
      parts.push(part)
      part = []
      bytes = envelopeBytes
    }
    part.push(event)
    bytes += size
  }
  if (part.length > 0) parts.push(part)
  return parts
}

/** Starts listening to the bus; the returned function stops (and flushes what is queued). */
export function startAnalytics(environment: AnalyticsEnvironment): () => void {
  const send = environment.send ?? beacon
  const now = environment.now ?? (() => new Date())
  let queue: QueuedEvent[] = []

  function flush() {
    if (queue.length === 0) return
    const events = queue
    queue = []
    let consented = false
    try {
      consented = environment.hasConsent()
    } catch {
      consented = false
    }
    if (!consented) return
    try {
      const { sessionId, sessionCount } = session()
      for (const part of batches(events, JSON.stringify({ sessionId, sessionCount, events: [] }).length)) {
        send(JSON.stringify({ sessionId, sessionCount, events: part }))
      }
    } catch {
      // Storage blocked or the send failed: analytics never breaks the page.
    }
  }

  const stop = onAnalytics((event, emittedOn) => {
    queue.push({ ...event, at: (emittedOn?.at ?? now()).toISOString(), context: contextOf(emittedOn) })
    if (queue.length >= FLUSH_EVERY) flush()
  })
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') flush()
  }
  document.addEventListener('visibilitychange', onVisibility)
  window.addEventListener('pagehide', flush)
  // Loaded after hydration (ADR 060): a page hidden before then sends what waited for the client now.
  onVisibility()
  return () => {
    flush()
    stop()
    document.removeEventListener('visibilitychange', onVisibility)
    window.removeEventListener('pagehide', flush)
  }
}
