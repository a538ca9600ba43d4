import { schema } from '@lainava/db'
import { parseAffiliateUrl } from '@lainava/domain/affiliate'
import { InsightsQuerySchema } from '@lainava/domain/lender-insights'
import { exampleMortgageSteps } from '@lainava/domain/mortgage/example-application'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { validApplication } from '../../test/applications.ts'
import { lenderRow } from '../../test/lenders.ts'
import { loginAs } from '../../test/sessions.ts'
import { createTestApp } from '../../test/test-app.ts'
import { mortgageWebServices } from '../../web/mortgage-web-services.ts'
import { createWebServices } from '../../web/web-services.ts'
import { conversionBySource } from '../lender/insights-service.ts'
import { filledInMortgage, identifyForMortgage } from '../mortgage/mortgage-test-helpers.ts'

// Issue 18 item 6: the tracking a form sends with its application (the page action's path) becomes the
// application's traffic source and, without anything personal, its affiliate record; the lender's
// insights count it by source. Tracking that is not of the shape is ignored, never fails the application.

let ctx: Awaited<ReturnType<typeof createTestApp>>
let lenderId = ''

beforeAll(async () => {
  ctx = await createTestApp()
  const [lender] = await ctx.database.db
    .insert(schema.lenders)
    .values(lenderRow({ name: 'Seuranta Pankki' }))
    .returning({ id: schema.lenders.id })
  lenderId = lender?.id ?? ''
})
afterAll(async () => {
  await ctx.close()
})

async function submit(tracking: unknown, ip: string) {
  const result = await createWebServices(ctx.services).applications.submit({
    cookieHeader: null,
    kind: 'consumer-loan',
    idempotencyKey: crypto.randomUUID(),
    language: 'fi',
    application: validApplication(),
    ip,
    tracking,
  })
  if (!result.ok) throw new Error(`not sent: ${JSON.stringify(result)}`)
  const [row] = await ctx.database.db
    .select()
    .from(schema.applications)
    .where(eq(schema.applications.id, result.applicationId))
  return { result, row }
}

describe('an application carries where it came from', () => {
  it('stores affiliate:<network> and the record, and the lender insights count it by source', async () => {
    const affiliate = parseAffiliateUrl(
      'https://lainava.fi/?utm_source=adtraction&at_gd=AT-42&utm_campaign=talvi',
      new Date(),
    )
    const tracking = JSON.stringify({ trafficSource: 'affiliate:adtraction', affiliate })
    const { result, row } = await submit(tracking, '192.0.2.10')
    expect(row?.trafficSource).toBe('affiliate:adtraction')
    expect((row?.details as Record<string, unknown> | undefined)?.affiliate).toEqual(affiliate)
    expect(result.lenders.map((lender) => lender.id)).toContain(lenderId)

    const admin = await loginAs(ctx.database.db, { role: 'admin' })
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/admin/applications/${result.applicationId}`,
      cookies: admin.cookies,
    })
    expect(page.statusCode).toBe(200)
    expect(page.json()).toMatchObject({
      trafficSource: 'affiliate:adtraction',
      affiliate: { network: 'adtraction', trackingId: 'AT-42', campaign: 'talvi' },
    })

    const period = InsightsQuerySchema.parse({})
    const bySource = await conversionBySource(ctx.database.db, lenderId, period)
    expect(bySource.find((entry) => entry.source === 'affiliate:adtraction')?.received).toBe(1)
  })

  it('stores a referrer category without a record', async () => {
    const { row } = await submit(JSON.stringify({ trafficSource: 'search', affiliate: null }), '192.0.2.11')
    expect(row?.trafficSource).toBe('search')
    expect(row?.details).not.toHaveProperty('affiliate')
  })

  it('ignores tracking that is not of the shape or carries personal data: the application is still sent', async () => {
    const affiliate = parseAffiliateUrl('https://lainava.fi/?gclid=abc', new Date())
    const cases: unknown[] = [
      null,
      'not json',
      JSON.stringify({ trafficSource: 'affiliate:madeup', affiliate: null }),
      JSON.stringify({ trafficSource: 'aino@example.fi', affiliate: null }),
      JSON.stringify({
        trafficSource: 'affiliate:google',
        affiliate: { ...affiliate, meta: { ...affiliate?.meta, campaign: 'aino@example.fi' } },
      }),
      JSON.stringify({ trafficSource: 'direct', affiliate: null, email: 'aino@example.fi' }),
    ]
    let n = 20
    for (const tracking of cases) {
      const { row } = await submit(tracking, `192.0.2.${n++}`)
      expect(row?.trafficSource).toBeNull()
      expect(JSON.stringify(row?.details)).not.toContain('aino@example.fi')
    }
  })

  it('a mortgage application carries its source too, sent with its last step', async () => {
    const user = await loginAs(ctx.database.db)
    const id = await filledInMortgage(ctx, user.cookies)
    await identifyForMortgage(ctx, user.userId, id, exampleMortgageSteps['personal-information'].hetu)
    const affiliate = parseAffiliateUrl('https://lainava.fi/?msclkid=MS-7', new Date())
    const sent = await mortgageWebServices(ctx.services).submit({
      userId: user.userId,
      language: 'fi',
      mortgageApplicationId: id,
      tracking: JSON.stringify({ trafficSource: 'affiliate:bing', affiliate }),
    })
    if (!sent.ok) throw new Error(`not sent: ${JSON.stringify(sent)}`)
    const [row] = await ctx.database.db
      .select()
      .from(schema.applications)
      .where(eq(schema.applications.id, sent.applicationId))
    expect(row?.trafficSource).toBe('affiliate:bing')
    expect((row?.details as Record<string, unknown> | undefined)?.affiliate).toEqual(affiliate)
  })
})
