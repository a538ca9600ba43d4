import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { type CookieCategory, SITE_COOKIES } from './consent-cookie.ts'

// Issue 18: the cookie policy page lists every cookie the code sets, under its category and with its
// lifetime, in every language it is written in. The code takes each cookie's name and lifetime from
// SITE_COOKIES; the source scan below fails when a cookie is named anywhere else.

const ROOT = join(import.meta.dirname, '..', '..', '..')
const policy = (lang: string) => readFileSync(join(ROOT, 'content', lang, 'pages', 'cookiePolicy.md'), 'utf8')

const WORDING = {
  fi: {
    headings: { necessary: 'Välttämättömät evästeet', marketing: 'Analytiikka- ja markkinointievästeet' },
    minutes: 'minuuttia',
    days: 'päivää',
    session: 'istunnon ajan',
  },
  sv: {
    headings: { necessary: 'Nödvändiga kakor', marketing: 'Analys- och marknadsföringskakor' },
    minutes: 'minuter',
    days: 'dagar',
    session: 'under webbläsarsessionen',
  },
  en: {
    headings: { necessary: 'Strictly necessary cookies', marketing: 'Analytics and marketing cookies' },
    minutes: 'minutes',
    days: 'days',
    session: 'for the browser session',
  },
} as const satisfies Record<
  string,
  { headings: Record<CookieCategory, string>; minutes: string; days: string; session: string }
>

/** How the page says a lifetime: whole days when it is days, else minutes; null is the browser session. */
function lifetimeText(seconds: number | null, words: (typeof WORDING)[keyof typeof WORDING]): string {
  if (seconds === null) return words.session
  const day = 24 * 60 * 60
  return seconds % day === 0 ? `${seconds / day} ${words.days}` : `${seconds / 60} ${words.minutes}`
}

/** The list items (`- **name** …`) under a `## heading`, up to the next heading. */
function itemsUnder(markdown: string, heading: string): Map<string, string> {
  const start = markdown.indexOf(`\n## ${heading}\n`)
  if (start === -1) return new Map()
  const rest = markdown.slice(start + heading.length + 5)
  const section = rest.slice(0, rest.search(/\n## |$/))
  const items = new Map<string, string>()
  for (const match of section.matchAll(/^- \*\*([^*]+)\*\* (.+)$/gm))
    items.set(match[1] ?? '', match[2] ?? '')
  return items
}

describe('the cookie policy page', () => {
  for (const [lang, words] of Object.entries(WORDING)) {
    it(`lists every cookie we set, under its category with its lifetime (${lang})`, () => {
      const markdown = policy(lang)
      for (const cookie of Object.values(SITE_COOKIES)) {
        const line = itemsUnder(markdown, words.headings[cookie.category]).get(cookie.name)
        expect(line, `${cookie.name} under "${words.headings[cookie.category]}"`).toBeDefined()
        expect(line).toContain(lifetimeText(cookie.maxAge, words))
        if ('maxAgeWithConsent' in cookie)
          expect(line).toContain(lifetimeText(cookie.maxAgeWithConsent, words))
      }
      // and nothing it lists is a cookie we no longer set
      const listed = Object.values(words.headings).flatMap((heading) => [
        ...itemsUnder(markdown, heading).keys(),
      ])
      expect(listed.sort()).toEqual(
        Object.values(SITE_COOKIES)
          .map((cookie) => cookie.name)
          .sort(),
      )
    })
  }
})

// A cookie named in the source outside SITE_COOKIES: a `…_COOKIE = '…'` constant, `setCookie('…'`, or a
// Set-Cookie text written out (`name=…; Path=…`) with a literal name.
const COOKIE_NAMED_IN_SOURCE = [
  /\b[A-Z_]*COOKIE[A-Z_]*\s*=\s*['"`]([A-Za-z0-9_.-]+)['"`]/g,
  /\.setCookie\(\s*['"`]([A-Za-z0-9_.-]+)['"`]/g,
  /['"`]([A-Za-z0-9_-]+)=[^'"`\n]*;\s*Path=/g,
]

function cookiesNamedIn(source: string): string[] {
  return COOKIE_NAMED_IN_SOURCE.flatMap((pattern) =>
    [...source.matchAll(pattern)].map((match) => match[1] ?? ''),
  )
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory())
      return ['node_modules', 'build', 'dist', '.react-router'].includes(entry.name) ? [] : sourceFiles(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

describe('cookie names in the code', () => {
  it('the scan finds a cookie named outside the list', () => {
    expect(cookiesNamedIn("export const TRACKING_COOKIE = 'lv_track'")).toEqual(['lv_track'])
    expect(cookiesNamedIn("reply.setCookie('promo', token, {})")).toEqual(['promo'])
    expect(cookiesNamedIn('document.cookie = `seen=1; Path=/; Max-Age=60`')).toEqual(['seen'])
    // biome-ignore lint/suspicious/noTemplateCurlyInString: source text for the scan, not a template
    expect(cookiesNamedIn('`${DRAFT_COOKIE}=${token}; Path=/`')).toEqual([])
  })

  it('come only from SITE_COOKIES', () => {
    const roots = ['apps', 'packages'].flatMap((top) =>
      readdirSync(join(ROOT, top)).map((name) => join(ROOT, top, name)),
    )
    const files = roots.flatMap((root) => sourceFiles(root))
    expect(files.length).toBeGreaterThan(100)
    const named = files.flatMap((file) =>
      cookiesNamedIn(readFileSync(file, 'utf8')).map((name) => `${name} in ${file.slice(ROOT.length + 1)}`),
    )
    expect(named).toEqual([])
  })
})
