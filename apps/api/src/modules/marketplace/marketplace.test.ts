import { randomUUID } from 'node:crypto'
import { schema, seedDemoData } from '@lainava/db'
import { signPartnerBody } from '@lainava/domain/marketplace/partner-protocol'
import { type RunningSimulator, startSimulator } from '@lainava/lender-simulator'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { submission, validApplication } from '../../test/applications.ts'
import { BROAD_CRITERIA, lenderRow } from '../../test/lenders.ts'
import { type Cookies, loginAs, OUR_CLIENT } from '../../test/sessions.ts'
import { createListeningTestApp } from '../../test/test-app.ts'
import { createHttpLender } from './lender-credentials.ts'
import { reconcile } from './worker.ts'

let ctx: Awaited<ReturnType<typeof createListeningTestApp>>

beforeAll(async () => {
  ctx = await createListeningTestApp()
  await seedDemoData(ctx.database.db)
})
afterAll(async () => {
  await ctx.close()
})

type OfferJson = {
  id: string
  lender: { id: string; name: string }
  status: string
  amount: number
  months: number
  nominalRate: number
  openingFee: number
  monthlyFee: number
  feeFinanced: boolean
  monthlyPayment: number
  apr: number
  totalCost: number
  totalPayable: number
}
type ApplicationJson = {
  id: string
  summary: { asked: number; answered: number; offered: number; pending: number }
  lenders: Array<{ id: string; name: string; status: string; offerId: string | null }>
  offers: OfferJson[]
}

async function submit(cookies: Cookies, application = validApplication()): Promise<string> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/applications',
    payload: submission(application),
    cookies,
    headers: OUR_CLIENT,
  })
  expect(response.statusCode).toBe(201)
  return response.json().applicationId
}

async function offersOf(cookies: Cookies): Promise<ApplicationJson[]> {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/loanOffers', cookies })
  expect(response.statusCode).toBe(200)
  return response.json().applications
}

/** Waits (polling, with a deadline) until every lender has answered the application. */
async function allAnswered(cookies: Cookies, applicationId: string): Promise<ApplicationJson> {
  let found: ApplicationJson | undefined
  await expect
    .poll(
      async () => {
        found = (await offersOf(cookies)).find((application) => application.id === applicationId)
        return found?.summary.pending
      },
      { timeout: 20_000, interval: 100 },
    )
    .toBe(0)
  if (!found) throw new Error('application missing')
  return found
}

/**
 * The APR from first principles (2008/48/EC Annex I), independent of the domain code:
 * the amount drawn at t = 0; the opening fee at t = 0 unless financed; the instalments
 * (annuity on the financed base, in cents, plus the monthly fee) at k/12 years; the
 * last instalment settles the balance. Solved by bisection.
 */
function independentAprPercent(offer: OfferJson): number {
  const base = offer.amount + (offer.feeFinanced ? offer.openingFee : 0)
  const r = offer.nominalRate / 100 / 12
  const annuity = r === 0 ? base / offer.months : (base * r) / (1 - (1 + r) ** -offer.months)
  const instalment = Math.round(annuity * 100) / 100
  let balance = base
  const flows: Array<[number, number]> = []
  if (!offer.feeFinanced && offer.openingFee > 0) flows.push([0, offer.openingFee])
  for (let k = 1; k <= offer.months; k++) {
    const interest = Math.round(balance * r * 100) / 100
    const principal = k === offer.months ? balance : instalment - interest
    balance = Math.round((balance - principal) * 100) / 100
    flows.push([k / 12, interest + principal + offer.monthlyFee])
  }
  const npv = (x: number) =>
    flows.reduce((sum, [t, amount]) => sum + amount * (1 + x) ** -t, 0) - offer.amount
  let low = 0
  let high = 5
  for (let i = 0; i < 200; i++) {
    const mid = (low + high) / 2
    if (npv(mid) > 0) low = mid
    else high = mid
  }
  return Math.round(((low + high) / 2) * 100 * 100) / 100
}

describe('the sandbox marketplace', () => {
  it('matches, fans out and collects offers from at least three sandbox lenders, each priced by us', async () => {
    const user = await loginAs(ctx.database.db)
    const applicationId = await submit(user.cookies)
    const application = await allAnswered(user.cookies, applicationId)
    expect(application.summary.asked).toBeGreaterThanOrEqual(3)
    expect(application.offers.length).toBeGreaterThanOrEqual(3)
    for (const offer of application.offers) {
      expect(offer.apr).toBe(independentAprPercent(offer))
      expect(offer.totalPayable).toBeCloseTo(offer.totalCost + offer.amount, 2)
      expect(offer.nominalRate).toBeLessThanOrEqual(20)
    }
    // Ranked by APR.
    const aprs = application.offers.map((offer) => offer.apr)
    expect(aprs).toEqual([...aprs].sort((a, b) => a - b))
    const recipients = await ctx.database.db
      .select({ status: schema.applicationRecipients.status })
      .from(schema.applicationRecipients)
      .where(eq(schema.applicationRecipients.applicationId, applicationId))
    expect(recipients.every((row) => row.status !== 'pending')).toBe(true)
  })

  it('sends the application only to lenders whose criteria and filtering let it through', async () => {
    const db = ctx.database.db
    const [paused, strict, open] = await db
      .insert(schema.lenders)
      .values([
        lenderRow({
          name: 'Paused Lender',
          filtering: { acceptingApplications: false, excludedPurposes: [] },
        }),
        lenderRow({ name: 'Strict Lender', criteria: { ...BROAD_CRITERIA, minNetIncome: 50_000 } }),
        lenderRow({ name: 'Open Lender' }),
      ])
      .returning({ id: schema.lenders.id })
    const user = await loginAs(db)
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/applications',
      payload: submission(validApplication()),
      cookies: user.cookies,
      headers: OUR_CLIENT,
    })
    const names = (response.json().lenders as Array<{ id: string }>).map((lender) => lender.id)
    expect(names).toContain(open?.id)
    expect(names).not.toContain(paused?.id)
    expect(names).not.toContain(strict?.id)
    await db.update(schema.lenders).set({ active: false }).where(eq(schema.lenders.name, 'Open Lender'))
  })

  it('e-mails the applicant when every lender has answered, and not when the user turned it off', async () => {
    const db = ctx.database.db
    const wants = await loginAs(db)
    const refuses = await loginAs(db)
    await db.insert(schema.consents).values({ userId: refuses.userId, offerNotifications: false })
    const wantedId = await submit(wants.cookies)
    const refusedId = await submit(refuses.cookies)
    await allAnswered(wants.cookies, wantedId)
    await allAnswered(refuses.cookies, refusedId)
    const kindsTo = async (email: string) =>
      (
        await db
          .select({ kind: schema.outboxEmails.kind })
          .from(schema.outboxEmails)
          .where(eq(schema.outboxEmails.toAddress, email))
      ).map((row) => row.kind)
    await expect
      .poll(() => kindsTo(wants.email), { timeout: 10_000, interval: 100 })
      .toContain('offers-all-answered')
    // The notification job for the other user has run too (its flag is set) without a message.
    await expect
      .poll(
        async () =>
          (
            await db
              .select({ at: schema.applications.allAnsweredNotifiedAt })
              .from(schema.applications)
              .where(eq(schema.applications.id, refusedId))
          )[0]?.at,
        { timeout: 10_000, interval: 100 },
      )
      .toBeTruthy()
    const refusedMail = await db
      .select()
      .from(schema.outboxEmails)
      .where(eq(schema.outboxEmails.toAddress, refuses.email))
    expect(refusedMail.filter((row) => row.kind.startsWith('offers-'))).toEqual([])
    // Running the reconciler again sends nothing twice.
    await reconcile(ctx.services)
    const again = await db
      .select()
      .from(schema.outboxEmails)
      .where(eq(schema.outboxEmails.toAddress, wants.email))
    expect(again.filter((row) => row.kind === 'offers-all-answered')).toHaveLength(1)
  })
})

describe('offers: authorization and acceptance', () => {
  it("keeps each user's offers to themselves and accepts one offer per application", async () => {
    const db = ctx.database.db
    const alice = await loginAs(db)
    const bob = await loginAs(db)
    const aliceApp = await allAnswered(alice.cookies, await submit(alice.cookies))
    const [first, second] = aliceApp.offers
    if (!first || !second) throw new Error('expected two offers')

    // Bob sees nothing of Alice's.
    expect((await offersOf(bob.cookies)).map((application) => application.id)).not.toContain(aliceApp.id)
    const bobRead = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/loanOffers/${first.id}`,
      cookies: bob.cookies,
    })
    expect(bobRead.statusCode).toBe(404)
    const bobAccept = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/loanOffers/${first.id}/accept`,
      cookies: bob.cookies,
      headers: OUR_CLIENT,
    })
    expect(bobAccept.statusCode).toBe(404)
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/v1/loanOffers' })
    expect(anonymous.statusCode).toBe(401)

    const accepted = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/loanOffers/${first.id}/accept`,
      cookies: alice.cookies,
      headers: OUR_CLIENT,
    })
    expect(accepted.statusCode).toBe(200)
    expect(accepted.json().status).toBe('accepted')
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/loanOffers/${first.id}/accept`,
      cookies: alice.cookies,
      headers: OUR_CLIENT,
    })
    expect(again.statusCode).toBe(200)
    const other = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/loanOffers/${second.id}/accept`,
      cookies: alice.cookies,
      headers: { ...OUR_CLIENT, 'accept-language': 'fi' },
    })
    expect(other.statusCode).toBe(409)
    expect(other.json().message).toMatch(/toisen tarjouksen/)
    const list = (await offersOf(alice.cookies)).find((application) => application.id === aliceApp.id)
    expect(list?.lenders.find((lender) => lender.offerId === first.id)?.status).toBe('accepted')
    // The lender is told (a job): the offer gets its notice time.
    await expect
      .poll(
        async () =>
          (await db.select().from(schema.offers).where(eq(schema.offers.id, first.id)))[0]?.lenderNotifiedAt,
        { timeout: 10_000, interval: 100 },
      )
      .toBeTruthy()
  })

  it('shows a lender user only the applications its organisation received', async () => {
    const db = ctx.database.db
    const [onlyA, onlyB] = await db
      .insert(schema.lenders)
      .values([
        lenderRow({ name: 'Portal A', criteria: { ...BROAD_CRITERIA, minAmount: 60_000 } }),
        lenderRow({ name: 'Portal B', criteria: { ...BROAD_CRITERIA, products: ['credit-card'] } }),
      ])
      .returning({ id: schema.lenders.id })
    if (!onlyA || !onlyB) throw new Error('lenders missing')
    const applicant = await loginAs(db)
    const bigLoan = validApplication({
      loan: { amount: 65_000, period: 10, purpose: 'renovation', refinance: false },
    })
    const applicationId = await submit(applicant.cookies, bigLoan)
    const userA = await loginAs(db, { role: 'lender', lenderId: onlyA.id })
    const userB = await loginAs(db, { role: 'lender', lenderId: onlyB.id })
    const mineA = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/lender/applications/${applicationId}`,
      cookies: userA.cookies,
    })
    expect(mineA.statusCode).toBe(200)
    expect(mineA.json().application.amount).toBe(65_000)
    const notB = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/lender/applications/${applicationId}`,
      cookies: userB.cookies,
    })
    expect(notB.statusCode).toBe(404)
    const listB = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/lender/applications',
      cookies: userB.cookies,
    })
    expect(listB.json().applications.map((row: { id: string }) => row.id)).not.toContain(applicationId)
    const orgB = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/lender/organisations/${onlyA.id}`,
      cookies: userB.cookies,
    })
    expect(orgB.statusCode).toBe(403)
    await db.update(schema.lenders).set({ active: false }).where(eq(schema.lenders.name, 'Portal A'))
    await db.update(schema.lenders).set({ active: false }).where(eq(schema.lenders.name, 'Portal B'))
  })
})

describe('HTTP lenders over real HTTP (the lender simulator)', () => {
  const simulators: RunningSimulator[] = []
  afterAll(async () => {
    await Promise.all(simulators.map((simulator) => simulator.close()))
  })

  /** Connects a simulator as an HTTP lender; every other lender is paused for the test's applications. */
  async function connect(mode: 'instant' | 'callback', nominalRate = 8.9) {
    const slug = `sim-${randomUUID().slice(0, 8)}`
    // The endpoint is known only after the simulator listens, and the simulator needs the credentials:
    // create the lender with a placeholder endpoint, then start the simulator and point the lender at it.
    const credentials = await createHttpLender(ctx.database.db, ctx.services.cipher, {
      slug,
      name: `Simulaattori ${slug}`,
      description: 'HTTP test lender',
      endpointUrl: 'http://127.0.0.1:9/unset',
      criteria: { ...BROAD_CRITERIA, minAmount: 31_000, maxAmount: 35_000 },
    })
    const simulator = await startSimulator({
      signingSecret: credentials.signingSecret,
      apiKey: credentials.apiKey,
      mode,
      callbackDelayMs: 50,
      maxAmount: 40_000,
      minAmount: 1000,
      nominalRate,
      openingFee: 0,
      monthlyFee: 3,
    })
    simulators.push(simulator)
    await ctx.database.db
      .update(schema.lenders)
      .set({ endpointUrl: `${simulator.url}/applications` })
      .where(eq(schema.lenders.id, credentials.lenderId))
    return { ...credentials, simulator }
  }

  // 31 000–35 000 € applications reach the simulators (and demo lenders with such ranges).
  const httpApplication = () =>
    validApplication({ loan: { amount: 32_000, period: 8, purpose: 'renovation', refinance: false } })

  it('delivers signed applications; the lender answers later with its API key; offers are priced by us', async () => {
    const lender = await connect('callback')
    const user = await loginAs(ctx.database.db)
    const applicationId = await submit(user.cookies, httpApplication())
    const application = await allAnswered(user.cookies, applicationId)
    const offer = application.offers.find((candidate) => candidate.lender.id === lender.lenderId)
    expect(offer).toBeDefined()
    expect(offer?.nominalRate).toBe(8.9)
    if (offer) expect(offer.apr).toBe(independentAprPercent(offer))
    expect(lender.simulator.stats.rejectedSignatures).toBe(0)
    expect(lender.simulator.stats.applications[applicationId]).toBe(1)
    // The simulator records its callback's answer after our server has stored the offer.
    await expect
      .poll(
        () => lender.simulator.stats.callbacks.find((call) => call.applicationId === applicationId)?.status,
      )
      .toBe(201)

    // A second answer to the same application is refused: one offer per lender.
    const duplicate = await fetch(`${ctx.url}/api/v1/lender/applications/${applicationId}/offers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${lender.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 1000, months: 12, nominalRate: 5 }),
    })
    expect(duplicate.status).toBe(409)

    // Accepting the offer tells the lender over HTTP (signed).
    if (!offer) return
    const accept = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/loanOffers/${offer.id}/accept`,
      cookies: user.cookies,
      headers: OUR_CLIENT,
    })
    expect(accept.statusCode).toBe(200)
    await expect
      .poll(() => lender.simulator.stats.acceptances, { timeout: 10_000, interval: 100 })
      .toContain(offer.id)
  })

  it('refuses an over-cap offer, whether given at once or later through the API', async () => {
    const instant = await connect('instant', 25)
    const user = await loginAs(ctx.database.db)
    const applicationId = await submit(user.cookies, httpApplication())
    const application = await allAnswered(user.cookies, applicationId)
    expect(application.offers.find((offer) => offer.lender.id === instant.lenderId)).toBeUndefined()
    expect(application.lenders.find((lender) => lender.id === instant.lenderId)?.status).toBe('declined')
    const rejections = await ctx.database.db
      .select()
      .from(schema.offerRejections)
      .where(
        and(
          eq(schema.offerRejections.applicationId, applicationId),
          eq(schema.offerRejections.lenderId, instant.lenderId),
        ),
      )
    expect(rejections).toHaveLength(1)

    // Through the lender API: 422 with the cap that was broken; the lender may still send a lawful offer.
    const later = await connect('callback', 25)
    const secondId = await submit(user.cookies, httpApplication())
    await expect
      .poll(() => later.simulator.stats.callbacks.find((call) => call.applicationId === secondId)?.status, {
        timeout: 10_000,
        interval: 100,
      })
      .toBe(422)
    const call = later.simulator.stats.callbacks.find((entry) => entry.applicationId === secondId)
    const rejection = call?.body as { violations?: Array<{ code: string }> } | undefined
    expect(rejection?.violations?.[0]?.code).toBe('NOMINAL_RATE_OVER_CAP')
    const lawful = await fetch(`${ctx.url}/api/v1/lender/applications/${secondId}/offers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${later.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 32_000, months: 96, nominalRate: 9.5, monthlyFee: 3 }),
    })
    expect(lawful.status).toBe(201)
  })

  it('rejects bad signatures (lender side), wrong API keys and answers to applications the lender did not receive', async () => {
    const lender = await connect('instant')
    const body = JSON.stringify({ event: 'application', deliveryId: randomUUID() })
    const timestamp = Math.floor(Date.now() / 1000)
    const forged = await fetch(`${lender.simulator.url}/applications`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-lainava-timestamp': String(timestamp),
        'x-lainava-signature': signPartnerBody('not-the-secret', timestamp, body),
      },
      body,
    })
    expect(forged.status).toBe(401)
    const stale = await fetch(`${lender.simulator.url}/applications`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-lainava-timestamp': String(timestamp - 3600),
        'x-lainava-signature': signPartnerBody(lender.signingSecret, timestamp - 3600, body),
      },
      body,
    })
    expect(stale.status).toBe(401)
    expect(lender.simulator.stats.rejectedSignatures).toBe(2)

    const user = await loginAs(ctx.database.db)
    // 5 000 €: outside this simulator's criteria, so it does not receive the application.
    const notReceived = await submit(user.cookies)
    const offer = { amount: 5000, months: 36, nominalRate: 7 }
    const wrongKey = await fetch(`${ctx.url}/api/v1/lender/applications/${notReceived}/offers`, {
      method: 'POST',
      headers: { authorization: 'Bearer lvk_wrong', 'content-type': 'application/json' },
      body: JSON.stringify(offer),
    })
    expect(wrongKey.status).toBe(401)
    const noKey = await fetch(`${ctx.url}/api/v1/lender/applications/${notReceived}/decline`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    expect(noKey.status).toBe(401)
    const notMine = await fetch(`${ctx.url}/api/v1/lender/applications/${notReceived}/offers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${lender.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(offer),
    })
    expect(notMine.status).toBe(404)
    const rows = await ctx.database.db
      .select()
      .from(schema.offers)
      .where(and(eq(schema.offers.applicationId, notReceived), eq(schema.offers.lenderId, lender.lenderId)))
    expect(rows).toEqual([])
  })
})
