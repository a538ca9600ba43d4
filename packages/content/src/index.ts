// The content site's data (blog, glossary, FAQ, pages) as the loaders use it. Reading
// and validating the files is server-only: `@lainava/content/server`. Pages in the browser
// import this index, so it never imports zod (index-is-light.test.ts).
import { isScreenName, pathFor, patternFor } from '@lainava/routing'
import type { Category } from './constants.ts'

export { CATEGORIES, type Category, FAQ_GROUPS, PAGE_KINDS, PRODUCTS } from './constants.ts'
export { servedPath } from './served-path.ts'
export { stripBlockTags } from './text.ts'

export const CONTENT_LANGUAGES = ['fi', 'sv', 'en'] as const
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number]

export function isContentLanguage(language: string): language is ContentLanguage {
  return (CONTENT_LANGUAGES as readonly string[]).includes(language)
}

/** The URL segment of each category per language (`/blogi/kategoria/lainat/`). */
export const CATEGORY_SLUGS: Record<ContentLanguage, Record<Category, string>> = {
  fi: { loans: 'lainat', money: 'oma-talous', housing: 'asuminen', business: 'yritykset' },
  sv: { loans: 'lan', money: 'privatekonomi', housing: 'boende', business: 'foretag' },
  en: { loans: 'loans', money: 'personal-finance', housing: 'housing', business: 'business' },
}

export function categoryOfSlug(language: ContentLanguage, slug: string): Category | null {
  const entry = Object.entries(CATEGORY_SLUGS[language]).find(([, value]) => value === slug)
  return entry ? (entry[0] as Category) : null
}

export function categorySlug(language: string, category: Category): string {
  return CATEGORY_SLUGS[isContentLanguage(language) ? language : 'fi'][category]
}

/** Articles per blog page; page 1 is the blog's root, pages 2… have a segment (spec §2). */
export const BLOG_PAGE_SIZE = 6

export type Article = {
  lang: ContentLanguage
  uid: string
  title: string
  description: string
  category: Category
  author: string
  published: string
  updated?: string
  translationKey: string
  html: string
  readingMinutes: number
}

export type ArticleSummary = Omit<Article, 'html'>

export type GlossaryTerm = {
  lang: ContentLanguage
  slug: string
  term: string
  short: string
  translationKey: string
  related: string[]
  html: string
}

export type FaqEntry = {
  lang: ContentLanguage
  order: number
  slug: string
  question: string
  group: string
  html: string
}

export type ContentPage = {
  lang: ContentLanguage
  /** The route-table screen (`carLoan`). */
  screen: string
  /** The screen's path parameter, for pages such as `/mika-on-{product}/` (`whyProduct-lainava.md`). */
  param: string | null
  title: string
  heading: string
  description: string
  kind: 'loan' | 'info' | 'legal' | 'campaign'
  calculator: { amount: number; years: number } | null
  purpose: string | null
  product: 'consumer' | 'business' | 'mortgage' | null
  updated: string | null
  html: string
}

export type Author = {
  id: string
  name: Record<ContentLanguage, string>
  role: Record<ContentLanguage, string>
}

export type EuriborSeries = {
  series: string
  source: string
  values: Array<{ month: string; rate: number }>
}

export type Content = {
  articles: Article[]
  glossary: GlossaryTerm[]
  faq: FaqEntry[]
  pages: ContentPage[]
  authors: Author[]
  euribor: EuriborSeries
  /** sha256 of every file read, in order: changes whenever any content file changes. */
  fingerprint: string
}

/** One page of a list (1-based); `null` when the page does not exist. */
export function paginate<T>(items: readonly T[], page: number, size = BLOG_PAGE_SIZE) {
  const pageCount = Math.max(1, Math.ceil(items.length / size))
  if (!Number.isInteger(page) || page < 1 || page > pageCount) return null
  return { items: items.slice((page - 1) * size, page * size), page, pageCount }
}

export function summary({ html: _html, ...article }: Article): ArticleSummary {
  return article
}

/** The name of a screen's path parameter (`/mika-on-:product/` → product). */
function paramName(screen: string) {
  return isScreenName(screen) ? (/:(\w+)/.exec(patternFor(screen, 'fi'))?.[1] ?? null) : null
}

/** A content page's path in a language (`whyProduct-lainava.md` → `/mika-on-lainava/`). */
export function pagePath(page: Pick<ContentPage, 'screen' | 'param'>, language: string): string {
  const name = paramName(page.screen)
  return pathFor(page.screen, language, name && page.param ? { [name]: page.param } : {})
}
