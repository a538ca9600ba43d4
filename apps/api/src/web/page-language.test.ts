import { BLOG_PAGE_SIZE, pagePath } from '@lainava/content'
import { loadContent } from '@lainava/content/server'
import { CATALOGUE_LOCALES } from '@lainava/i18n'
import { OWN_MESSAGES } from '@lainava/i18n/server'
import { FINLAND_LANGUAGES, LANGUAGES, pathFor, type ScreenName, SERVED_LANGUAGES } from '@lainava/routing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pageWindow } from '../test/page-document.ts'
import { type Cookies, loginAs } from '../test/sessions.ts'
import { createTestApp } from '../test/test-app.ts'

// Issue 14 "Languages" (ADR 018): a page is in one language and <html lang> names it, in every
// locale; the language switcher links only to pages that exist. The web role in-process: needs
// the production build (npm test builds before these tests).

let ctx: Awaited<ReturnType<typeof createTestApp>>
let signedIn: Cookies
const content = loadContent()
beforeAll(async () => {
  ctx = await createTestApp({ ROLES: 'web,api' })
  signedIn = (await loginAs(ctx.database.db)).cookies
})
afterAll(async () => {
  await ctx?.close()
})

const window = pageWindow()
const parse = (html: string) => new window.DOMParser().parseFromString(html, 'text/html')
const text = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, ' ').trim()

/** A catalogue text as a pattern: placeholders and plurals match any text. */
function pattern(message: string): RegExp {
  let source = ''
  let depth = 0
  for (const char of message) {
    if (char === '{') {
      if (depth === 0) source += '.+?'
      depth++
    } else if (char === '}') depth--
    else if (depth === 0) source += char.replace(/[.*+?^$()|[\]\\]/g, '\\$&')
  }
  return new RegExp(`^${source.replace(/\s+/g, '\\s+')}$`)
}

/** Every catalogue's own texts, by the <html lang> they are written in (sv and sv-se are both `sv`). */
const TEXTS_BY_HTML_LANG = new Map<string, RegExp[]>()
for (const locale of CATALOGUE_LOCALES) {
  const htmlLang = LANGUAGES[locale].htmlLang
  const list = TEXTS_BY_HTML_LANG.get(htmlLang) ?? []
  list.push(...Object.values(OWN_MESSAGES[locale]).map((message) => pattern(message as string)))
  TEXTS_BY_HTML_LANG.set(htmlLang, list)
}

/** Whether a visible text is one of the language's catalogue texts (a title may end with the brand). */
function inLanguage(htmlLang: string, value: string): boolean {
  const patterns = TEXTS_BY_HTML_LANG.get(htmlLang) ?? []
  const candidates = [value, value.replace(/\s+[–|]\s+Lainava$/, '')]
  return candidates.some((candidate) => patterns.some((regex) => regex.test(candidate)))
}

// App screens that render in every locale: the core ones (a locale's own text) and the others
// (its fallback's), signed out and in.
const SAMPLE: Array<{ screen: ScreenName; cookies?: 'signedIn' }> = [
  { screen: 'landing' },
  { screen: 'landing', cookies: 'signedIn' },
  { screen: 'login' },
  { screen: 'consumerLoanForm' },
  { screen: 'creditCardForm' },
  { screen: 'continuousApplication' },
  { screen: 'lenders' },
  { screen: 'businessLoanForm' },
  { screen: 'forbidden' },
  { screen: 'offers', cookies: 'signedIn' },
  { screen: 'settings', cookies: 'signedIn' },
]

describe('a page is in one language, and <html lang> says which (ADR 018)', () => {
  for (const language of SERVED_LANGUAGES) {
    it(`${language}: title, skip link, login or account link, h1 and the first label are all in the page's lang`, async () => {
      const problems: string[] = []
      const urls = [
        ...SAMPLE.map(({ screen, cookies }) => ({ url: pathFor(screen, language), cookies })),
        { url: `${LANGUAGES[language].prefix}/ei-tallaista-sivua/`, cookies: undefined },
      ]
      for (const { url, cookies } of urls) {
        const response = await ctx.app.inject({
          method: 'GET',
          url,
          cookies: cookies === 'signedIn' ? signedIn : {},
        })
        if (![200, 403, 404].includes(response.statusCode)) {
          problems.push(`${url} answered ${response.statusCode} ${response.headers.location ?? ''}`)
          continue
        }
        const document = parse(response.body)
        const htmlLang = document.documentElement.getAttribute('lang') ?? ''
        const visible = {
          title: text(document.querySelector('title')?.textContent),
          skipLink: text(document.querySelector('a[href="#main"]')?.textContent),
          account: text(
            document.querySelector(
              'header a:not([hreflang])[href*="/kirjaudu/"], header a:not([hreflang])[href*="/login/"], header button',
            )?.textContent,
          ),
          h1: text(document.querySelector('main h1')?.textContent),
          label: text(document.querySelector('main label')?.textContent).replace(/\s*\*$/, ''),
        }
        for (const [part, value] of Object.entries(visible)) {
          if (value && !inLanguage(htmlLang, value))
            problems.push(`${url} (lang ${htmlLang}) ${part}: "${value}"`)
        }
      }
      expect(problems).toEqual([])
    })
  }

  it('a screen a locale has not translated is wholly in its fallback: English, Swedish for Sweden', async () => {
    for (const [url, lang, heading] of [
      ['/lv-ru/kirjaudu/', 'en', 'Log in'],
      ['/se-sv/kirjaudu/', 'sv', 'Logga in'],
      ['/dk-da/lainanantajat/', 'en', 'Lenders'],
    ] as const) {
      const document = parse((await ctx.app.inject({ method: 'GET', url })).body)
      expect(document.documentElement.getAttribute('lang'), url).toBe(lang)
      expect(text(document.querySelector('main h1')?.textContent), url).toBe(heading)
    }
    // A core screen stays in the locale: the form's "coming soon" has a Danish title over its Danish heading.
    const form = parse((await ctx.app.inject({ method: 'GET', url: '/dk-da/lainahakemus/' })).body)
    expect(form.documentElement.getAttribute('lang')).toBe('da')
    expect(text(form.querySelector('title')?.textContent)).toBe('Kommer snart')
    expect(text(form.querySelector('main h1')?.textContent)).toBe('Kommer snart')
  })
})

/** The switcher's links and its unavailable languages on a page. */
async function switcher(url: string) {
  const response = await ctx.app.inject({ method: 'GET', url })
  expect([200, 404], url).toContain(response.statusCode)
  const document = parse(response.body)
  const nav = document.querySelector('header nav[aria-label] ul')?.closest('nav')
  const links = [...(nav?.querySelectorAll('a[hreflang]') ?? [])].map((link) => ({
    language: link.getAttribute('hreflang') ?? '',
    href: link.getAttribute('href') ?? '',
  }))
  const unavailable = [...(nav?.querySelectorAll('[data-unavailable]') ?? [])].map((item) => ({
    language: item.getAttribute('data-unavailable') ?? '',
    explanation: text(item.textContent),
  }))
  return { links, unavailable }
}

describe('the language switcher', () => {
  const bankPage = content.pages.find(
    (page) =>
      page.lang === 'fi' &&
      page.screen === 'mobileBankingProvider' &&
      !content.pages.some(
        (other) => other.lang !== 'fi' && other.screen === page.screen && other.param === page.param,
      ),
  )
  const article = content.articles.find((item) => item.lang === 'fi')
  const pages = [
    '/',
    '/kirjaudu/',
    '/sv/',
    '/en/login/',
    '/blogi/',
    '/blogi/2/',
    '/usein-kysyttya/',
    '/sanasto/',
    '/autolaina/',
    '/lainanantajat/',
    ...(article ? [pathFor('article', 'fi', { uid: article.uid })] : []),
    ...(bankPage ? [pagePath(bankPage, 'fi')] : []),
    '/dk-da/kirjaudu/',
    '/se-sv/',
  ]
  // A 404 page offers each language's front page.
  const missingPages = ['/blogi/99/', '/sanasto/ei-tallaista-termia/', '/ei-tallaista-sivua/']

  it('links only to pages that answer 200 in the language they name, never redirecting to Finnish', async () => {
    const problems: string[] = []
    for (const url of [...pages, ...missingPages]) {
      const { links } = await switcher(url)
      if (links.length === 0) problems.push(`${url} has no language links`)
      for (const { language, href } of links) {
        const response = await ctx.app.inject({ method: 'GET', url: href })
        const lang = /<html lang="([^"]+)"/.exec(response.body)?.[1]
        if (response.statusCode !== 200 || lang !== language) {
          problems.push(
            `${url}: ${language} → ${href} answered ${response.statusCode} (lang ${lang}) ${response.headers.location ?? ''}`,
          )
        }
      }
    }
    expect(problems).toEqual([])
  })

  it('shows a language the page is not in as unavailable, with an explanation, not a link', async () => {
    // Blog page 2 exists in a language only with more than a page of its articles.
    const withPage2 = FINLAND_LANGUAGES.filter(
      (language) => content.articles.filter((item) => item.lang === language).length > BLOG_PAGE_SIZE,
    )
    const blog = await switcher('/blogi/2/')
    expect(blog.links.map((link) => link.language).sort()).toEqual([...withPage2].sort())
    const missing = FINLAND_LANGUAGES.filter((language) => !withPage2.includes(language))
    expect(blog.unavailable.map((item) => item.language).sort()).toEqual([...missing].sort())
    expect(missing.length).toBeGreaterThan(0)
    for (const item of blog.unavailable)
      expect(item.explanation).toContain('Tätä sivua ei ole tällä kielellä.')

    expect(bankPage).toBeDefined()
    const bank = await switcher(pagePath(bankPage as NonNullable<typeof bankPage>, 'fi'))
    expect(bank.links.map((link) => link.language)).toEqual(['fi'])
    expect(bank.unavailable.map((item) => item.language)).toEqual(['sv', 'en'])

    // An app screen exists in every language.
    const login = await switcher('/en/login/?returnTo=%2Fen%2Foffers%2F')
    expect(login.links).toEqual([
      { language: 'fi', href: '/kirjaudu/?returnTo=%2Fen%2Foffers%2F' },
      { language: 'sv', href: '/sv/kirjaudu/?returnTo=%2Fen%2Foffers%2F' },
      { language: 'en', href: '/en/login/?returnTo=%2Fen%2Foffers%2F' },
    ])
    expect(login.unavailable).toEqual([])

    // A missing page offers each language's front page.
    const missing404 = await switcher('/blogi/99/')
    expect(missing404.links.map((link) => link.href)).toEqual(['/', '/sv/', '/en/'])
  })
})
