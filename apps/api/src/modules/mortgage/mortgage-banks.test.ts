import { randomUUID } from 'node:crypto'
import { schema } from '@lainava/db'
import type { MortgageEsis, MortgageStatus } from '@lainava/domain/mortgage/api'
import { DEMO_MORTGAGE_BANKS, type DemoMortgageBank } from '@lainava/domain/mortgage/demo-banks'
import { type RunningSimulator, startSimulator } from '@lainava/lender-simulator'
import { and, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Cookies, loginAs } from '../../test/sessions.ts'
import { createListeningTestApp } from '../../test/test-app.ts'
import { createHttpLender } from '../marketplace/lender-credentials.ts'
import { mortgageCall, submittedMortgage } from './mortgage-test-helpers.ts'

// Issue 16: mortgage banks on the marketplace: a sandbox bank answers in steps (processing, perhaps a
// request for information, an offer) with an ESIS, each change e-mailed once; an HTTP bank (the lender
// simulator over real HTTP) receives the mortgage payload and its offer, priced by us, is stored.

let ctx: Awaited<ReturnType<typeof createListeningTestApp>>
const simulators: RunningSimulator[] = []

beforeAll(async () => {
  ctx = await createListeningTestApp({ MORTGAGE_CALLBACK_HOSTS: 'pankki.example.fi' })
})
afterAll(async () => {
  await Promise.all(simulators.map((simulator) => simulator.close()))
  await ctx?.close()
})

function firstBank(): DemoMortgageBank {
  const [bank] = DEMO_MORTGAGE_BANKS
  if (!bank) throw new Error('no demo banks')
  return bank
}
const demo = firstBank()

/** Only this test's banks take the application: every other bank is paused. */
async function onlyBank(lenderId: string) {
  await ctx.database.db
    .update(schema.lenders)
    .set({ filtering: { acceptingApplications: false, excludedPurposes: [] } })
    .where(like(schema.lenders.slug, 'test-bank-%'))
  await ctx.database.db
    .update(schema.lenders)
    .set({ filtering: { acceptingApplications: true, excludedPurposes: [] } })
    .where(eq(schema.lenders.id, lenderId))
}

async function sandboxBank() {
  const values: typeof schema.lenders.$inferInsert = {
    ...demo,
    slug: `test-bank-${randomUUID().slice(0, 8)}`,
    integration: 'sandbox',
    filtering: { acceptingApplications: true, excludedPurposes: [] },
  }
  const [row] = await ctx.database.db
    .insert(schema.lenders)
    .values(values)
    .returning({ id: schema.lenders.id, slug: schema.lenders.slug })
  if (!row) throw new Error('no bank')
  await onlyBank(row.id)
  return row
}

async function statusOf(cookies: Cookies, id: string): Promise<MortgageStatus> {
  const response = await mortgageCall(ctx, 'GET', `/api/v1/mortgage-application/status/${id}`, cookies)
  expect(response.statusCode).toBe(200)
  return response.json()
}

/** The status once every bank has answered (the jobs run in the test app's worker). */
async function answered(cookies: Cookies, id: string): Promise<MortgageStatus> {
  await expect.poll(async () => (await statusOf(cookies, id)).summary.waiting, { timeout: 20_000 }).toBe(0)
  return statusOf(cookies, id)
}

async function mailKinds(email: string): Promise<string[]> {
  const rows = await ctx.database.db
    .select({ kind: schema.outboxEmails.kind })
    .from(schema.outboxEmails)
    .where(and(eq(schema.outboxEmails.toAddress, email), like(schema.outboxEmails.kind, 'mortgage-%')))
  return rows.map((row) => row.kind).sort()
}

/** The annuity by its formula, in cents: the first instalment of a level-instalment loan. */
const annuity = (amount: number, rate: number, months: number) =>
  Math.round(((amount * rate) / 12 / (1 - (1 + rate / 12) ** -months)) * 100) / 100

/** The APR by bisection on the directive's equation, from the first instalment repeated (last one aside). */
function independentApr(amount: number, fee: number, payment: number, months: number): number {
  const present = (apr: number) => {
    let sum = fee
    for (let k = 1; k <= months; k++) sum += payment / (1 + apr) ** (k / 12)
    return sum - amount
  }
  let low = 0
  let high = 1
  for (let step = 0; step < 100; step++) {
    const mid = (low + high) / 2
    if (present(mid) > 0) low = mid
    else high = mid
  }
  return low
}

describe('a sandbox mortgage bank', () => {
  it('processes, answers with an offer priced by us and an ESIS, e-mails each change once', async () => {
    const bank = await sandboxBank()
    const user = await loginAs(ctx.database.db)
    const { id } = await submittedMortgage(ctx, user)
    const status = await answered(user.cookies, id)
    expect(status.status).toBe('submitted')
    expect(status.banks).toEqual([expect.objectContaining({ id: bank.id, status: 'offered' })])
    const [offer] = status.offers
    if (!offer) throw new Error('no offer')
    const pricing = demo.sandbox.mortgage
    // 200 000 € over 25 years, annuity, 12-month Euribor + the ≤ 80 % band's margin ± variation.
    expect(offer).toMatchObject({
      amount: 200_000,
      months: 300,
      repaymentType: 'annuity',
      referenceRate: 'euribor-12',
      referenceRateValue: 0.02245,
      fixedPeriodYears: null,
      openingFee: pricing.openingFee,
      monthlyFee: pricing.monthlyFee,
      status: 'offered',
    })
    expect(offer.nominalRate).toBeCloseTo(offer.referenceRateValue + offer.margin, 6)
    expect(offer.firstInstalment).toBeCloseTo(
      annuity(200_000, offer.nominalRate, 300) + pricing.monthlyFee,
      2,
    )
    expect(offer.apr).toBeCloseTo(independentApr(200_000, pricing.openingFee, offer.firstInstalment, 300), 4)
    expect(offer.apr).toBeGreaterThan(offer.nominalRate)

    const esis = await mortgageCall(ctx, 'GET', offer.esisUrl, user.cookies)
    expect(esis.statusCode).toBe(200)
    const sheet: MortgageEsis = esis.json()
    expect(sheet.items).toMatchObject({
      valuationFee: pricing.valuationFee,
      collateralFee: pricing.collateralFee,
      earlyRepayment: pricing.earlyRepayment,
      insuranceRequired: pricing.insuranceRequired,
    })
    expect(sheet.borrowers).toBe(2)
    expect(sheet.numberOfInstalments).toBe(300)
    expect(sheet.stress.map((row) => row.risePoints)).toEqual([2, 5])
    expect(sheet.stress[0]?.firstInstalment).toBeGreaterThan(offer.firstInstalment)
    const other = await loginAs(ctx.database.db)
    expect((await mortgageCall(ctx, 'GET', offer.esisUrl, other.cookies)).statusCode).toBe(404)

    // One e-mail per change: processing, perhaps the request for information, the offer.
    await expect.poll(() => mailKinds(user.email), { timeout: 20_000 }).toContain('mortgage-offered')
    const kinds = await mailKinds(user.email)
    expect(kinds.filter((kind) => kind === 'mortgage-processing')).toHaveLength(1)
    expect(kinds.filter((kind) => kind === 'mortgage-offered')).toHaveLength(1)
    expect(kinds.length).toBeLessThanOrEqual(3)

    // The consumer offers page leaves mortgages to their own status page.
    const loanOffers = await mortgageCall(ctx, 'GET', '/api/v1/loanOffers', user.cookies)
    expect(loanOffers.statusCode).toBe(200)
    expect(loanOffers.json().applications).toEqual([])

    // Another person accepting this offer finds nothing, and nothing changes (review of issue 16).
    const stranger = await mortgageCall(
      ctx,
      'POST',
      `/api/v1/mortgage-application/offers/${offer.id}/accept`,
      other.cookies,
      {},
    )
    expect(stranger.statusCode).toBe(404)
    expect(stranger.json().code).toBe('NOT_FOUND')
    const untouched = await statusOf(user.cookies, id)
    expect(untouched.accepted).toBe(false)
    expect(untouched.offers.map((row) => row.status)).toEqual(['offered'])
    const [stored] = await ctx.database.db
      .select({ acceptedAt: schema.offers.acceptedAt })
      .from(schema.offers)
      .where(eq(schema.offers.id, offer.id))
    expect(stored?.acceptedAt).toBeNull()

    const accepted = await mortgageCall(
      ctx,
      'POST',
      `/api/v1/mortgage-application/offers/${offer.id}/accept`,
      user.cookies,
      {},
    )
    expect(accepted.statusCode).toBe(200)
    expect(accepted.json().status).toBe('accepted')
    expect((await statusOf(user.cookies, id)).accepted).toBe(true)
  })
})

describe('an HTTP mortgage bank (the lender simulator over real HTTP)', () => {
  it('receives the mortgage payload, says it is processing, and its offer is stored with our figures', async () => {
    const credentials = await createHttpLender(ctx.database.db, ctx.services.cipher, {
      slug: `test-bank-http-${randomUUID().slice(0, 8)}`,
      name: 'Simulaattoripankki',
      description: 'HTTP test bank',
      endpointUrl: 'http://127.0.0.1:9/unset',
      criteria: demo.criteria,
    })
    const simulator = await startSimulator({
      signingSecret: credentials.signingSecret,
      apiKey: credentials.apiKey,
      mode: 'callback',
      callbackDelayMs: 20,
      maxAmount: 1_000_000,
      minAmount: 1000,
      nominalRate: 0,
      openingFee: 300,
      monthlyFee: 2,
      mortgageMargin: 0.62,
      mortgageEuribor: 2.245,
    })
    simulators.push(simulator)
    await ctx.database.db
      .update(schema.lenders)
      .set({ endpointUrl: `${simulator.url}/applications` })
      .where(eq(schema.lenders.id, credentials.lenderId))
    await onlyBank(credentials.lenderId)

    const user = await loginAs(ctx.database.db)
    const { id, applicationId } = await submittedMortgage(ctx, user)
    const status = await answered(user.cookies, id)
    expect(simulator.stats.rejectedSignatures).toBe(0)
    const received = simulator.stats.received[applicationId]
    expect(received).toMatchObject({
      product: 'mortgage',
      loan: { amount: 200_000, months: 300, purpose: 'first-home' },
      mortgage: {
        purpose: 'first-home',
        property: { price: 250_000, propertyType: 'apartment' },
        loan: { loanAmount: 200_000, years: 25, repaymentType: 'annuity', referenceRate: 'euribor-12' },
        identification: { method: 'oidc', level: 'substantial' },
      },
    })
    expect(received?.applicants.map((person) => person.role)).toEqual(['main', 'co'])
    expect(received?.applicants[0]?.hetu).toMatch(/^131052-308/)
    expect(received?.mortgage?.applicants[1]?.work.employmentType).toBe('student')
    // The bank's way back: our status page for this application in its language, naming the bank.
    expect(received?.mortgage?.callbackUrl).toBe(
      `${ctx.url}/tarjoukseni/?id=${id}&returned=${credentials.lenderId}`,
    )

    const [offer] = status.offers
    expect(offer).toMatchObject({
      bank: { id: credentials.lenderId },
      amount: 200_000,
      months: 300,
      referenceRateValue: 0.02245,
      margin: 0.0062,
      nominalRate: 0.02865,
      openingFee: 300,
      monthlyFee: 2,
    })
    expect(offer?.firstInstalment).toBeCloseTo(annuity(200_000, 0.02865, 300) + 2, 2)
    // The bank said it was processing before its offer: both changes were e-mailed.
    await expect
      .poll(() => mailKinds(user.email), { timeout: 20_000 })
      .toEqual(['mortgage-offered', 'mortgage-processing'])
  })

  it('asks for more information and declines later: one e-mail per change, in the applicant’s language', async () => {
    const credentials = await createHttpLender(ctx.database.db, ctx.services.cipher, {
      slug: `test-bank-steps-${randomUUID().slice(0, 8)}`,
      name: 'Askelpankki',
      description: 'HTTP test bank',
      endpointUrl: 'http://127.0.0.1:9/unset',
      criteria: demo.criteria,
    })
    const simulator = await startSimulator({
      signingSecret: credentials.signingSecret,
      apiKey: credentials.apiKey,
      mode: 'callback',
      callbackDelayMs: 600_000,
      maxAmount: 1_000_000,
      minAmount: 1000,
      nominalRate: 0,
      openingFee: 0,
      monthlyFee: 0,
    })
    simulators.push(simulator)
    await ctx.database.db
      .update(schema.lenders)
      .set({ endpointUrl: `${simulator.url}/applications` })
      .where(eq(schema.lenders.id, credentials.lenderId))
    await onlyBank(credentials.lenderId)
    const user = await loginAs(ctx.database.db)
    const { id, applicationId } = await submittedMortgage(ctx, user, 'en')
    await expect.poll(() => simulator.stats.applications[applicationId], { timeout: 20_000 }).toBe(1)
    const bankCall = (path: string, body: object) =>
      fetch(`${ctx.url}/api/v1/lender/mortgage-applications/${applicationId}/${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${credentials.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    // The bank's page for its extra step: dropped on a host not allowed, kept on an allowed one.
    const own = 'https://pankki.example.fi/lisatiedot?hakemus=42'
    const elsewhere = { status: 'info-requested', redirectionUrl: 'https://huijari.example.com/lisatiedot' }
    expect((await bankCall('status', elsewhere)).status).toBe(204)
    expect((await statusOf(user.cookies, id)).banks[0]?.redirectionUrl).toBeNull()
    // Saying it again, or going back to processing, changes nothing but the link.
    expect((await bankCall('status', { status: 'info-requested', redirectionUrl: own })).status).toBe(204)
    expect((await bankCall('status', { status: 'processing' })).status).toBe(204)
    expect((await statusOf(user.cookies, id)).banks[0]).toMatchObject({
      status: 'info-requested',
      redirectionUrl: own,
    })
    expect((await bankCall('decline', { reason: 'income' })).status).toBe(204)
    expect((await bankCall('decline', { reason: 'again' })).status).toBe(409)
    expect((await bankCall('status', { status: 'processing' })).status).toBe(409)
    const status = await statusOf(user.cookies, id)
    expect(status.banks[0]?.status).toBe('declined')
    expect(status.banks[0]?.redirectionUrl).toBeNull()
    expect(status.summary).toMatchObject({ banks: 1, answered: 1, offered: 0, waiting: 0 })
    await expect
      .poll(() => mailKinds(user.email), { timeout: 20_000 })
      .toEqual(['mortgage-declined', 'mortgage-info-requested'])
    const subjects = await ctx.database.db
      .select({ subject: schema.outboxEmails.subject })
      .from(schema.outboxEmails)
      .where(eq(schema.outboxEmails.toAddress, user.email))
    expect(subjects.map((row) => row.subject).sort()).toEqual([
      'Askelpankki asks for more information – Lainava',
      'Askelpankki cannot grant the mortgage – Lainava',
    ])
    // Another bank's key cannot answer for it.
    const stranger = await createHttpLender(ctx.database.db, ctx.services.cipher, {
      slug: `test-bank-stranger-${randomUUID().slice(0, 8)}`,
      name: 'Vieras pankki',
      description: 'HTTP test bank',
      endpointUrl: 'http://127.0.0.1:9/unset',
      criteria: demo.criteria,
    })
    const foreign = await fetch(`${ctx.url}/api/v1/lender/mortgage-applications/${applicationId}/status`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stranger.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'processing' }),
    })
    expect(foreign.status).toBe(404)
  })

  it('a loan-terms offer on a mortgage application is refused as the wrong product', async () => {
    const credentials = await createHttpLender(ctx.database.db, ctx.services.cipher, {
      slug: `test-bank-wrong-${randomUUID().slice(0, 8)}`,
      name: 'Väärä pankki',
      description: 'HTTP test bank',
      endpointUrl: 'http://127.0.0.1:9/unset',
      criteria: demo.criteria,
    })
    const simulator = await startSimulator({
      signingSecret: credentials.signingSecret,
      apiKey: credentials.apiKey,
      mode: 'callback',
      callbackDelayMs: 60_000,
      maxAmount: 1_000_000,
      minAmount: 1000,
      nominalRate: 3,
      openingFee: 0,
      monthlyFee: 0,
    })
    simulators.push(simulator)
    await ctx.database.db
      .update(schema.lenders)
      .set({ endpointUrl: `${simulator.url}/applications` })
      .where(eq(schema.lenders.id, credentials.lenderId))
    await onlyBank(credentials.lenderId)
    const user = await loginAs(ctx.database.db)
    const { applicationId } = await submittedMortgage(ctx, user)
    await expect.poll(() => simulator.stats.applications[applicationId], { timeout: 20_000 }).toBe(1)
    const response = await fetch(`${ctx.url}/api/v1/lender/applications/${applicationId}/offers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${credentials.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 200_000, months: 300, nominalRate: 3, feeFinanced: false }),
    })
    expect(response.status).toBe(422)
    expect((await response.json()).code).toBe('OFFER_WRONG_PRODUCT')
    // A decline on the general lender path still reaches the applicant as a bank's decline.
    const declined = await fetch(`${ctx.url}/api/v1/lender/applications/${applicationId}/decline`, {
      method: 'POST',
      headers: { authorization: `Bearer ${credentials.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'no' }),
    })
    expect(declined.status).toBe(204)
    await expect.poll(() => mailKinds(user.email), { timeout: 20_000 }).toEqual(['mortgage-declined'])
  })
})
