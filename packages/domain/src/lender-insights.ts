import { z } from 'zod'
import { finnishDate } from './finnish-day.ts'

// Issue 17 item 4: a lender's own figures over a chosen period. One schema for the API (which
// validates and documents with it) and the portal page (which takes its types from it).

/** The longest period one request may cover (the queries scan the period's rows). */
export const INSIGHTS_MAX_DAYS = 366
/** The period shown when none is chosen: the last 30 days, today included. */
export const INSIGHTS_DEFAULT_DAYS = 30

/**
 * Amount and period bands for comparing a lender's APR with the market: an offer falls in the band
 * of its own amount and period (euros and months; lower bound included, upper bound excluded).
 */
export const AMOUNT_BANDS = [
  { id: 'a0', from: 0, to: 5_000 },
  { id: 'a5k', from: 5_000, to: 15_000 },
  { id: 'a15k', from: 15_000, to: 30_000 },
  { id: 'a30k', from: 30_000, to: 100_000 },
  { id: 'a100k', from: 100_000, to: null },
] as const
export const PERIOD_BANDS = [
  { id: 'p0', from: 0, to: 25 },
  { id: 'p25', from: 25, to: 61 },
  { id: 'p61', from: 61, to: 121 },
  { id: 'p121', from: 121, to: null },
] as const
export type AmountBandId = (typeof AMOUNT_BANDS)[number]['id']
export type PeriodBandId = (typeof PERIOD_BANDS)[number]['id']

const isoDay = z.iso.date('validation.date.invalid')

/** `from` and `to` are Finnish calendar days (Europe/Helsinki), both included. */
export const InsightsQuerySchema = z
  .object({ from: isoDay.optional(), to: isoDay.optional() })
  .transform((query, context) => {
    const to = query.to ?? finnishDate(new Date())
    const from = query.from ?? addDays(to, -(INSIGHTS_DEFAULT_DAYS - 1))
    if (from > to) {
      context.addIssue({ code: 'custom', path: ['from'], message: 'lenderInsights.error.dateOrder' })
      return z.NEVER
    }
    if (addDays(from, INSIGHTS_MAX_DAYS - 1) < to) {
      context.addIssue({ code: 'custom', path: ['from'], message: 'lenderInsights.error.periodTooLong' })
      return z.NEVER
    }
    return { from, to }
  })
export type InsightsPeriod = z.output<typeof InsightsQuerySchema>

const rate = z.number().nullable().describe('A fraction (0.25 = 25 %); null when there is nothing to divide')
const apr = z.number().nullable().describe('Annual percentage rate as a fraction (0.1043 = 10,43 %)')

export const LenderInsightsSchema = z
  .object({
    period: z.object({ from: z.string(), to: z.string() }),
    /** Applications that reached the lender in the period. */
    received: z.number().int(),
    /** Of those, the ones the lender has answered (offer or decline). */
    answered: z.number().int(),
    /** Offers the lender made in the period, and how many of them the applicant accepted. */
    offersMade: z.number().int(),
    offersAccepted: z.number().int(),
    acceptanceRate: rate.describe('Accepted offers ÷ offers made'),
    answerTime: z.object({
      medianSeconds: z.number().nullable(),
      p90Seconds: z.number().nullable(),
    }),
    /** The lender's average APR against the median of all offers (every lender's) in the same bands. */
    aprVsMarket: z.array(
      z.object({
        kind: z.string().describe('The product (application kind): bands are compared within one product'),
        amountBand: z.enum(AMOUNT_BANDS.map((band) => band.id) as [AmountBandId, ...AmountBandId[]]),
        periodBand: z.enum(PERIOD_BANDS.map((band) => band.id) as [PeriodBandId, ...PeriodBandId[]]),
        ownOffers: z.number().int(),
        ownAverageApr: apr,
        marketOffers: z.number().int(),
        marketMedianApr: apr,
      }),
    ),
    /**
     * Where the lender's offers stood among all offers on the same application, by APR (1 = the lowest).
     * Competitors are never named.
     */
    rank: z.array(
      z.object({
        rank: z.number().int(),
        offersOnApplication: z.number().int(),
        count: z.number().int(),
      }),
    ),
    /** Applications received, offers made and accepted, by where the applicant came from. */
    bySource: z.array(
      z.object({
        source: z.string(),
        received: z.number().int(),
        offersMade: z.number().int(),
        offersAccepted: z.number().int(),
        conversion: rate.describe('Accepted offers ÷ applications received'),
      }),
    ),
  })
  .meta({ id: 'LenderInsights' })
export type LenderInsights = z.infer<typeof LenderInsightsSchema>

/** A calendar day `days` after `day` (negative: before), as `YYYY-MM-DD`. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

/** The acceptance rate and conversion: a share, or null when nothing was there to convert. */
export function share(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null
}
