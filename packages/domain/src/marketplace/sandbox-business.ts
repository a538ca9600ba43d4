import { z } from 'zod'
import { roundHalfUp } from '../loan-math.ts'
import { type BusinessFacts, matchBusinessLender } from './business-lending.ts'
import { DEFAULT_FILTERING, type LenderCriteria } from './criteria.ts'

// The sandbox business lenders and factoring companies (issue 15): a deterministic credit decision
// for a company, like `sandboxDecision` for a person. The same application always gets the same
// answer from the same lender. Business credit is outside consumer-credit law, so no consumer cap
// is applied here; `evaluateBusinessOffer` still refuses nonsense terms.
//
// Factoring as an offer row (docs/partner-api.md "Factoring"): `amount` is the advance limit (the
// share of unpaid invoices the company may draw), `months` 12 (the agreement's first year),
// `nominalRate` the interest on advances, `openingFee` the set-up fee, and `monthlyFee` the service
// fee: a percentage of the invoicing, as euros for the month's stated invoice volume. Monthly
// payment, APR and total cost then follow from our loan maths as if the limit were drawn in full and
// repaid over the year: a comparable figure, not the company's exact cost.

/** How a sandbox business lender prices; stored on the lender row's sandbox pricing as `business`. */
export const SandboxBusinessPricingSchema = z.object({
  /** Over the 12-month Euribor (margin in percentage points) or a fixed rate (percent a year). */
  rate: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('euribor'), marginPoints: z.number().min(0).max(100) }),
    z.object({ kind: z.literal('fixed'), ratePercent: z.number().min(0).max(100) }),
  ]),
  openingFee: z.number().min(0),
  monthlyFee: z.number().min(0),
  /** The largest loan as a share of last year's turnover (0.25 = a quarter). */
  maxShareOfTurnover: z.number().min(0),
  /** When the lender asks the owner or a director to guarantee the loan personally. */
  personalGuarantee: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('always') }),
    z.object({ kind: z.literal('never') }),
    z.object({ kind: z.literal('from-amount'), amount: z.number().min(0) }),
  ]),
  /** Factoring companies: share of unpaid invoices advanced (0.85), and service fee in % of invoicing. */
  factoring: z
    .object({ advanceRate: z.number().min(0).max(1), serviceFeePercent: z.number().min(0).max(100) })
    .optional(),
})
export type SandboxBusinessPricing = z.infer<typeof SandboxBusinessPricingSchema>

/** The business pricing on a lender row's sandbox pricing, or null when it has none (or unreadable). */
export function businessPricingOf(sandbox: object | null): SandboxBusinessPricing | null {
  const parsed = SandboxBusinessPricingSchema.safeParse((sandbox as { business?: unknown } | null)?.business)
  return parsed.success ? parsed.data : null
}

/**
 * The sandbox's stand-in for the 12-month Euribor (a fraction; the sandbox lenders are fictional and
 * answer deterministically, so it does not follow the market), and how risk moves the rate.
 */
export const SANDBOX_BUSINESS_MODEL = { euribor12m: 0.0225, riskSpread: 0.06, variationRisk: 0.3 } as const

export type BusinessSandboxDecision =
  | {
      decision: 'offer'
      amount: number
      months: number
      nominalRate: number
      openingFee: number
      monthlyFee: number
      feeFinanced: false
      personalGuarantee: boolean
    }
  | { decision: 'decline'; reason: 'criteria' | 'affordability' }

/** A small stable hash → [0, 1): variety between lenders without randomness. */
function stableUnit(text: string): number {
  let hash = 2166136261
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index)
    hash = Math.imul(hash, 16777619)
  }
  return (hash >>> 0) / 2 ** 32
}

/** Risk 0…1 of a company: a loss, a young company, thin margins, one big customer; plus a per-lender variation. */
export function businessRisk(slug: string, facts: BusinessFacts & { applicationId: string }): number {
  const margin = facts.turnover > 0 ? facts.result / facts.turnover : 0
  const factoring = facts.factoring
  const risk =
    (facts.result < 0 ? 0.35 : margin < 0.03 ? 0.1 : 0) +
    (facts.companyAgeMonths < 24 ? 0.2 : facts.companyAgeMonths < 60 ? 0.05 : 0) +
    (factoring && factoring.largestCustomerShare > 50 ? 0.15 : 0) -
    (factoring?.sellsToPublicSector ? 0.1 : 0) +
    stableUnit(`${slug}:${facts.applicationId}`) * SANDBOX_BUSINESS_MODEL.variationRisk
  return Math.min(1, Math.max(0, risk))
}

export function sandboxBusinessDecision(
  lender: { slug: string; criteria: LenderCriteria; pricing: SandboxBusinessPricing },
  facts: BusinessFacts & { applicationId: string },
): BusinessSandboxDecision {
  const { criteria, pricing } = lender
  if (!matchBusinessLender(criteria, DEFAULT_FILTERING, facts).matched) {
    return { decision: 'decline', reason: 'criteria' }
  }
  const base =
    pricing.rate.kind === 'euribor'
      ? Math.max(0, SANDBOX_BUSINESS_MODEL.euribor12m) + pricing.rate.marginPoints / 100
      : pricing.rate.ratePercent / 100
  const risk = businessRisk(lender.slug, facts)
  const nominalRate = roundHalfUp(base + risk * SANDBOX_BUSINESS_MODEL.riskSpread, 4)

  let amount: number
  let months: number
  let monthlyFee = pricing.monthlyFee
  if (facts.product === 'factoring') {
    if (!pricing.factoring || !facts.factoring) return { decision: 'decline', reason: 'criteria' }
    // The advance limit: a share of the unpaid invoices, in hundreds of euros.
    amount = Math.min(
      criteria.maxAmount,
      Math.floor((facts.amount * pricing.factoring.advanceRate) / 100) * 100,
    )
    months = 12
    monthlyFee = roundHalfUp(
      pricing.monthlyFee + (facts.factoring.monthlyInvoiceVolume * pricing.factoring.serviceFeePercent) / 100,
      2,
    )
  } else {
    // Never more than the lender's maximum or its share of last year's turnover, in thousands.
    const byTurnover = Math.floor((facts.turnover * pricing.maxShareOfTurnover) / 1000) * 1000
    amount = Math.min(facts.amount, criteria.maxAmount, byTurnover)
    months = Math.min(facts.months, criteria.maxMonths)
  }
  if (amount < criteria.minAmount || amount <= 0) return { decision: 'decline', reason: 'affordability' }
  // A very risky company is declined rather than priced out.
  if (risk >= 0.85) return { decision: 'decline', reason: 'affordability' }

  const rule = pricing.personalGuarantee
  const personalGuarantee = rule.kind === 'always' || (rule.kind === 'from-amount' && amount >= rule.amount)
  return {
    decision: 'offer',
    amount,
    months,
    nominalRate,
    openingFee: pricing.openingFee,
    monthlyFee,
    feeFinanced: false,
    personalGuarantee,
  }
}
