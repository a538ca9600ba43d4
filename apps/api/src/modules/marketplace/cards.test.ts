import { randomUUID } from 'node:crypto'
import { schema, seedDemoData } from '@lainava/db'
import { DEMO_LENDERS } from '@lainava/domain/marketplace/demo-lenders'
import { type RunningSimulator, type SimulatorOptions, startSimulator } from '@lainava/lender-simulator'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { validApplication } from '../../test/applications.ts'
import { BROAD_CRITERIA } from '../../test/lenders.ts'
import { type Cookies, loginAs, OUR_CLIENT } from '../../test/sessions.ts'
import { createListeningTestApp } from '../../test/test-app.ts'
import { createWebServices } from '../../web/web-services.ts'
import { createHttpLender } from './lender-credentials.ts'

// Issue 14: a credit-card application gets card offers (limit, rate, annual fee, grace period) priced
// by us from the issuers of the card type asked for, through the sandbox and over real HTTP.

let ctx: Awaited<ReturnType<typeof createListeningTestApp>>
const simulators: RunningSimulator[] = []

beforeAll(async () => {
  ctx = await createListeningTestApp()
  await seedDemoData(ctx.database.db)
})
afterAll(async () => {
  await Promise.all(simulators.map((simulator) => simulator.close()))
  await ctx.close()
})

type CardOfferJson = {
  id: string
  lender: { id: string; name: string; slug: string }
  status: string
  product: string
  amount: number
  amountAsked: number
  months: number
  nominalRate: number
  monthlyFee: number
  monthlyPayment: number
  apr: number
  totalCost: number
  totalPayable: number
  card: { cardType: string; exampleAmount: number; annualFee: number; gracePeriodDays: number } | null
}
type ApplicationJson = {
  id: string
  kind: string
  summary: { asked: number; pending: number }
  lenders: Array<{ id: string; name: string; status: string }>
  offers: CardOfferJson[]
}

function cardApplication(cardTypePreference: string, limitWished = 3000) {
  const base = validApplication()
  return {
    applicant: base.applicant,
    work: { employmentType: 'permanent', monthlyGrossIncome: '4200', monthlyNetIncome: '3100' },
    cardTypePreference,
    limitWished: String(limitWished),
    consents: base.consents,
  }
}

async function submitCard(
  cookies: Cookies,
  application: ReturnType<typeof cardApplication>,
): Promise<string> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/applications',
    payload: { kind: 'credit-card', idempotencyKey: randomUUID(), language: 'fi', application },
    cookies,
    headers: OUR_CLIENT,
  })
  expect(response.statusCode).toBe(201)
  return response.json().applicationId
}

async function allAnswered(cookies: Cookies, applicationId: string): Promise<ApplicationJson> {
  let found: ApplicationJson | undefined
  await expect
    .poll(
      async () => {
        const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/loanOffers', cookies })
        const list: ApplicationJson[] = response.json().applications
        found = list.find((application) => application.id === applicationId)
        return found?.summary.pending
      },
      { timeout: 20_000, interval: 100 },
    )
    .toBe(0)
  if (!found) throw new Error('application missing')
  return found
}

/**
 * The card example's APR from first principles (2008/48/EC Annex I; regulation.md: 1 500 €, or the
 * limit when smaller, drawn at once and repaid in 12 equal monthly instalments), independent of
 * the domain code: the annual fee at t = 0, the instalments in cents plus the monthly fee at k/12.
 * Each month's interest is rounded half up in exact integer cents: in floating point 1 500 € at
 * 6,14 % gives 7,674999… € for the exact 7,675 €, a cent off, which moved the APR by 0,01 in one run.
 */
function independentCardApr(offer: CardOfferJson): number {
  const drawn = Math.min(1500, offer.amount)
  const r = offer.nominalRate / 100 / 12
  const annuity = r === 0 ? drawn / 12 : (drawn * r) / (1 - (1 + r) ** -12)
  const instalmentCents = BigInt(Math.round(annuity * 100))
  // The rate comes in percent with four decimals: a whole number of millionths.
  const rateMillionths = BigInt(Math.round(offer.nominalRate * 10_000))
  const halfUp = (numerator: bigint, denominator: bigint) =>
    (2n * numerator + denominator) / (2n * denominator)
  let balanceCents = BigInt(Math.round(drawn * 100))
  const flows: Array<[number, number]> = [[0, offer.card?.annualFee ?? 0]]
  for (let k = 1; k <= 12; k++) {
    const interestCents = halfUp(balanceCents * rateMillionths, 12_000_000n)
    const principalCents = k === 12 ? balanceCents : instalmentCents - interestCents
    balanceCents -= principalCents
    flows.push([k / 12, Number(interestCents + principalCents) / 100 + offer.monthlyFee])
  }
  const npv = (x: number) => flows.reduce((sum, [t, amount]) => sum + amount * (1 + x) ** -t, 0) - drawn
  let low = 0
  let high = 5
  for (let i = 0; i < 200; i++) {
    const mid = (low + high) / 2
    if (npv(mid) > 0) low = mid
    else high = mid
  }
  return Math.round(((low + high) / 2) * 10_000) / 100
}

const issuersOf = (cardType: string) =>
  DEMO_LENDERS.filter((lender) => lender.criteria.cardTypes?.includes(cardType as never)).map(
    (lender) => lender.name,
  )

describe('credit-card applications in the sandbox marketplace', () => {
  it('reach only the issuers of the card type asked for, as previewed, and get card offers priced by us', async () => {
    const web = createWebServices(ctx.services)
    for (const cardType of ['visa', 'mastercard'] as const) {
      const application = cardApplication(cardType)
      const preview = await web.applications.recipients({
        kind: 'credit-card',
        language: 'fi',
        application: { ...application, consents: undefined },
      })
      if (!preview.ok) throw new Error(preview.message)
      const user = await loginAs(ctx.database.db)
      const applicationId = await submitCard(user.cookies, application)
      const answered = await allAnswered(user.cookies, applicationId)
      // The review step's preview is the list of recipients, and every recipient issues the type asked.
      expect(answered.lenders.map((lender) => lender.name)).toEqual(
        preview.lenders.map((lender) => lender.name),
      )
      expect(answered.lenders.length).toBeGreaterThan(0)
      for (const lender of answered.lenders) expect(issuersOf(cardType)).toContain(lender.name)

      expect(answered.offers.length).toBeGreaterThan(0)
      for (const offer of answered.offers) {
        expect(offer.product).toBe('credit-card')
        expect(offer.card?.cardType).toBe(cardType)
        expect(offer.card?.gracePeriodDays).toBeGreaterThan(0)
        expect(offer.amount).toBeLessThanOrEqual(3000)
        expect(offer.months).toBe(12)
        expect(offer.card?.exampleAmount).toBe(Math.min(1500, offer.amount))
        expect(offer.apr).toBe(independentCardApr(offer))
        expect(offer.totalPayable).toBeCloseTo(offer.totalCost + (offer.card?.exampleAmount ?? 0), 2)
        // Kuluttajansuojalaki 7:17 a on the limit: fees ≤ 0,01 %/day and ≤ 150 € a year.
        const fees = (offer.card?.annualFee ?? 0) + 12 * offer.monthlyFee
        expect(fees).toBeLessThanOrEqual(Math.min(150, offer.amount * 0.0365) + 1e-9)
      }
    }
  })

  it('accepts a card offer', async () => {
    const user = await loginAs(ctx.database.db)
    const applicationId = await submitCard(user.cookies, cardApplication('other'))
    const answered = await allAnswered(user.cookies, applicationId)
    const offer = answered.offers[0]
    if (!offer) throw new Error('no card offer')
    const accept = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/loanOffers/${offer.id}/accept`,
      cookies: user.cookies,
      headers: OUR_CLIENT,
    })
    expect(accept.statusCode).toBe(200)
    expect(accept.json()).toMatchObject({ id: offer.id, status: 'accepted', product: 'credit-card' })
    expect(accept.json().card.cardType).toBe(offer.card?.cardType)
  })
})

describe('HTTP card issuers (the lender simulator)', () => {
  async function connect(
    mode: 'instant' | 'callback',
    nominalRate: number,
    extra: Partial<SimulatorOptions> = {},
  ) {
    const slug = `card-${randomUUID().slice(0, 8)}`
    const credentials = await createHttpLender(ctx.database.db, ctx.services.cipher, {
      slug,
      name: `Korttisimulaattori ${slug}`,
      description: 'HTTP test card issuer',
      endpointUrl: 'http://127.0.0.1:9/unset',
      // Diners only (a demo lender issues it too, paused below).
      criteria: { ...BROAD_CRITERIA, products: ['credit-card'], cardTypes: ['diners'] },
    })
    const simulator = await startSimulator({
      signingSecret: credentials.signingSecret,
      apiKey: credentials.apiKey,
      mode,
      callbackDelayMs: 20,
      maxAmount: 2000,
      minAmount: 500,
      nominalRate,
      openingFee: 0,
      monthlyFee: 1,
      annualFee: 12,
      ...extra,
    })
    simulators.push(simulator)
    await ctx.database.db
      .update(schema.lenders)
      .set({ endpointUrl: `${simulator.url}/applications` })
      .where(eq(schema.lenders.id, credentials.lenderId))
    // Every other lender (the demo ones, earlier tests' simulators) pauses: the application reaches this one alone.
    await ctx.database.db
      .update(schema.lenders)
      .set({ filtering: { acceptingApplications: false, excludedPurposes: [] } })
    await ctx.database.db
      .update(schema.lenders)
      .set({ filtering: { acceptingApplications: true, excludedPurposes: [] } })
      .where(eq(schema.lenders.id, credentials.lenderId))
    return { ...credentials, simulator }
  }

  const post = (apiKey: string, applicationId: string, body: unknown) =>
    fetch(`${ctx.url}/api/v1/lender/applications/${applicationId}/offers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })

  it('receives the card asked for and answers at once with card terms that we price', async () => {
    const issuer = await connect('instant', 14.5)
    const user = await loginAs(ctx.database.db)
    const applicationId = await submitCard(user.cookies, cardApplication('diners', 3000))
    const answered = await allAnswered(user.cookies, applicationId)
    expect(answered.lenders.map((lender) => lender.id)).toEqual([issuer.lenderId])
    const [offer] = answered.offers
    expect(offer).toMatchObject({
      amount: 2000,
      amountAsked: 3000,
      nominalRate: 14.5,
      monthlyFee: 1,
      card: { cardType: 'diners', exampleAmount: 1500, annualFee: 12, gracePeriodDays: 45 },
    })
    if (offer) expect(offer.apr).toBe(independentCardApr(offer))
  })

  it('refuses an over-cap card offer, and card terms of the wrong kind, given at once or later', async () => {
    const instant = await connect('instant', 25)
    const user = await loginAs(ctx.database.db)
    const firstId = await submitCard(user.cookies, cardApplication('diners'))
    const first = await allAnswered(user.cookies, firstId)
    expect(first.offers).toEqual([])
    expect(first.lenders.find((lender) => lender.id === instant.lenderId)?.status).toBe('declined')
    const rejections = await ctx.database.db
      .select()
      .from(schema.offerRejections)
      .where(eq(schema.offerRejections.applicationId, firstId))
    expect(rejections).toHaveLength(1)
    expect(rejections[0]?.violations).toEqual([
      { code: 'NOMINAL_RATE_OVER_CAP', limit: expect.any(Number), actual: 0.25 },
    ])

    const later = await connect('callback', 25)
    const secondId = await submitCard(user.cookies, cardApplication('diners'))
    await expect
      .poll(() => later.simulator.stats.callbacks.find((call) => call.applicationId === secondId)?.status, {
        timeout: 10_000,
        interval: 50,
      })
      .toBe(422)
    // Fees over 0,01 %/day of a 1 000 € limit (36,50 € a year): 30 € + 12 × 1 €.
    const fees = await post(later.apiKey, secondId, {
      cardType: 'diners',
      creditLimit: 1000,
      nominalRate: 12,
      annualFee: 30,
      monthlyFee: 1,
      gracePeriodDays: 30,
    })
    expect(fees.status).toBe(422)
    expect(await fees.json()).toMatchObject({
      code: 'OFFER_OVER_CAP',
      violations: [{ code: 'COSTS_OVER_CAP', limit: 36.5, actual: 42 }],
    })
    // Loan terms for a card application, or another card than the one asked: the wrong product.
    const loan = await post(later.apiKey, secondId, { amount: 3000, months: 12, nominalRate: 9 })
    expect(loan.status).toBe(422)
    expect((await loan.json()).code).toBe('OFFER_WRONG_PRODUCT')
    const visa = await post(later.apiKey, secondId, {
      cardType: 'visa',
      creditLimit: 3000,
      nominalRate: 12,
      gracePeriodDays: 30,
    })
    expect(visa.status).toBe(422)
    // A lawful card offer is priced by us: 1 500 € at 12 % with a 20 € annual fee.
    const lawful = await post(later.apiKey, secondId, {
      cardType: 'diners',
      creditLimit: 3000,
      nominalRate: 12,
      annualFee: 20,
      gracePeriodDays: 30,
    })
    expect(lawful.status).toBe(201)
    const figures = await lawful.json()
    // 1 500 · 0,01 / (1 − 1,01^−12) = 133,27 €/month; APR with the 20 € fee at t = 0: 15,04 %.
    expect(figures.monthlyPayment).toBe(133.27)
    const offered = (await allAnswered(user.cookies, secondId)).offers[0]
    expect(offered?.card).toMatchObject({ cardType: 'diners', annualFee: 20, exampleAmount: 1500 })
    if (offered) expect(figures.apr).toBe(independentCardApr(offered))
  })

  it('declines an issuer that answers at once with loan terms, kept as a refusal and never re-sent', async () => {
    const careless = await connect('instant', 12, { loanTermsForCards: true })
    const user = await loginAs(ctx.database.db)
    const applicationId = await submitCard(user.cookies, cardApplication('diners'))
    const answered = await allAnswered(user.cookies, applicationId)
    expect(answered.offers).toEqual([])
    expect(answered.lenders).toEqual([expect.objectContaining({ id: careless.lenderId, status: 'declined' })])
    const [recipient] = await ctx.database.db
      .select({ declineReason: schema.applicationRecipients.declineReason })
      .from(schema.applicationRecipients)
      .where(eq(schema.applicationRecipients.applicationId, applicationId))
    // The same reason as an over-cap offer given at once.
    expect(recipient?.declineReason).toBe('offer-rejected')
    const rejections = await ctx.database.db
      .select()
      .from(schema.offerRejections)
      .where(eq(schema.offerRejections.applicationId, applicationId))
    expect(rejections).toHaveLength(1)
    expect(rejections[0]).toMatchObject({
      lenderId: careless.lenderId,
      terms: { amount: 2000, nominalRate: 0.12 },
      violations: [{ code: 'OFFER_WRONG_PRODUCT' }],
    })
    // Delivered once: a refusal is the lender's answer, not a failed delivery to retry.
    expect(careless.simulator.stats.applications[applicationId]).toBe(1)
  })
})
