import { BLOG_PAGE_SIZE, CATEGORIES, type Content, categorySlug, pagePath } from '@lainava/content'
import {
  FINLAND_LANGUAGES,
  type FinlandLanguage,
  LANGUAGES,
  pathFor,
  type ScreenName,
} from '@lainava/routing'
import type { FastifyInstance } from 'fastify'

// robots.txt and the sitemap (spec §2: /sitemap/sitemap-0.xml): every public, indexable
// page in every Finland-region language it exists in, each with its hreflang alternates.
// Screens come from the route table; the content site's pages from packages/content.
// Private pages (account, offers, admin) are left out.

/** Content screens whose page is the same for every anonymous visitor: prerendered at build time. */
export const STATIC_SCREENS: readonly ScreenName[] = ['blog', 'authors', 'glossary', 'faq']

export const SITEMAP_SCREENS: readonly ScreenName[] = [
  // Rendered per request: the form keeps a draft, the lender list reads the database.
  'landing',
  'consumerLoanForm',
  'creditCardForm',
  'businessLoanForm',
  'factoringForm',
  'mortgageForm',
  'lenders',
  ...STATIC_SCREENS,
]

/**
 * A page's address and, where its content says, when it last changed (`YYYY-MM-DD`: an article's
 * `updated` or `published`, a page's `updated`, a list's newest article). Without one, the sitemap
 * gives the build's date: the page may have changed with the code.
 */
type SitemapPage = { path: string; lastmod?: string }

/** One page in the languages it exists in: a `<url>` per language, the others as its alternates. */
type PageGroup = Partial<Record<FinlandLanguage, SitemapPage>>

/** The newest date of a list of articles (their lists change when one is published or updated). */
const newest = (articles: Content['articles']): string | undefined =>
  articles
    .map((article) => article.updated ?? article.published)
    .sort()
    .at(-1)

function contentGroups(content: Content): PageGroup[] {
  const groups: PageGroup[] = []
  const byLanguage = <T extends { lang: string }>(
    items: T[],
    key: (item: T) => string,
    page: (item: T) => SitemapPage,
  ) => {
    const map = new Map<string, PageGroup>()
    for (const item of items) {
      const group = map.get(key(item)) ?? {}
      group[item.lang as FinlandLanguage] = page(item)
      map.set(key(item), group)
    }
    return [...map.values()]
  }
  groups.push(
    ...byLanguage(
      content.articles,
      (article) => article.translationKey,
      (article) => ({
        path: pathFor('article', article.lang, { uid: article.uid }),
        lastmod: article.updated ?? article.published,
      }),
    ),
  )
  groups.push(
    ...byLanguage(
      content.glossary,
      (term) => term.translationKey,
      (term) => ({ path: pathFor('glossaryTerm', term.lang, { term: term.slug }) }),
    ),
  )
  groups.push(
    ...byLanguage(
      content.pages,
      (page) => `${page.screen}-${page.param ?? ''}`,
      (page) => ({ path: pagePath(page, page.lang), lastmod: page.updated ?? undefined }),
    ),
  )
  // Blog pages from 2 on, and every category with its pages, where the language has them.
  const pageGroups = new Map<string, PageGroup>()
  for (const language of FINLAND_LANGUAGES) {
    const articles = content.articles.filter((article) => article.lang === language)
    for (let page = 2; page <= Math.ceil(articles.length / BLOG_PAGE_SIZE); page++) {
      const group = pageGroups.get(`blog-${page}`) ?? {}
      group[language] = { path: pathFor('blogPage', language, { page }), lastmod: newest(articles) }
      pageGroups.set(`blog-${page}`, group)
    }
    for (const category of CATEGORIES) {
      const inCategory = articles.filter((article) => article.category === category)
      for (let page = 1; page <= Math.ceil(inCategory.length / BLOG_PAGE_SIZE); page++) {
        const group = pageGroups.get(`${category}-${page}`) ?? {}
        group[language] = {
          path: pathFor('blogCategory', language, { category: categorySlug(language, category), page }),
          lastmod: newest(inCategory),
        }
        pageGroups.set(`${category}-${page}`, group)
      }
    }
  }
  groups.push(...pageGroups.values())
  return groups
}

const screenGroup =
  (content: Content | null) =>
  (screen: ScreenName): PageGroup =>
    Object.fromEntries(
      FINLAND_LANGUAGES.map((language) => [
        language,
        {
          path: pathFor(screen, language),
          // The blog's first page lists the newest articles.
          lastmod:
            screen === 'blog' && content
              ? newest(content.articles.filter((article) => article.lang === language))
              : undefined,
        },
      ]),
    )

/** Every path of the content site (STATIC_SCREENS and the content files) in every language it exists in. */
export function staticPaths(content: Content): string[] {
  return [...STATIC_SCREENS.map(screenGroup(content)), ...contentGroups(content)].flatMap((group) =>
    FINLAND_LANGUAGES.flatMap((language) => group[language]?.path ?? []),
  )
}

export function sitemapGroups(content: Content | null): PageGroup[] {
  return [...SITEMAP_SCREENS.map(screenGroup(content)), ...(content ? contentGroups(content) : [])]
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** `builtAt`: the web build's time, the date of a page whose content gives none. */
export function sitemapXml(publicUrl: string, content: Content | null, builtAt: Date): string {
  const buildDate = builtAt.toISOString().slice(0, 10)
  const entries = sitemapGroups(content).flatMap((group) => {
    const languages = FINLAND_LANGUAGES.filter((language) => group[language])
    const href = (language: FinlandLanguage) => escapeXml(`${publicUrl}${group[language]?.path}`)
    const alternates =
      languages.length > 1
        ? [
            ...languages.map(
              (other) =>
                `    <xhtml:link rel="alternate" hreflang="${LANGUAGES[other].hreflang}" href="${href(other)}"/>`,
            ),
            `    <xhtml:link rel="alternate" hreflang="x-default" href="${href(group.fi ? 'fi' : (languages[0] ?? 'fi'))}"/>`,
          ]
        : []
    return languages.map((language) =>
      [
        '  <url>',
        `    <loc>${href(language)}</loc>`,
        `    <lastmod>${group[language]?.lastmod ?? buildDate}</lastmod>`,
        ...alternates,
        '  </url>',
      ].join('\n'),
    )
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n')
}

export function sitemapIndexXml(publicUrl: string): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    `  <sitemap><loc>${escapeXml(`${publicUrl}/sitemap/sitemap-0.xml`)}</loc></sitemap>`,
    '</sitemapindex>',
    '',
  ].join('\n')
}

export function robotsTxt(publicUrl: string): string {
  // Personal pages are not disallowed: signed out they redirect to the noindex login page, which a
  // crawler must be able to fetch to see (ADR 019).
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    '',
    `Sitemap: ${publicUrl}/sitemap/sitemap-index.xml`,
    '',
  ].join('\n')
}

export function registerSitemap(
  app: FastifyInstance,
  publicUrl: string,
  content: Content | null,
  builtAt: Date,
) {
  const cache = 'public, max-age=3600'
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', cache).send(robotsTxt(publicUrl)),
  )
  app.get('/sitemap/sitemap-0.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', cache)
      .send(sitemapXml(publicUrl, content, builtAt)),
  )
  app.get('/sitemap/sitemap-index.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', cache)
      .send(sitemapIndexXml(publicUrl)),
  )
}
