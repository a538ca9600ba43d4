// Which lenders receive an application (product decisions "Lenders"; fair-comparison principles):
// a lender receives it when the product is one it offers, the application meets its criteria,
// and its own filtering settings let it through. Nothing else (no fee, no ranking) decides.

import type { CardType } from '../application/enums.ts'

export const LENDER_PRODUCTS = ['consumer-loan', 'credit-card', 'business-loan', 'factoring'] as const
export type LenderProduct = (typeof LENDER_PRODUCTS)[number]

export type LenderCriteria = {
  products: LenderProduct[]
  minAmount: number
  maxAmount: number
  minMonths: number
  maxMonths: number
  minAge: number
  minNetIncome: number
  employmentTypes: string[]
  acceptsPaymentDefaults: boolean
  /** Card issuers: the card types it issues (issue 14: the applicant's chosen type is used). */
  cardTypes?: CardType[]
}

/** A lender's own switches, set on the lender filtering page. */
export type LenderFiltering = {
  /** false: the lender takes no new applications for now. */
  acceptingApplications: boolean
  /** Loan purposes the lender does not finance. */
  excludedPurposes: string[]
}

export const DEFAULT_FILTERING: LenderFiltering = { acceptingApplications: true, excludedPurposes: [] }

export type MatchFacts = {
  product: LenderProduct
  amount: number
  months: number
  age: number
  monthlyNetIncome: number
  employmentType: string
  hasPaymentDefaults: boolean
  purpose: string | null
  /** Credit-card applications: the card type asked for; `other` (or none) takes any issuer. */
  cardType?: CardType | null
}

export type MatchReason =
  | 'paused'
  | 'product'
  | 'amount'
  | 'period'
  | 'age'
  | 'income'
  | 'employment'
  | 'payment-defaults'
  | 'purpose'
  | 'card-type'

export type MatchResult = { matched: true } | { matched: false; reason: MatchReason }

/**
 * A lender may offer less than asked (its maximum), so an amount or period
 * above its range still matches; one below its minimum does not.
 */
export function matchLender(
  criteria: LenderCriteria,
  filtering: LenderFiltering,
  facts: MatchFacts,
): MatchResult {
  const no = (reason: MatchReason): MatchResult => ({ matched: false, reason })
  if (!filtering.acceptingApplications) return no('paused')
  if (!criteria.products.includes(facts.product)) return no('product')
  if (facts.amount < criteria.minAmount) return no('amount')
  if (facts.months < criteria.minMonths) return no('period')
  if (facts.age < criteria.minAge) return no('age')
  if (facts.monthlyNetIncome < criteria.minNetIncome) return no('income')
  if (!criteria.employmentTypes.includes(facts.employmentType)) return no('employment')
  if (facts.hasPaymentDefaults && !criteria.acceptsPaymentDefaults) return no('payment-defaults')
  if (facts.purpose && filtering.excludedPurposes.includes(facts.purpose)) return no('purpose')
  // A card issuer that lists no card types is asked only when any card will do.
  if (
    facts.product === 'credit-card' &&
    facts.cardType &&
    facts.cardType !== 'other' &&
    !(criteria.cardTypes ?? []).includes(facts.cardType)
  ) {
    return no('card-type')
  }
  return { matched: true }
}

/**
 * A lender's answer to an application as the recipient list holds it. `processing` and
 * `info-requested` are a bank's intermediate answers on a mortgage application (issue 16).
 */
export const RECIPIENT_STATUSES = ['pending', 'offered', 'declined', 'processing', 'info-requested'] as const
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number]
