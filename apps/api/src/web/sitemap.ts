import { FINLAND_LANGUAGES, LANGUAGES, pathFor, type ScreenName } from '@lainava/routing'
import type { FastifyInstance } from 'fastify'

// robots.txt and the sitemap (spec §2: /sitemap/sitemap-0.xml), from the route
// table: every public, indexable screen in every Finland-region language, each
// with its hreflang alternates. Private pages (account, offers, admin) are left out.

export const SITEMAP_SCREENS: readonly ScreenName[] = [
  'landing',
  'consumerLoanForm',
  'creditCardForm',
  'lenders',
]

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

export function sitemapXml(publicUrl: string, screens: readonly ScreenName[] = SITEMAP_SCREENS): string {
  const entries = screens.flatMap((screen) =>
    FINLAND_LANGUAGES.map((language) => {
      const alternates = FINLAND_LANGUAGES.map(
        (other) =>
          `    <xhtml:link rel="alternate" hreflang="${LANGUAGES[other].hreflang}" href="${escapeXml(`${publicUrl}${pathFor(screen, other)}`)}"/>`,
      )
      alternates.push(
        `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(`${publicUrl}${pathFor(screen, 'fi')}`)}"/>`,
      )
      return [
        `  <url>`,
        `    <loc>${escapeXml(`${publicUrl}${pathFor(screen, language)}`)}</loc>`,
        ...alternates,
        '  </url>',
      ].join('\n')
    }),
  )
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

export function registerSitemap(app: FastifyInstance, publicUrl: string) {
  const cache = 'public, max-age=3600'
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', cache).send(robotsTxt(publicUrl)),
  )
  app.get('/sitemap/sitemap-0.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', cache).send(sitemapXml(publicUrl)),
  )
  app.get('/sitemap/sitemap-index.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', cache)
      .send(sitemapIndexXml(publicUrl)),
  )
}
