// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type AnalyticsBusEvent, onAnalytics } from './analytics-bus.ts'
import { applicationStarted, firstStart, forgetStarted, STARTED_KEY } from './analytics-started.ts'

// Issue 18 item 7: application_started once per form per session, only with consent, no form data.

let events: AnalyticsBusEvent[]
let stop: () => void
beforeEach(() => {
  events = []
  sessionStorage.clear()
  forgetStarted(sessionStorage)
  stop = onAnalytics((event) => events.push(event))
})
afterEach(() => stop())

describe('application_started', () => {
  it('fires once per form kind in a session, each kind on its own', () => {
    applicationStarted('consumer-loan', () => true)
    applicationStarted('consumer-loan', () => true)
    applicationStarted('mortgage', () => true)
    applicationStarted('mortgage', () => true)
    expect(events).toEqual([
      { type: 'application_started', data: { kind: 'consumer-loan' } },
      { type: 'application_started', data: { kind: 'mortgage' } },
    ])
    expect(JSON.parse(sessionStorage.getItem(STARTED_KEY) ?? '')).toEqual(['consumer-loan', 'mortgage'])
  })

  it('without consent emits nothing and remembers nothing, so a later consent still counts the start', () => {
    applicationStarted('factoring', () => false)
    expect(events).toEqual([])
    expect(sessionStorage.getItem(STARTED_KEY)).toBeNull()
    applicationStarted('factoring', () => true)
    expect(events).toEqual([{ type: 'application_started', data: { kind: 'factoring' } }])
  })

  it('a start kept in the session (another page of the same visit) is not counted again', () => {
    sessionStorage.setItem(STARTED_KEY, JSON.stringify(['credit-card']))
    expect(firstStart('credit-card', sessionStorage)).toBe(false)
    expect(firstStart('business-loan', sessionStorage)).toBe(true)
  })

  it('with storage blocked it still counts once per page, and an unreadable record is a fresh one', () => {
    const blocked = {
      getItem: () => {
        throw new Error('blocked')
      },
      setItem: () => {
        throw new Error('blocked')
      },
    }
    expect(firstStart('mortgage', blocked)).toBe(true)
    expect(firstStart('mortgage', blocked)).toBe(false)
    sessionStorage.setItem(STARTED_KEY, '{not json')
    expect(firstStart('consumer-loan', sessionStorage)).toBe(true)
  })

  it('forgetting (consent withdrawn) clears the record', () => {
    applicationStarted('consumer-loan', () => true)
    forgetStarted(sessionStorage)
    expect(sessionStorage.getItem(STARTED_KEY)).toBeNull()
    applicationStarted('consumer-loan', () => true)
    expect(events).toHaveLength(2)
  })
})
