import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pagePath } from '@lainava/content'
import { loadContent } from '@lainava/content/server'
import { schema } from '@lainava/db'
import { eq } from 'drizzle-orm'
import { Window } from 'happy-dom'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSmtpServer } from '../test/smtp.ts'
import { createTestApp } from '../test/test-app.ts'
import { loadPrerendered } from './prerender.ts'
import { staticPaths } from './sitemap.ts'

// The content site (issue 7) served by the web role in-process: every sitemap URL, the
// blog's paging rules, the language fallback, loan pages, structured data and the
// contact form. Needs the production build (npm test builds before these tests).

const ORIGIN = 'https://lainava.test'
let ctx: Awaited<ReturnType<typeof createTestApp>>
let smtp: Awaited<ReturnType<typeof startSmtpServer>>
const content = loadContent()

beforeAll(async () => {
  smtp = await startSmtpServer()
  ctx = await createTestApp({
    ROLES: 'web,api',
    PUBLIC_URL: ORIGIN,
    SMTP_URL: smtp.url,
    CONTACT_EMAIL: 'staff@lainava.test',
    ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    // The build prerendered its pages with the demo company details: the same here, so they are used.
    COMPANY_DEMO: 'true',
  })
})
afterAll(async () => {
  await ctx?.close()
  await smtp?.close()
})

const get = (url: string) => ctx.app.inject({ method: 'GET', url })

type Head = {
  lang: string
  canonical: string
  alternates: Map<string, string>
  jsonLd: unknown[]
  title: string
}

function readHead(html: string): Head {
  const lang = /<html lang="([^"]+)"/.exec(html)?.[1] ?? ''
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1] ?? ''
  const alternates = new Map(
    [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g)].map((match) => [
      match[1] ?? '',
      match[2] ?? '',
    ]),
  )
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? ''),
  )
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''
  return { lang, canonical, alternates, jsonLd, title }
}

describe('sitemap', () => {
  it('is well-formed XML listing every public page and language; each URL answers 200 with its lang, canonical, alternates and parsable JSON-LD', async () => {
    const response = await get('/sitemap/sitemap-0.xml')
    expect(response.statusCode).toBe(200)
    const window = new Window()
    const xml = new window.DOMParser().parseFromString(response.body, 'application/xml')
    expect(xml.getElementsByTagName('parsererror').length).toBe(0)
    const urls = [...xml.getElementsByTagName('url')]
    const entries = urls.map((url) => ({
      loc: url.getElementsByTagName('loc')[0]?.textContent ?? '',
      alternates: new Map(
        [...url.getElementsByTagName('xhtml:link')].map((link) => [
          link.getAttribute('hreflang') ?? '',
          link.getAttribute('href') ?? '',
        ]),
      ),
    }))
    await window.happyDOM.close()

    const locs = entries.map((entry) => entry.loc)
    expect(new Set(locs).size).toBe(locs.length)
    // Every content item of every language is listed.
    for (const article of content.articles) {
      const prefix = article.lang === 'fi' ? '' : `/${article.lang}`
      const blog = { fi: '/blogi', sv: '/blogg', en: '/blog' }[article.lang]
      expect(locs).toContain(`${ORIGIN}${prefix}${blog}/artikkeli/${article.uid}/`)
    }
    for (const term of content.glossary) {
      expect(locs).toContain(`${ORIGIN}${term.lang === 'fi' ? '' : `/${term.lang}`}/sanasto/${term.slug}/`)
    }
    expect(locs.filter((loc) => loc.includes('/blogi/kategoria/')).length).toBeGreaterThanOrEqual(4)
    for (const path of [
      '/blogi/',
      '/blogi/2/',
      '/usein-kysyttya/',
      '/sanasto/',
      '/kirjoittajat/',
      '/autolaina/',
    ]) {
      expect(locs).toContain(`${ORIGIN}${path}`)
    }

    const types = new Set<string>()
    for (const { loc, alternates } of entries) {
      expect(loc.startsWith(`${ORIGIN}/`), loc).toBe(true)
      const page = await get(new URL(loc).pathname)
      expect(page.statusCode, loc).toBe(200)
      const head = readHead(page.body)
      const expectedLang = loc.startsWith(`${ORIGIN}/en/`)
        ? 'en'
        : loc.startsWith(`${ORIGIN}/sv/`)
          ? 'sv'
          : 'fi'
      expect(head.lang, loc).toBe(expectedLang)
      expect(head.canonical, loc).toBe(loc)
      expect(head.title.length, loc).toBeGreaterThan(5)
      for (const [hreflang, href] of alternates)
        expect(head.alternates.get(hreflang), `${loc} ${hreflang}`).toBe(href)
      expect(head.alternates.size, loc).toBe(alternates.size)
      for (const data of head.jsonLd) {
        expect((data as Record<string, unknown>)['@context'], loc).toBe('https://schema.org')
        types.add(String((data as Record<string, unknown>)['@type']))
        if ((data as Record<string, unknown>)['@type'] === 'LoanOrCredit') {
          // We broker loans; the lenders provide them (issue 14).
          expect((data as Record<string, unknown>).provider, loc).toBeUndefined()
          expect((data as { broker?: { name?: string } }).broker?.name, loc).toBe('Lainava')
        }
      }
    }
    for (const type of [
      'Organization',
      'BreadcrumbList',
      'Article',
      'FAQPage',
      'LoanOrCredit',
      'DefinedTerm',
    ]) {
      expect(types).toContain(type)
    }
  })

  it('has at least the issue’s content: 12 Finnish articles in 4 categories, 30 terms and 20 questions in fi, sv and en', () => {
    const fi = content.articles.filter((article) => article.lang === 'fi')
    expect(fi.length).toBeGreaterThanOrEqual(12)
    expect(new Set(fi.map((article) => article.category)).size).toBeGreaterThanOrEqual(4)
    for (const lang of ['fi', 'sv', 'en']) {
      expect(content.glossary.filter((term) => term.lang === lang).length).toBeGreaterThanOrEqual(30)
      expect(content.faq.filter((entry) => entry.lang === lang).length).toBeGreaterThanOrEqual(20)
    }
    expect(content.articles.filter((article) => article.lang !== 'fi').length).toBeGreaterThanOrEqual(4)
  })
})

describe('links in the content', () => {
  it('lead to pages that answer 200, or redirect once (the Finnish fallback) to a page that does', async () => {
    const items = [...content.articles, ...content.glossary, ...content.faq, ...content.pages]
    const links = new Map<string, string>()
    for (const item of items) {
      for (const match of item.html.matchAll(/href="(\/[^"#?]*)/g)) {
        links.set(match[1] ?? '', `content/${item.lang}: ${'title' in item ? item.title : ''}`)
      }
    }
    expect(links.size).toBeGreaterThan(50)
    const broken: string[] = []
    for (const [link, where] of links) {
      let response = await get(link)
      if (response.statusCode === 302) response = await get(String(response.headers.location))
      if (response.statusCode !== 200) broken.push(`${link} (${response.statusCode}) in ${where}`)
    }
    expect(broken).toEqual([])
  })
})

describe('blog paging and language fallback', () => {
  it('has no page segment for page 1, serves page 2 and answers 404 past the last page', async () => {
    const first = await get('/blogi/')
    expect(first.body).toContain('href="/blogi/2/"')
    expect(first.body).not.toContain('href="/blogi/1/"')
    const redirect = await get('/blogi/1/')
    expect(redirect.statusCode).toBe(301)
    expect(redirect.headers.location).toBe('/blogi/')
    expect((await get('/blogi/2/')).statusCode).toBe(200)
    expect((await get('/blogi/99/')).statusCode).toBe(404)
    expect((await get('/blogi/kaksi/')).statusCode).toBe(404)
    expect((await get('/blogi/artikkeli/ei-ole/')).statusCode).toBe(404)
    expect((await get('/blogi/kategoria/ei-ole/')).statusCode).toBe(404)
    const categoryFirst = await get('/blogi/kategoria/lainat/1/')
    expect(categoryFirst.statusCode).toBe(301)
    expect(categoryFirst.headers.location).toBe('/blogi/kategoria/lainat/')
  })

  it('sends a slug of another language to this language’s page, and a page without a translation to Finnish', async () => {
    expect((await get('/en/blog/kategoria/lainat/')).headers.location).toBe('/en/blog/kategoria/loans/')
    const term = content.glossary.find((item) => item.lang === 'fi' && item.translationKey === 'apr')
    const english = content.glossary.find((item) => item.lang === 'en' && item.translationKey === 'apr')
    expect(term?.slug).not.toBe(english?.slug)
    expect((await get(`/en/sanasto/${term?.slug}/`)).headers.location).toBe(`/en/sanasto/${english?.slug}/`)
    const untranslated = await get('/en/mobiili-pankki/')
    expect(untranslated.statusCode).toBe(302)
    expect(untranslated.headers.location).toBe('/mobiili-pankki/')
    expect((await get('/lv-lv/blogs/')).headers.location).toBe('/blogi/')
  })
})

describe('loan and campaign pages', () => {
  const loanPages = content.pages.filter((page) => page.lang === 'fi' && page.kind === 'loan')

  it('has the 20 loan pages, each with its calculator defaults, the purpose prefilled and a representative example', async () => {
    expect(loanPages.length).toBeGreaterThanOrEqual(20)
    for (const page of loanPages) {
      const path = pagePath(page, 'fi')
      const response = await get(path)
      expect(response.statusCode, path).toBe(200)
      expect(response.body, page.screen).toContain('Edustava esimerkki')
      expect(response.body, page.screen).toContain('Huomio! Rahan lainaaminen maksaa.')
      // The mortgage calculator asks for the price and own funds instead (issue 16; its own page test).
      if (page.product === 'mortgage') {
        expect(response.body, page.screen).toContain('name="price"')
      } else {
        expect(response.body, page.screen).toContain(`name="amount" value="${page.calculator?.amount}"`)
      }
      if (page.product === 'consumer') {
        expect(response.body, page.screen).toContain('action="/lainahakemus/"')
        if (page.purpose)
          expect(response.body, page.screen).toContain(`name="purpose" value="${page.purpose}"`)
      }
    }
  })

  it('has bank pages under the mobile banking and savings overviews, listed there and in the breadcrumbs', async () => {
    const overview = await get('/mobiili-pankki/')
    const banks = [...overview.body.matchAll(/href="(\/mobiili-pankki\/[a-z0-9-]+\/)"/g)].map((m) => m[1])
    expect(new Set(banks).size).toBeGreaterThanOrEqual(5)
    for (const path of [...new Set(banks), '/saastotilit/op/', '/saastotilit/danske-bank/']) {
      const page = await get(String(path))
      expect(page.statusCode, path).toBe(200)
      const crumbs = readHead(page.body).jsonLd.find(
        (item) => (item as { '@type': string })['@type'] === 'BreadcrumbList',
      ) as { itemListElement: Array<{ item: string }> }
      const parent = String(path).startsWith('/saastotilit/') ? '/saastotilit/vertailu/' : '/mobiili-pankki/'
      expect(crumbs.itemListElement.map((crumb) => crumb.item)).toEqual([
        `${ORIGIN}/`,
        `${ORIGIN}${parent}`,
        `${ORIGIN}${path}`,
      ])
    }
    expect((await get('/saastotilit/vertailu/')).body).toContain('href="/saastotilit/nordea/"')
    expect((await get('/mobiili-pankki/ei-pankkia/')).statusCode).toBe(404)
  })

  it('shows the Euribor chart from the data file with the figures as a table', async () => {
    const response = await get('/euribor/')
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('<svg')
    expect(response.body).toContain('role="img"')
    const latest = content.euribor.values.at(-1)
    expect(response.body).toContain(`<td class="border border-slate-300 px-3 py-1">${latest?.month}</td>`)
  })
})

describe('FAQ', () => {
  it('marks up every question as FAQPage structured data without paragraph tags', async () => {
    const response = await get('/usein-kysyttya/')
    const faq = readHead(response.body).jsonLd.find(
      (data) => (data as { '@type': string })['@type'] === 'FAQPage',
    ) as { mainEntity: Array<{ name: string; acceptedAnswer: { text: string } }> }
    expect(faq.mainEntity.length).toBe(content.faq.filter((entry) => entry.lang === 'fi').length)
    for (const question of faq.mainEntity) {
      expect(question.name.length).toBeGreaterThan(5)
      expect(question.acceptedAnswer.text).not.toMatch(/<\/?p>/)
    }
  })
})

describe('contact form', () => {
  const form = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/ota-yhteytta/',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(fields).toString(),
    })

  it('stores the message encrypted and e-mails it to staff', async () => {
    const before = smtp.inbox.length
    const response = await form({
      name: 'Testi Henkilö',
      email: 'kysyja@example.com',
      topic: 'offers',
      message: 'Milloin tarjoukset tulevat hakemukseeni?',
    })
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('Kiitos, viestisi on lähetetty')
    const mail = await smtp.nextFor('staff@lainava.test', before)
    expect(mail.text).toContain('Milloin tarjoukset tulevat hakemukseeni?')
    expect(mail.text).toContain('kysyja@example.com')
    const rows = await ctx.database.db
      .select()
      .from(schema.contactMessages)
      .where(eq(schema.contactMessages.topic, 'offers'))
    expect(rows.length).toBe(1)
    expect(rows[0]?.messageEncrypted).not.toContain('tarjoukset')
    expect(ctx.services.cipher.decrypt(rows[0]?.emailEncrypted ?? '')).toBe('kysyja@example.com')
  })

  it('answers bad input with 400 and each field’s error in the page language, keeping what was typed', async () => {
    const response = await form({ name: '', email: 'ei-osoite', topic: 'general', message: 'lyhyt' })
    expect(response.statusCode).toBe(400)
    expect(response.body).toContain('Anna sähköpostiosoite muodossa nimi@esimerkki.fi.')
    expect(response.body).toContain('Kirjoita viesti, 10–3 000 merkkiä.')
    expect(response.body).toContain('Tämä tieto tarvitaan.')
    expect(response.body).toContain('value="ei-osoite"')
    const api = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      headers: { 'accept-language': 'en' },
      payload: { name: 'A', email: 'a@example.com', topic: 'nonsense', message: 12 },
    })
    expect(api.statusCode).toBe(400)
    expect(
      api
        .json()
        .fields.map((field: { path: string }) => field.path)
        .sort(),
    ).toEqual(['body.message', 'body.topic'])
  })

  it('limits messages per sender address (every message sends an e-mail)', async () => {
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/contact',
        payload: {
          name: 'Toistuva',
          email: 'toistuva@example.com',
          topic: 'general',
          message: 'Sama kysymys taas.',
        },
      })
    for (let attempt = 0; attempt < 3; attempt++) expect((await send()).statusCode).toBe(202)
    const limited = await send()
    expect(limited.statusCode).toBe(429)
    expect(limited.headers['retry-after']).toBeDefined()
  })
})

describe('prerendered pages', () => {
  const inlineScripts = (html: string) =>
    [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '')
  const mainOf = (html: string) => /<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? ''

  it('serves every static content page from the build to an anonymous visitor, at this server’s address, with hashed inline scripts', async () => {
    const paths = staticPaths(content)
    expect(paths.length).toBeGreaterThan(150)
    for (const path of paths) {
      const response = await get(path)
      expect(response.statusCode, path).toBe(200)
      expect(response.headers['x-lainava-render'], path).toBe('prerendered')
      expect(response.body, path).not.toContain('prerendered.invalid')
      expect(readHead(response.body).canonical, path).toBe(`${ORIGIN}${path}`)
      // No nonce: each inline script is allowed by its own sha256 hash, and nothing else inline is.
      const policy = String(response.headers['content-security-policy'])
      const scriptSources = /script-src ([^;]+)/.exec(policy)?.[1]?.split(' ') ?? []
      expect(
        scriptSources.some((source) => source.startsWith("'nonce-")),
        path,
      ).toBe(false)
      for (const script of inlineScripts(response.body)) {
        const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`
        expect(scriptSources, path).toContain(hash)
      }
    }
  })

  it('has the same page as a live render; a visitor with a session, a cookie choice, a query string or a form post gets the live one', async () => {
    const prerendered = await get('/autolaina/')
    const live = await ctx.app.inject({
      method: 'GET',
      url: '/autolaina/',
      headers: { cookie: 'lv_session=x' },
    })
    expect(live.headers['x-lainava-render']).toBeUndefined()
    expect(String(live.headers['content-security-policy'])).toMatch(/script-src 'self' 'nonce-[^']+'/)
    expect(mainOf(prerendered.body).length).toBeGreaterThan(1000)
    expect(mainOf(prerendered.body)).toBe(mainOf(live.body))
    expect(readHead(prerendered.body)).toEqual(readHead(live.body))

    // A visitor who has answered the cookie banner gets the live page, without the banner (issue 18).
    expect(prerendered.body).toContain('data-testid="consent-banner"')
    const chosen = await ctx.app.inject({
      method: 'GET',
      url: '/autolaina/',
      headers: { cookie: 'lainava_marketing=false' },
    })
    expect(chosen.headers['x-lainava-render']).toBeUndefined()
    expect(chosen.body).not.toContain('data-testid="consent-banner"')
    expect(mainOf(chosen.body)).toBe(mainOf(live.body))

    const withQuery = await get('/ota-yhteytta/?topic=business')
    expect(withQuery.headers['x-lainava-render']).toBeUndefined()
    expect(withQuery.body).toMatch(/<option[^>]*value="business"[^>]*selected/)
  })

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await get('/sanasto/')
    const etag = String(first.headers.etag)
    expect(etag).toMatch(/^"[\w-]+"$/)
    const again = await ctx.app.inject({
      method: 'GET',
      url: '/sanasto/',
      headers: { 'if-none-match': etag },
    })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
  })

  it('are not used when the content, the brand, the company or the build differs from the build’s', () => {
    const dir = ctx.services.config.WEB_BUILD_DIR
    const version = JSON.parse(readFileSync(join(dir, 'prerender', 'manifest.json'), 'utf8')).version
    const company = ctx.services.config.COMPANY
    const options = { version, publicUrl: ORIGIN, brandName: 'Lainava', company, content }
    expect(loadPrerendered(dir, options)).toHaveProperty('pages')
    expect(loadPrerendered(dir, { ...options, company: { ...company, phone: '+358 9 123 4567' } })).toEqual({
      reason: expect.stringContaining('company details'),
    })
    expect(loadPrerendered(dir, { ...options, content: { ...content, fingerprint: 'changed' } })).toEqual({
      reason: expect.stringContaining('content files changed'),
    })
    expect(loadPrerendered(dir, { ...options, brandName: 'Other' })).toEqual({
      reason: expect.stringContaining('BRAND_NAME'),
    })
    expect(loadPrerendered(dir, { ...options, version: 'other' })).toEqual({
      reason: expect.stringContaining('another web build'),
    })
    expect(loadPrerendered(dir, { ...options, publicUrl: 'https://x.test/?a="b"' })).toEqual({
      reason: expect.stringContaining('PUBLIC_URL'),
    })
  })
})
