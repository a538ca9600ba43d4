import { type LoanInput, roundHalfUp } from './loan-math.ts'

// Finnish consumer credit caps (Kuluttajansuojalaki 7 ch. 17 a §, from 1.10.2023):
// nominal interest at most the reference rate + 15 percentage points and never
// above 20 %; other credit costs at most 0,01 % of the credit a day and 150 € a year.

/**
 * The reference rate ("viitekorko", Korkolaki 12 §): the ECB main refinancing
 * rate on the last day of the previous half-year rounded up to the next half
 * point, fixed each half-year. Add a row every January and July and check it
 * against the Ministry of Finance publication.
 */
export const REFERENCE_RATES: ReadonlyArray<{ validFrom: string; rate: number; source: string }> = [
  { validFrom: '2023-07-01', rate: 0.04, source: 'ECB MRO 4.00 % on 30.6.2023; to be confirmed' },
  { validFrom: '2024-01-01', rate: 0.045, source: 'ECB MRO 4.50 % on 31.12.2023; to be confirmed' },
  { validFrom: '2024-07-01', rate: 0.045, source: 'ECB MRO 4.25 % on 30.6.2024 rounded up; to be confirmed' },
  { validFrom: '2025-01-01', rate: 0.035, source: 'regulation.md: 3,50 % (H1 2025), confirmed' },
  { validFrom: '2025-07-01', rate: 0.025, source: 'ECB MRO 2.15 % on 30.6.2025 rounded up; to be confirmed' },
  {
    validFrom: '2026-01-01',
    rate: 0.025,
    source: 'ECB MRO 2.15 % on 31.12.2025 rounded up; to be confirmed',
  },
]

const CAP_ABOVE_REFERENCE = 0.15
const ABSOLUTE_RATE_CAP = 0.2
const DAILY_COST_CAP = 0.0001
const YEARLY_COST_CAP = 150

export function referenceRateOn(date: Date): number {
  const day = date.toISOString().slice(0, 10)
  let found: number | undefined
  for (const row of REFERENCE_RATES) if (row.validFrom <= day) found = row.rate
  if (found === undefined) throw new Error(`No reference rate before ${REFERENCE_RATES[0]?.validFrom}`)
  return found
}

export function maxNominalRate(date: Date): number {
  return Math.min(roundHalfUp(referenceRateOn(date) + CAP_ABOVE_REFERENCE, 6), ABSOLUTE_RATE_CAP)
}

/** Other credit costs allowed in a full year: 0,01 % a day of the credit, at most 150 €. */
export function maxOtherCostsPerYear(amount: number): number {
  return Math.min(YEARLY_COST_CAP, roundHalfUp(DAILY_COST_CAP * amount * 365, 2))
}

export type CapViolation = { code: 'NOMINAL_RATE_OVER_CAP' | 'COSTS_OVER_CAP'; limit: number; actual: number }
export type CapCheck = { ok: true } | { ok: false; violations: CapViolation[] }

/**
 * Checks an instalment loan against the caps. Other costs are checked per
 * 12-month period of the loan: the opening fee counts in the first period, the
 * monthly fees in the period they are charged, and a final short period has
 * limits pro rata to its length.
 */
export function checkConsumerCaps(input: LoanInput, date: Date = new Date()): CapCheck {
  const violations: CapViolation[] = []
  const rateCap = maxNominalRate(date)
  if (input.nominalRate > rateCap + 1e-12) {
    violations.push({ code: 'NOMINAL_RATE_OVER_CAP', limit: rateCap, actual: input.nominalRate })
  }
  for (let start = 0; start < input.months; start += 12) {
    const months = Math.min(12, input.months - start)
    const share = months / 12
    const limit = roundHalfUp(
      Math.min(YEARLY_COST_CAP * share, DAILY_COST_CAP * input.amount * 365 * share),
      2,
    )
    const actual = roundHalfUp((start === 0 ? input.openingFee : 0) + input.monthlyFee * months, 2)
    if (actual > limit) {
      violations.push({ code: 'COSTS_OVER_CAP', limit, actual })
      break
    }
  }
  return violations.length === 0 ? { ok: true } : { ok: false, violations }
}
