import { schema } from '@lainava/db'
import { pathFor } from '@lainava/routing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lenderRow } from '../test/lenders.ts'
import { type Cookies, loginAs } from '../test/sessions.ts'
import { createTestApp } from '../test/test-app.ts'

// Issue 15 item 6, spec §6: the admin pages are for admins only. Anyone else signed in is logged out
// and sent to the forbidden page; the signed-out go to the login page. Needs the production build.

let ctx: Awaited<ReturnType<typeof createTestApp>>
let lenderId = ''
beforeAll(async () => {
  ctx = await createTestApp({ ROLES: 'web,api' })
  const [lender] = await ctx.database.db
    .insert(schema.lenders)
    .values(lenderRow({ name: 'Admin Page Lender' }))
    .returning({ id: schema.lenders.id })
  lenderId = lender?.id ?? ''
})
afterAll(async () => {
  await ctx.close()
})

const ID = '0b4f7a52-6a57-4d8e-9a55-2f0f3c1d2e3a'
const PAGES = [
  pathFor('adminSmeApplications', 'fi'),
  pathFor('adminOnePageOnboarding', 'fi'),
  pathFor('adminSmeApplication', 'fi', { id: ID }),
  pathFor('adminOnePageApplication', 'sv', { id: ID }),
  pathFor('adminMortgageApplications', 'fi'),
  pathFor('adminMortgageApplication', 'en', { id: ID }),
  pathFor('adminSmeApplications', 'en'),
  pathFor('adminUsers', 'fi'),
]
const page = (url: string, cookies: Cookies = {}) => ctx.app.inject({ method: 'GET', url, cookies })

/** Whether the response ends the login: it clears the session cookies. */
function clearsSession(header: string | string[] | undefined): boolean {
  const cookies = Array.isArray(header) ? header : header ? [header] : []
  return cookies.some(
    (cookie) =>
      /^lv_session=;/.test(cookie) || /lv_session=[^;]*;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i.test(cookie),
  )
}

describe('admin pages', () => {
  it.each(PAGES)('%s: a consumer is logged out and sent to the forbidden page', async (url) => {
    const consumer = await loginAs(ctx.database.db)
    const response = await page(url, consumer.cookies)
    expect(response.statusCode).toBe(302)
    expect(response.headers.location).toMatch(/\/forbidden\/$/)
    expect(clearsSession(response.headers['set-cookie'])).toBe(true)
    // The login has ended: the same cookies no longer reach the profile.
    const profile = await ctx.app.inject({
      method: 'GET',
      url: '/api/v2/user/profile',
      cookies: consumer.cookies,
    })
    expect(profile.statusCode).toBe(401)
  })

  it.each(PAGES)('%s: a lender user is logged out and sent to the forbidden page too', async (url) => {
    const lender = await loginAs(ctx.database.db, { role: 'lender', lenderId })
    const response = await page(url, lender.cookies)
    expect(response.statusCode).toBe(302)
    expect(response.headers.location).toMatch(/^(\/[a-z]{2})?\/forbidden\/$/)
    expect(clearsSession(response.headers['set-cookie'])).toBe(true)
  })

  it('the signed-out go to the login page and come back after it', async () => {
    const response = await page('/en/admin/sme-applications/?q=1234567-1')
    expect(response.statusCode).toBe(302)
    expect(response.headers.location).toBe(
      `/en/login/?returnTo=${encodeURIComponent('/en/admin/sme-applications/?q=1234567-1')}`,
    )
  })

  it.each(PAGES)('%s: an admin gets the page, not indexed and not cached', async (url) => {
    const admin = await loginAs(ctx.database.db, { role: 'admin' })
    const response = await page(url, admin.cookies)
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.body).toContain('<meta name="robots" content="noindex"/>')
    // The header leads admins to the admin pages.
    expect(response.body).toMatch(/href="(\/[a-z-]+)?\/admin\/sme-applications\/"/)
  })

  it.each([
    ['adminSmeApplication', 'fi', 'adminSmeApplications', 'Takaisin yrityshakemuksiin'],
    ['adminOnePageApplication', 'sv', 'adminOnePageOnboarding', 'Tillbaka till de ensidiga ansökningarna'],
    ['adminMortgageApplication', 'en', 'adminMortgageApplications', 'Back to mortgage applications'],
  ] as const)('%s (%s) leads back to its own list', async (screen, lang, list, text) => {
    const admin = await loginAs(ctx.database.db, { role: 'admin' })
    const response = await page(pathFor(screen, lang, { id: ID }), admin.cookies)
    expect(response.statusCode).toBe(200)
    // The link itself, not the header's link to the same list: its address and its words together.
    const link = new RegExp(`<a (?=[^>]*href="${pathFor(list, lang)}")[^>]*>${text}</a>`)
    expect(response.body).toMatch(link)
  })

  it('speaks the page’s language', async () => {
    const admin = await loginAs(ctx.database.db, { role: 'admin' })
    const fi = await page(pathFor('adminSmeApplications', 'fi'), admin.cookies)
    expect(fi.body).toContain(
      '<h1 class="break-words text-3xl font-bold text-slate-900">Yrityshakemukset</h1>',
    )
    const sv = await page(pathFor('adminOnePageOnboarding', 'sv'), admin.cookies)
    expect(sv.body).toContain('Ensidiga ansökningar</h1>')
    const en = await page(pathFor('adminSmeApplications', 'en'), admin.cookies)
    expect(en.body).toContain('Business applications</h1>')
    expect(en.body).toContain('Company name or business ID')
    // The mortgage list, and every list in the admins' own navigation.
    const mortgages = await page(pathFor('adminMortgageApplications', 'sv'), admin.cookies)
    expect(mortgages.body).toContain('Bostadslåneansökningar</h1>')
    for (const list of [
      'adminSmeApplications',
      'adminOnePageOnboarding',
      'adminMortgageApplications',
    ] as const)
      expect(mortgages.body).toContain(`href="${pathFor(list, 'sv')}"`)
  })

  it('is linked from the admin’s header and from nowhere a consumer sees', async () => {
    const consumer = await loginAs(ctx.database.db)
    const home = await page('/', consumer.cookies)
    expect(home.body).not.toContain('/admin/')
  })
})
