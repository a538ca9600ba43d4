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

// A page's shared file for either sign-in state, by the page's path, as its page data names it
// (`PageData.shared`): the prefetcher notes it, and a client navigation to the page then asks for the
// file beside the navigation's data instead of after it. The last 256 paths.
const MAX_PATHS = 256
const byPath = new Map<string, { in: string; out: string }>()
/** Whether the page's own file is a signed-in visitor's (`/…/in/…`): the last root data decoded says. */
let signedIn = false

/** Notes the shared files of the page at `pathname`, from its page data. */
export function rememberSharedOfPath(pathname: string, hrefs: { in: string; out: string }): void {
  if (byPath.size >= MAX_PATHS && !byPath.has(pathname)) byPath.delete(byPath.keys().next().value as string)
  byPath.set(pathname, hrefs)
}

/** The shared file a navigation to `pathname` will need, if its page data was fetched. */
export function sharedOfPath(pathname: string): string | undefined {
  const hrefs = byPath.get(pathname)
  return hrefs ? (signedIn ? hrefs.in : hrefs.out) : undefined
}

const decoded = new WeakMap<RootWire, RootData>()

/**
 * The root data from what the loader sent: one object per loader result. Its shared file must be at
 * hand (made here, or loaded before the page renders); throws when it is not.
 */
export function decodeRootData(wire: RootWire): RootData {
  // `/_shared/<language>/<scope>/<in|out>/<hash>.json`
  signedIn = wire.shared.split('/')[4] === 'in'
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
