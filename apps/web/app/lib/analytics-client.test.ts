// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { emitAnalytics } from './analytics-bus.ts'
import { BATCH_BYTES, FLUSH_EVERY, forgetAnalyticsIds, startAnalytics } from './analytics-client.ts'

// Issue 18 item 5: the queue sends only with marketing consent, on hide and every FLUSH_EVERY events.

let bodies: string[]
let sent: Array<{ sessionId: string; sessionCount: number; events: Array<Record<string, unknown>> }>
let consent: boolean
let stop: () => void

function hide() {
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' })
  document.dispatchEvent(new Event('visibilitychange'))
}

beforeEach(() => {
  sent = []
  bodies = []
  consent = false
  sessionStorage.clear()
  localStorage.clear()
  window.history.replaceState(null, '', '/kulutusluotto/?amount=5000&email=aino%40example.fi')
  stop = startAnalytics({
    hasConsent: () => consent,
    send: (body) => {
      bodies.push(body)
      sent.push(JSON.parse(body))
      return true
    },
  })
})
afterEach(() => {
  stop()
})

describe('the analytics client', () => {
  it('sends nothing and keeps no ids without consent, even when hidden or after many events', () => {
    for (let i = 0; i < FLUSH_EVERY * 2; i++) emitAnalytics({ type: 'page_view' })
    hide()
    expect(sent).toEqual([])
    expect(sessionStorage.length).toBe(0)
    expect(localStorage.length).toBe(0)
  })

  it('with consent, sends the queue when the page is hidden, with the context and no query values', () => {
    consent = true
    emitAnalytics({ type: 'page_view' })
    emitAnalytics({ type: 'experiment_viewed', data: { experimentKey: 'landing-cta', variationId: 1 } })
    expect(sent).toEqual([])
    hide()
    expect(sent).toHaveLength(1)
    const [batch] = sent
    expect(batch?.sessionCount).toBe(1)
    expect(batch?.sessionId).toMatch(/^[A-Za-z0-9_-]{16,64}$/)
    expect(batch?.events.map((event) => event.type)).toEqual(['page_view', 'experiment_viewed'])
    expect(batch?.events[0]?.context).toMatchObject({ url: '/kulutusluotto/?amount&email' })
    expect(JSON.stringify(sent)).not.toContain('aino')
  })

  it(`with consent, sends every ${FLUSH_EVERY} events`, () => {
    consent = true
    for (let i = 0; i < FLUSH_EVERY; i++) emitAnalytics({ type: 'page_view' })
    expect(sent).toHaveLength(1)
    expect(sent[0]?.events).toHaveLength(FLUSH_EVERY)
  })

  it('a withdrawn consent forgets the ids: the next consented session is a new one', () => {
    consent = true
    emitAnalytics({ type: 'page_view' })
    hide()
    forgetAnalyticsIds()
    expect(sessionStorage.length + localStorage.length).toBe(0)
    emitAnalytics({ type: 'page_view' })
    hide()
    expect(sent[1]?.sessionId).not.toBe(sent[0]?.sessionId)
  })

  it('cuts a flush into bodies below the endpoint’s limit (long addresses, non-ASCII titles)', () => {
    consent = true
    const names = Array.from({ length: 60 }, (_, i) => `${String(i).padStart(2, '0')}${'q'.repeat(38)}=1`)
    window.history.replaceState(null, '', `/${'a'.repeat(300)}/?${names.join('&')}`)
    document.title = 'Ö'.repeat(300)
    for (let i = 0; i < FLUSH_EVERY; i++) emitAnalytics({ type: 'page_view' })
    expect(sent.length).toBeGreaterThan(1)
    for (const body of bodies) expect(new TextEncoder().encode(body).length).toBeLessThanOrEqual(BATCH_BYTES)
    expect(sent.flatMap((batch) => batch.events)).toHaveLength(FLUSH_EVERY)
  })
})
