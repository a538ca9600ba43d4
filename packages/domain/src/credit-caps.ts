import { finnishDate } from './finnish-day.ts'
import { type LoanInput, roundHalfUp } from './loan-math.ts'

// Finnish consumer credit caps (Kuluttajansuojalaki 7 ch. 17 a §, from 1.10.2023):
// nominal interest at most the reference rate + 15 percentage points and never
// above 20 %; other credit costs at most 0,01 % of the credit a day and 150 € a year.

export type ReferenceRate = {
  /** First day (Finnish calendar date, ISO) the rate applies. */
  validFrom: string
  rate: number
  /** Where the figure comes from; says "NOT CONFIRMED" until checked against the official publication. */
  source: string
}

/**
 * The reference rate ("viitekorko", Korkolaki 12 §): the ECB main refinancing
 * rate on the last day of the previous half-year, rounded up to the next half
 * percentage point, fixed for each half-year. Add a row every January and July
 * and check it against the Ministry of Finance publication before relying on it.
 */
export const REFERENCE_RATES: ReadonlyArray<ReferenceRate> = [
  { validFrom: '2023-07-01', rate: 0.04, source: 'ECB MRO 4,00 % on 30.6.2023; NOT CONFIRMED' },
  { validFrom: '2024-01-01', rate: 0.045, source: 'ECB MRO 4,50 % on 31.12.2023; NOT CONFIRMED' },
  { validFrom: '2024-07-01', rate: 0.045, source: 'ECB MRO 4,25 % on 30.6.2024 rounded up; NOT CONFIRMED' },
  { validFrom: '2025-01-01', rate: 0.035, source: 'regulation.md: 3,50 % for H1 2025; confirmed' },
  { validFrom: '2025-07-01', rate: 0.025, source: 'ECB MRO 2,15 % on 30.6.2025 rounded up; NOT CONFIRMED' },
  { validFrom: '2026-01-01', rate: 0.025, source: 'ECB MRO 2,15 % on 31.12.2025 rounded up; NOT CONFIRMED' },
]

const CAP_ABOVE_REFERENCE = 0.15
const ABSOLUTE_RATE_CAP = 0.2
const DAILY_COST_SHARE = 0.0001
const YEARLY_COST_CAP = 150
const DAY_MS = 86_400_000

/** The reference rate in force on `date` (the latest row starting on or before it). */
export function referenceRateOn(date: Date): number {
  const day = finnishDate(date)
  let found: number | undefined
  for (const row of REFERENCE_RATES) if (row.validFrom <= day) found = row.rate
  if (found === undefined) throw new RangeError(`No reference rate before ${REFERENCE_RATES[0]?.validFrom}`)
  return found
}

/** The highest lawful nominal rate on `date`: reference + 15 points, at most 20 %. */
export function maxNominalRate(date: Date): number {
  // Rounded to 6 places so 0.035 + 0.15 compares as 0.185, not 0.18499999….
  return Math.min(roundHalfUp(referenceRateOn(date) + CAP_ABOVE_REFERENCE, 6), ABSOLUTE_RATE_CAP)
}

// Costs are in cents: the largest cent amount within a limit (a tiny tolerance absorbs float noise).
const floorCents = (value: number) => Math.floor(value * 100 + 1e-6) / 100

/** Other credit costs allowed in a full year: 0,01 % a day of the credit for 365 days, at most 150 €. */
export function maxOtherCostsPerYear(amount: number): number {
  return floorCents(Math.min(YEARLY_COST_CAP, DAILY_COST_SHARE * amount * 365))
}

/** Other costs allowed over `days` days of a period shorter than a year: both limits pro rata. */
function maxOtherCostsForDays(amount: number, days: number): number {
  return floorCents(Math.min((YEARLY_COST_CAP * days) / 365, DAILY_COST_SHARE * amount * days))
}

/** `YYYY-MM-DD` plus whole months; a missing day becomes the month's last day (Laki 150/1930 3 §). */
function addMonths(day: string, months: number): number {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number)
  const target = month - 1 + months
  const lastDay = new Date(Date.UTC(year, target + 1, 0)).getUTCDate()
  return Date.UTC(year, target, Math.min(date, lastDay))
}

export type CapViolation = { code: 'NOMINAL_RATE_OVER_CAP' | 'COSTS_OVER_CAP'; limit: number; actual: number }
export type CapCheck = { ok: true } | { ok: false; violations: CapViolation[] }

/**
 * Checks an instalment loan drawn on `date` against the caps. Other costs are
 * checked per 12-month period of the loan: the opening fee counts in the first
 * period, each monthly fee in its period; a full period is held to the yearly
 * limit (counted as 365 days), a final shorter period to both limits pro rata
 * by its length in days. Reports the first period that breaks the cap.
 */
export function checkConsumerCaps(input: LoanInput, date: Date = new Date()): CapCheck {
  const violations: CapViolation[] = []
  const rateCap = maxNominalRate(date)
  if (input.nominalRate > rateCap + 1e-12) {
    violations.push({ code: 'NOMINAL_RATE_OVER_CAP', limit: rateCap, actual: input.nominalRate })
  }
  const start = finnishDate(date)
  for (let first = 0; first < input.months; first += 12) {
    const months = Math.min(12, input.months - first)
    const limit =
      months === 12
        ? maxOtherCostsPerYear(input.amount)
        : maxOtherCostsForDays(
            input.amount,
            (addMonths(start, first + months) - addMonths(start, first)) / DAY_MS,
          )
    const actual = roundHalfUp((first === 0 ? input.openingFee : 0) + input.monthlyFee * months, 2)
    if (actual > limit) {
      violations.push({ code: 'COSTS_OVER_CAP', limit, actual })
      break
    }
  }
  return violations.length === 0 ? { ok: true } : { ok: false, violations }
}
