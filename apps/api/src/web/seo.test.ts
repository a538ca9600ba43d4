import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pagePath } from '@lainava/content'
import { loadContent } from '@lainava/content/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COMPANY_ENV } from '../test/company-env.ts'
import { createTestApp } from '../test/test-app.ts'

// Issue 14: every sitemap page has a title, a description and a <lastmod>; the test, demo,
// not-offered and coming-soon pages stay out of search engines; the footer and the company
// page say who runs the service. The web role in-process: needs the production build.
let ctx: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  ctx = await createTestApp({ ROLES: 'web,api' })
})
afterAll(async () => {
  await ctx.close()
})

const content = loadContent()
const get = (url: string) => ctx.app.inject({ method: 'GET', url })
const NOINDEX = '<meta name="robots" content="noindex"/>'

function headOf(html: string) {
  return {
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1]?.trim() ?? '',
    description: /<meta name="description" content="([^"]*)"\/>/.exec(html)?.[1]?.trim() ?? '',
    noindex: html.includes(NOINDEX),
  }
}

async function sitemapEntries() {
  const response = await get('/sitemap/sitemap-0.xml')
  expect(response.statusCode).toBe(200)
  return [...response.body.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, body = '']) => ({
    loc: /<loc>([^<]+)<\/loc>/.exec(body)?.[1] ?? '',
    lastmod: /<lastmod>([^<]+)<\/lastmod>/.exec(body)?.[1] ?? null,
  }))
}

describe('the sitemap', () => {
  it('gives every <url> a <lastmod>: the content’s own date where it has one, else the build’s', async () => {
    const entries = await sitemapEntries()
    expect(entries.length).toBeGreaterThan(200)
    expect(entries.filter((entry) => !/^\d{4}-\d{2}-\d{2}$/.test(entry.lastmod ?? ''))).toEqual([])
    const lastmod = (path: string) =>
      entries.find((entry) => entry.loc === `${ctx.services.config.PUBLIC_URL}${path}`)?.lastmod
    const article = content.articles.find((item) => item.lang === 'sv')
    const page = content.pages.find((item) => item.lang === 'fi' && item.updated)
    if (!article || !page) throw new Error('the content has no dated items to check against')
    expect(lastmod(`/sv/blogg/artikkeli/${article.uid}/`)).toBe(article.updated ?? article.published)
    expect(lastmod(pagePath(page, 'fi'))).toBe(page.updated)
    // A page with no date of its own (the lender list reads the database) has the build's date: when
    // the prerender step rendered (prerender-dated-change.test.ts has a copy whose files' times differ).
    const manifest = join(ctx.services.config.WEB_BUILD_DIR, 'prerender', 'manifest.json')
    const built = (JSON.parse(readFileSync(manifest, 'utf8')) as { renderedAt: string }).renderedAt
    expect(lastmod('/lainanantajat/')).toBe(built.slice(0, 10))
    // The blog's first page changes with its newest article.
    const newestFi = content.articles
      .filter((item) => item.lang === 'fi')
      .map((item) => item.updated ?? item.published)
      .sort()
      .at(-1)
    expect(lastmod('/blogi/')).toBe(newestFi)
  })

  it('lists only pages with a title and a description, none of them noindex', async () => {
    const problems: string[] = []
    for (const { loc } of await sitemapEntries()) {
      const path = new URL(loc).pathname
      const response = await get(path)
      const head = headOf(response.body)
      if (response.statusCode !== 200) problems.push(`${path}: ${response.statusCode}`)
      if (!head.title) problems.push(`${path}: no <title>`)
      if (!head.description) problems.push(`${path}: no description`)
      if (head.noindex) problems.push(`${path}: noindex in the sitemap`)
    }
    expect(problems).toEqual([])
  })
})

describe('pages not for search engines', () => {
  it('the test, demo, coming-soon and not-offered pages and every page of a coming-soon country carry noindex, with a title', async () => {
    const problems: string[] = []
    for (const path of [
      '/demo/',
      '/test/',
      '/coming-soon/',
      '/en/demo/',
      '/sv/test/',
      '/arvonnat/',
      // The countries that are not active yet: their landing, forms and login.
      '/dk-da/',
      '/dk-da/lainahakemus/',
      '/hu-hu/luottokorttihakemus/',
      '/lv-ru/kirjaudu/',
      '/pl-pl/kredyt-konsumencki/',
      '/se-sv/',
      '/ro-ro/demo/',
    ]) {
      const response = await get(path)
      const head = headOf(response.body)
      if (response.statusCode !== 200) problems.push(`${path}: ${response.statusCode}`)
      if (!head.noindex) problems.push(`${path}: no noindex`)
      if (!head.title) problems.push(`${path}: no <title>`)
    }
    expect(problems).toEqual([])
  })
})

describe('company details (issue 14 "Trust details")', () => {
  it('are in the footer of every page and on the company page in fi, sv and en, marked as demo when not configured', async () => {
    for (const [path, heading, demo] of [
      ['/', 'Yritystiedot', 'Demo – keksityt esittelytiedot, ei todellinen yritys'],
      ['/yritys/', 'Yritystiedot', 'Demo – keksityt esittelytiedot, ei todellinen yritys'],
      ['/sv/yritys/', 'Företagsuppgifter', 'Demo – påhittade exempeluppgifter, inget verkligt företag'],
      ['/en/yritys/', 'Company details', 'Demo – made-up example details, not a real company'],
      ['/sanasto/', 'Yritystiedot', 'Demo – keksityt esittelytiedot, ei todellinen yritys'],
    ] as const) {
      const response = await get(path)
      expect(response.statusCode, path).toBe(200)
      expect(response.body, path).toContain('<address class="mt-3 not-italic">')
      if (path.endsWith('/yritys/')) expect(response.body, path).toContain(`>${heading}</h2>`)
      expect(response.body, path).toContain('1234567-1')
      expect(response.body, path).toContain('Esimerkkikatu 1, 00100 Helsinki')
      expect(response.body, path).toContain('href="tel:+35890000000"')
      expect(response.body, path).toContain(`>${demo}<`)
    }
    const company = await get('/yritys/')
    expect(company.body).toContain('<h2 id="company-details"')
    expect(company.body).toContain('Luotonvälittäjärekisteri, demo 0000')
    // The footer links to the company page.
    expect((await get('/')).body).toMatch(/<a[^>]*href="\/yritys\/"/)
  })

  it('come from the configuration, without the demo mark, also on the prerendered pages', async () => {
    const configured = await createTestApp({
      ROLES: 'web,api',
      ...COMPANY_ENV,
      SUPPORT_EMAIL: 'apu@example.fi',
    })
    try {
      for (const path of ['/', '/yritys/', '/sanasto/']) {
        const response = await configured.app.inject({ method: 'GET', url: path })
        expect(response.statusCode, path).toBe(200)
        // The build's pages were prerendered with the demo details: they are rendered per request instead.
        expect(response.headers['x-lainava-render'], path).toBeUndefined()
        expect(response.body, path).toContain('Testiyhtiö Oy')
        expect(response.body, path).toContain('0000001-9')
        expect(response.body, path).toContain('href="mailto:apu@example.fi"')
        expect(response.body, path).not.toContain('1234567-1')
        expect(response.body, path).not.toContain('>Demo – keksityt')
      }
    } finally {
      await configured.close()
    }
  })
})
