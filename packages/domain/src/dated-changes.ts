import { finnishDate, REFERENCE_RATES } from './credit-caps.ts'
import { LTV_CAPS, MORTGAGE_MAX_YEARS } from './mortgage/rules.ts'

// ADR 053 amendment: a page rendered ahead of time (prerendered at build) states figures that come
// from the domain's dated tables: the consumer caps from the reference rate, the mortgage's longest
// period, and (conservatively, though no calculator figure uses it today) the LTV caps. A row that
// comes into force later changes those figures, so such a page is valid only until the first one.

/** Every dated table a page's loan figures depend on; a new dated table belongs here. */
export const DATED_TABLES: ReadonlyArray<ReadonlyArray<{ validFrom: string }>> = [
  REFERENCE_RATES,
  MORTGAGE_MAX_YEARS,
  LTV_CAPS,
]

const HOUR_MS = 3_600_000

/**
 * The instant a Finnish calendar day (`YYYY-MM-DD`) begins: midnight in Helsinki, 21:00 UTC the
 * day before in summer time (UTC+3), 22:00 in winter time (UTC+2). The clocks change at 03:00/04:00,
 * never at midnight, so one of the two is the day's first instant.
 */
export function finnishDayStart(day: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  if (!match) throw new RangeError(`Not a calendar date: ${day}`)
  const utcMidnight = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))
  const summer = new Date(utcMidnight - 3 * HOUR_MS)
  return finnishDate(summer) === day ? summer : new Date(utcMidnight - 2 * HOUR_MS)
}

/**
 * The first instant after `instant` at which a row of a dated table comes into force (the start of
 * its Finnish day), or undefined when no table has a later row.
 */
export function nextDatedChangeAfter(instant: Date): Date | undefined {
  const after = instant.getTime()
  if (Number.isNaN(after)) throw new RangeError('Invalid date')
  let next: number | undefined
  for (const table of DATED_TABLES) {
    for (const row of table) {
      const start = finnishDayStart(row.validFrom).getTime()
      if (start > after && (next === undefined || start < next)) next = start
    }
  }
  return next === undefined ? undefined : new Date(next)
}
