import type { Database } from '@lainava/db'
import {
  AMOUNT_BANDS,
  type AmountBandId,
  type InsightsPeriod,
  type LenderInsights,
  PERIOD_BANDS,
  type PeriodBandId,
  share,
} from '@lainava/domain/lender-insights'
import { type SQL, sql } from 'drizzle-orm'

// Issue 17 item 4: a lender's figures, one SQL query per figure, always scoped to the lender of the
// session. Periods are Finnish calendar days: [from 00:00, to + 1 day 00:00) in Europe/Helsinki.

type Row = Record<string, unknown>

async function rows(db: Database, query: SQL): Promise<Row[]> {
  const result = await db.execute(query)
  return (result as unknown as { rows: Row[] }).rows
}

async function one(db: Database, query: SQL): Promise<Row> {
  return (await rows(db, query))[0] ?? {}
}

const int = (value: unknown): number => Number(value ?? 0)
const numberOrNull = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value)

/** `column` falls in the period (timestamps with time zone). */
function inPeriod(column: SQL, period: InsightsPeriod): SQL {
  return sql`${column} >= (${period.from}::date)::timestamp at time zone 'Europe/Helsinki'
    and ${column} < (${period.to}::date + 1)::timestamp at time zone 'Europe/Helsinki'`
}

/** A CASE expression naming the band a value falls in. */
function bandOf(value: SQL, bands: ReadonlyArray<{ id: string; from: number; to: number | null }>): SQL {
  const cases = bands.map((band) =>
    band.to === null
      ? sql`when ${value} >= ${band.from} then ${band.id}`
      : sql`when ${value} >= ${band.from} and ${value} < ${band.to} then ${band.id}`,
  )
  return sql`(case ${sql.join(cases, sql` `)} end)`
}

export async function receivedCount(db: Database, lenderId: string, period: InsightsPeriod) {
  const row = await one(
    db,
    sql`select count(*) as n from application_recipients r
      where r.lender_id = ${lenderId} and ${inPeriod(sql`r.created_at`, period)}`,
  )
  return int(row.n)
}

export async function answeredCount(db: Database, lenderId: string, period: InsightsPeriod) {
  const row = await one(
    db,
    sql`select count(*) as n from application_recipients r
      where r.lender_id = ${lenderId} and ${inPeriod(sql`r.created_at`, period)}
        and r.status in ('offered', 'declined')`,
  )
  return int(row.n)
}

export async function offersMadeCount(db: Database, lenderId: string, period: InsightsPeriod) {
  const row = await one(
    db,
    sql`select count(*) as n from offers o
      where o.lender_id = ${lenderId} and ${inPeriod(sql`o.created_at`, period)}`,
  )
  return int(row.n)
}

export async function offersAcceptedCount(db: Database, lenderId: string, period: InsightsPeriod) {
  const row = await one(
    db,
    sql`select count(*) as n from offers o
      where o.lender_id = ${lenderId} and ${inPeriod(sql`o.created_at`, period)} and o.status = 'accepted'`,
  )
  return int(row.n)
}

/** From the application reaching the lender to the lender's offer or decline. */
export async function answerTime(db: Database, lenderId: string, period: InsightsPeriod) {
  const row = await one(
    db,
    sql`select percentile_cont(0.5) within group (order by t.seconds) as median,
        percentile_cont(0.9) within group (order by t.seconds) as p90
      from (
        select extract(epoch from r.answered_at - r.created_at)::float8 as seconds
        from application_recipients r
        where r.lender_id = ${lenderId} and ${inPeriod(sql`r.created_at`, period)}
          and r.status in ('offered', 'declined') and r.answered_at is not null
      ) t`,
  )
  return { medianSeconds: numberOrNull(row.median), p90Seconds: numberOrNull(row.p90) }
}

/**
 * The lender's average APR and the market's median APR (every lender's offers, the lender's own
 * included) per product and band, in the bands where the lender made offers. Card offers are left
 * out: their APR is a representative example's, not the offer's.
 */
export async function aprVsMarket(db: Database, lenderId: string, period: InsightsPeriod) {
  const result = await rows(
    db,
    sql`with banded as (
        select o.lender_id, o.apr, a.kind::text as kind,
          ${bandOf(sql`o.amount`, AMOUNT_BANDS)} as amount_band,
          ${bandOf(sql`o.months`, PERIOD_BANDS)} as period_band
        from offers o join applications a on a.id = o.application_id
        where ${inPeriod(sql`o.created_at`, period)} and o.card_type is null
      )
      select kind, amount_band, period_band,
        count(*) filter (where lender_id = ${lenderId}) as own_offers,
        avg(apr) filter (where lender_id = ${lenderId}) as own_average,
        count(*) as market_offers,
        percentile_cont(0.5) within group (order by apr) as market_median
      from banded
      group by kind, amount_band, period_band
      having count(*) filter (where lender_id = ${lenderId}) > 0
      order by kind, amount_band, period_band`,
  )
  const amountOrder = AMOUNT_BANDS.map((band) => band.id as string)
  const periodOrder = PERIOD_BANDS.map((band) => band.id as string)
  return result
    .map((row) => ({
      kind: String(row.kind),
      amountBand: String(row.amount_band) as AmountBandId,
      periodBand: String(row.period_band) as PeriodBandId,
      ownOffers: int(row.own_offers),
      ownAverageApr: numberOrNull(row.own_average),
      marketOffers: int(row.market_offers),
      marketMedianApr: numberOrNull(row.market_median),
    }))
    .sort(
      (a, b) =>
        a.kind.localeCompare(b.kind) ||
        amountOrder.indexOf(a.amountBand) - amountOrder.indexOf(b.amountBand) ||
        periodOrder.indexOf(a.periodBand) - periodOrder.indexOf(b.periodBand),
    )
}

/**
 * Where each of the lender's offers stood among all offers on the same application, by APR
 * (1 = lowest; an equal APR shares the better place). Competitors are counted, never named.
 */
export async function offerRanks(db: Database, lenderId: string, period: InsightsPeriod) {
  const result = await rows(
    db,
    sql`select 1 + (select count(*) from offers c
            where c.application_id = o.application_id and c.lender_id <> o.lender_id and c.apr < o.apr) as rank,
          (select count(*) from offers c where c.application_id = o.application_id) as offers_on_application,
          count(*) as count
      from offers o
      where o.lender_id = ${lenderId} and ${inPeriod(sql`o.created_at`, period)} and o.card_type is null
      group by 1, 2
      order by 2, 1`,
  )
  return result.map((row) => ({
    rank: int(row.rank),
    offersOnApplication: int(row.offers_on_application),
    count: int(row.count),
  }))
}

/** Applications received, offers made and accepted by the applicant's traffic source. */
export async function conversionBySource(db: Database, lenderId: string, period: InsightsPeriod) {
  const result = await rows(
    db,
    sql`select coalesce(a.traffic_source, 'direct') as source,
        count(*) as received,
        count(o.id) as offers_made,
        count(o.id) filter (where o.status = 'accepted') as offers_accepted
      from application_recipients r
      join applications a on a.id = r.application_id
      left join offers o on o.application_id = r.application_id and o.lender_id = r.lender_id
      where r.lender_id = ${lenderId} and ${inPeriod(sql`r.created_at`, period)}
      group by 1
      order by 2 desc, 1`,
  )
  return result.map((row) => {
    const received = int(row.received)
    const offersAccepted = int(row.offers_accepted)
    return {
      source: String(row.source),
      received,
      offersMade: int(row.offers_made),
      offersAccepted,
      conversion: share(offersAccepted, received),
    }
  })
}

/** Every figure of the insights page for one lender and period. */
export async function lenderInsights(
  db: Database,
  lenderId: string,
  period: InsightsPeriod,
): Promise<LenderInsights> {
  const [received, answered, offersMade, offersAccepted, times, apr, rank, bySource] = await Promise.all([
    receivedCount(db, lenderId, period),
    answeredCount(db, lenderId, period),
    offersMadeCount(db, lenderId, period),
    offersAcceptedCount(db, lenderId, period),
    answerTime(db, lenderId, period),
    aprVsMarket(db, lenderId, period),
    offerRanks(db, lenderId, period),
    conversionBySource(db, lenderId, period),
  ])
  return {
    period: { from: period.from, to: period.to },
    received,
    answered,
    offersMade,
    offersAccepted,
    acceptanceRate: share(offersAccepted, offersMade),
    answerTime: times,
    aprVsMarket: apr,
    rank,
    bySource,
  }
}
