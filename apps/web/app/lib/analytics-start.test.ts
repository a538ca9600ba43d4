// @vitest-environment happy-dom
import { AFFILIATE_STORAGE_KEY } from '@lainava/domain/affiliate'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

// ADR 060 (ADR 049's review list): the affiliate capture and the analytics client load after hydration.
// The click and the referrer category are those of the page the visitor landed on, page views emitted
// before the file arrives are sent once, a later consent choice still moves or forgets the records, and a
// file that fails to load leaves no unhandled rejection. Each test has its own bus (a fresh module graph).

type Beacon = { sessionId: string; events: Array<{ type: string; context: { url: string } }> }
let beacons: Blob[]

beforeEach(() => {
  vi.resetModules()
  sessionStorage.clear()
  localStorage.clear()
  beacons = []
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (_url: string, body: Blob) => {
      beacons.push(body)
      return true
    },
  })
})
afterEach(() => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' })
  Reflect.deleteProperty(document, 'referrer')
  vi.useRealTimers()
})

function landFrom(referrer: string) {
  Object.defineProperty(document, 'referrer', { configurable: true, value: referrer })
}

function sessionStorageText(): string {
  return Object.keys(sessionStorage)
    .map((key) => `${key}=${sessionStorage.getItem(key)}`)
    .join('\n')
}

const never = () => new Promise<never>(() => undefined)

async function modules() {
  const start = await import('./analytics-start.ts')
  const bus = await import('./analytics-bus.ts')
  const tracking = await import('./after-hydration.ts')
  return { ...start, ...bus, tracking }
}

/** A load that finishes when the test says so. */
function deferredLoad(tracking: Awaited<ReturnType<typeof modules>>['tracking']) {
  let arrive = () => {}
  const load = vi.fn(
    () =>
      new Promise<typeof tracking>((resolve) => {
        arrive = () => resolve(tracking)
      }),
  )
  return { load, arrive: async () => arrive() }
}

async function sentEvents(): Promise<Beacon['events']> {
  const bodies = await Promise.all(beacons.map((blob) => blob.text()))
  return bodies.flatMap((body) => (JSON.parse(body) as Beacon).events)
}

function hide() {
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' })
  document.dispatchEvent(new Event('visibilitychange'))
}

const noConsentChanges = () => () => undefined

/**
 * A full page load at `path` (a new module graph, the same storage), without consent. `file: 'never'`:
 * the page is left before its file arrives; `'arrives'`: the file loads, and the start's stop is returned.
 */
async function pageLoad(path: string, file: 'never' | 'arrives') {
  vi.resetModules()
  const page = await modules()
  window.history.replaceState(null, '', path)
  return page.startTrackingAfterHydration(
    () => false,
    noConsentChanges,
    file === 'never' ? never : async () => page.tracking,
  )
}

describe('tracking started after hydration', () => {
  it('keeps the click and referrer of the page landed on, even after a navigation in the app', async () => {
    const { startTrackingAfterHydration, tracking } = await modules()
    window.history.replaceState(null, '', '/?utm_source=adtraction&at_gd=AT-1')
    landFrom('https://www.google.fi/search?q=laina')
    const { load, arrive } = deferredLoad(tracking)
    const stop = startTrackingAfterHydration(() => false, noConsentChanges, load)
    window.history.pushState(null, '', '/kulutusluotto/')
    // What the file reads must be what it is handed: the noted entry and the page as it is now say nothing.
    sessionStorage.removeItem('lainava.landing-pending')
    landFrom('')
    await arrive()
    await vi.waitFor(() => expect(sessionStorage.getItem(AFFILIATE_STORAGE_KEY)).toContain('AT-1'))
    expect(sessionStorage.getItem('lainava.landing-source')).toBe('search')
    stop()
  })

  it('keeps the click of a page load left before its file came, at the next page load', async () => {
    await pageLoad('/?utm_source=adtraction&at_gd=AT-LEFT', 'never')
    // A full page load to another page: a new module graph, the same session storage.
    const stop = await pageLoad('/autolaina/', 'arrives')
    await vi.waitFor(() => expect(sessionStorage.getItem(AFFILIATE_STORAGE_KEY)).toContain('AT-LEFT'))
    await vi.waitFor(() => expect(sessionStorage.getItem('lainava.landing-pending')).toBeNull())
    stop()
  })

  it('notes no more of a landing than the capture needs: no token of the address, only the referrer origin', async () => {
    // The one-time login link, opened from a webmail page whose address names the message.
    landFrom('https://mail.example.com/inbox/secret-message?q=secret-query')
    await pageLoad(
      '/kirjaudu/?token=secret-token&id=secret-id&utm_source=financer&clickid=FIN-1&utm_campaign=kevat',
      'never',
    )
    expect(sessionStorage.getItem('lainava.landing-pending')).not.toBeNull()
    expect(sessionStorageText()).not.toContain('secret')
    // The next page load captures the click and the referrer category from what was noted.
    landFrom('')
    const stop = await pageLoad('/autolaina/', 'arrives')
    await vi.waitFor(() => expect(sessionStorage.getItem('lainava.landing-pending')).toBeNull())
    expect(JSON.parse(sessionStorage.getItem(AFFILIATE_STORAGE_KEY) ?? 'null')).toMatchObject({
      affiliate: 'financer',
      trackingId: 'FIN-1',
      meta: { campaign: 'kevat', landingPath: '/kirjaudu/' },
    })
    expect(sessionStorage.getItem('lainava.landing-source')).toBe('referral')
    expect(sessionStorageText()).not.toContain('secret')
    stop()
  })

  it('dates a click captured at the next page load when it was landed on', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-24T10:00:00Z'))
    await pageLoad('/?utm_source=adtraction&at_gd=AT-DATED', 'never')
    vi.setSystemTime(new Date('2026-11-24T10:05:00Z'))
    const stop = await pageLoad('/autolaina/', 'arrives')
    await vi.waitFor(() => expect(sessionStorage.getItem(AFFILIATE_STORAGE_KEY)).toContain('AT-DATED'))
    expect(JSON.parse(sessionStorage.getItem(AFFILIATE_STORAGE_KEY) ?? 'null').encounteredAt).toBe(
      '2026-11-24T10:00:00.000Z',
    )
    stop()
  })

  it('an entry that cannot be read is removed, and the next landings are noted again', async () => {
    sessionStorage.setItem('lainava.landing-pending', '{not json')
    const stopFirst = await pageLoad('/', 'arrives')
    await vi.waitFor(() => expect(sessionStorage.getItem('lainava.landing-pending')).toBeNull())
    stopFirst()
    // A page load left before its file came, then the next one.
    await pageLoad('/?utm_source=adtraction&at_gd=AT-AFTER', 'never')
    const stop = await pageLoad('/autolaina/', 'arrives')
    await vi.waitFor(() => expect(sessionStorage.getItem(AFFILIATE_STORAGE_KEY)).toContain('AT-AFTER'))
    stop()
  })

  it('sends the page views emitted before the file arrived, once each, with consent', async () => {
    const { startTrackingAfterHydration, emitAnalytics, tracking } = await modules()
    window.history.replaceState(null, '', '/')
    emitAnalytics({ type: 'page_view' })
    window.history.pushState(null, '', '/autolaina/')
    emitAnalytics({ type: 'page_view' })
    const { load, arrive } = deferredLoad(tracking)
    const stop = startTrackingAfterHydration(() => true, noConsentChanges, load)
    await arrive()
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1))
    await Promise.resolve()
    emitAnalytics({ type: 'page_view' })
    hide()
    hide()
    const events = await sentEvents()
    // Each on the page it was emitted on, not the page the client found when it started.
    expect(events.map((event) => [event.type, event.context.url])).toEqual([
      ['page_view', '/'],
      ['page_view', '/autolaina/'],
      ['page_view', '/autolaina/'],
    ])
    stop()
  })

  it('keeps the page view of a root that mounts again (after its error boundary) until its file arrives', async () => {
    const { startTrackingAfterHydration, emitAnalytics, tracking } = await modules()
    window.history.replaceState(null, '', '/')
    emitAnalytics({ type: 'page_view' })
    const stopFirst = startTrackingAfterHydration(
      () => true,
      noConsentChanges,
      async () => tracking,
    )
    await vi.waitFor(() => expect(sessionStorage.getItem('lainava.landing-pending')).toBeNull())
    // The root's error boundary unmounts the app (its client stops); the next navigation mounts it again.
    stopFirst()
    window.history.pushState(null, '', '/autolaina/')
    emitAnalytics({ type: 'page_view' })
    const { load, arrive } = deferredLoad(tracking)
    const stop = startTrackingAfterHydration(() => true, noConsentChanges, load)
    await arrive()
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1))
    await Promise.resolve()
    hide()
    expect((await sentEvents()).map((event) => [event.type, event.context.url])).toContainEqual([
      'page_view',
      '/autolaina/',
    ])
    stop()
  })

  it('sends them at once when the page was hidden before the file arrived', async () => {
    const { startTrackingAfterHydration, emitAnalytics, tracking } = await modules()
    window.history.replaceState(null, '', '/')
    emitAnalytics({ type: 'page_view' })
    hide()
    const { load, arrive } = deferredLoad(tracking)
    const stop = startTrackingAfterHydration(() => true, noConsentChanges, load)
    await arrive()
    await vi.waitFor(() => expect(beacons).toHaveLength(1))
    expect((await sentEvents()).map((event) => event.type)).toEqual(['page_view'])
    stop()
  })

  it('sends none of them without consent', async () => {
    const { startTrackingAfterHydration, emitAnalytics, tracking } = await modules()
    emitAnalytics({ type: 'page_view' })
    const { load, arrive } = deferredLoad(tracking)
    const stop = startTrackingAfterHydration(() => false, noConsentChanges, load)
    await arrive()
    await Promise.resolve()
    hide()
    expect(await sentEvents()).toEqual([])
    stop()
  })

  it('a consent given later moves the click to the 30-day record; withdrawn, forgets it', async () => {
    const { startTrackingAfterHydration, tracking } = await modules()
    window.history.replaceState(null, '', '/?utm_source=adtraction&at_gd=AT-2')
    let consent = false
    const listeners: Array<() => void> = []
    const onConsentChange = (listener: () => void) => {
      listeners.push(listener)
      return () => undefined
    }
    const { load, arrive } = deferredLoad(tracking)
    const stop = startTrackingAfterHydration(() => consent, onConsentChange, load)
    await arrive()
    await vi.waitFor(() => expect(sessionStorage.getItem(AFFILIATE_STORAGE_KEY)).toContain('AT-2'))
    expect(localStorage.getItem(AFFILIATE_STORAGE_KEY)).toBeNull()
    consent = true
    for (const listener of listeners) listener()
    expect(localStorage.getItem(AFFILIATE_STORAGE_KEY)).toContain('AT-2')
    consent = false
    for (const listener of listeners) listener()
    expect(localStorage.getItem(AFFILIATE_STORAGE_KEY)).toBeNull()
    stop()
  })

  it('a consent given before the file arrives counts at the start', async () => {
    const { startTrackingAfterHydration, tracking } = await modules()
    window.history.replaceState(null, '', '/?utm_source=adtraction&at_gd=AT-3')
    let consent = false
    const { load, arrive } = deferredLoad(tracking)
    const stop = startTrackingAfterHydration(() => consent, noConsentChanges, load)
    consent = true
    await arrive()
    await vi.waitFor(() => expect(localStorage.getItem(AFFILIATE_STORAGE_KEY)).toContain('AT-3'))
    stop()
  })

  it('a file that fails to load tracks nothing and rejects nothing unhandled', async () => {
    const { startTrackingAfterHydration } = await modules()
    const unhandled = vi.fn()
    process.on('unhandledRejection', unhandled)
    const failing = vi.fn(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')))
    const stop = startTrackingAfterHydration(() => true, noConsentChanges, failing)
    await vi.waitFor(() => expect(failing).toHaveBeenCalledTimes(1))
    await new Promise((resolve) => setImmediate(resolve))
    stop()
    process.off('unhandledRejection', unhandled)
    expect(unhandled).not.toHaveBeenCalled()
    expect(sessionStorage.getItem(AFFILIATE_STORAGE_KEY)).toBeNull()
  })
})

describe('the after-hydration file', () => {
  it("needs nothing of the root's hook (no import cycle with analytics-start.ts)", async () => {
    vi.doMock('./analytics-start.ts', () => {
      throw new Error('imported')
    })
    try {
      await expect(import('./after-hydration.ts')).resolves.toHaveProperty('startTracking')
    } finally {
      vi.doUnmock('./analytics-start.ts')
    }
  })
})

describe('the analytics bus', () => {
  it('keeps what is emitted before anyone listens for the first listener only, once', async () => {
    const { emitAnalytics, onAnalytics } = await modules()
    emitAnalytics({ type: 'page_view' })
    const first = vi.fn()
    const second = vi.fn()
    const stopFirst = onAnalytics(first)
    const stopSecond = onAnalytics(second)
    expect(first).toHaveBeenCalledTimes(1)
    expect(second).not.toHaveBeenCalled()
    emitAnalytics({ type: 'page_view' })
    expect(first).toHaveBeenCalledTimes(2)
    expect(second).toHaveBeenCalledTimes(1)
    stopFirst()
    stopSecond()
  })
  it('keeps at most PENDING_MAX events while no one listens', async () => {
    const { emitAnalytics, onAnalytics, PENDING_MAX } = await modules()
    for (let i = 0; i < PENDING_MAX + 10; i++) emitAnalytics({ type: 'page_view' })
    const listener = vi.fn()
    const stop = onAnalytics(listener)
    expect(listener).toHaveBeenCalledTimes(PENDING_MAX)
    stop()
  })
})
