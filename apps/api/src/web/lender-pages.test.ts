import { schema } from '@lainava/db'
import { pathFor } from '@lainava/routing'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { submission, validApplication } from '../test/applications.ts'
import { BROAD_CRITERIA, lenderRow } from '../test/lenders.ts'
import { pageDocument } from '../test/page-document.ts'
import { type Cookies, loginAs, OUR_CLIENT } from '../test/sessions.ts'
import { createTestApp } from '../test/test-app.ts'

// Issue 17, spec §6: the lender portal's pages. Anyone but a lender user (and an agent on an admin-only
// page) is logged out and sent to the forbidden page; the signed-out go to the login page; a lender user
// sees its own organisation only and answers through the pages' own actions. Needs the production build.

const ORIGIN = 'http://localhost:3000'
let ctx: Awaited<ReturnType<typeof createTestApp>>
let manualId = ''
beforeAll(async () => {
  ctx = await createTestApp({ ROLES: 'web,api', PUBLIC_URL: ORIGIN })
  const rows = await ctx.database.db
    .insert(schema.lenders)
    .values([
      lenderRow({
        name: 'Sivujen Säästöpankki',
        integration: 'manual',
        sandbox: null,
        criteria: { ...BROAD_CRITERIA, minAmount: 20_000 },
      }),
      lenderRow({
        name: 'Toinen Pankki',
        integration: 'manual',
        sandbox: null,
        criteria: { ...BROAD_CRITERIA, minAmount: 10_000 },
      }),
    ])
    .returning({ id: schema.lenders.id })
  manualId = rows[0]?.id ?? ''
})
afterAll(async () => {
  await ctx.close()
})

const PAGES = [
  pathFor('lenderPortal', 'fi'),
  pathFor('lenderApplications', 'fi'),
  pathFor('lenderApplications', 'sv'),
  pathFor('lenderApplication', 'en', { id: '0b4f7a52-6a57-4d8e-9a55-2f0f3c1d2e3a' }),
  pathFor('lenderUsers', 'fi'),
  pathFor('lenderFiltering', 'fi'),
  pathFor('lenderInsights', 'fi'),
  pathFor('lenderIntegration', 'fi'),
]
const page = (url: string, cookies: Cookies = {}) => ctx.app.inject({ method: 'GET', url, cookies })

function documentOf(body: string) {
  return pageDocument(body)
}

/** The page's own action, as a form posts it (React Router's data request). */
function act(path: string, fields: Record<string, string>, cookies: Cookies) {
  return ctx.app.inject({
    method: 'POST',
    url: `${path}_.data`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    cookies,
    payload: new URLSearchParams(fields).toString(),
  })
}

function clearsSession(header: string | string[] | undefined): boolean {
  const cookies = Array.isArray(header) ? header : header ? [header] : []
  return cookies.some(
    (cookie) =>
      /^lv_session=;/.test(cookie) || /lv_session=[^;]*;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i.test(cookie),
  )
}

// Not the catalogue's example henkilötunnus (the form's hint shows that one on every page).
const HETU = '150385-246Y'

async function apply(amount: number) {
  const applicant = await loginAs(ctx.database.db)
  const application = validApplication({
    loan: { amount, period: 5, purpose: 'renovation', refinance: false },
  })
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/applications',
    payload: submission({ ...application, applicant: { ...application.applicant, hetu: HETU } }),
    cookies: applicant.cookies,
    headers: OUR_CLIENT,
  })
  expect(response.statusCode).toBe(201)
  return response.json().applicationId as string
}

describe('lender portal pages: access', () => {
  it.each(PAGES)('%s: a consumer is logged out and sent to the forbidden page', async (url) => {
    const consumer = await loginAs(ctx.database.db)
    const response = await page(url, consumer.cookies)
    expect(response.statusCode).toBe(302)
    expect(response.headers.location).toMatch(/\/forbidden\/$/)
    expect(clearsSession(response.headers['set-cookie'])).toBe(true)
    const profile = await page('/api/v2/user/profile', consumer.cookies)
    expect(profile.statusCode).toBe(401)
  })

  it('an admin is logged out and sent to the forbidden page too', async () => {
    const admin = await loginAs(ctx.database.db, { role: 'admin' })
    const response = await page(pathFor('lenderApplications', 'fi'), admin.cookies)
    expect(response.statusCode).toBe(302)
    expect(response.headers.location).toBe('/forbidden/')
  })

  it('an agent handles applications but is refused the users and integration pages', async () => {
    const agent = await loginAs(ctx.database.db, {
      role: 'lender',
      lenderId: manualId,
      lenderRole: 'lender-agent',
    })
    const list = await page(pathFor('lenderApplications', 'fi'), agent.cookies)
    expect(list.statusCode).toBe(200)
    const nav = documentOf(list.body).querySelector('nav[aria-label="Lainanantajan työtila"]')
    expect(nav?.textContent).toContain('Hakemukset')
    expect(nav?.textContent).not.toContain('Käyttäjät')
    for (const url of [pathFor('lenderUsers', 'fi'), pathFor('lenderIntegration', 'fi')]) {
      const again = await loginAs(ctx.database.db, {
        role: 'lender',
        lenderId: manualId,
        lenderRole: 'lender-agent',
      })
      const response = await page(url, again.cookies)
      expect(response.statusCode, url).toBe(302)
      expect(response.headers.location).toBe('/forbidden/')
    }
  })

  it('the signed-out go to the login page and come back after it', async () => {
    const response = await page('/en/lender/applications/?status=pending')
    expect(response.statusCode).toBe(302)
    expect(response.headers.location).toBe(
      `/en/login/?returnTo=${encodeURIComponent('/en/lender/applications/?status=pending')}`,
    )
  })

  it('/lender/ opens the applications; every page is noindex and not cached', async () => {
    const admin = await loginAs(ctx.database.db, { role: 'lender', lenderId: manualId })
    const overview = await page('/lender/', admin.cookies)
    expect(overview.statusCode).toBe(302)
    expect(overview.headers.location).toBe('/lender/applications/')
    for (const url of [pathFor('lenderApplications', 'fi'), pathFor('lenderUsers', 'sv')]) {
      const response = await page(url, admin.cookies)
      expect(response.statusCode, url).toBe(200)
      expect(response.headers['cache-control']).toBe('no-store')
      expect(documentOf(response.body).querySelector('meta[name="robots"]')?.getAttribute('content')).toBe(
        'noindex',
      )
    }
  })
})

describe('lender portal pages: an application', () => {
  it("lists its own organisation's applications; another's application page is a 404", async () => {
    const mine = await apply(20_000)
    const theirs = await apply(10_000)
    const user = await loginAs(ctx.database.db, { role: 'lender', lenderId: manualId })
    const list = documentOf((await page('/lender/applications/', user.cookies)).body)
    const links = [...list.querySelectorAll('[data-testid="lender-application"] a')].map((link) =>
      link.getAttribute('href'),
    )
    expect(links).toContain(`/lender/applications/${mine}/`)
    expect(links).not.toContain(`/lender/applications/${theirs}/`)
    expect((await page(`/lender/applications/${theirs}/`, user.cookies)).statusCode).toBe(404)
    expect((await page('/lender/applications/not-an-id/', user.cookies)).statusCode).toBe(404)
    // A bad day in the filters is the page's own message, not an error page.
    const bad = await page('/lender/applications/?from=2026-02-31', user.cookies)
    expect(bad.statusCode).toBe(200)
    expect(bad.body).toContain('Anna päivämäärä.')
  })

  it('shows the henkilötunnus only on request (audited), and takes a manual offer through its action', async () => {
    const applicationId = await apply(21_000)
    const user = await loginAs(ctx.database.db, {
      role: 'lender',
      lenderId: manualId,
      lenderRole: 'lender-agent',
    })
    const path = `/lender/applications/${applicationId}/`
    const before = await page(path, user.cookies)
    expect(before.statusCode).toBe(200)
    const hetu = HETU
    expect(before.body).not.toContain(hetu)
    const form = documentOf(before.body)
    expect(form.querySelector('input[name="intent"][value="reveal"]')).not.toBeNull()
    expect(form.querySelector('input[name="intent"][value="offer"]')).not.toBeNull()

    const revealed = await act(path, { intent: 'reveal' }, user.cookies)
    expect(revealed.statusCode).toBe(200)
    expect(revealed.body).toContain(hetu)
    const audit = await ctx.database.db
      .select()
      .from(schema.auditLog)
      .where(
        and(
          eq(schema.auditLog.action, 'application.hetu.reveal'),
          eq(schema.auditLog.subjectId, applicationId),
        ),
      )
    expect(audit).toHaveLength(1)

    const overCap = await act(
      path,
      { intent: 'offer', amount: '21000', months: '60', nominalRate: '30' },
      user.cookies,
    )
    expect(overCap.statusCode).toBe(422)
    const offered = await act(
      path,
      { intent: 'offer', amount: '21000', months: '60', nominalRate: '8.5', openingFee: '0' },
      user.cookies,
    )
    expect(offered.statusCode).toBe(200)
    const after = documentOf((await page(path, user.cookies)).body)
    expect(after.querySelectorAll('[data-testid="lender-offer"]')).toHaveLength(1)
    expect(after.querySelector('main')?.textContent).toContain('Tarjous tehty')
    // Answered: no offer or decline form any more.
    expect(after.querySelector('input[name="intent"][value="offer"]')).toBeNull()
    expect(after.querySelector('input[name="intent"][value="withdraw"]')).not.toBeNull()
  })
})
