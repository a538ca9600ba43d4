import { CONSUMER_LOAN_LIMITS } from '../constants.ts'
import { DEFAULT_SME_CONFIG, type SmeConfig, smeMaxPeriod } from './business.ts'
import { CONSUMER_LOAN_PURPOSES, SME_LOAN_PURPOSES } from './enums.ts'

export type LoanPrefill = { amount: number; period: number; purpose?: string; success: boolean }

/** The SME variant reads the SME configuration in force (the config endpoint's answer); the defaults otherwise. */
export type PrefillVariant = { kind: 'consumer' } | { kind: 'sme'; config?: SmeConfig }

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value))

/** spec §5: read as a number; finite and non-zero, else nothing. */
function readNumber(text: string | null): number | null {
  if (text === null || text.trim() === '') return null
  const value = Number(text)
  return Number.isFinite(value) && value !== 0 ? value : null
}

/**
 * The loan search prefill from the address (spec §1, §5, §9), shared by the
 * consumer form (years) and the SME form (months; the limits come from the
 * SME configuration, the config endpoint's sme_min_amount … sme_max_period_large).
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
    const config = variant.config ?? DEFAULT_SME_CONFIG
    // The SME form holds whole euros and whole months (smeLoanSchema): the prefill lands on such values.
    amount = clamp(Math.round(rawAmount), config.minAmount, config.maxAmount)
    // spec §5, §9: the longest period depends on the amount (from 100 000 €, 120 months by default).
    period = clamp(Math.round(rawPeriod), config.minPeriod, smeMaxPeriod(config, amount))
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
