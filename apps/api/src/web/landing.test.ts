import { randomUUID } from 'node:crypto'
import { loadContent } from '@lainava/content/server'
import { schema } from '@lainava/db'
import { pathFor } from '@lainava/routing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lenderRow } from '../test/lenders.ts'
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
