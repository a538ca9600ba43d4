import type { CardType } from '../application/enums.ts'
import { maxNominalRate, maxOtherCostsPerYear } from '../credit-caps.ts'
import { roundHalfUp } from '../loan-math.ts'
import { type CardOfferTerms, evaluateCardOffer } from './card-offer-terms.ts'
import { type ApplicationFacts, SANDBOX_RATE_MODEL, unitHash } from './sandbox-lender.ts'

// The sandbox card issuers' credit decision (issue 14): deterministic like `sandboxDecision`, but for
// a credit-card application. The limit is at most the one wished for and scaled by income; the
// rate, fees and grace period are the issuer's own.

/** A sandbox issuer's card pricing, stored with its sandbox pricing (`SandboxPricing.card`). */
export type SandboxCardPricing = {
  /** Margin over the model's base rate, in percentage points, before risk. */
  rateMargin: number
  annualFee: number
  monthlyFee: number
  gracePeriodDays: number
  /** The largest limit it grants. */
  maxLimit: number
  /** The largest limit as a multiple of the monthly net income (less the share taken by debts). */
  limitToIncome: number
}

export type SandboxCardIssuer = {
  slug: string
  minAge: number
  minNetIncome: number
  employmentTypes: readonly string[]
  /** The card types it issues; the first is given when any card will do. */
  cardTypes: readonly CardType[]
  card: SandboxCardPricing
}

/** The application's facts; `amount` is the limit wished for. */
export type CardApplicationFacts = ApplicationFacts & { cardType: CardType | null }

export type SandboxCardDecision =
  | ({ decision: 'offer' } & CardOfferTerms)
  | { decision: 'decline'; reason: 'criteria' | 'affordability' }

/** The smallest card limit worth issuing (the form's smallest wish). */
export const MIN_CARD_LIMIT = 500

const LIVING_COST_PER_PERSON = 550

export function sandboxCardDecision(
  issuer: SandboxCardIssuer,
  facts: CardApplicationFacts,
  date: Date = new Date(),
): SandboxCardDecision {
  const wanted = facts.cardType && facts.cardType !== 'other' ? facts.cardType : null
  const cardType = wanted ?? issuer.cardTypes[0]
  if (
    !cardType ||
    (wanted !== null && !issuer.cardTypes.includes(wanted)) ||
    facts.age < issuer.minAge ||
    facts.monthlyNetIncome < issuer.minNetIncome ||
    !issuer.employmentTypes.includes(facts.employmentType)
  ) {
    return { decision: 'decline', reason: 'criteria' }
  }
  const { card } = issuer
  const debtLoad = Math.min(1, facts.existingDebtPayments / Math.max(1, facts.monthlyNetIncome))
  const freeIncome =
    facts.monthlyNetIncome -
    facts.housingCostsPerMonth -
    LIVING_COST_PER_PERSON * Math.max(1, facts.householdSize)
  // The limit: the wish, the issuer's maximum and the income it can carry, in whole 100 euros.
  const carried = facts.monthlyNetIncome * card.limitToIncome * (1 - debtLoad)
  const creditLimit = Math.floor(Math.min(facts.amount, card.maxLimit, carried) / 100) * 100
  if (creditLimit < MIN_CARD_LIMIT || freeIncome <= 0) return { decision: 'decline', reason: 'affordability' }

  const risk = Math.min(
    1,
    Math.max(
      0,
      debtLoad * 1.5 +
        (freeIncome < 500 ? 0.3 : 0) +
        unitHash(`card:${issuer.slug}:${facts.applicationId}`) * SANDBOX_RATE_MODEL.variationRisk,
    ),
  )
  const { baseRate, riskSpread } = SANDBOX_RATE_MODEL
  const nominalRate = roundHalfUp(
    Math.min(maxNominalRate(date), baseRate + card.rateMargin / 100 + risk * riskSpread),
    4,
  )
  // Fees within the cost cap of the limit: the monthly fee first, the annual fee takes what is left.
  const allowedPerYear = maxOtherCostsPerYear(creditLimit)
  const monthlyFee = Math.min(card.monthlyFee, Math.floor((allowedPerYear / 12) * 100) / 100)
  const annualFee = Math.max(
    0,
    Math.min(card.annualFee, Math.floor((allowedPerYear - monthlyFee * 12) * 100) / 100),
  )
  const terms: CardOfferTerms = {
    cardType,
    creditLimit,
    nominalRate,
    annualFee,
    monthlyFee,
    gracePeriodDays: card.gracePeriodDays,
  }
  // Never an unlawful offer (Kuluttajansuojalaki 7:17 a).
  if (!evaluateCardOffer(terms, date).ok) return { decision: 'decline', reason: 'criteria' }
  return { decision: 'offer', ...terms }
}
