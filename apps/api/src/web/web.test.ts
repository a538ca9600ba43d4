import { seedDemoData } from '@lainava/db'
import { pathFor, REDIRECTS } from '@lainava/routing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COMPANY_ENV } from '../test/company-env.ts'
import { loginAs } from '../test/sessions.ts'
import { createTestApp } from '../test/test-app.ts'

// The web role in-process: needs the production build (npm test builds before these tests).
let ctx: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  ctx = await createTestApp({
    ROLES: 'web,api',
    PUBLIC_URL: 'https://lainava.test',
    // An https site must have SMTP (no worker runs here, so nothing is sent).
    SMTP_URL: 'smtp://127.0.0.1:2525',
    ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
    ...COMPANY_ENV,
  })
})
afterAll(async () => {
  await ctx.close()
})

const get = (url: string) => ctx.app.inject({ method: 'GET', url })

describe('server-side redirects (spec §2)', () => {
  for (const row of REDIRECTS) {
    it(`${row.from} answers ${row.category === 'maintenance' ? 302 : 301} without rendering`, async () => {
      for (const path of [row.from, row.from.toUpperCase().replace(/\/$/, '')]) {
        const response = await get(path)
        expect(response.statusCode, path).toBe(row.category === 'maintenance' ? 302 : 301)
        const expected = 'url' in row.to ? row.to.url : pathFor(row.to.screen, 'fi', row.to.params ?? {})
        expect(response.headers.location).toBe(expected)
        expect(response.body).not.toContain('<html')
      }
    })
  }

  it('sends old paths to their current page in the same language', async () => {
    expect((await get('/lainaa-heti')).headers.location).toBe('/pikalaina/')
    expect((await get('/en/hae-lainaa/?utm_source=mail')).headers.location).toBe('/en/form/?utm_source=mail')
    expect((await get('/blogi/1/')).headers.location).toBe('/blogi/')
  })
})

describe('pages', () => {
  it('renders the landing in each Finland language with lang, canonical and hreflang', async () => {
    for (const [path, lang] of [
      ['/', 'fi'],
      ['/sv/', 'sv'],
      ['/en/', 'en'],
    ] as const) {
      const response = await get(path)
      expect(response.statusCode).toBe(200)
      expect(response.body).toContain(`<html lang="${lang}"`)
      expect(response.body).toContain(`<link rel="canonical" href="https://lainava.test${path}"/>`)
      expect(response.body).toContain('hrefLang="sv-FI" href="https://lainava.test/sv/"')
      expect(response.headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-/)
    }
  })

  it('answers an unknown path with 404 and the not-found page in the language of its prefix', async () => {
    const cases = [
      ['/ei-ole-olemassa/', 'fi', 'Sivua ei löytynyt'],
      ['/sv/finns-inte/', 'sv', 'Sidan hittades inte'],
      ['/en/missing/page/', 'en', 'Page not found'],
      ['/pl-pl/nie-ma/', 'pl', '<h1'],
    ] as const
    for (const [path, lang, text] of cases) {
      const response = await get(path)
      expect(response.statusCode, path).toBe(404)
      expect(response.body).toContain(`<html lang="${lang}"`)
      expect(response.body).toContain(text)
    }
  })

  it('serves each status screen with its status in every served language', async () => {
    const screens = [
      ['/404/', 404, 'Sivua ei löytynyt'],
      ['/forbidden/', 403, 'Ei käyttöoikeutta'],
      ['/under-maintenance/', 503, 'Huoltokatko'],
      ['/coming-soon/', 200, 'Tulossa pian'],
      ['/test/', 200, 'Testisivu'],
      ['/demo/', 200, 'Esittely'],
    ] as const
    for (const [path, status, finnish] of screens) {
      const fi = await get(path)
      expect(fi.statusCode, path).toBe(status)
      expect(fi.body).toContain(finnish)
      for (const prefix of [
        '/sv',
        '/en',
        '/dk-da',
        '/hu-hu',
        '/lv-lv',
        '/lv-ru',
        '/pl-pl',
        '/ro-ro',
        '/se-sv',
      ]) {
        const response = await get(`${prefix}${path}`)
        expect(response.statusCode, `${prefix}${path}`).toBe(status)
        expect(response.body).toContain(`<link rel="canonical" href="https://lainava.test${prefix}${path}"/>`)
      }
    }
    expect((await get('/under-maintenance/')).headers['retry-after']).toBe('300')
  })

  it('shows the not-supported-country screen on the landing of a country that is not active', async () => {
    const response = await get('/pl-pl/')
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('<html lang="pl"')
    expect(response.body).toContain('href="/"')
    expect(response.body).not.toContain('name="amount"')
  })
})

describe('page data (spec §2)', () => {
  it('answers the landing’s page data as JSON', async () => {
    const response = await get('/page-data/index/page-data.json')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      path: '/',
      routeId: 'landing.fi',
      screen: 'landing',
      language: 'fi',
      canonical: 'https://lainava.test/',
    })
    const english = await get('/page-data/en/page-data.json')
    expect(english.json()).toMatchObject({ routeId: 'landing.en', language: 'en' })
  })

  it('answers 404 for an unknown page and a redirect for an old one', async () => {
    expect((await get('/page-data/ei-ole/page-data.json')).statusCode).toBe(404)
    expect((await get('/page-data/lainaa-heti/page-data.json')).json()).toMatchObject({
      redirect: { location: '/pikalaina/', permanent: true },
    })
  })

  it('answers the app version, the static data and the slices', async () => {
    const app = (await get('/page-data/app-data.json')).json()
    expect(app.appVersion).toMatch(/\w+/)
    const page = (await get('/page-data/index/page-data.json')).json()
    expect(page.appVersion).toBe(app.appVersion)
    const [hash] = page.staticQueryHashes
    const site = (await get(`/page-data/sq/d/${hash}.json`)).json()
    expect(site.consumerLoanLimits).toMatchObject({ minAmount: 1000, maxAmount: 70000 })
    expect((await get('/page-data/sq/d/000000000000.json')).statusCode).toBe(404)
    const header = (await get('/slice-data/header-en.json')).json()
    expect(header).toMatchObject({ loginPath: '/en/login/', homePath: '/en/' })
    const footer = (await get('/slice-data/footer-sv.json')).json()
    expect(footer.links[0]).toEqual({ label: 'Dataskyddsbeskrivning', path: '/sv/tietosuojaseloste/' })
    expect((await get('/slice-data/sidebar-fi.json')).statusCode).toBe(404)
  })
})

describe('pages that need a login', () => {
  it('sends a visitor to the login page and back; ?autologin=true is dropped once logged in', async () => {
    const anonymous = await get('/asetukset/?menu=consents&autologin=true')
    expect(anonymous.statusCode).toBe(302)
    expect(anonymous.headers.location).toBe(
      `/kirjaudu/?returnTo=${encodeURIComponent('/asetukset/?menu=consents')}`,
    )

    const { cookies } = await loginAs(ctx.database.db)
    const loggedIn = await ctx.app.inject({
      method: 'GET',
      url: '/asetukset/?menu=consents&autologin=true',
      cookies,
    })
    expect(loggedIn.statusCode).toBe(302)
    expect(loggedIn.headers.location).toBe('/asetukset/?menu=consents')
    const page = await ctx.app.inject({ method: 'GET', url: '/en/asetukset/?menu=consents', cookies })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('Consents')
  })

  it('shows the logged-in user in the header, and the login page sends them on', async () => {
    const { cookies, email } = await loginAs(ctx.database.db)
    const landing = await ctx.app.inject({ method: 'GET', url: '/', cookies })
    expect(landing.body).toContain(email)
    const login = await ctx.app.inject({ method: 'GET', url: '/kirjaudu/?returnTo=/asetukset/', cookies })
    expect(login.statusCode).toBe(302)
    expect(login.headers.location).toBe('/asetukset/')
  })
})

describe('robots.txt, sitemap and the lender list', () => {
  it('lists every public page with absolute URLs and hreflang alternates, and each listed URL answers 200', async () => {
    const robots = await get('/robots.txt')
    expect(robots.statusCode).toBe(200)
    expect(robots.body).toContain('Sitemap: https://lainava.test/sitemap/sitemap-index.xml')
    expect(robots.body).toContain('Disallow: /api/')
    const index = await get('/sitemap/sitemap-index.xml')
    expect(index.body).toContain('<loc>https://lainava.test/sitemap/sitemap-0.xml</loc>')
    const sitemap = await get('/sitemap/sitemap-0.xml')
    expect(sitemap.statusCode).toBe(200)
    expect(sitemap.headers['content-type']).toContain('application/xml')
    const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? '')
    expect(locs).toContain('https://lainava.test/lainanantajat/')
    expect(locs).toContain('https://lainava.test/en/form/')
    expect(locs.length).toBe([...sitemap.body.matchAll(/<url>/g)].length)
    // Every listed URL answering 200 with its lang, canonical and alternates: content.test.ts.
  })

  it('shows the active lenders with their ranges and a representative example', async () => {
    await seedDemoData(ctx.database.db)
    const page = await get('/lainanantajat/')
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('Aurora Rahoitus')
    expect(page.body).toContain('Edustava esimerkki')
    expect(page.body).toContain('Huomio! Rahan lainaaminen maksaa.')
    expect(page.body).toContain(
      '<link rel="alternate" hrefLang="en-FI" href="https://lainava.test/en/lainanantajat/"',
    )
    const english = await get('/en/lainanantajat/')
    expect(english.body).toContain('<html lang="en"')
    expect(english.body).toContain('Representative example')
  })
})
