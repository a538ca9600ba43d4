import { type AnalyticsBusEvent, emitAnalytics } from './analytics-bus.ts'
import { hasMarketingConsent } from './consent.ts'

// Issue 18 item 7 (ADR 038): the landing experiment is measured by applications started. An application
// counts as started when its form's first step is completed (the landing calculator's submit counts for
// the consumer loan: it carries that step's figures), once per form per browser session, and only with
// marketing consent: without it nothing is emitted and nothing is remembered. The event carries the
// form's kind only, never what was typed.

export type StartedKind = Extract<AnalyticsBusEvent, { type: 'application_started' }>['data']['kind']

/** Session storage: the kinds of form started in this tab's session. */
export const STARTED_KEY = 'lainava.analytics.started'

type SessionStore = Pick<Storage, 'getItem' | 'setItem'>

// When storage is blocked: remember for this page load at least.
const startedInMemory = new Set<StartedKind>()

function storedKinds(storage: SessionStore): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(STARTED_KEY) ?? '[]')
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : []
  } catch {
    return []
  }
}

/**
 * True the first time `kind` starts in this session (and remembers it), false after that.
 * Storage that throws falls back to this page's memory.
 */
export function firstStart(kind: StartedKind, storage: SessionStore | null): boolean {
  if (startedInMemory.has(kind)) return false
  startedInMemory.add(kind)
  if (!storage) return true
  try {
    const kinds = storedKinds(storage)
    if (kinds.includes(kind)) return false
    storage.setItem(STARTED_KEY, JSON.stringify([...kinds, kind]))
  } catch {
    // Storage full or blocked: the memory above still stops a second event on this page.
  }
  return true
}

/** Forgets the started forms (consent withdrawn: the session's analytics state goes with it). */
export function forgetStarted(storage: Pick<Storage, 'removeItem'> | null): void {
  startedInMemory.clear()
  try {
    storage?.removeItem(STARTED_KEY)
  } catch {
    // Nothing was kept.
  }
}

function sessionStore(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage
  } catch {
    return null
  }
}

/** A form's first step is done: emits `application_started` once per kind per session, with consent. */
export function applicationStarted(kind: StartedKind, consented: () => boolean = hasMarketingConsent): void {
  try {
    if (!consented()) return
    if (firstStart(kind, sessionStore())) emitAnalytics({ type: 'application_started', data: { kind } })
  } catch {
    // Analytics never breaks a form.
  }
}
