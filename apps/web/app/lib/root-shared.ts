import type { RootData } from './root-data.ts'

// ADR 052: the part of the root loader's data that is the same for every request of a language,
// message scope and sign-in state (the page's messages and the site's menus, about 30 KB) travels
// as one JSON string made once per server process. Encoding it value by value (turbo-stream) was
// an eighth of a live page's server CPU; a string is copied as it is. The browser parses it once.

/** The messages and the menus: what `RootWire.shared` holds. */
export type RootShared = Pick<RootData, 'messages' | 'coreMessages' | 'navigation'>

/** The root loader's data as it travels: `RootData` with its shared part as JSON. */
export type RootWire = Omit<RootData, keyof RootShared> & { shared: string }

// What each string stands for, so that it is parsed at most once:
// - `made`: every string `encodeRootShared` made, with the value it was made from. Only the server
//   encodes (`rootSharedJson`, once per content, language, scope and sign-in: about 120 at most), so
//   this holds what that cache holds and needs no cap; the server's render never parses.
// - `parsed`: the browser's parses of strings a page brought, the last 64, so that a client navigation
//   in the same language and scope does not parse again. Parsed values are never changed.
const made = new Map<string, RootShared>()
const MAX_PARSED = 64
const parsed = new Map<string, RootShared>()

/** The JSON of the shared part; its value is remembered, so the server's own render never parses it. */
export function encodeRootShared(value: RootShared): string {
  const json = JSON.stringify(value)
  made.set(json, value)
  return json
}

export function decodeRootShared(json: string): RootShared {
  const known = made.get(json) ?? parsed.get(json)
  if (known) return known
  if (parsed.size >= MAX_PARSED) parsed.delete(parsed.keys().next().value as string)
  const value = JSON.parse(json) as RootShared
  parsed.set(json, value)
  return value
}

const decoded = new WeakMap<RootWire, RootData>()

/** The root data from what the loader sent: one object per loader result, as before the encoding. */
export function decodeRootData(wire: RootWire): RootData {
  let data = decoded.get(wire)
  if (!data) {
    const { shared, ...rest } = wire
    data = { ...rest, ...decodeRootShared(shared) }
    decoded.set(wire, data)
  }
  return data
}
