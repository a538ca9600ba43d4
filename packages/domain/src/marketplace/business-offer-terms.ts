import { type LoanCost, type LoanCostProblem, priceLoan } from '../loan-math.ts'
import type { OfferTerms } from './offer-terms.ts'

// Business offers (issue 15) are priced by the same loan maths as consumer offers (instalment, APR by
// the directive's equation as market practice, totals), but business credit is outside consumer
// credit law (Kuluttajansuojalaki 7 ch. covers consumers only): no rate or cost cap applies. Terms
// that make no sense are still refused: a negative figure, a rate above 100 % a year, fees above the
// credit itself, or a period past 50 years.

export const BUSINESS_OFFER_LIMITS = {
  /** A year's nominal rate as a fraction: above 100 % is taken for a unit mistake (9.9 meant as 9,9 %). */
  maxNominalRate: 1,
  maxAmount: 100_000_000,
  maxMonths: 600,
} as const

export type BusinessOfferProblem = 'NONSENSE_TERMS' | LoanCostProblem
export type BusinessOfferEvaluation =
  | { ok: true; cost: LoanCost }
  | { ok: false; problem: BusinessOfferProblem }

export function evaluateBusinessOffer(terms: OfferTerms): BusinessOfferEvaluation {
  const { amount, months, nominalRate, openingFee, monthlyFee } = terms
  const finite = [amount, months, nominalRate, openingFee, monthlyFee].every(Number.isFinite)
  if (
    !finite ||
    amount <= 0 ||
    amount > BUSINESS_OFFER_LIMITS.maxAmount ||
    !Number.isInteger(months) ||
    months < 1 ||
    months > BUSINESS_OFFER_LIMITS.maxMonths ||
    nominalRate < 0 ||
    nominalRate > BUSINESS_OFFER_LIMITS.maxNominalRate ||
    openingFee < 0 ||
    monthlyFee < 0 ||
    openingFee > amount ||
    monthlyFee > amount
  ) {
    return { ok: false, problem: 'NONSENSE_TERMS' }
  }
  const priced = priceLoan(terms)
  return priced.ok ? { ok: true, cost: priced.cost } : { ok: false, problem: priced.problem }
}
