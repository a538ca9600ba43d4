import { GrowthBook } from '@growthbook/growthbook'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { flagAttributes } from './flags-identity.ts'
import { browserAttributes, closeStreamWhenHidden, FLAG_CACHE } from './flags-sdk.ts'

// A content blocker blocks the tracking file by its name (ADR 060): the flags' start-up must not need it.
vi.mock('./after-hydration.ts', () => {
  throw new TypeError('Failed to fetch dynamically imported module (blocked)')
})

// Issue 18 item 6 (review): the SDK settings that are ours. Spec §9: cache 60 s stale, 4 h max age,
// 10 entries; the stream closed after 20 s hidden (initSync installs no idle listener, so ours does).

describe("the SDK's start-up", () => {
  it('loads without the after-hydration file of tracking', async () => {
    const { loadFlagsSdk } = await import('./flags-client.ts')
    await expect(loadFlagsSdk()).resolves.toHaveProperty('startFlagsClient')
  })
})

describe('the SDK cache settings', () => {
  it('are the spec’s', () => {
    expect(FLAG_CACHE).toEqual({
      staleTTL: 60 * 1000,
      maxAge: 4 * 60 * 60 * 1000,
      maxEntries: 10,
      idleStreamInterval: 20 * 1000,
    })
  })
})

describe('closing the stream while the page is hidden', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  function page() {
    const target = new EventTarget() as EventTarget & { visibilityState: DocumentVisibilityState }
    target.visibilityState = 'visible'
    const show = (state: DocumentVisibilityState) => {
      target.visibilityState = state
      target.dispatchEvent(new Event('visibilitychange'))
    }
    return { target, show }
  }

  it('closes it after 20 s hidden and opens it again when visible', () => {
    const { target, show } = page()
    const stream = { onHidden: vi.fn(), onVisible: vi.fn() }
    closeStreamWhenHidden(target as unknown as Document, stream)
    show('hidden')
    vi.advanceTimersByTime(19_999)
    expect(stream.onHidden).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(stream.onHidden).toHaveBeenCalledTimes(1)
    show('visible')
    expect(stream.onVisible).toHaveBeenCalledTimes(1)
  })

  it('keeps it open when the page is back within 20 s, and stops watching when stopped', () => {
    const { target, show } = page()
    const stream = { onHidden: vi.fn(), onVisible: vi.fn() }
    const stop = closeStreamWhenHidden(target as unknown as Document, stream)
    show('hidden')
    vi.advanceTimersByTime(10_000)
    show('visible')
    vi.advanceTimersByTime(60_000)
    expect(stream.onHidden).not.toHaveBeenCalled()
    show('hidden')
    stop()
    vi.advanceTimersByTime(60_000)
    show('visible')
    expect(stream.onHidden).not.toHaveBeenCalled()
    expect(stream.onVisible).toHaveBeenCalledTimes(1)
  })
})

describe('the hash attribute', () => {
  it("is the browser's location.hash for the SDK, where the server's rendering had ''", () => {
    const server = flagAttributes({
      deviceId: 'device-id-aaaaaaaaaa',
      randomId: 'random-id-aaaaaaaaaa',
      url: new URL('https://lainava.fi/?a=1#promo'),
      userAgent: '',
      country: 'FI',
      language: 'fi',
      userId: null,
    })
    expect(server.hash).toBe('')
    const evaluate = (attributes: object) => {
      const growthbook = new GrowthBook({ attributes }).initSync({
        payload: {
          features: {
            banner: { defaultValue: false, rules: [{ condition: { hash: '#promo' }, force: true }] },
          },
        },
      })
      const value = growthbook.getFeatureValue('banner', false)
      growthbook.destroy()
      return value
    }
    expect(evaluate(server)).toBe(false)
    expect(evaluate(browserAttributes(server, '#promo'))).toBe(true)
  })
})
