import { randomUUID } from 'node:crypto'
import { schema } from '@lainava/db'
import { LenderInsightsSchema } from '@lainava/domain/lender-insights'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lenderRow } from '../../test/lenders.ts'
import { loginAs } from '../../test/sessions.ts'
import { createTestApp } from '../../test/test-app.ts'

// Issue 17 item 4: every figure of /lender/insights/ against values computed by hand from this
// fixture. October 2026 in Finland (UTC+3 until 25.10., then UTC+2) is the period.

let ctx: Awaited<ReturnType<typeof createTestApp>>
let own = ''
let rival = ''
let other = ''

type Answer = { lender: () => string; status: 'pending' | 'offered' | 'declined'; after?: number }
type Offer = { lender: () => string; apr: number; accepted?: boolean }

/** An application received at `at` (UTC), its recipients' answers `after` seconds, and the offers. */
async function application(input: {
  at: string
  amount: number
  months: number
  source: string | null
  answers: Answer[]
  offers: Offer[]
}) {
  const { db } = ctx.database
  const owner = await loginAs(db)
  const createdAt = new Date(input.at)
  const [row] = await db
    .insert(schema.applications)
    .values({
      userId: owner.userId,
      kind: 'consumer-loan',
      idempotencyKey: randomUUID(),
      amount: input.amount,
      periodMonths: input.months,
      details: {},
      trafficSource: input.source,
      createdAt,
    })
    .returning({ id: schema.applications.id })
  const applicationId = row?.id ?? ''
  for (const answer of input.answers) {
    await db.insert(schema.applicationRecipients).values({
      applicationId,
      lenderId: answer.lender(),
      status: answer.status,
      createdAt,
      answeredAt: answer.after === undefined ? null : new Date(createdAt.getTime() + answer.after * 1000),
    })
  }
  for (const offer of input.offers) {
    await db.insert(schema.offers).values({
      applicationId,
      lenderId: offer.lender(),
      status: offer.accepted ? 'accepted' : 'offered',
      amount: input.amount,
      months: input.months,
      nominalRate: offer.apr - 0.005,
      openingFee: 0,
      monthlyFee: 0,
      feeFinanced: false,
      monthlyPayment: 100,
      apr: offer.apr,
      totalCost: 1000,
      totalPayable: input.amount + 1000,
      validUntil: new Date('2026-12-31T00:00:00Z'),
      createdAt,
    })
  }
}

beforeAll(async () => {
  ctx = await createTestApp()
  const rows = await ctx.database.db
    .insert(schema.lenders)
    .values([
      lenderRow({ name: 'Oma Pankki' }),
      lenderRow({ name: 'Kilpa Rahoitus' }),
      lenderRow({ name: 'Kolmas' }),
    ])
    .returning({ id: schema.lenders.id })
  ;[own, rival, other] = rows.map((lender) => lender.id) as [string, string, string]
  const ownLender = () => own
  const rivalLender = () => rival
  const otherLender = () => other

  // 1. Google, 10 000 € / 36 months: we answer in 600 s with 10 % APR; the rival's 8 % is accepted.
  await application({
    at: '2026-10-05T07:00:00Z',
    amount: 10_000,
    months: 36,
    source: 'google',
    answers: [
      { lender: ownLender, status: 'offered', after: 600 },
      { lender: rivalLender, status: 'offered', after: 60 },
      { lender: otherLender, status: 'declined', after: 30 },
    ],
    offers: [
      { lender: ownLender, apr: 0.1 },
      { lender: rivalLender, apr: 0.08, accepted: true },
    ],
  })
  // 2. Direct, 20 000 € / 60 months: we answer in 3 600 s with 7 %, accepted; the rival offers 9 %.
  await application({
    at: '2026-10-12T09:00:00Z',
    amount: 20_000,
    months: 60,
    source: null,
    answers: [
      { lender: ownLender, status: 'offered', after: 3600 },
      { lender: rivalLender, status: 'offered', after: 120 },
    ],
    offers: [
      { lender: ownLender, apr: 0.07, accepted: true },
      { lender: rivalLender, apr: 0.09 },
    ],
  })
  // 3. Google, 4 000 € / 12 months: we decline after 7 200 s; the third lender offers 15 %.
  await application({
    at: '2026-10-20T12:00:00Z',
    amount: 4_000,
    months: 12,
    source: 'google',
    answers: [
      { lender: ownLender, status: 'declined', after: 7200 },
      { lender: otherLender, status: 'offered', after: 10 },
    ],
    offers: [{ lender: otherLender, apr: 0.15 }],
  })
  // 4. Direct, 12 000 € / 48 months: not answered by us yet; the rival offers 11 %.
  await application({
    at: '2026-10-28T10:00:00Z',
    amount: 12_000,
    months: 48,
    source: 'direct',
    answers: [
      { lender: ownLender, status: 'pending' },
      { lender: rivalLender, status: 'offered', after: 100 },
    ],
    offers: [{ lender: rivalLender, apr: 0.11 }],
  })
  // 5. 30.9. 23:00 in Finland (20:00 UTC): before the period, with an offer of ours that must not count.
  await application({
    at: '2026-09-30T20:00:00Z',
    amount: 10_000,
    months: 36,
    source: 'google',
    answers: [{ lender: ownLender, status: 'offered', after: 5 }],
    offers: [{ lender: ownLender, apr: 0.05, accepted: true }],
  })
  // 6. 1.10. 00:30 in Finland (30.9. 21:30 UTC): inside the period, not answered.
  await application({
    at: '2026-09-30T21:30:00Z',
    amount: 8_000,
    months: 24,
    source: null,
    answers: [{ lender: ownLender, status: 'pending' }],
    offers: [],
  })
  // 7. 1.11. 00:30 in Finland (31.10. 22:30 UTC): after the period.
  await application({
    at: '2026-10-31T22:30:00Z',
    amount: 8_000,
    months: 24,
    source: null,
    answers: [{ lender: ownLender, status: 'declined', after: 1 }],
    offers: [],
  })
})
afterAll(async () => {
  await ctx.close()
})

const OCTOBER = '?from=2026-10-01&to=2026-10-31'

async function insightsAs(lenderId: string, query = OCTOBER, lenderRole?: 'lender-admin' | 'lender-agent') {
  const user = await loginAs(ctx.database.db, {
    role: 'lender',
    lenderId,
    ...(lenderRole ? { lenderRole } : {}),
  })
  return ctx.app.inject({ method: 'GET', url: `/api/v1/lender/insights${query}`, cookies: user.cookies })
}

describe('lender insights', () => {
  it('computes every figure of the period for the lender of the session', async () => {
    const response = await insightsAs(own)
    expect(response.statusCode, response.body).toBe(200)
    const insights = LenderInsightsSchema.parse(response.json())
    expect(insights.period).toEqual({ from: '2026-10-01', to: '2026-10-31' })
    // Received: applications 1, 2, 3, 4 and 6 (5 and 7 fall outside the Finnish October).
    expect(insights.received).toBe(5)
    // Answered: 1 and 2 (offers) and 3 (decline).
    expect(insights.answered).toBe(3)
    expect(insights.offersMade).toBe(2)
    expect(insights.offersAccepted).toBe(1)
    expect(insights.acceptanceRate).toBe(0.5)
    // Answer times 600, 3 600 and 7 200 s: the median is 3 600; the 90th percentile by linear
    // interpolation is at position 0.9 × (3 − 1) = 1.8, i.e. 3 600 + 0.8 × (7 200 − 3 600) = 6 480.
    expect(insights.answerTime.medianSeconds).toBe(3600)
    expect(insights.answerTime.p90Seconds).toBeCloseTo(6480, 6)
    // Bands with our offers: 10 000 € / 36 kk (a5k, p25) holds 10 %, 8 % and the rival's 11 % of
    // application 4: median 10 %. 20 000 € / 60 kk (a15k, p25) holds 7 % and 9 %: median 8 %.
    expect(insights.aprVsMarket).toEqual([
      {
        kind: 'consumer-loan',
        amountBand: 'a5k',
        periodBand: 'p25',
        ownOffers: 1,
        ownAverageApr: expect.closeTo(0.1, 9),
        marketOffers: 3,
        marketMedianApr: expect.closeTo(0.1, 9),
      },
      {
        kind: 'consumer-loan',
        amountBand: 'a15k',
        periodBand: 'p25',
        ownOffers: 1,
        ownAverageApr: expect.closeTo(0.07, 9),
        marketOffers: 2,
        marketMedianApr: expect.closeTo(0.08, 9),
      },
    ])
    // Application 1: second of two offers; application 2: first of two.
    expect(insights.rank).toEqual([
      { rank: 1, offersOnApplication: 2, count: 1 },
      { rank: 2, offersOnApplication: 2, count: 1 },
    ])
    // Direct (no source, or 'direct'): applications 2, 4 and 6, our offer on 2 accepted → 1/3.
    // Google: applications 1 and 3, one offer, none accepted → 0.
    expect(insights.bySource).toEqual([
      { source: 'direct', received: 3, offersMade: 1, offersAccepted: 1, conversion: 1 / 3 },
      { source: 'google', received: 2, offersMade: 1, offersAccepted: 0, conversion: 0 },
    ])
  })

  it("counts another lender's figures only for that lender", async () => {
    const insights = LenderInsightsSchema.parse((await insightsAs(rival)).json())
    // The rival received 1, 2 and 4, answered all three, offered on all three, one accepted.
    expect([insights.received, insights.answered, insights.offersMade, insights.offersAccepted]).toEqual([
      3, 3, 3, 1,
    ])
    // 8 % was first of two, 9 % second of two, 11 % the only offer on application 4.
    expect(insights.rank).toEqual([
      { rank: 1, offersOnApplication: 1, count: 1 },
      { rank: 1, offersOnApplication: 2, count: 1 },
      { rank: 2, offersOnApplication: 2, count: 1 },
    ])
  })

  it('shows an agent the figures too, and refuses consumers, admins and strangers', async () => {
    expect((await insightsAs(own, OCTOBER, 'lender-agent')).statusCode).toBe(200)
    for (const role of ['consumer', 'admin'] as const) {
      const user = await loginAs(ctx.database.db, { role })
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/lender/insights${OCTOBER}`,
        cookies: user.cookies,
      })
      expect(response.statusCode).toBe(403)
    }
    const anonymous = await ctx.app.inject({ method: 'GET', url: `/api/v1/lender/insights${OCTOBER}` })
    expect(anonymous.statusCode).toBe(401)
  })

  it('refuses a period that ends before it starts or runs over a year, in the asker’s language', async () => {
    const user = await loginAs(ctx.database.db, { role: 'lender', lenderId: own })
    const backwards = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/lender/insights?from=2026-10-31&to=2026-10-01',
      cookies: user.cookies,
    })
    expect(backwards.statusCode).toBe(400)
    expect(backwards.json().fields).toEqual([
      expect.objectContaining({
        path: 'query.from',
        message: 'Alkupäivä ei voi olla päättymispäivän jälkeen.',
      }),
    ])
    const long = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/lender/insights?from=2025-01-01&to=2026-10-01',
      cookies: user.cookies,
      headers: { 'accept-language': 'en' },
    })
    expect(long.statusCode).toBe(400)
    expect(long.json().fields[0].message).toBe('Choose a period of at most one year.')
    const nonsense = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/lender/insights?from=2026-13-45',
      cookies: user.cookies,
    })
    expect(nonsense.statusCode).toBe(400)
  })

  it('exports the same figures as CSV, one per line', async () => {
    const user = await loginAs(ctx.database.db, { role: 'lender', lenderId: own })
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/lender/insights.csv${OCTOBER}`,
      cookies: user.cookies,
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('text/csv')
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="insights-2026-10-01-2026-10-31.csv"',
    )
    const lines = response.body.trim().split('\r\n')
    expect(lines[0]).toBe('figure,product,amount_band,period_band,rank,offers_on_application,source,value')
    expect(lines).toContain('received,,,,,,,5')
    expect(lines).toContain('answer_time_median_seconds,,,,,,,3600')
    expect(lines).toContain('offers_at_rank,,,,2,2,,1')
    expect(lines).toContain('source_received,,,,,,google,2')
    expect(lines.find((line) => line.startsWith('market_median_apr,consumer-loan,a15k,p25'))).toMatch(
      /,0\.08\d*$/,
    )
  })
})
