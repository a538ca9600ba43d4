import { createContext, type ReactNode, useContext, useEffect, useState, useSyncExternalStore } from 'react'
import { type Exposure, reportExposure } from './flags-exposure.ts'
import type { FlagsData } from './flags-identity.ts'

// Issue 18 item 3 (ADR 038): `useFlag(key, fallback)` reads the value the server evaluated, so the
// server's HTML and the first client render agree (no flicker, no hydration mismatch). After hydration
// the SDK loads lazily (flags-client.ts) and takes over: a change from the stream re-renders the users.

export type FlagStore = {
  get(key: string): unknown
  subscribe(listener: () => void): () => void
  /** A component reads `key`: the SDK evaluates it once connected (and tracks an experiment's exposure). */
  use(key: string): () => void
  /** The SDK's evaluation; every used key is evaluated at once and after each change. */
  connect(evaluate: (key: string) => unknown): void
  /** The payload changed (the stream): evaluate the used keys again. */
  refresh(): void
}

/**
 * The exposures of the server's evaluation and how to report one: a key used before the SDK is
 * connected reports its experiment, after the current task, unless the SDK has connected or the stream
 * changed the value meanwhile (it need not wait for a listener: the analytics bus keeps what is emitted
 * before the client listens, ADR 060). Once connected, the SDK reports.
 */
export type ExposureOptions = {
  exposures?: Record<string, Exposure>
  report(exposure: Exposure): void
  defer?(run: () => void): void
}

export function createFlagStore(
  initial: Record<string, unknown>,
  exposureOptions?: ExposureOptions,
): FlagStore {
  let values = initial
  let evaluate: ((key: string) => unknown) | null = null
  const listeners = new Set<() => void>()
  const used = new Map<string, number>()

  function refresh() {
    if (!evaluate) return
    let next: Record<string, unknown> | null = null
    for (const key of used.keys()) {
      let value: unknown
      try {
        value = evaluate(key)
      } catch {
        value = null
      }
      if (!Object.is(value, values[key]) && JSON.stringify(value) !== JSON.stringify(values[key])) {
        next ??= { ...values }
        next[key] = value
      }
    }
    if (!next) return
    values = next
    for (const listener of [...listeners]) listener()
  }

  return {
    get: (key) => values[key],
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    use(key) {
      used.set(key, (used.get(key) ?? 0) + 1)
      const exposure = exposureOptions?.exposures?.[key]
      if (exposure && !evaluate) {
        const defer = exposureOptions.defer ?? ((run: () => void) => void setTimeout(run, 0))
        defer(() => {
          // Still the server's value on the page (no stream change has replaced it meanwhile).
          if (!evaluate && Object.is(values[key], initial[key])) exposureOptions.report(exposure)
        })
      }
      if (evaluate) refresh()
      return () => {
        const count = (used.get(key) ?? 1) - 1
        if (count > 0) used.set(key, count)
        else used.delete(key)
      }
    },
    connect(next) {
      evaluate = next
      refresh()
    },
    refresh,
  }
}

const FlagsContext = createContext<{ store: FlagStore; data: FlagsData | null } | null>(null)

/** Holds this page's flags (one store per page load, never shared between requests on the server). */
export function FlagsProvider({
  data,
  children,
}: {
  data: FlagsData | null | undefined
  children: ReactNode
}) {
  const [value] = useState(() => ({
    store: createFlagStore(data?.values ?? {}, { exposures: data?.exposures, report: reportExposure }),
    data: data ?? null,
  }))
  return <FlagsContext.Provider value={value}>{children}</FlagsContext.Provider>
}

const noStore = () => () => {}

/** A value of the fallback's type: the flag's when it has one, else the code's default (spec §8). */
export function flagValueOr<T>(value: unknown, fallback: T): T {
  if (value === null || value === undefined) return fallback
  if (typeof value !== typeof fallback) return fallback
  if (Array.isArray(fallback) !== Array.isArray(value)) return fallback
  return value as T
}

export function useFlag<T>(key: string, fallback: T): T {
  const flags = useContext(FlagsContext)
  const store = flags?.store
  useEffect(() => store?.use(key), [store, key])
  const read = () => store?.get(key)
  const value = useSyncExternalStore(store?.subscribe ?? noStore, read, read)
  return flagValueOr(value, fallback)
}

/** For the client start: the store and the server's data of this page. */
export function useFlagsState(): { store: FlagStore; data: FlagsData | null } | null {
  return useContext(FlagsContext)
}
