import { createContext, type ReactNode, useContext } from 'react'
import type { RootData } from './root-data.ts'
import { decodeRootData, type RootWire } from './root-shared.ts'
import { useRouteLoaderData } from './router.tsx'

const RootDataContext = createContext<RootData | undefined>(undefined)

// In the browser, the last root data seen: when a client navigation fails before
// the root loader has run, the error page still has the layout and the language.
// (Never on the server, where module state would be shared between requests.)
let lastInBrowser: RootData | undefined

export function useResolvedRootData(): RootData | undefined {
  const wire = useRouteLoaderData<RootWire>('root')
  if (typeof document === 'undefined') return wire ? decodeRootData(wire) : undefined
  let data: RootData | undefined
  try {
    data = wire ? decodeRootData(wire) : undefined
  } catch (error) {
    // Root data whose shared file is not here (ADR 063: no path should lead here) keeps the last
    // page's layout rather than a blank page; without one, the error stands.
    if (!lastInBrowser) throw error
  }
  if (data) lastInBrowser = data
  return data ?? lastInBrowser
}

export function RootDataProvider({ value, children }: { value: RootData | undefined; children: ReactNode }) {
  return <RootDataContext.Provider value={value}>{children}</RootDataContext.Provider>
}

export function useRootData(): RootData | undefined {
  return useContext(RootDataContext)
}
