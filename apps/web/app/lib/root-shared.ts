import type { RootData } from './root-data.ts'

// ADR 052: the part of the root loader's data that is the same for every request of a language,
// message scope and sign-in state (the page's messages and the site's menus, about 30 KB) travels
// as one JSON string made once per server process. Encoding it value by value (turbo-stream) was
// an eighth of a live page's server CPU; a string is copied as it is. The browser parses it once.

/** The messages and the menus: what `RootWire.shared` holds. */
export type RootShared = Pick<RootData, 'messages' | 'coreMessages' | 'navigation'>

/** The root loader's data as it travels: `RootData` with its shared part as JSON. */
export type RootWire = Omit<RootData, keyof RootShared> & { shared: string }

// A string's parse, kept for the next page that brings the same string (a client navigation in the
// same language and scope; on the server every request). Parsed values are never changed.
const MAX_PARSED = 64
const parsed = new Map<string, RootShared>()

function remember(json: string, value: RootShared): RootShared {
  if (parsed.size >= MAX_PARSED) parsed.delete(parsed.keys().next().value as string)
  parsed.set(json, value)
  return value
}

/** The JSON of the shared part; its parse is remembered, so the server's own render never parses it. */
export function encodeRootShared(value: RootShared): string {
  const json = JSON.stringify(value)
  remember(json, value)
  return json
}

export function decodeRootShared(json: string): RootShared {
  return parsed.get(json) ?? remember(json, JSON.parse(json) as RootShared)
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
