import { randomUUID } from 'node:crypto'
import { schema, seedDemoData } from '@lainava/db'
import { type RunningSimulator, startSimulator } from '@lainava/lender-simulator'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { businessSubmission, validBusinessLoan, validFactoring } from '../../test/business.ts'
import { BROAD_CRITERIA } from '../../test/lenders.ts'
import { type Cookies, loginAs, OUR_CLIENT } from '../../test/sessions.ts'
import { createListeningTestApp } from '../../test/test-app.ts'
import { createHttpLender } from '../marketplace/lender-credentials.ts'

// Issue 15: business offers arrive from the sandbox business lenders and from HTTP lenders over the
// partner API; priced by our loan maths with no consumer-credit cap, nonsense refused, and the
// personal-guarantee flag stored.

let ctx: Awaited<ReturnType<typeof createListeningTestApp>>
const simulators: RunningSimulator[] = []

beforeAll(async () => {
  ctx = await createListeningTestApp()
  await seedDemoData(ctx.database.db)
})
afterAll(async () => {
  for (const simulator of simulators) await simulator.close()
  await ctx.close()
})

type OfferJson = {
  id: string
  lender: { id: string; name: string }
  product: string
  amount: number
  months: number
  nominalRate: number
  openingFee: number
  monthlyFee: number
  monthlyPayment: number
  apr: number
  totalCost: number
  totalPayable: number
  personalGuarantee: boolean
}
type ApplicationJson = { id: string; summary: { pending: number; offered: number }; offers: OfferJson[] }

async function submit(cookies: Cookies, kind: 'business-loan' | 'factoring', application: unknown) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/applications',
    payload: businessSubmission(kind, application),
    cookies,
    headers: OUR_CLIENT,
  })
  expect(response.statusCode).toBe(201)
  return response.json() as { applicationId: string; lenders: Array<{ id: string; name: string }> }
}

/** Waits (polling, with a deadline) until every lender has answered. */
async function allAnswered(cookies: Cookies, applicationId: string): Promise<ApplicationJson> {
  let found: ApplicationJson | undefined
  await expect
    .poll(
      async () => {
        const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/loanOffers', cookies })
        found = (response.json().applications as ApplicationJson[]).find((item) => item.id === applicationId)
        return found?.summary.pending
      },
      { timeout: 20_000, interval: 100 },
    )
    .toBe(0)
  if (!found) throw new Error('application missing')
  return found
}

/**
 * The APR from first principles (2008/48/EC Annex I), independent of the domain code: the amount at
 * t = 0, the opening fee at t = 0, instalments (annuity in cents plus the monthly fee) at k/12, the
 * last settling the balance; bisection.
 */
function independentAprPercent(offer: OfferJson): number {
  const r = offer.nominalRate / 100 / 12
  const annuity = r === 0 ? offer.amount / offer.months : (offer.amount * r) / (1 - (1 + r) ** -offer.months)
  const instalment = Math.round(annuity * 100) / 100
  let balance = offer.amount
  const flows: Array<[number, number]> = offer.openingFee > 0 ? [[0, offer.openingFee]] : []
  for (let k = 1; k <= offer.months; k++) {
    const interest = Math.round(balance * r * 100) / 100
    const principal = k === offer.months ? balance : instalment - interest
    balance = Math.round((balance - principal) * 100) / 100
    flows.push([k / 12, interest + principal + offer.monthlyFee])
  }
  const npv = (x: number) =>
    flows.reduce((sum, [t, amount]) => sum + amount * (1 + x) ** -t, 0) - offer.amount
  let low = 0
  let high = 20
  for (let i = 0; i < 200; i++) {
    const mid = (low + high) / 2
    if (npv(mid) > 0) low = mid
    else high = mid
  }
  return Math.round(((low + high) / 2) * 100 * 100) / 100
}

async function storedGuarantees(applicationId: string) {
  const rows = await ctx.database.db
    .select({ name: schema.lenders.name, personalGuarantee: schema.offers.personalGuarantee })
    .from(schema.offers)
    .innerJoin(schema.lenders, eq(schema.lenders.id, schema.offers.lenderId))
    .where(eq(schema.offers.applicationId, applicationId))
  return Object.fromEntries(rows.map((row) => [row.name, row.personalGuarantee]))
}

describe('business offers from the sandbox lenders', () => {
  it('a business loan gets offers priced by us, without the consumer caps, with the guarantee rule stored', async () => {
    const user = await loginAs(ctx.database.db)
    const { applicationId, lenders } = await submit(user.cookies, 'business-loan', validBusinessLoan())
    const application = await allAnswered(user.cookies, applicationId)
    expect(application.offers).toHaveLength(lenders.length)
    for (const offer of application.offers) {
      expect(offer.product).toBe('business-loan')
      expect(offer.apr).toBe(independentAprPercent(offer))
      expect(offer.totalPayable).toBeCloseTo(offer.totalCost + offer.amount, 2)
      expect(offer.amount).toBeLessThanOrEqual(60_000)
    }
    // Consumer law would cap other costs at 150 € a year; business credit is outside it.
    const pajala = application.offers.find((offer) => offer.lender.name === 'Pajala PK-rahoitus')
    expect(pajala).toMatchObject({ amount: 50_000, months: 36, openingFee: 95, monthlyFee: 12 })
    expect((pajala?.openingFee ?? 0) + (pajala?.monthlyFee ?? 0) * 12).toBeGreaterThan(150)
    // Each lender's guarantee rule: always; from 50 000 €; from 30 000 €; from 100 000 €; from 250 000 €.
    expect(await storedGuarantees(applicationId)).toEqual({
      'Pajala PK-rahoitus': true,
      'Kivijalka Yritysrahoitus': true,
      'Satama Yritysrahoitus': true,
      'Tyrsky Capital': false,
      'Vaara Yrityspankki': false,
    })
    expect(
      Object.fromEntries(application.offers.map((offer) => [offer.lender.name, offer.personalGuarantee])),
    ).toEqual(await storedGuarantees(applicationId))
  })

  it('factoring gets advance limits over 12 months with the service fee as the monthly fee', async () => {
    const user = await loginAs(ctx.database.db)
    const { applicationId } = await submit(user.cookies, 'factoring', validFactoring())
    const application = await allAnswered(user.cookies, applicationId)
    const byLender = Object.fromEntries(application.offers.map((offer) => [offer.lender.name, offer]))
    // 40 000 € a month on 30-day terms: 40 000 € unpaid at a time; the advance rate of each.
    expect(byLender['Laskuvirta Factoring']).toMatchObject({ amount: 34_000, months: 12, monthlyFee: 500 })
    expect(byLender['Satama Yritysrahoitus']).toMatchObject({ amount: 32_000, months: 12, monthlyFee: 610 })
    expect(byLender['Reskontra Rahoitus']).toMatchObject({ amount: 36_000, months: 12, monthlyFee: 275 })
    for (const offer of application.offers) expect(offer.apr).toBe(independentAprPercent(offer))
  })
})

describe('business applications over the partner API', () => {
  it('an HTTP business lender receives the company without identity numbers and answers with a guarantee', async () => {
    const slug = `biz-${randomUUID().slice(0, 8)}`
    const credentials = await createHttpLender(ctx.database.db, ctx.services.cipher, {
      slug,
      name: `Yrityssimulaattori ${slug}`,
      description: 'HTTP business lender',
      endpointUrl: 'http://127.0.0.1:9/unset',
      criteria: { ...BROAD_CRITERIA, products: ['business-loan'], minAmount: 1000, maxAmount: 500_000 },
    })
    const consumerOnly = await createHttpLender(ctx.database.db, ctx.services.cipher, {
      slug: `${slug}-consumer`,
      name: `Kuluttajasimulaattori ${slug}`,
      description: 'HTTP consumer lender',
      endpointUrl: 'http://127.0.0.1:9/unset',
      criteria: BROAD_CRITERIA,
    })
    const options = {
      mode: 'instant' as const,
      callbackDelayMs: 0,
      maxAmount: 500_000,
      minAmount: 1000,
      nominalRate: 24.5,
      openingFee: 900,
      monthlyFee: 25,
      personalGuaranteeFrom: 50_000,
    }
    const simulator = await startSimulator({ ...options, ...credentials })
    const other = await startSimulator({ ...options, ...consumerOnly })
    simulators.push(simulator, other)
    for (const [lenderId, url] of [
      [credentials.lenderId, simulator.url],
      [consumerOnly.lenderId, other.url],
    ] as const) {
      await ctx.database.db
        .update(schema.lenders)
        .set({ endpointUrl: url })
        .where(eq(schema.lenders.id, lenderId))
    }

    const user = await loginAs(ctx.database.db)
    const application = validBusinessLoan()
    const { applicationId, lenders } = await submit(user.cookies, 'business-loan', application)
    expect(lenders.map((lender) => lender.id)).toContain(credentials.lenderId)
    expect(lenders.map((lender) => lender.id)).not.toContain(consumerOnly.lenderId)
    const answered = await allAnswered(user.cookies, applicationId)

    const received = simulator.stats.received[applicationId]
    expect(received).toMatchObject({
      product: 'business-loan',
      loan: { amount: 60_000, months: 36, purpose: 'Buying equipment' },
      applicants: [],
      household: null,
      business: {
        company: {
          businessId: '2331972-7',
          name: 'Testiyritys Oy',
          legalForm: 'oy',
          industry: 'C',
          turnover: 850_000,
        },
        contact: { firstName: 'Kaisa', email: application.person.email, role: 'ceo', canSign: true },
        factoring: null,
      },
    })
    expect(JSON.stringify(received)).not.toMatch(/hetu":"/)
    expect(other.stats.received[applicationId]).toBeUndefined()

    // 24,5 % and 900 € + 25 €/month would break every consumer cap; a business offer stands.
    const offer = answered.offers.find((item) => item.lender.id === credentials.lenderId)
    expect(offer).toMatchObject({
      amount: 60_000,
      nominalRate: 24.5,
      openingFee: 900,
      personalGuarantee: true,
    })
    if (!offer) throw new Error('no offer from the HTTP lender')
    expect(offer.apr).toBe(independentAprPercent(offer))
  })

  it('refuses nonsense terms from a lender (fees above the credit), and a rate over 100 %', async () => {
    const slug = `biz-${randomUUID().slice(0, 8)}`
    const credentials = await createHttpLender(ctx.database.db, ctx.services.cipher, {
      slug,
      name: `Callback ${slug}`,
      description: 'HTTP business lender answering later',
      endpointUrl: 'http://127.0.0.1:9/unset',
      criteria: {
        ...BROAD_CRITERIA,
        products: ['factoring'],
        minAmount: 1000,
        maxAmount: 500_000,
        minMonths: 1,
      },
    })
    const user = await loginAs(ctx.database.db)
    const { applicationId, lenders } = await submit(user.cookies, 'factoring', validFactoring())
    expect(lenders.map((lender) => lender.id)).toContain(credentials.lenderId)
    const offer = (body: object) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/lender/applications/${applicationId}/offers`,
        headers: { authorization: `Bearer ${credentials.apiKey}` },
        payload: body,
      })
    const terms = { amount: 30_000, months: 12, nominalRate: 9, openingFee: 100, monthlyFee: 400 }
    const tooDear = await offer({ ...terms, openingFee: 40_000 })
    expect(tooDear.statusCode).toBe(422)
    expect(tooDear.json().code).toBe('OFFER_NOT_PRICEABLE')
    expect((await offer({ ...terms, nominalRate: 150 })).statusCode).toBe(400)
    const fine = await offer({ ...terms, personalGuarantee: true })
    expect(fine.statusCode).toBe(201)
    const [stored] = await ctx.database.db
      .select()
      .from(schema.offers)
      .where(eq(schema.offers.id, fine.json().offerId))
    expect(stored).toMatchObject({ amount: 30_000, months: 12, personalGuarantee: true })
  })
})
