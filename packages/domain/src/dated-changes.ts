import { REFERENCE_RATES } from './credit-caps.ts'
import { finnishDayStart } from './finnish-day.ts'
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
