import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod'
import type { Database } from '@lainava/db'
import {
  InsightsQuerySchema,
  type LenderInsights,
  LenderInsightsSchema,
} from '@lainava/domain/lender-insights'
import { z } from 'zod'
import { AppError } from '../../app-error.ts'
import { ErrorBodySchema } from '../../schemas.ts'
import { csvCell } from '../admin/admin-applications.ts'
import { requireUser } from '../auth/guards.ts'
import { lenderInsights } from './insights-service.ts'

// Issue 17 item 4: /lender/insights/ reads these. Every lender user (admin or agent) of the
// organisation may see its figures; the lender comes from the session, never from the request.

const Refusals = { 401: ErrorBodySchema, 403: ErrorBodySchema } as const

async function sessionLender(db: Database, request: Parameters<typeof requireUser>[1]): Promise<string> {
  const user = await requireUser(db, request, ['lender'])
  if (!user.lenderId) throw new AppError('FORBIDDEN', 'Not allowed.', { messageKey: 'api.forbidden' })
  return user.lenderId
}

const CSV_HEADER = [
  'figure',
  'product',
  'amount_band',
  'period_band',
  'rank',
  'offers_on_application',
  'source',
  'value',
]

/** The figures as tidy CSV: one figure per line, with the band, rank or source it belongs to. */
export function insightsCsv(insights: LenderInsights): string {
  type Line = Partial<Record<(typeof CSV_HEADER)[number], string | number | null>>
  const lines: Line[] = [
    { figure: 'period_from', value: insights.period.from },
    { figure: 'period_to', value: insights.period.to },
    { figure: 'received', value: insights.received },
    { figure: 'answered', value: insights.answered },
    { figure: 'offers_made', value: insights.offersMade },
    { figure: 'offers_accepted', value: insights.offersAccepted },
    { figure: 'acceptance_rate', value: insights.acceptanceRate },
    { figure: 'answer_time_median_seconds', value: insights.answerTime.medianSeconds },
    { figure: 'answer_time_p90_seconds', value: insights.answerTime.p90Seconds },
  ]
  for (const band of insights.aprVsMarket) {
    const where = { product: band.kind, amount_band: band.amountBand, period_band: band.periodBand }
    lines.push(
      { figure: 'own_offers', ...where, value: band.ownOffers },
      { figure: 'own_average_apr', ...where, value: band.ownAverageApr },
      { figure: 'market_offers', ...where, value: band.marketOffers },
      { figure: 'market_median_apr', ...where, value: band.marketMedianApr },
    )
  }
  for (const rank of insights.rank) {
    lines.push({
      figure: 'offers_at_rank',
      rank: rank.rank,
      offers_on_application: rank.offersOnApplication,
      value: rank.count,
    })
  }
  for (const source of insights.bySource) {
    lines.push(
      { figure: 'source_received', source: source.source, value: source.received },
      { figure: 'source_offers_made', source: source.source, value: source.offersMade },
      { figure: 'source_offers_accepted', source: source.source, value: source.offersAccepted },
      { figure: 'source_conversion', source: source.source, value: source.conversion },
    )
  }
  const body = lines.map((line) => CSV_HEADER.map((column) => csvCell(line[column] ?? null)).join(','))
  return `${[CSV_HEADER.join(','), ...body].join('\r\n')}\r\n`
}

export const lenderInsightsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/v1/lender/insights',
    {
      schema: {
        tags: ['lender'],
        summary: "The lender's figures over a period (Finnish calendar days; default the last 30 days)",
        querystring: InsightsQuerySchema,
        response: { 200: LenderInsightsSchema, 400: ErrorBodySchema, ...Refusals },
      },
    },
    async (request) => lenderInsights(db, await sessionLender(db, request), request.query),
  )

  app.get(
    '/v1/lender/insights.csv',
    {
      schema: {
        tags: ['lender'],
        summary: 'The same figures as CSV, one figure per line',
        querystring: InsightsQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string(), 400: ErrorBodySchema, ...Refusals },
      },
    },
    async (request, reply) => {
      const insights = await lenderInsights(db, await sessionLender(db, request), request.query)
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="insights-${insights.period.from}-${insights.period.to}.csv"`,
        )
        .send(insightsCsv(insights))
    },
  )
}
