import type { RootData } from './root-data.ts'

// ADR 052: the part of the root loader's data that is the same for every request of a language,
// message scope and sign-in state (the page's messages and the site's menus, about 14 KB of JSON) is
// made once per server process. ADR 063: it no longer travels inside each page's HTML but as a file
// of its own, named by its content (`/_shared/fi/landing/out/<hash>.json`): the browser caches it
// for every page of the same language and scope, and the page's HTML fits in the first round trip
// of a new connection. The loader sends the file's address; the browser has the file before it
// hydrates (entry.client.tsx) and before a client navigation that changes it shows its page (the
// root's client middleware).

/** The messages and the menus: what the file at `RootWire.shared` holds. */
export type RootShared = Pick<RootData, 'messages' | 'coreMessages' | 'navigation'>

/** The root loader's data as it travels: `RootData` with its shared part as the address of its file. */
export type RootWire = Omit<RootData, keyof RootShared> & { shared: string }

/** The path every shared file's address starts with. */
export const ROOT_SHARED_PATH = '/_shared/'

// What each address stands for:
// - `made`: every file the server made (`rootSharedHref`, once per content, language, scope and
//   sign-in: the catalogue's locales × the screens' scopes × 2, a few hundred at most), so this holds
//   what that cache holds and needs no cap.
// - `loaded`: the files the browser fetched, the last 64, so that a client navigation back to a
//   language and scope seen before needs no request. Values are never changed.
const made = new Map<string, RootShared>()
const MAX_LOADED = 64
const loaded = new Map<string, RootShared>()
const loading = new Map<string, Promise<RootShared>>()

/** The server's record of a file it made: its render reads the value, never the JSON. */
export function rememberRootShared(href: string, value: RootShared): void {
  made.set(href, value)
}

/** The shared part at this address, if this process made or fetched it. */
export function rootSharedAt(href: string): RootShared | undefined {
  return made.get(href) ?? loaded.get(href)
}

function isRootShared(value: unknown): value is RootShared {
  if (typeof value !== 'object' || value === null) return false
  const { messages, coreMessages, navigation } = value as Record<string, unknown>
  return (
    typeof messages === 'object' &&
    messages !== null &&
    typeof coreMessages === 'object' &&
    typeof navigation === 'object'
  )
}

/**
 * Fetches the shared part at this address once (the page's `<link rel="preload">` has usually brought
 * it already). Rejects when the file cannot be had (the network, or an answer that is not the file);
 * the next call asks again.
 */
export function loadRootShared(href: string, request: typeof fetch = fetch): Promise<RootShared> {
  const known = rootSharedAt(href)
  if (known) return Promise.resolve(known)
  let pending = loading.get(href)
  if (!pending) {
    pending = request(href, { credentials: 'same-origin' })
      .then(async (response) => {
        if (!response.ok) throw new Error(`${href}: HTTP ${response.status}`)
        const value: unknown = await response.json()
        if (!isRootShared(value)) throw new Error(`${href}: not the root's shared data`)
        if (loaded.size >= MAX_LOADED) loaded.delete(loaded.keys().next().value as string)
        loaded.set(href, value)
        return value
      })
      .finally(() => loading.delete(href))
    loading.set(href, pending)
  }
  return pending
}

/**
 * A page's first render (ADR 063): starts once the shared file at this address is here. The page
 * preloads it; a failed first try is followed by a second a second later. Without the file the page
 * stays the server's (links and forms work as plain HTML), as when one of its modules cannot load.
 */
export function loadRootSharedThen(href: string, start: () => void): void {
  loadRootShared(href)
    .catch(() => new Promise((resolve) => setTimeout(resolve, 1000)).then(() => loadRootShared(href)))
    .then(start, () => {})
}

/** Whether the current page's file is a signed-in visitor's (`/…/in/…`): the last root data decoded says. */
let signedIn = false

const SHARED_HREF = /^\/_shared\/[a-z-]+\/[A-Za-z-]+\/(in|out)\/[0-9a-f]{16}\.json$/

/**
 * The shared file a client navigation will need, from its page's data (`PageData.shared`), for the
 * visitor's sign-in state: the navigation asks for it beside the page's loader data instead of after
 * it (ADR 063, amendment of 2026-11-25). Undefined when the page data names no such address.
 */
export function sharedFileOf(shared: { in?: unknown; out?: unknown } | undefined): string | undefined {
  const href = signedIn ? shared?.in : shared?.out
  return typeof href === 'string' && SHARED_HREF.test(href) ? href : undefined
}

const decoded = new WeakMap<RootWire, RootData>()

/**
 * The root data from what the loader sent: one object per loader result. Its shared file must be at
 * hand (made here, or loaded before the page renders); throws when it is not.
 */
export function decodeRootData(wire: RootWire): RootData {
  // `/_shared/<language>/<scope>/<in|out>/<hash>.json`; read in the browser only.
  if (typeof document !== 'undefined') signedIn = wire.shared.split('/')[4] === 'in'
  let data = decoded.get(wire)
  if (!data) {
    const { shared, ...rest } = wire
    const value = rootSharedAt(shared)
    if (!value) throw new Error(`The root's shared data at ${shared} was not loaded before the page rendered`)
    data = { ...rest, ...value }
    decoded.set(wire, data)
  }
  return data
}
