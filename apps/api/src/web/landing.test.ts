import { randomUUID } from 'node:crypto'
import { loadContent } from '@lainava/content/server'
import { schema } from '@lainava/db'
import { pathFor } from '@lainava/routing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lenderRow } from '../test/lenders.ts'
import { cookieHeader, loginAs } from '../test/sessions.ts'
import { createTestApp } from '../test/test-app.ts'

// The front page below the calculator (issue 14): rendered from the lender table and the content
// files. The web role in-process: needs the production build (npm test builds before these tests).

let ctx: Awaited<ReturnType<typeof createTestApp>>
const content = loadContent()
beforeAll(async () => {
  ctx = await createTestApp({
    ROLES: 'web,api',
    PUBLIC_URL: 'http://localhost:3000',
    ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
  })
})
afterAll(async () => {
  await ctx.close()
})

/** Text as React writes it into HTML. */
const html = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#x27;')

describe('the landing page', () => {
  it('names the active lenders of the lender table and links to the lender list', async () => {
    const suffix = randomUUID().slice(0, 8)
    const active = [`Kotirahoitus ${suffix}`, `Pohjoisen Luotto ${suffix}`]
    const inactive = `Suljettu Pankki ${suffix}`
    await ctx.database.db
      .insert(schema.lenders)
      .values([...active.map((name) => lenderRow({ name })), lenderRow({ name: inactive, active: false })])
    for (const lang of ['fi', 'sv', 'en'] as const) {
      const page = await ctx.app.inject({ method: 'GET', url: pathFor('landing', lang) })
      expect(page.statusCode).toBe(200)
      const lenders = /data-testid="landing-lenders">([\s\S]*?)<\/ul>/.exec(page.body)?.[1] ?? ''
      for (const name of active) expect(lenders, lang).toContain(name)
      expect(page.body, lang).not.toContain(inactive)
      expect(page.body, lang).toContain(`href="${pathFor('lenders', lang)}"`)
    }
  })

  it('shows the three newest articles and the first FAQ answers of its language, with links', async () => {
    for (const lang of ['fi', 'sv', 'en'] as const) {
      const page = await ctx.app.inject({ method: 'GET', url: pathFor('landing', lang) })
      expect(page.statusCode).toBe(200)
      const articles = content.articles
        .filter((article) => article.lang === lang)
        .sort((a, b) => b.published.localeCompare(a.published))
      for (const article of articles.slice(0, 3)) {
        expect(page.body, lang).toContain(html(article.title))
        expect(page.body, lang).toContain(`href="${pathFor('article', lang, { uid: article.uid })}"`)
      }
      const older = articles[3]
      if (older)
        expect(page.body, lang).not.toContain(`href="${pathFor('article', lang, { uid: older.uid })}"`)
      expect(page.body, lang).toContain(`href="${pathFor('blog', lang)}"`)

      const faq = content.faq.filter((entry) => entry.lang === lang).sort((a, b) => a.order - b.order)
      for (const entry of faq.slice(0, 3)) expect(page.body, lang).toContain(html(entry.question))
      expect(page.body, lang).toContain(`href="${pathFor('faq', lang)}"`)
    }
  })

  it('keeps one h1 and a h2 for each section below the calculator', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/' })
    const main = /<main[^>]*>([\s\S]*?)<\/main>/.exec(page.body)?.[1] ?? ''
    expect(main.match(/<h1[\s>]/g)).toHaveLength(1)
    const sections = [...main.matchAll(/<h2[^>]*>([^<]*)<\/h2>/g)].map((match) => match[1])
    expect(sections).toEqual(
      expect.arrayContaining(['Tuotteet', 'Näin palvelu toimii', 'Usein kysyttyä', 'Uusimmat artikkelit']),
    )
  })
})

// ADR 063: the root's messages and menus travel as a file the page names, not inside the page.
describe('the root data’s shared file', () => {
  const sharedOf = (body: string) =>
    /<link rel="preload" as="fetch" href="(\/_shared\/[^"]+)" crossorigin="anonymous" data-root-shared=""/.exec(
      body,
    )?.[1]

  it('is named by the page, holds its messages and menus, and is the same for every visitor', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/' })
    const second = await ctx.app.inject({ method: 'GET', url: '/' })
    const href = sharedOf(first.body)
    expect(href).toMatch(/^\/_shared\/fi\/landing\/out\/[0-9a-f]{16}\.json$/)
    expect(sharedOf(second.body)).toBe(href)

    const file = await ctx.app.inject({
      method: 'GET',
      url: href as string,
      headers: { 'accept-encoding': 'br' },
    })
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(file.headers['set-cookie']).toBeUndefined()
    expect(file.headers['content-encoding']).toBe('br')
    const plain = await ctx.app.inject({ method: 'GET', url: href as string })
    const shared = JSON.parse(plain.body)
    expect(shared.messages['landing.hero.title']).toBeTruthy()
    // The error pages' texts come with the file, not inside every page.
    expect(shared.messages['status.maintenance.title']).toBeTruthy()
    expect(first.body).not.toContain(shared.messages['status.maintenance.title'])
    expect(shared.messages['offers.title']).toBeUndefined()
    expect(shared.navigation.header.map((group: { id: string }) => group.id)).toContain('loans')

    // Swedish pages name Swedish files.
    const sv = await ctx.app.inject({ method: 'GET', url: pathFor('landing', 'sv') })
    expect(sharedOf(sv.body)).toMatch(/^\/_shared\/sv\/landing\/out\//)
  })

  it('is named by the page data too, signed out and signed in, as the page itself names it', async () => {
    // A client navigation reads the page data first and asks for the file beside the page's loader data.
    const consumer = cookieHeader((await loginAs(ctx.services.db)).cookies)
    const paths = [
      pathFor('landing', 'fi'),
      pathFor('glossary', 'fi'),
      pathFor('consumerLoanForm', 'sv'),
      pathFor('blog', 'en'),
      pathFor('offers', 'fi'),
    ]
    for (const path of paths) {
      const trimmed = path.replace(/^\/+|\/+$/g, '')
      const pageData = await ctx.app.inject({
        method: 'GET',
        url: `/page-data/${trimmed === '' ? 'index' : trimmed}/page-data.json`,
      })
      expect(pageData.statusCode, path).toBe(200)
      const { shared } = pageData.json() as { shared: { in: string; out: string } }
      const signedOut = await ctx.app.inject({ method: 'GET', url: path })
      const signedIn = await ctx.app.inject({ method: 'GET', url: path, headers: { cookie: consumer } })
      if (signedOut.statusCode === 200) expect(shared.out, path).toBe(sharedOf(signedOut.body))
      expect(signedIn.statusCode, path).toBe(200)
      expect(shared.in, path).toBe(sharedOf(signedIn.body))
      expect(shared.in).toMatch(/\/in\/[0-9a-f]{16}\.json$/)
      expect(shared.out).toMatch(/\/out\/[0-9a-f]{16}\.json$/)
    }
  })

  it('answers 404 to an address no page names, and today’s file (not kept) to an outdated hash', async () => {
    const href = sharedOf((await ctx.app.inject({ method: 'GET', url: '/' })).body) as string
    const [, , , scope, signedIn, file] = href.split('/')
    for (const url of [
      `/_shared/xx/${scope}/${signedIn}/${file}`,
      `/_shared/fi/constructor/${signedIn}/${file}`,
      `/_shared/fi/${scope}/both/${file}`,
      `/_shared/fi/${scope}/${signedIn}/%2e%2e%2fpackage.json`,
      `/_shared/fi/${scope}/${signedIn}/${file?.replace('.json', '.js')}`,
      // Other spellings React Router would match: never a second, cacheable copy.
      href.toUpperCase(),
      href.replace('/_shared/', '/%5Fshared/'),
      href.replace('/_shared/', '/_Shared/'),
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url })
      expect(response.statusCode, url).toBe(404)
      expect(response.headers['cache-control'], url).toBe('no-store')
    }
    // The file is not a page: it has no page data (spec §2).
    const pageData = await ctx.app.inject({
      method: 'GET',
      url: `/page-data${href.replace('.json', '')}/page-data.json`,
    })
    expect(pageData.statusCode).toBe(404)
    const outdated = await ctx.app.inject({
      method: 'GET',
      url: `/_shared/fi/${scope}/${signedIn}/0123456789abcdef.json`,
    })
    expect(outdated.statusCode).toBe(200)
    expect(outdated.headers['cache-control']).toBe('no-cache')
    expect(outdated.body).toBe((await ctx.app.inject({ method: 'GET', url: href })).body)
  })
})
