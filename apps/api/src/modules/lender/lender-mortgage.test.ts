import { randomUUID } from 'node:crypto'
import { schema } from '@lainava/db'
import { DEFAULT_FILTERING } from '@lainava/domain'
import { lenderFilterOf } from '@lainava/domain/marketplace/lender-filter'
import { DEMO_MORTGAGE_BANKS } from '@lainava/domain/mortgage/demo-banks'
import { exampleMortgageSteps } from '@lainava/domain/mortgage/example-application'
import { and, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { submission, validApplication } from '../../test/applications.ts'
import { BROAD_CRITERIA, lenderRow } from '../../test/lenders.ts'
import { type Cookies, loginAs, OUR_CLIENT } from '../../test/sessions.ts'
import { createListeningTestApp } from '../../test/test-app.ts'
import { createHttpLender } from '../marketplace/lender-credentials.ts'
import { submittedMortgage } from '../mortgage/mortgage-test-helpers.ts'
import { previewLenderFilter } from './filtering-service.ts'

// Issue 17 review (L5): mortgage applications in the lender portal. A bank's user sees what the bank
// received (the mortgage section of the partner delivery) and may reveal the applicants' henkilötunnus
// (audited); a manual lender never receives mortgages (it could not answer them in the portal).

let ctx: Awaited<ReturnType<typeof createListeningTestApp>>
beforeAll(async () => {
  ctx = await createListeningTestApp()
})
afterAll(async () => {
  await ctx.close()
})

const db = () => ctx.database.db
function firstBank() {
  const [bank] = DEMO_MORTGAGE_BANKS
  if (!bank) throw new Error('no demo banks')
  return bank
}
const demo = firstBank()

const get = (url: string, cookies: Cookies) => ctx.app.inject({ method: 'GET', url, cookies })
const post = (url: string, cookies: Cookies, payload: object = {}) =>
  ctx.app.inject({ method: 'POST', url, cookies, payload, headers: OUR_CLIENT })

/** An HTTP bank (its endpoint answers nothing: the delivery is retried, the row stays pending) and a manual one, both with mortgage criteria. */
async function banks() {
  const http = await createHttpLender(db(), ctx.services.cipher, {
    slug: `test-bank-http-${randomUUID().slice(0, 8)}`,
    name: 'Portaalin Pankki',
    description: 'HTTP test bank',
    endpointUrl: 'http://127.0.0.1:9/unset',
    criteria: demo.criteria,
  })
  const [manual] = await db()
    .insert(schema.lenders)
    .values({
      ...demo,
      slug: `test-bank-manual-${randomUUID().slice(0, 8)}`,
      name: 'Käsin Vastaava Pankki',
      integration: 'manual',
      sandbox: null,
      filtering: DEFAULT_FILTERING,
    })
    .returning({ id: schema.lenders.id })
  if (!manual) throw new Error('no manual bank')
  // Only this test's banks: the seeded demo banks are paused.
  await db()
    .update(schema.lenders)
    .set({ filtering: { acceptingApplications: false, excludedPurposes: [] } })
    .where(like(schema.lenders.slug, 'demo-%'))
  return { http, manualId: manual.id }
}

describe('a mortgage application in the lender portal', () => {
  it('shows what the bank received, reveals the henkilötunnus (audited); a manual lender gets none', async () => {
    const { http, manualId } = await banks()
    const applicant = await loginAs(db())
    const { applicationId } = await submittedMortgage(ctx, applicant)

    const recipients = await db()
      .select({ lenderId: schema.applicationRecipients.lenderId })
      .from(schema.applicationRecipients)
      .where(eq(schema.applicationRecipients.applicationId, applicationId))
    const ids = recipients.map((row) => row.lenderId)
    expect(ids).toContain(http.lenderId)
    expect(ids).not.toContain(manualId)

    const agent = await loginAs(db(), { role: 'lender', lenderId: http.lenderId, lenderRole: 'lender-agent' })
    const detail = await get(`/api/v1/lender/applications/${applicationId}`, agent.cookies)
    expect(detail.statusCode).toBe(200)
    const body = detail.json()
    expect(body.application).toMatchObject({ kind: 'mortgage', purpose: 'first-home' })
    expect(body.canAnswer).toBe(false)
    const steps = exampleMortgageSteps
    expect(body.delivery).toMatchObject({
      product: 'mortgage',
      loan: {
        // The example's 200 000 € over 25 years.
        amount: 200_000,
        months: 300,
        purpose: 'first-home',
      },
      mortgage: {
        purpose: 'first-home',
        property: {
          streetAddress: steps['property-information'].streetAddress,
          price: steps['property-information'].price,
        },
        identification: { method: expect.any(String) },
      },
    })
    expect(body.delivery.applicants.map((person: { role: string }) => person.role)).toEqual(['main', 'co'])
    for (const person of body.delivery.applicants)
      expect(person).toMatchObject({ hetu: null, hetuHidden: true })
    expect(detail.body).not.toContain(steps['personal-information'].hetu)

    const reveal = await post(`/api/v1/lender/applications/${applicationId}/hetu`, agent.cookies)
    expect(reveal.statusCode).toBe(200)
    expect(reveal.json().applicants).toEqual([
      { role: 'main', hetu: steps['personal-information'].hetu },
      { role: 'co', hetu: steps['co-applicant-personal-information'].hetu },
    ])
    const audit = await db()
      .select()
      .from(schema.auditLog)
      .where(
        and(
          eq(schema.auditLog.action, 'application.hetu.reveal'),
          eq(schema.auditLog.subjectId, applicationId),
        ),
      )
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ actorId: agent.userId, actorRole: 'lender-agent' })
  })

  it('a loan-terms offer on a mortgage application is refused with a message about mortgage terms', async () => {
    const { http } = await banks()
    const applicant = await loginAs(db())
    const { applicationId } = await submittedMortgage(ctx, applicant)
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/lender/applications/${applicationId}/offers`,
      headers: { authorization: `Bearer ${http.apiKey}`, 'accept-language': 'fi' },
      payload: { amount: 200_000, months: 300, nominalRate: 3, feeFinanced: false },
    })
    expect(refused.statusCode).toBe(422)
    expect(refused.json().code).toBe('OFFER_WRONG_PRODUCT')
    expect(refused.json().message).toMatch(/^Asuntolainahakemukseen vastataan asuntolainan ehdoilla/)
  })
})

const MORTGAGE_TERMS = {
  amount: 200_000,
  months: 300,
  repaymentType: 'annuity',
  referenceRate: 'euribor-12',
  referenceRateValue: 2.245,
  margin: 0.6,
  esis: {
    valuationFee: 200,
    arrangementFee: 0,
    collateralFee: 75,
    earlyRepayment: 'Ilman korvausta.',
    insuranceRequired: false,
    insurance: null,
    collateral: 'Asunto-osakkeet',
    stateGuarantee: false,
    reflectionDays: 14,
    contact: 'asuntolainat@pankki.invalid',
  },
}

async function mailKinds(email: string): Promise<string[]> {
  const rows = await db()
    .select({ kind: schema.outboxEmails.kind })
    .from(schema.outboxEmails)
    .where(and(eq(schema.outboxEmails.toAddress, email), like(schema.outboxEmails.kind, 'mortgage-%')))
  return rows.map((row) => row.kind).sort()
}

describe('withdrawing an offer', () => {
  it("a mortgage bank's withdrawn offer shows as withdrawn on the status page, answered, and is e-mailed once", async () => {
    const { http } = await banks()
    const applicant = await loginAs(db())
    const { id, applicationId } = await submittedMortgage(ctx, applicant)
    const offered = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/lender/mortgage-applications/${applicationId}/offers`,
      headers: { authorization: `Bearer ${http.apiKey}` },
      payload: MORTGAGE_TERMS,
    })
    expect(offered.statusCode).toBe(201)
    const offerId = offered.json().offerId as string
    await expect.poll(() => mailKinds(applicant.email), { timeout: 20_000 }).toEqual(['mortgage-offered'])

    const agent = await loginAs(db(), { role: 'lender', lenderId: http.lenderId, lenderRole: 'lender-agent' })
    const withdrawn = await post(`/api/v1/lender/portal/offers/${offerId}/withdraw`, agent.cookies)
    expect(withdrawn.statusCode).toBe(204)
    const again = await post(`/api/v1/lender/portal/offers/${offerId}/withdraw`, agent.cookies)
    expect(again.json().code).toBe('OFFER_NOT_ACTIVE')

    const status = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/mortgage-application/status/${id}`,
      cookies: applicant.cookies,
      headers: OUR_CLIENT,
    })
    expect(status.statusCode).toBe(200)
    const bank = status.json().banks.find((row: { id: string }) => row.id === http.lenderId)
    expect(bank).toMatchObject({ status: 'withdrawn' })
    expect(status.json().offers.find((offer: { id: string }) => offer.id === offerId)).toMatchObject({
      status: 'withdrawn',
    })
    // The bank has answered: nothing more to wait for from it.
    expect(status.json().summary).toMatchObject({ answered: 1, offered: 0 })
    await expect
      .poll(() => mailKinds(applicant.email), { timeout: 20_000 })
      .toEqual(['mortgage-offered', 'mortgage-withdrawn'])
    const [mail] = await db()
      .select({ subject: schema.outboxEmails.subject })
      .from(schema.outboxEmails)
      .where(
        and(
          eq(schema.outboxEmails.toAddress, applicant.email),
          eq(schema.outboxEmails.kind, 'mortgage-withdrawn'),
        ),
      )
    expect(mail?.subject).toMatch(/^Portaalin Pankki perui asuntolainatarjouksensa/)
  })

  it('a withdrawn loan offer leaves the lender answered "no offer", not "offered"', async () => {
    const [manual] = await db()
      .insert(schema.lenders)
      .values(
        lenderRow({
          name: 'Perumispankki',
          integration: 'manual',
          sandbox: null,
          criteria: { ...BROAD_CRITERIA, products: ['consumer-loan'], minAmount: 44_000, maxAmount: 44_999 },
        }),
      )
      .returning({ id: schema.lenders.id })
    if (!manual) throw new Error('no lender')
    const applicant = await loginAs(db())
    const applied = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/applications',
      payload: submission(
        validApplication({ loan: { amount: 44_000, period: 5, purpose: 'renovation', refinance: false } }),
      ),
      cookies: applicant.cookies,
      headers: OUR_CLIENT,
    })
    expect(applied.statusCode).toBe(201)
    const applicationId = applied.json().applicationId as string
    const user = await loginAs(db(), { role: 'lender', lenderId: manual.id })
    const offer = await post(`/api/v1/lender/applications/${applicationId}/manual-offer`, user.cookies, {
      amount: 44_000,
      months: 60,
      nominalRate: 7.9,
    })
    expect(offer.statusCode).toBe(201)
    const withdrawn = await post(
      `/api/v1/lender/portal/offers/${offer.json().offerId}/withdraw`,
      user.cookies,
    )
    expect(withdrawn.statusCode).toBe(204)
    const [recipient] = await db()
      .select()
      .from(schema.applicationRecipients)
      .where(
        and(
          eq(schema.applicationRecipients.applicationId, applicationId),
          eq(schema.applicationRecipients.lenderId, manual.id),
        ),
      )
    expect(recipient).toMatchObject({ status: 'declined', declineReason: 'offer-withdrawn' })
    const detail = await get(`/api/v1/lender/applications/${applicationId}`, user.cookies)
    expect(detail.json()).toMatchObject({
      application: { status: 'declined' },
      declineReason: 'offer-withdrawn',
    })
  })
})

describe('the lender filter and mortgages', () => {
  it("a mortgage bank's daily cap and pause stop the next mortgage; the preview counts mortgages the same way", async () => {
    const { http } = await banks()
    const setFiltering = (filtering: typeof schema.lenders.$inferInsert.filtering) =>
      db().update(schema.lenders).set({ filtering }).where(eq(schema.lenders.id, http.lenderId))
    const received = async (applicationId: string) =>
      (
        await db()
          .select({ lenderId: schema.applicationRecipients.lenderId })
          .from(schema.applicationRecipients)
          .where(eq(schema.applicationRecipients.applicationId, applicationId))
      ).map((row) => row.lenderId)

    await setFiltering({ acceptingApplications: true, excludedPurposes: [], dailyCap: 1 })
    const first = await submittedMortgage(ctx, await loginAs(db()))
    expect(await received(first.applicationId)).toContain(http.lenderId)
    const second = await submittedMortgage(ctx, await loginAs(db()))
    expect(await received(second.applicationId)).not.toContain(http.lenderId)

    // The preview: every mortgage of the last 30 days matches this bank, one a day under the cap.
    const [row] = await db().select().from(schema.lenders).where(eq(schema.lenders.id, http.lenderId))
    if (!row) throw new Error('no bank')
    const mortgages = await db()
      .select({ id: schema.applications.id })
      .from(schema.applications)
      .where(eq(schema.applications.kind, 'mortgage'))
    const current = lenderFilterOf(row.criteria, row.filtering)
    const capped = await previewLenderFilter(ctx.services, http.lenderId, current)
    expect(capped.applications).toBeGreaterThanOrEqual(mortgages.length)
    expect(capped).toMatchObject({ currentMatched: 1, draftMatched: 1 })
    const uncapped = await previewLenderFilter(ctx.services, http.lenderId, { ...current, dailyCap: null })
    expect(uncapped.draftMatched).toBe(mortgages.length)
    const paused = await previewLenderFilter(ctx.services, http.lenderId, {
      ...current,
      acceptingApplications: false,
    })
    expect(paused.draftMatched).toBe(0)

    // The filter page is told it is a mortgage bank's (it says which fields apply to mortgages).
    const admin = await loginAs(db(), { role: 'lender', lenderId: http.lenderId })
    const view = await get('/api/v1/lender/filtering', admin.cookies)
    expect(view.statusCode).toBe(200)
    expect(view.json()).toMatchObject({ mortgage: true, receivedToday: 1 })

    await setFiltering({ acceptingApplications: false, excludedPurposes: [] })
    const third = await submittedMortgage(ctx, await loginAs(db()))
    expect(await received(third.applicationId)).not.toContain(http.lenderId)

    // The bank saves its own filter from the page: no consumer product, its product is its mortgages.
    const filter = view.json().filter
    expect(filter.products).toEqual([])
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/lender/filtering',
      cookies: admin.cookies,
      headers: OUR_CLIENT,
      payload: {
        filter: { ...filter, acceptingApplications: true, dailyCap: 5 },
        version: view.json().version,
      },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toMatchObject({ changed: true, filter: { dailyCap: 5, products: [] } })
  })
})
