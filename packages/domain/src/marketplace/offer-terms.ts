import { type CapViolation, checkConsumerCaps } from '../credit-caps.ts'
import { type LoanCost, type LoanCostProblem, priceLoan } from '../loan-math.ts'

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

export type OfferEvaluation =
  | { ok: true; cost: LoanCost }
  | { ok: false; violations: CapViolation[] }
  /** Terms no APR can be computed for (issue 13: e.g. an amount of 1e-320). */
  | { ok: false; problem: LoanCostProblem }

/**
 * Prices an offer ourselves (instalment, APR by the directive's equation,
 * totals) and checks it against the consumer-credit caps in force on `date`.
 * An offer that breaks a cap, or has no price, is never stored or shown.
 */
export function evaluateOffer(terms: OfferTerms, date: Date = new Date()): OfferEvaluation {
  const caps = checkConsumerCaps(terms, date)
  if (!caps.ok) return { ok: false, violations: caps.violations }
  const priced = priceLoan(terms)
  return priced.ok ? { ok: true, cost: priced.cost } : { ok: false, problem: priced.problem }
}
