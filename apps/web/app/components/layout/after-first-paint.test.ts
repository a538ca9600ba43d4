// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AFTER_LOAD_MS, afterFirstPaint } from './after-first-paint.ts'

// ADR 049: deferred code starts at the first interaction, some time after the load event, or (when
// asked) as the page is hidden; never twice, never after being cancelled.

beforeEach(() => {
  vi.useFakeTimers()
  Object.defineProperty(document, 'readyState', { configurable: true, value: 'complete' })
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' })
})
afterEach(() => {
  vi.useRealTimers()
})

describe('afterFirstPaint', () => {
  it('waits for an interaction, then runs once when idle', () => {
    const run = vi.fn()
    const cancel = afterFirstPaint(run)
    vi.advanceTimersByTime(AFTER_LOAD_MS - 1)
    expect(run).not.toHaveBeenCalled()
    window.dispatchEvent(new Event('pointerdown'))
    vi.runAllTimers()
    window.dispatchEvent(new Event('keydown'))
    vi.runAllTimers()
    expect(run).toHaveBeenCalledTimes(1)
    cancel()
  })

  it('runs AFTER_LOAD_MS after the load event without any interaction, or sooner when asked', () => {
    const late = vi.fn()
    const soon = vi.fn()
    afterFirstPaint(late)
    afterFirstPaint(soon, { afterLoadMs: 0 })
    vi.advanceTimersByTime(1)
    vi.runOnlyPendingTimers()
    expect(soon).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(AFTER_LOAD_MS)
    vi.runOnlyPendingTimers()
    expect(late).toHaveBeenCalledTimes(1)
  })

  it('runs at once when the page is hidden if asked to, and not at all once cancelled', () => {
    const onHide = vi.fn()
    const cancelled = vi.fn()
    afterFirstPaint(onHide, { onHide: true })
    afterFirstPaint(cancelled, { onHide: true })()
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' })
    document.dispatchEvent(new Event('visibilitychange'))
    expect(onHide).toHaveBeenCalledTimes(1)
    vi.runAllTimers()
    window.dispatchEvent(new Event('pointerdown'))
    vi.runAllTimers()
    expect(cancelled).not.toHaveBeenCalled()
    expect(onHide).toHaveBeenCalledTimes(1)
  })
})
