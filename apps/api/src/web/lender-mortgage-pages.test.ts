import { randomUUID } from 'node:crypto'
import { schema } from '@lainava/db'
import { DEMO_MORTGAGE_BANKS } from '@lainava/domain/mortgage/demo-banks'
import { exampleMortgageSteps } from '@lainava/domain/mortgage/example-application'
import { pathFor } from '@lainava/routing'
import { like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHttpLender } from '../modules/marketplace/lender-credentials.ts'
import { submittedMortgage } from '../modules/mortgage/mortgage-test-helpers.ts'
import { pageDocument } from '../test/page-document.ts'
import { type Cookies, loginAs } from '../test/sessions.ts'
import { createTestApp } from '../test/test-app.ts'

// Issue 17 review (L5): a bank's user opens a mortgage application in the portal and sees what the
// bank received, in words (purpose, property type), and may reveal the henkilötunnus; the portal's
// page actions answer a body that is no form, or a NUL byte, with 400, never 5xx. Needs the production build.

const ORIGIN = 'http://localhost:3000'
let ctx: Awaited<ReturnType<typeof createTestApp>>
let bankId = ''
beforeAll(async () => {
  ctx = await createTestApp({ ROLES: 'web,api', PUBLIC_URL: ORIGIN })
  const [demo] = DEMO_MORTGAGE_BANKS
  if (!demo) throw new Error('no demo banks')
  const bank = await createHttpLender(ctx.database.db, ctx.services.cipher, {
    slug: `test-bank-pages-${randomUUID().slice(0, 8)}`,
    name: 'Sivujen Asuntopankki',
    description: 'HTTP test bank',
    endpointUrl: 'http://127.0.0.1:9/unset',
    criteria: demo.criteria,
  })
  bankId = bank.lenderId
  await ctx.database.db
    .update(schema.lenders)
    .set({ filtering: { acceptingApplications: false, excludedPurposes: [] } })
    .where(like(schema.lenders.slug, 'demo-%'))
})
afterAll(async () => {
  await ctx.close()
})

const page = (url: string, cookies: Cookies = {}) => ctx.app.inject({ method: 'GET', url, cookies })

function documentOf(body: string) {
  return pageDocument(body)
}

/** A page's own action, as a form posts it (React Router's data request), or with any other body. */
function post(path: string, cookies: Cookies, body: string, type = 'application/x-www-form-urlencoded') {
  return ctx.app.inject({
    method: 'POST',
    url: `${path}_.data`,
    headers: { 'content-type': type, origin: ORIGIN },
    cookies,
    payload: body,
  })
}

describe('a mortgage application on its portal page', () => {
  it('shows the property, loan and funding in words, and the henkilötunnus on request', async () => {
    const applicant = await loginAs(ctx.database.db)
    const { applicationId } = await submittedMortgage(ctx, applicant)
    const agent = await loginAs(ctx.database.db, {
      role: 'lender',
      lenderId: bankId,
      lenderRole: 'lender-agent',
    })
    const path = pathFor('lenderApplication', 'fi', { id: applicationId })
    const response = await page(path, agent.cookies)
    expect(response.statusCode).toBe(200)
    const main = documentOf(response.body).querySelector('main')?.textContent ?? ''
    expect(main).toContain('Ensiasunto')
    expect(main).not.toContain('first-home')
    expect(main).toContain('Asunto ja rahoitus')
    expect(main).toContain('Kerrostaloasunto')
    expect(main).toContain(exampleMortgageSteps['property-information'].streetAddress)
    expect(main).toContain('12 kuukauden euribor')
    expect(main).toContain('Asuntolainahakemukseen vastataan asuntolainan ehdoilla')
    expect(main).not.toContain(exampleMortgageSteps['personal-information'].hetu)

    const revealed = await post(path, agent.cookies, 'intent=reveal')
    expect(revealed.statusCode).toBe(200)
    expect(revealed.body).toContain(exampleMortgageSteps['personal-information'].hetu)
    expect(revealed.body).toContain(exampleMortgageSteps['co-applicant-personal-information'].hetu)
  })
})

describe('the portal page actions and hostile bodies', () => {
  it('a body that is no form, or a NUL byte, is a 400 on every action; no page answers 5xx', async () => {
    const applicant = await loginAs(ctx.database.db)
    const { applicationId } = await submittedMortgage(ctx, applicant)
    const admin = await loginAs(ctx.database.db, { role: 'lender', lenderId: bankId })
    const actions = [
      pathFor('lenderApplication', 'fi', { id: applicationId }),
      pathFor('lenderApplication', 'en', { id: applicationId }),
      pathFor('lenderUsers', 'fi'),
    ]
    for (const path of actions) {
      const json = await post(path, admin.cookies, '{"intent":"reveal"}', 'application/json')
      expect(json.statusCode, `${path} JSON`).toBe(400)
      const text = await post(path, admin.cookies, 'intent=reveal', 'text/plain')
      expect(text.statusCode, `${path} text`).toBe(400)
      const broken = await post(path, admin.cookies, '--x\r\nbroken', 'multipart/form-data; boundary=x')
      expect(broken.statusCode, `${path} multipart`).toBe(400)
      const nul = await post(path, admin.cookies, 'intent=reveal&email=a%00b')
      expect(nul.statusCode, `${path} NUL`).toBe(400)
    }
    // The pages without an action of their own refuse a post without a server error.
    for (const path of [
      pathFor('lenderFiltering', 'fi'),
      pathFor('lenderInsights', 'fi'),
      pathFor('lenderIntegration', 'fi'),
      pathFor('lenderApplications', 'fi'),
    ]) {
      const json = await post(path, admin.cookies, '{"a":1}', 'application/json')
      expect(json.statusCode, path).toBeGreaterThanOrEqual(400)
      expect(json.statusCode, path).toBeLessThan(500)
      const nul = await post(path, admin.cookies, 'a=%00')
      expect(nul.statusCode, path).toBe(400)
    }
  })
})
