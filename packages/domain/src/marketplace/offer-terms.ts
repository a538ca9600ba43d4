import { type CapViolation, checkConsumerCaps } from '../credit-caps.ts'
import { type LoanCost, loanCost } from '../loan-math.ts'

/** What a lender sends: terms only. Every figure derived from them is computed here. */
export type OfferTerms = {
  amount: number
  months: number
  /** Annual nominal rate as a fraction (0.099 = 9,9 %). */
  nominalRate: number
  openingFee: number
  monthlyFee: number
  feeFinanced: boolean
}

export type OfferEvaluation = { ok: true; cost: LoanCost } | { ok: false; violations: CapViolation[] }

/**
 * Prices an offer ourselves (instalment, APR by the directive's equation,
 * totals) and checks it against the consumer-credit caps in force on `date`.
 * An offer that breaks a cap is never stored or shown.
 */
export function evaluateOffer(terms: OfferTerms, date: Date = new Date()): OfferEvaluation {
  const caps = checkConsumerCaps(terms, date)
  if (!caps.ok) return { ok: false, violations: caps.violations }
  return { ok: true, cost: loanCost(terms) }
}
