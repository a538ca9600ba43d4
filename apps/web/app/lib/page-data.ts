import { PAGE_DATA_RETRIES } from '@lainava/routing'

// The browser side of spec §2 "Page data" and §8: what a client navigation
// asks the server about its destination, with the error rules of §8.

export type PageData = {
  path: string
  routeId: string
  screen: string
  language: string
  params: Record<string, string>
  canonical: string
  appVersion: string
  staticQueryHashes: string[]
  /** The page's shared file (ADR 063) for a visitor signed in and signed out. */
  shared?: { in?: unknown; out?: unknown }
}

export type PageDataResult =
  | { kind: 'ok'; data: PageData }
  | { kind: 'redirect'; location: string; permanent: boolean }
  | { kind: 'notFound' }
  | { kind: 'error' }

export class PageDataLoadError extends Error {
  constructor(path: string, attempts: number) {
    super(`Could not load the page data of ${path} after ${attempts} attempts`)
    this.name = 'PageDataLoadError'
  }
}

/** `/` → `/page-data/index/page-data.json`, `/en/form/` → `/page-data/en/form/page-data.json` */
export function pageDataUrl(pathname: string): string {
  const trimmed = pathname.replace(/^\/+|\/+$/g, '')
  return `/page-data/${trimmed === '' ? 'index' : trimmed}/page-data.json`
}

type Options = { fetch?: typeof fetch; origin?: string; retryDelayMs?: number }

/**
 * spec §8: a 404 is the not-found page, a 500 the error page; any other
 * failure (network, other status, bad JSON) is retried up to 3 times, then fails.
 */
export async function loadPageData(pathname: string, options: Options = {}): Promise<PageDataResult> {
  const fetchImpl = options.fetch ?? fetch
  const url = `${options.origin ?? ''}${pageDataUrl(pathname)}`
  const attempts = PAGE_DATA_RETRIES + 1
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      const response = await fetchImpl(url, { headers: { accept: 'application/json' } })
      if (response.status === 404) return { kind: 'notFound' }
      if (response.status === 500) return { kind: 'error' }
      if (response.ok) {
        const body = (await response.json()) as PageData & {
          redirect?: { location: string; permanent: boolean }
        }
        if (body.redirect) return { kind: 'redirect', ...body.redirect }
        return { kind: 'ok', data: body }
      }
    } catch {
      // Network failure or unreadable body: retried below.
    }
    if (attempt < attempts && options.retryDelayMs) {
      await new Promise((resolve) => setTimeout(resolve, options.retryDelayMs))
    }
  }
  throw new PageDataLoadError(pathname, attempts)
}

/** spec §8: a static-data failure says "We couldn't load" and the file's path (in the user's language). */
export async function loadStaticQuery(
  hash: string,
  couldNotLoad: (path: string) => string,
  options: Pick<Options, 'fetch' | 'origin'> = {},
): Promise<unknown> {
  const path = `/page-data/sq/d/${hash}.json`
  try {
    const response = await (options.fetch ?? fetch)(`${options.origin ?? ''}${path}`)
    if (response.ok) return await response.json()
  } catch {
    // Reported below with the path.
  }
  throw new Error(couldNotLoad(path))
}
