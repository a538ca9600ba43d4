import { CONSUMER_LOAN_LIMITS, SME_LOAN_LIMITS } from '../constants.ts'
import { CONSUMER_LOAN_PURPOSES, SME_LOAN_PURPOSES } from './enums.ts'

export type LoanPrefill = { amount: number; period: number; purpose?: string; success: boolean }

export type SmeLimits = { minAmount: number; maxAmount: number; minPeriod: number; maxPeriod: number }

export type PrefillVariant = { kind: 'consumer' } | { kind: 'sme'; limits?: Partial<SmeLimits> }

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value))

/** spec §5: read as a number; finite and non-zero, else nothing. */
function readNumber(text: string | null): number | null {
  if (text === null || text.trim() === '') return null
  const value = Number(text)
  return Number.isFinite(value) && value !== 0 ? value : null
}

/**
 * The loan search prefill from the address (spec §1, §5, §9), shared by the
 * consumer form (years) and the SME form (months; the limits may come from
 * the config endpoint's sme_min_amount … sme_max_period).
 */
export function parseLoanPrefill(
  search: URLSearchParams | string,
  variant: PrefillVariant,
): LoanPrefill | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search
  const rawAmount = readNumber(params.get('amount'))
  const rawPeriod = readNumber(params.get('period'))
  if (rawAmount === null || rawPeriod === null) return null

  let amount: number
  let period: number
  let purposes: readonly string[]
  if (variant.kind === 'consumer') {
    // Issue 14: the form holds whole years and amounts in its slider's steps; `amount=15250&period=4.5`
    // left it stuck on a value no field could show or change. The prefill lands on the nearest such value.
    const step = CONSUMER_LOAN_LIMITS.amountStep
    amount = clamp(
      Math.round(rawAmount / step) * step,
      CONSUMER_LOAN_LIMITS.minAmount,
      CONSUMER_LOAN_LIMITS.maxAmount,
    )
    period = clamp(Math.round(rawPeriod), CONSUMER_LOAN_LIMITS.minYears, CONSUMER_LOAN_LIMITS.maxYears)
    purposes = CONSUMER_LOAN_PURPOSES
  } else {
    const limits = {
      minAmount: variant.limits?.minAmount ?? SME_LOAN_LIMITS.minAmount,
      maxAmount: variant.limits?.maxAmount ?? SME_LOAN_LIMITS.maxAmount,
      minPeriod: variant.limits?.minPeriod ?? SME_LOAN_LIMITS.minMonths,
      maxPeriod: variant.limits?.maxPeriod ?? SME_LOAN_LIMITS.maxMonths,
    }
    amount = clamp(rawAmount, limits.minAmount, limits.maxAmount)
    // spec §9: at or above 100 000 the period may run to 120 (months).
    const maxPeriod =
      amount >= SME_LOAN_LIMITS.largeAmountThreshold ? SME_LOAN_LIMITS.maxMonthsLarge : limits.maxPeriod
    period = clamp(rawPeriod, limits.minPeriod, maxPeriod)
    purposes = SME_LOAN_PURPOSES
  }
  if (!(amount > 0 && period > 0)) return null
  const purpose = params.get('purpose')
  return {
    amount,
    period,
    // spec §5: a purpose only when it is a known value, otherwise ignored.
    ...(purpose !== null && purposes.includes(purpose) ? { purpose } : {}),
    // spec §5: success is true only for the exact text "true".
    success: params.get('success') === 'true',
  }
}
