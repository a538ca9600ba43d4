import { type AnalyticsBusEvent, emitAnalytics } from './analytics-bus.ts'
import { hasMarketingConsent } from './consent.ts'

// Issue 18 item 5 (review): an experiment's exposure, sent as `experiment_viewed` with marketing
// consent. Two sources report one: the page as soon as it hydrates, for the experiments the server
// rendering evaluated (the SDK itself loads only at the first interaction or after 5 s, and a fast
// visitor may be gone by then), and the SDK's tracking callback. Each experiment and variation is sent
// once per browser session, whichever source comes first. Without consent nothing is sent, and
// nothing is remembered either, so a later report after consent still counts.

/** An exposure: the experiment's key and the variation's id (its meta key, else its index). */
export type Exposure = { experimentKey: string; variationId: string | number }

/** Session storage key of the exposures already sent in this session. */
export const EXPOSED_KEY = 'lainava.flags.exposed'

export type ExposureEnvironment = {
  hasConsent(): boolean
  /** The session's storage; null where storage is off (then this page load remembers them). */
  storage(): Pick<Storage, 'getItem' | 'setItem'> | null
  emit(event: AnalyticsBusEvent): void
}

/** A variation's id as the SDK's result gives it: its meta key when the rule has one, else its index. */
export function variationIdOf(result: { key?: string; variationId: number }): string | number {
  return result.key ?? result.variationId
}

/** A reporter: sends an exposure unless it was sent in this session; true when it was sent now. */
export function exposureReporter(environment: ExposureEnvironment): (exposure: Exposure) => boolean {
  const inMemory = new Set<string>()
  const storage = () => {
    try {
      return environment.storage()
    } catch {
      return null
    }
  }
  const seen = (): string[] => {
    try {
      const parsed: unknown = JSON.parse(storage()?.getItem(EXPOSED_KEY) ?? '[]')
      return Array.isArray(parsed) ? parsed.filter((entry) => typeof entry === 'string') : []
    } catch {
      return []
    }
  }
  return (exposure) => {
    let consented = false
    try {
      consented = environment.hasConsent()
    } catch {
      consented = false
    }
    if (!consented) return false
    const id = JSON.stringify([exposure.experimentKey, exposure.variationId])
    const sent = seen()
    if (inMemory.has(id) || sent.includes(id)) return false
    inMemory.add(id)
    try {
      storage()?.setItem(EXPOSED_KEY, JSON.stringify([...sent, id].slice(-100)))
    } catch {
      // Storage full or off: this page load still remembers it.
    }
    environment.emit({
      type: 'experiment_viewed',
      data: { experimentKey: exposure.experimentKey, variationId: exposure.variationId },
    })
    return true
  }
}

/** The page's reporter: the browser's session storage, the marketing cookie and the analytics bus. */
export const reportExposure = exposureReporter({
  hasConsent: hasMarketingConsent,
  storage: () => window.sessionStorage,
  emit: emitAnalytics,
})
