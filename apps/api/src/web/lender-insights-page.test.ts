import { randomUUID } from 'node:crypto'
import { schema } from '@lainava/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lenderRow } from '../test/lenders.ts'
import { loginAs } from '../test/sessions.ts'
import { createTestApp } from '../test/test-app.ts'

// Issue 17 item 4: /lender/insights/ shows the organisation's figures, each chart followed by a
// table of its numbers, and refuses a bad period in the page's language. Needs the production build.

let ctx: Awaited<ReturnType<typeof createTestApp>>
let own = ''

beforeAll(async () => {
  ctx = await createTestApp({ ROLES: 'web,api' })
  const { db } = ctx.database
  const lenders = await db
    .insert(schema.lenders)
    .values([lenderRow({ name: 'Oma Pankki' }), lenderRow({ name: 'Kilpa Rahoitus' })])
    .returning({ id: schema.lenders.id })
  own = lenders[0]?.id ?? ''
  const rival = lenders[1]?.id ?? ''
  // Two applications on 5.10.2026: ours at 9,5 % accepted on the first (answered in 30 min), the rival
  // cheaper on the second, which we decline after 2 h.
  const plan = [
    {
      ownApr: 0.095,
      rivalApr: 0.11,
      accepted: 'own',
      ownStatus: 'offered',
      after: 1800,
      source: 'affiliate:adtraction',
    },
    { ownApr: null, rivalApr: 0.07, accepted: null, ownStatus: 'declined', after: 7200, source: null },
  ] as const
  for (const step of plan) {
    const owner = await loginAs(db)
    const createdAt = new Date('2026-10-05T08:00:00Z')
    const [application] = await db
      .insert(schema.applications)
      .values({
        userId: owner.userId,
        kind: 'consumer-loan',
        idempotencyKey: randomUUID(),
        amount: 10_000,
        periodMonths: 48,
        details: {},
        trafficSource: step.source,
        createdAt,
      })
      .returning({ id: schema.applications.id })
    const applicationId = application?.id ?? ''
    await db.insert(schema.applicationRecipients).values([
      {
        applicationId,
        lenderId: own,
        status: step.ownStatus,
        createdAt,
        answeredAt: new Date(createdAt.getTime() + step.after * 1000),
      },
      { applicationId, lenderId: rival, status: 'offered', createdAt, answeredAt: createdAt },
    ])
    const offer = (lenderId: string, apr: number, accepted: boolean) => ({
      applicationId,
      lenderId,
      status: accepted ? ('accepted' as const) : ('offered' as const),
      amount: 10_000,
      months: 48,
      nominalRate: apr,
      openingFee: 0,
      monthlyFee: 0,
      feeFinanced: false,
      monthlyPayment: 250,
      apr,
      totalCost: 2000,
      totalPayable: 12_000,
      validUntil: new Date('2026-12-31T00:00:00Z'),
      createdAt,
    })
    if (step.ownApr !== null)
      await db.insert(schema.offers).values(offer(own, step.ownApr, step.accepted === 'own'))
    await db.insert(schema.offers).values(offer(rival, step.rivalApr, false))
  }
})
afterAll(async () => {
  await ctx.close()
})

async function page(url: string, lenderRole: 'lender-admin' | 'lender-agent' = 'lender-agent') {
  const user = await loginAs(ctx.database.db, { role: 'lender', lenderId: own, lenderRole })
  return ctx.app.inject({ method: 'GET', url, cookies: user.cookies })
}

/** The text of the page without tags, spaces collapsed (no-break spaces of numbers included). */
function text(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|\u00a0|\u202f/g, ' ')
    .replace(/\s+/g, ' ')
}

describe('the lender insights page', () => {
  it('shows the figures, four charts each with its table, and the CSV link (an agent too)', async () => {
    const response = await page('/lender/insights/?from=2026-10-01&to=2026-10-31')
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    const html = response.body
    expect(html).toContain('<meta name="robots" content="noindex"')
    const body = text(html)
    // Received 2, answered 2, one offer made and accepted: 100 %; answers in 30 min and 2 h:
    // median 1,3 h (4 500 s), p90 1,9 h (1 800 + 0,9 × 5 400 = 6 660 s).
    expect(body).toMatch(/Vastaanotetut hakemukset 2 /)
    expect(body).toMatch(/Vastatut hakemukset 2 /)
    expect(body).toMatch(/Tehdyt tarjoukset 1 /)
    expect(body).toMatch(/Hyväksytyt tarjoukset 1 /)
    expect(body).toMatch(/Hyväksymisaste 100,0 %/)
    expect(body).toMatch(/Vastausaika, mediaani 1,3 h/)
    expect(body).toMatch(/Vastausaika, 90 % vastauksista 1,9 h/)
    // Our 9,50 % against the median of 9,50 %, 11 % and 7 % in the 5 000–14 999 € / 25–60 kk band: 9,50 %.
    expect(body).toMatch(/5 000–14 999 €, 25–60 kk Kulutuslaina 9,50 % 9,50 % 1 3/)
    // Our one offer was the cheaper of two on its application.
    expect(body).toMatch(/1\. \/ 2 1/)
    // By source: the affiliate's application got our accepted offer; the direct one our decline.
    expect(body).toMatch(/Kumppani: adtraction 1 1 1 100,0 %/)
    expect(body).toMatch(/Suora liikenne 1 0 0 0,0 %/)
    expect(html.match(/<svg[^>]*role="img"/g)).toHaveLength(4)
    expect(html.match(/<table/g)).toHaveLength(4)
    expect(html).toContain('href="/api/v1/lender/insights.csv?from=2026-10-01&amp;to=2026-10-31"')
  })

  it('refuses a backwards period with a message in the page’s language', async () => {
    const fi = await page('/lender/insights/?from=2026-10-31&to=2026-10-01', 'lender-admin')
    expect(fi.statusCode).toBe(200)
    expect(text(fi.body)).toContain('Alkupäivä ei voi olla päättymispäivän jälkeen.')
    expect(fi.body).toContain('aria-invalid="true"')
  })

  it('sends a consumer to the forbidden page, logged out', async () => {
    const consumer = await loginAs(ctx.database.db)
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/lender/insights/',
      cookies: consumer.cookies,
    })
    expect(response.statusCode).toBe(302)
    expect(response.headers.location).toBe('/forbidden/')
  })
})
