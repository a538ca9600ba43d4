import { CATEGORIES, categorySlug, pagePath } from '@lainava/content'
import { loadContent } from '@lainava/content/server'
import { createTranslator } from '@lainava/i18n'
import { messagesFor } from '@lainava/i18n/server'
import { FINLAND_LANGUAGES, pathFor, SCREENS, type ScreenName } from '@lainava/routing'
import { describe, expect, it } from 'vitest'
import { HEADER_GROUPS, placeOf, siteNavigation } from './site-navigation.ts'

const content = loadContent()
const navigationIn = (lang: (typeof FINLAND_LANGUAGES)[number]) => {
  const navigation = siteNavigation(content, lang, createTranslator(lang, messagesFor(lang)))
  if (!navigation) throw new Error(`no navigation in ${lang}`)
  return navigation
}

describe('site navigation', () => {
  it('places every content page in a group (a new page must be given a place)', () => {
    const unplaced = content.pages.filter((page) => !placeOf(page)).map((page) => page.screen)
    expect(unplaced).toEqual([])
  })

  for (const lang of FINLAND_LANGUAGES) {
    it(`${lang}: links every page of the language and only paths that exist in it`, () => {
      const navigation = navigationIn(lang)
      const hrefs = new Set(
        [...navigation.header, ...navigation.footer].flatMap((g) => g.links.map((l) => l.href)),
      )
      const pages = content.pages.filter((page) => page.lang === lang).map((page) => pagePath(page, lang))
      // Screens without a path parameter, and the blog categories that have articles in this language.
      const screens = (Object.keys(SCREENS) as ScreenName[])
        .filter((screen) => !SCREENS[screen].fi.includes(':'))
        .map((screen) => pathFor(screen, lang))
      const categories = CATEGORIES.filter((category) =>
        content.articles.some((article) => article.lang === lang && article.category === category),
      ).map((category) => pathFor('blogCategory', lang, { category: categorySlug(lang, category) }))
      const known = new Set([...pages, ...screens, ...categories])

      for (const page of pages) expect(hrefs, page).toContain(page)
      for (const href of hrefs) expect(known, href).toContain(href)
      for (const screen of ['consumerLoanForm', 'blog', 'glossary', 'faq', 'lenders'] as const) {
        expect(hrefs).toContain(pathFor(screen, lang))
      }
    })
  }

  it('has the six product groups in Finnish, labelled from the catalogue, none empty', () => {
    const { header } = navigationIn('fi')
    expect(header.map((group) => group.id)).toEqual([...HEADER_GROUPS])
    expect(header.map((group) => group.label)).toEqual([
      'Lainat',
      'Yrityksille',
      'Asuntolaina',
      'Luottokortit',
      'Säästäminen',
      'Opas',
    ])
    expect(header.every((group) => group.links.length > 0)).toBe(true)
  })

  it('links the mortgage form for everyone and the mortgage status page only signed in (issue 16)', () => {
    const mortgageLinks = (signedIn: boolean) =>
      siteNavigation(content, 'en', createTranslator('en', messagesFor('en')), { signedIn })
        ?.header.find((group) => group.id === 'mortgage')
        ?.links.map((link) => link.href)
    expect(mortgageLinks(false)).toContain('/en/mortgage-form/')
    expect(mortgageLinks(false)).toContain(pathFor('mortgageCalculator', 'en'))
    expect(mortgageLinks(false)).not.toContain('/en/mortgage-application-status/')
    expect(mortgageLinks(true)).toContain('/en/mortgage-application-status/')
  })

  it('has no content menu in a language without the content site', () => {
    expect(siteNavigation(content, 'da', createTranslator('da', messagesFor('da')))).toBeNull()
  })
})
