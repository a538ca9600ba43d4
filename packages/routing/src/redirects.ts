import { LANGUAGES, type Language, languageOfPath, stripPrefix } from './languages.ts'
import { pathFor } from './path-for.ts'
import { REDIRECTS, type RedirectRow } from './redirect-table.ts'
import type { ScreenName } from './screens.ts'

export type RedirectResult = {
  location: string
  permanent: boolean
  category: RedirectRow['category'] | 'blog-page'
}

/**
 * The key a path is matched by: lower case, no query, with a trailing slash
 * (spec §2: case-insensitive; a missing trailing slash is the same path).
 */
export function normalizePath(pathname: string): string {
  let path = pathname.split(/[?#]/)[0] ?? '/'
  try {
    path = decodeURI(path)
  } catch {
    // Malformed escapes stay as they are.
  }
  path = path.toLowerCase().replace(/\/{2,}/g, '/')
  return path.endsWith('/') ? path : `${path}/`
}

export type RedirectMatcher = (pathname: string, search?: string) => RedirectResult | null

/**
 * The path a row's screen is served at in a language. The server passes one that knows the
 * content (a page without this language's text is the Finnish page, a glossary term has each
 * language's own slug), so a redirect lands in one hop (issue 14); the default is the route table's.
 */
export type RedirectTargetPath = (
  screen: ScreenName,
  language: Language,
  params: Record<string, string>,
) => string

/** Builds the constant-time matcher: one hash lookup per request, however many rows. */
export function createRedirectMatcher(
  table: readonly RedirectRow[] = REDIRECTS,
  targetPath: RedirectTargetPath = pathFor,
): RedirectMatcher {
  const index = new Map<string, RedirectRow>()
  for (const row of table) {
    const key = normalizePath(row.from)
    if (index.has(key)) throw new Error(`Duplicate redirect from ${row.from}`)
    index.set(key, row)
  }
  return (pathname, search = '') => {
    const language: Language = languageOfPath(pathname)
    const rest = normalizePath(stripPrefix(pathname))
    const row = index.get(rest)
    if (row) {
      const target = 'url' in row.to ? row.to.url : targetPath(row.to.screen, language, row.to.params ?? {})
      const permanent = !('screen' in row.to && row.to.screen === 'maintenance')
      return { location: withSearch(target, search), permanent, category: row.category }
    }
    const blog = blogPageOne(language, rest, targetPath)
    return blog ? { location: withSearch(blog, search), permanent: true, category: 'blog-page' } : null
  }
}

function withSearch(location: string, search: string): string {
  if (!search || search === '?' || location.includes('?')) return location
  return `${location}${search.startsWith('?') ? search : `?${search}`}`
}

/** spec §9: blog pages below 2 have no page segment, so …/1/ goes to the page without it. */
function blogPageOne(language: Language, rest: string, targetPath: RedirectTargetPath): string | null {
  const blogRoot = pathFor('blog', language).slice(LANGUAGES[language].prefix.length)
  if (!rest.startsWith(blogRoot.toLowerCase())) return null
  const tail = rest.slice(blogRoot.length)
  if (/^(0|1)\/$/.test(tail)) return targetPath('blog', language, {})
  const category = /^kategoria\/([^/]+)\/(0|1)\/$/.exec(tail)
  if (category?.[1]) return targetPath('blogCategory', language, { category: category[1] })
  return null
}

export const findRedirect: RedirectMatcher = createRedirectMatcher()
