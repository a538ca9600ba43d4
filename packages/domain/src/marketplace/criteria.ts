// Which lenders receive an application (product decisions "Lenders"; fair-comparison principles):
// a lender receives it when the product is one it offers, the application meets its criteria,
// and its own filtering settings let it through. Nothing else (no fee, no ranking) decides.

import type { CardType } from '../application/enums.ts'
import type { Region } from './lender-filter-regions.ts'

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
  // Issue 17, the lender filter (lender-filter.ts). Each is absent on rows saved before it, which
  // then match as they always did: no limit.
  /** Oldest age taken, in whole years; absent or null: no upper limit. */
  maxAge?: number | null
  /** The applicant's housing (HOUSING_TYPES); absent or empty: any. */
  housingTypes?: string[]
  /** Most existing unsecured debt (consumer credit and card debt, with the co-applicant's), euros. */
  maxUnsecuredDebt?: number | null
  /** Most debt-to-income: all debts and the credit asked over a year's gross income (household). */
  maxDebtToIncome?: number | null
  /** Regions taken (from the postal code); absent or empty: the whole country. */
  regions?: Region[]
}

/** A lender's own switches, set on the lender filtering page. */
export type LenderFiltering = {
  /** false: the lender takes no new applications for now. */
  acceptingApplications: boolean
  /** Loan purposes the lender does not finance. */
  excludedPurposes: string[]
  /**
   * Issue 17: most applications received in a day (Europe/Helsinki); absent or null: no cap. Checked
   * when the recipients are stored (`receiveApplication`), not by `matchLender`, which sees one application.
   */
  dailyCap?: number | null
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
  // Issue 17. Unknown (absent or null) facts never pass a lender's limit on them.
  /** The main applicant's housing (HOUSING_TYPES). */
  housing?: string | null
  /** The main applicant's region, from the postal code. */
  region?: Region | null
  /** Existing unsecured debt of the household (consumer credit and card debt), euros. */
  unsecuredDebt?: number
  /** All debts and the credit asked over the household's yearly gross income; null without income. */
  debtToIncome?: number | null
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
  | 'housing'
  | 'unsecured-debt'
  | 'debt-to-income'
  | 'region'

export type MatchResult = { matched: true } | { matched: false; reason: MatchReason }

/**
 * The one matching function of a consumer application and a lender's filter (issue 17): the
 * marketplace's distribution, the review step's preview of the recipients and the lender's filter
 * preview all call it. A lender may offer less than asked (its maximum), so an amount or period
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
  if (criteria.maxAge != null && facts.age > criteria.maxAge) return no('age')
  if (facts.monthlyNetIncome < criteria.minNetIncome) return no('income')
  if (!criteria.employmentTypes.includes(facts.employmentType)) return no('employment')
  const housingTypes = criteria.housingTypes ?? []
  if (housingTypes.length > 0 && !(facts.housing && housingTypes.includes(facts.housing))) {
    return no('housing')
  }
  if (
    criteria.maxUnsecuredDebt != null &&
    !(facts.unsecuredDebt !== undefined && facts.unsecuredDebt <= criteria.maxUnsecuredDebt)
  ) {
    return no('unsecured-debt')
  }
  if (
    criteria.maxDebtToIncome != null &&
    !(facts.debtToIncome != null && facts.debtToIncome <= criteria.maxDebtToIncome)
  ) {
    return no('debt-to-income')
  }
  if (facts.hasPaymentDefaults && !criteria.acceptsPaymentDefaults) return no('payment-defaults')
  const regions = criteria.regions ?? []
  if (regions.length > 0 && !(facts.region && regions.includes(facts.region))) return no('region')
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

/** A lender still to answer: no answer yet, or a bank's intermediate one (neither an offer nor a decline). */
export const AWAITING_ANSWER_STATUSES = [
  'pending',
  'processing',
  'info-requested',
] as const satisfies readonly RecipientStatus[]
