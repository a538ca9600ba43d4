import { LANDING_CTA_FLAG } from '@lainava/domain/demo-flags'
import type { FeaturesPayload } from '@lainava/domain/flags'
import { describe, expect, it } from 'vitest'
import type { AnalyticsBusEvent } from './analytics-bus.ts'
import { evaluateWithExposures } from './flags.server.ts'
import { createFlagStore } from './flags.tsx'
import { EXPOSED_KEY, type Exposure, exposureReporter } from './flags-exposure.ts'
import { flagAttributes } from './flags-identity.ts'

// Issue 18 item 5 (review): the landing's experiment is reported as soon as the page hydrates, from
// the server's evaluation, once per experiment and variation per session, and only with consent.

/** The seeded landing experiment (the seed's LANDING_CTA_FLAG) and a plain flag. */
const PAYLOAD: FeaturesPayload = {
  features: {
    [LANDING_CTA_FLAG.key]: LANDING_CTA_FLAG.definition,
    plain: { defaultValue: true },
  },
  experiments: [],
  dateUpdated: '2026-11-24T00:00:00.000Z',
}

function attributes(deviceId: string) {
  return flagAttributes({
    deviceId,
    randomId: 'random-id-0000000000',
    url: new URL('https://lainava.fi/'),
    userAgent: 'Mozilla/5.0 Chrome/130',
    country: 'FI',
    language: 'fi',
    userId: null,
  })
}

function memoryStorage() {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  }
}

function reporter(options: { consent: () => boolean; storage?: ReturnType<typeof memoryStorage> | null }) {
  const events: AnalyticsBusEvent[] = []
  const storage = options.storage === undefined ? memoryStorage() : options.storage
  const report = exposureReporter({
    hasConsent: options.consent,
    storage: () => storage,
    emit: (e) => events.push(e),
  })
  return { report, events, storage }
}

describe('the server evaluation', () => {
  it("names the experiment and variation of a flag the visitor is in, as the SDK's callback would", () => {
    const { values, exposures } = evaluateWithExposures(PAYLOAD, attributes('device-id-aaaaaaaaaa'))
    const variation = values['landing-cta-text'] === 'apply' ? '0' : '1'
    expect(exposures).toEqual({
      'landing-cta-text': { experimentKey: 'landing-cta-text', variationId: variation },
    })
    // Another visitor can land in the other variation; its exposure follows its value.
    for (const id of ['device-id-bbbbbbbbbb', 'device-id-cccccccccc', 'device-id-dddddddddd']) {
      const other = evaluateWithExposures(PAYLOAD, attributes(id))
      expect(other.exposures['landing-cta-text']?.variationId).toBe(
        other.values['landing-cta-text'] === 'apply' ? '0' : '1',
      )
    }
  })
})

describe('the exposure reporter', () => {
  const exposure: Exposure = { experimentKey: 'landing-cta-text', variationId: '1' }

  it('sends an exposure once per session, also from a new page load (both sources share the session)', () => {
    const first = reporter({ consent: () => true })
    expect(first.report(exposure)).toBe(true)
    expect(first.report(exposure)).toBe(false)
    expect(first.events).toEqual([
      { type: 'experiment_viewed', data: { experimentKey: 'landing-cta-text', variationId: '1' } },
    ])
    const nextPage = reporter({ consent: () => true, storage: first.storage })
    expect(nextPage.report(exposure)).toBe(false)
    expect(nextPage.report({ ...exposure, variationId: '0' })).toBe(true)
    expect(nextPage.events).toHaveLength(1)
  })

  it('sends nothing and remembers nothing without consent; with consent later it counts', () => {
    let consent = false
    const page = reporter({ consent: () => consent })
    expect(page.report(exposure)).toBe(false)
    expect(page.storage?.getItem(EXPOSED_KEY)).toBeNull()
    consent = true
    expect(page.report(exposure)).toBe(true)
    expect(page.events).toHaveLength(1)
  })

  it('still sends once per page load where storage is off', () => {
    const page = reporter({ consent: () => true, storage: null })
    expect(page.report(exposure)).toBe(true)
    expect(page.report(exposure)).toBe(false)
  })
})

describe('the flag store at hydration', () => {
  it('reports the server exposure of a used flag after the current task, once, and not once the SDK is connected', () => {
    const { values, exposures } = evaluateWithExposures(PAYLOAD, attributes('device-id-aaaaaaaaaa'))
    const reported: Exposure[] = []
    const deferred: Array<() => void> = []
    const store = createFlagStore(values, {
      exposures,
      report: (e) => void reported.push(e),
      defer: (run) => void deferred.push(run),
    })
    store.use('plain')
    const release = store.use('landing-cta-text')
    expect(reported).toEqual([]) // not during the effects (the analytics listener may not be there yet)
    for (const run of deferred.splice(0)) run()
    expect(reported).toEqual([exposures['landing-cta-text']])

    // Once the SDK runs, it reports through its own callback; the store does not again.
    release()
    store.connect((key) => values[key])
    store.use('landing-cta-text')
    for (const run of deferred.splice(0)) run()
    expect(reported).toHaveLength(1)
  })
})
