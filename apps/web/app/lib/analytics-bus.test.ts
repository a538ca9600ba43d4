import { afterEach, describe, expect, it } from 'vitest'
import {
  type AnalyticsBusEvent,
  type EmittedOn,
  emitAnalytics,
  onAnalytics,
  PENDING_MAX,
} from './analytics-bus.ts'

// ADR 049: the analytics client loads after the first paint; what is emitted before it listens waits.

const stops: Array<() => void> = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

function listen() {
  const seen: Array<[AnalyticsBusEvent, EmittedOn | undefined]> = []
  stops.push(onAnalytics((event, emittedOn) => seen.push([event, emittedOn])))
  return seen
}

describe('the analytics bus', () => {
  it('hands the events emitted before any listener to the first one, with when they happened, once', () => {
    emitAnalytics({ type: 'page_view' })
    emitAnalytics({ type: 'application_started', data: { kind: 'consumer-loan' } })
    const first = listen()
    expect(first.map(([event]) => event.type)).toEqual(['page_view', 'application_started'])
    expect(first[0]?.[1]?.at).toBeInstanceOf(Date)
    const second = listen()
    emitAnalytics({ type: 'page_view' })
    expect(second).toEqual([[{ type: 'page_view' }, undefined]])
    expect(first).toHaveLength(3)
  })

  it('keeps only the last PENDING_MAX events while nobody listens', () => {
    for (let index = 0; index < PENDING_MAX + 5; index++)
      emitAnalytics({ type: 'experiment_viewed', data: { experimentKey: 'k', variationId: index } })
    const seen = listen()
    expect(seen).toHaveLength(PENDING_MAX)
    expect(seen[0]?.[0]).toEqual({ type: 'experiment_viewed', data: { experimentKey: 'k', variationId: 5 } })
  })
})
