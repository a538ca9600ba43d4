import { checkConsumerCaps, maxNominalRate, maxOtherCostsPerYear } from '../credit-caps.ts'
import { annuityPayment, roundHalfUp } from '../loan-math.ts'
import type { SandboxCardPricing } from './sandbox-card.ts'

// The built-in "sandbox" lenders (product decisions "Lenders"): a deterministic
// model of a credit decision, for the embedded default and the tests. Each
// sandbox lender has an appetite (criteria) and pricing; the same application
// always gets the same answer from the same lender.

export type SandboxLenderProfile = {
  slug: string
  minAmount: number
  maxAmount: number
  minMonths: number
  maxMonths: number
  minAge: number
  minNetIncome: number
  employmentTypes: readonly string[]
  /** Margin over the cheapest rate, in percentage points, before risk. */
  baseMargin: number
  openingFee: number
  monthlyFee: number
  /** Largest share of net income all debt payments may take after the new loan. */
  maxDebtServiceRatio: number
  /** Answer delay in seconds (0 = at once). */
  delaySeconds: number
}

export type ApplicationFacts = {
  /** Stable id: the same application gets the same answer. */
  applicationId: string
  amount: number
  months: number
  age: number
  employmentType: string
  monthlyNetIncome: number
  housingCostsPerMonth: number
  existingDebtPayments: number
  householdSize: number
  hasCoApplicant: boolean
}

export type SandboxDecision =
  | {
      decision: 'offer'
      amount: number
      months: number
      nominalRate: number
      openingFee: number
      monthlyFee: number
      feeFinanced: boolean
    }
  | { decision: 'decline'; reason: 'criteria' | 'affordability' }

/** A small stable hash → [0, 1): variety between lenders without randomness. */
export function unitHash(text: string): number {
  let hash = 2166136261
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index)
    hash = Math.imul(hash, 16777619)
  }
  return (hash >>> 0) / 2 ** 32
}

// A rough Finnish living-cost estimate per household member (EUR/month), for affordability only.
const LIVING_COST_PER_PERSON = 550

/**
 * How a sandbox lender sets its nominal rate: a base rate, plus the lender's margin, plus a
 * risk surcharge of up to `riskSpread`. Risk is the applicant's debt load and thin free income,
 * plus a per-lender variation of up to `variationRisk` (so lenders differ for the same person).
 */
export const SANDBOX_RATE_MODEL = { baseRate: 0.045, riskSpread: 0.09, variationRisk: 0.25 } as const

export function sandboxDecision(
  lender: SandboxLenderProfile,
  facts: ApplicationFacts,
  date: Date = new Date(),
): SandboxDecision {
  if (
    facts.age < lender.minAge ||
    facts.monthlyNetIncome < lender.minNetIncome ||
    !lender.employmentTypes.includes(facts.employmentType) ||
    facts.amount < lender.minAmount ||
    facts.months < lender.minMonths
  ) {
    return { decision: 'decline', reason: 'criteria' }
  }
  // Sometimes less than asked: the lender's own maximum amount and period.
  let amount = Math.min(facts.amount, lender.maxAmount)
  const months = Math.min(facts.months, lender.maxMonths)

  const freeIncome =
    facts.monthlyNetIncome * (facts.hasCoApplicant ? 1.6 : 1) -
    facts.housingCostsPerMonth -
    LIVING_COST_PER_PERSON * Math.max(1, facts.householdSize)
  const debtLoad = facts.existingDebtPayments / Math.max(1, facts.monthlyNetIncome)
  const risk = Math.min(
    1,
    Math.max(
      0,
      debtLoad * 1.5 +
        (freeIncome < 500 ? 0.3 : 0) +
        unitHash(`${lender.slug}:${facts.applicationId}`) * SANDBOX_RATE_MODEL.variationRisk,
    ),
  )

  const cap = maxNominalRate(date)
  const { baseRate, riskSpread } = SANDBOX_RATE_MODEL
  const nominalRate = roundHalfUp(Math.min(cap, baseRate + lender.baseMargin / 100 + risk * riskSpread), 4)
  // Fees within the cost cap: what the lender asks, lowered to the cap for small loans.
  const allowedPerYear = maxOtherCostsPerYear(amount)
  const monthlyFee = Math.min(lender.monthlyFee, Math.floor((allowedPerYear / 12) * 100) / 100)
  const openingFee = Math.max(
    0,
    Math.min(lender.openingFee, Math.floor((allowedPerYear - monthlyFee * 12) * 100) / 100),
  )

  // Affordability: the new instalment and existing debts within the lender's ratio of net income.
  const affordable = (candidate: number) =>
    annuityPayment(candidate, nominalRate, months) + monthlyFee + facts.existingDebtPayments <=
    facts.monthlyNetIncome * lender.maxDebtServiceRatio
  if (!affordable(amount)) {
    // Offer the largest round amount that fits, if it is worth a loan at all.
    let reduced = Math.floor(amount / 500) * 500
    while (reduced >= lender.minAmount && !affordable(reduced)) reduced -= 500
    if (reduced < lender.minAmount || freeIncome <= 0) return { decision: 'decline', reason: 'affordability' }
    amount = reduced
  }
  const offer = { amount, months, nominalRate, openingFee, monthlyFee, feeFinanced: false }
  // Never an unlawful offer (Kuluttajansuojalaki 7:17 a).
  if (!checkConsumerCaps(offer, date).ok) return { decision: 'decline', reason: 'criteria' }
  return { decision: 'offer', ...offer }
}

/** The pricing part of a sandbox lender, stored on the lender row; `card` for card issuers. */
export type SandboxPricing = Pick<
  SandboxLenderProfile,
  'baseMargin' | 'openingFee' | 'monthlyFee' | 'maxDebtServiceRatio' | 'delaySeconds'
> & { card?: SandboxCardPricing }
