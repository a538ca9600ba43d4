import { LANGUAGES, type Language, languageOfPath, stripPrefix } from './languages.ts'
import { isScreenName, SCREENS, type Screen, type ScreenName } from './screens.ts'

export type RouteParams = Record<string, string | number | undefined>

/** The path pattern of a screen in a language: its own path, else the Finnish one (spec §2 fallback). */
export function patternFor(name: ScreenName, language: Language): string {
  const screen: Screen = SCREENS[name]
  return screen.paths?.[language] ?? screen.fi
}

function fill(pattern: string, params: RouteParams): string | null {
  let missing = false
  const filled = pattern
    .split('/')
    .map((segment) => {
      const match = /^(.*):(\w+)(\?)?(.*)$/.exec(segment)
      if (!match) return segment
      const [, before = '', key = '', optional, after = ''] = match
      const value = params[key]
      if (value === undefined || value === '') {
        if (!optional) missing = true
        return null
      }
      return `${before}${encodeURIComponent(String(value))}${after}`
    })
    .filter((segment) => segment !== null)
    .join('/')
  return missing ? null : filled
}

/**
 * The path of a named screen in a language (spec §8): an unknown name and a
 * language without a prefix throw; a single offer without an id and an article
 * without a uid go to the 404 route; blog page 1 is the list root.
 */
export function pathFor(name: string, language: string, params: RouteParams = {}): string {
  if (!isScreenName(name)) throw new Error(`Route for ${name} does not exist!`)
  if (!Object.hasOwn(LANGUAGES, language)) throw new Error(`Prefix not found for language: ${language}`)
  const lang = language as Language
  const prefix = LANGUAGES[lang].prefix

  // spec §2/§9: blog pages below 2 give no page segment.
  if (name === 'blogPage' && !(Number(params.page) >= 2)) return pathFor('blog', language)
  if (name === 'blogCategory' && !(Number(params.page) >= 2)) params = { ...params, page: undefined }

  const filled = fill(patternFor(name, lang), params)
  if (filled === null) return pathFor('notFound', language)
  return `${prefix}${filled}` || '/'
}

/**
 * The parameterless screen whose path in the path's language is this path
 * (case and trailing slash ignored), e.g. `/en/404` → notFound. Null otherwise.
 */
export function staticScreenOfPath(pathname: string): { screen: ScreenName; language: Language } | null {
  const language = languageOfPath(pathname)
  const wanted = normalizeSlashes(stripPrefix(pathname))
  for (const name of Object.keys(SCREENS) as ScreenName[]) {
    const pattern = patternFor(name, language)
    if (!pattern.includes(':') && normalizeSlashes(pattern) === wanted) return { screen: name, language }
  }
  return null
}

function normalizeSlashes(path: string): string {
  const lower = path.toLowerCase()
  return lower.endsWith('/') ? lower : `${lower}/`
}
