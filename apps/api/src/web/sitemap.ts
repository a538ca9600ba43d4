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
  'lenders',
  ...STATIC_SCREENS,
]

/** One page in the languages it exists in: a `<url>` per language, the others as its alternates. */
type PageGroup = Partial<Record<FinlandLanguage, string>>

function contentGroups(content: Content): PageGroup[] {
  const groups: PageGroup[] = []
  const byLanguage = <T extends { lang: string }>(
    items: T[],
    key: (item: T) => string,
    path: (item: T) => string,
  ) => {
    const map = new Map<string, PageGroup>()
    for (const item of items) {
      const group = map.get(key(item)) ?? {}
      group[item.lang as FinlandLanguage] = path(item)
      map.set(key(item), group)
    }
    return [...map.values()]
  }
  groups.push(
    ...byLanguage(
      content.articles,
      (article) => article.translationKey,
      (article) => pathFor('article', article.lang, { uid: article.uid }),
    ),
  )
  groups.push(
    ...byLanguage(
      content.glossary,
      (term) => term.translationKey,
      (term) => pathFor('glossaryTerm', term.lang, { term: term.slug }),
    ),
  )
  groups.push(
    ...byLanguage(
      content.pages,
      (page) => `${page.screen}-${page.param ?? ''}`,
      (page) => pagePath(page, page.lang),
    ),
  )
  // Blog pages from 2 on, and every category with its pages, where the language has them.
  const pageGroups = new Map<string, PageGroup>()
  for (const language of FINLAND_LANGUAGES) {
    const articles = content.articles.filter((article) => article.lang === language)
    for (let page = 2; page <= Math.ceil(articles.length / BLOG_PAGE_SIZE); page++) {
      const group = pageGroups.get(`blog-${page}`) ?? {}
      group[language] = pathFor('blogPage', language, { page })
      pageGroups.set(`blog-${page}`, group)
    }
    for (const category of CATEGORIES) {
      const count = articles.filter((article) => article.category === category).length
      for (let page = 1; page <= Math.ceil(count / BLOG_PAGE_SIZE); page++) {
        const group = pageGroups.get(`${category}-${page}`) ?? {}
        group[language] = pathFor('blogCategory', language, {
          category: categorySlug(language, category),
          page,
        })
        pageGroups.set(`${category}-${page}`, group)
      }
    }
  }
  groups.push(...pageGroups.values())
  return groups
}

const screenGroup = (screen: ScreenName): PageGroup =>
  Object.fromEntries(FINLAND_LANGUAGES.map((language) => [language, pathFor(screen, language)]))

/** Every path of the content site (STATIC_SCREENS and the content files) in every language it exists in. */
export function staticPaths(content: Content): string[] {
  return [...STATIC_SCREENS.map(screenGroup), ...contentGroups(content)].flatMap((group) =>
    FINLAND_LANGUAGES.flatMap((language) => group[language] ?? []),
  )
}

export function sitemapGroups(content: Content | null): PageGroup[] {
  return [...SITEMAP_SCREENS.map(screenGroup), ...(content ? contentGroups(content) : [])]
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

export function sitemapXml(publicUrl: string, content: Content | null): string {
  const entries = sitemapGroups(content).flatMap((group) => {
    const languages = FINLAND_LANGUAGES.filter((language) => group[language])
    const alternates =
      languages.length > 1
        ? [
            ...languages.map(
              (other) =>
                `    <xhtml:link rel="alternate" hreflang="${LANGUAGES[other].hreflang}" href="${escapeXml(`${publicUrl}${group[other]}`)}"/>`,
            ),
            `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(`${publicUrl}${group.fi ?? group[languages[0] ?? 'fi']}`)}"/>`,
          ]
        : []
    return languages.map((language) =>
      [
        '  <url>',
        `    <loc>${escapeXml(`${publicUrl}${group[language]}`)}</loc>`,
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
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /admin/',
    'Disallow: /asetukset/',
    'Disallow: /offers/',
    ...FINLAND_LANGUAGES.filter((language) => language !== 'fi').flatMap((language) => [
      `Disallow: ${LANGUAGES[language].prefix}/asetukset/`,
      `Disallow: ${pathFor('offers', language)}`,
    ]),
    '',
    `Sitemap: ${publicUrl}/sitemap/sitemap-index.xml`,
    '',
  ].join('\n')
}

export function registerSitemap(app: FastifyInstance, publicUrl: string, content: Content | null) {
  const cache = 'public, max-age=3600'
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', cache).send(robotsTxt(publicUrl)),
  )
  app.get('/sitemap/sitemap-0.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', cache)
      .send(sitemapXml(publicUrl, content)),
  )
  app.get('/sitemap/sitemap-index.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', cache)
      .send(sitemapIndexXml(publicUrl)),
  )
}
