import { z } from 'zod'
import { type BusinessKind, TOL_2008_SECTIONS, type Tol2008Section } from '../application/business.ts'
import type { LenderCriteria, LenderFiltering, MatchReason } from './criteria.ts'

// Issue 15: which business lenders and factoring companies receive a business application. Business
// credit is matched on the company (turnover, age, industry) and the credit asked for, never on a
// person's income or age: `matchLender` is the consumer side, `matchBusinessLender` this side, and
// neither ever sends one side's application to the other side's lenders (the product decides).

type Section = Record<string, unknown>
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0)
const section = (value: unknown): Section =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Section) : {}

/** A business lender's own conditions, kept on its criteria as `business` (none: any company). */
export const BusinessCriteriaSchema = z.object({
  /** Turnover of the last closed financial year, euros. */
  minTurnover: z.number().min(0),
  /** Months since the company was registered. */
  minCompanyAgeMonths: z.number().int().min(0),
  /** TOL 2008 main classes the lender does not finance. */
  excludedIndustries: z.array(z.enum(TOL_2008_SECTIONS)),
  /** Whether a company that made a loss last year may apply. */
  acceptsLoss: z.boolean(),
})
export type BusinessCriteria = z.infer<typeof BusinessCriteriaSchema>

/** Lender criteria with the business conditions (stored in the same JSON column). */
export type BusinessLenderCriteria = LenderCriteria & { business?: BusinessCriteria }

/** The business conditions of a lender row's criteria, or null when it has none (or unreadable ones). */
export function businessCriteriaOf(criteria: LenderCriteria): BusinessCriteria | null {
  const parsed = BusinessCriteriaSchema.safeParse((criteria as BusinessLenderCriteria).business)
  return parsed.success ? parsed.data : null
}

export type FactoringFacts = {
  monthlyInvoiceVolume: number
  customerCount: number
  paymentTermDays: number
  largestCustomerShare: number
  sellsToPublicSector: boolean
}

/** What business lenders are matched and priced on: the company and the credit, no person. */
export type BusinessFacts = {
  product: BusinessKind
  /** Euros: the loan asked for; factoring: the invoices outstanding at a time (see `businessRequestedCredit`). */
  amount: number
  months: number
  purpose: string | null
  turnover: number
  result: number
  employees: number
  industry: Tol2008Section | null
  legalForm: string
  /** Whole months since registration on `now`; 0 when unknown. */
  companyAgeMonths: number
  factoring: FactoringFacts | null
}

/**
 * The credit a business application asks for, as stored on the application row. A business loan:
 * its amount and months. Factoring has no amount of its own: the company sells its invoices as it
 * issues them, so what is financed at a time is the invoices not yet paid, about a month's
 * invoicing × payment term / 30 days; the advance limit a factoring company offers is a share of
 * that (its advance rate) over a 12-month agreement.
 */
export function businessRequestedCredit(
  kind: BusinessKind,
  application: Section,
): { amount: number; periodMonths: number; purpose: string | null } {
  if (kind === 'factoring') {
    const factoring = section(application.factoring)
    const outstanding = num(factoring.monthlyInvoiceVolume) * (num(factoring.paymentTermDays) / 30)
    return { amount: Math.round(outstanding), periodMonths: 12, purpose: null }
  }
  const loan = section(application.loan)
  return {
    amount: num(loan.amount),
    periodMonths: num(loan.months),
    purpose: typeof loan.purpose === 'string' ? loan.purpose : null,
  }
}

/** Whole calendar months from `from` (YYYY-MM-DD) to `now`; 0 for a missing or future date. */
export function monthsSince(from: string, now: Date): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(from)
  if (!match) return 0
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  let months = (now.getUTCFullYear() - year) * 12 + (now.getUTCMonth() + 1 - month)
  if (now.getUTCDate() < day) months -= 1
  return Math.max(0, months)
}

/**
 * The facts of a business application in the shape the form submits it (or as read back from the
 * stored row). Pure; missing or mistyped values count as nothing.
 */
export function deriveBusinessFacts(kind: BusinessKind, application: Section, now: Date): BusinessFacts {
  const company = section(application.company)
  const factoring = section(application.factoring)
  const industry = (TOL_2008_SECTIONS as readonly unknown[]).includes(company.industry)
    ? (company.industry as Tol2008Section)
    : null
  const { amount, periodMonths, purpose } = businessRequestedCredit(kind, application)
  return {
    product: kind,
    amount,
    months: periodMonths,
    purpose,
    turnover: num(company.turnover),
    result: num(company.result),
    employees: num(company.employees),
    industry,
    legalForm: typeof company.legalForm === 'string' ? company.legalForm : 'other',
    companyAgeMonths: typeof company.registeredOn === 'string' ? monthsSince(company.registeredOn, now) : 0,
    factoring:
      kind === 'factoring'
        ? {
            monthlyInvoiceVolume: num(factoring.monthlyInvoiceVolume),
            customerCount: num(factoring.customerCount),
            paymentTermDays: num(factoring.paymentTermDays),
            largestCustomerShare: num(factoring.largestCustomerShare),
            sellsToPublicSector: factoring.sellsToPublicSector === true,
          }
        : null,
  }
}

export type BusinessMatchReason = MatchReason | 'turnover' | 'company-age' | 'industry' | 'loss'
export type BusinessMatchResult = { matched: true } | { matched: false; reason: BusinessMatchReason }

/**
 * Whether a lender receives a business application: it offers the product, the credit is not below
 * its minimum amount and period (it may offer less than asked, never more than its maximum), the
 * company meets its business conditions, and its filtering lets the purpose through.
 */
export function matchBusinessLender(
  criteria: LenderCriteria,
  filtering: LenderFiltering,
  facts: BusinessFacts,
): BusinessMatchResult {
  const no = (reason: BusinessMatchReason): BusinessMatchResult => ({ matched: false, reason })
  if (!filtering.acceptingApplications) return no('paused')
  if (!criteria.products.includes(facts.product)) return no('product')
  if (facts.amount < criteria.minAmount) return no('amount')
  if (facts.months < criteria.minMonths) return no('period')
  const business = businessCriteriaOf(criteria)
  if (business) {
    if (facts.turnover < business.minTurnover) return no('turnover')
    if (facts.companyAgeMonths < business.minCompanyAgeMonths) return no('company-age')
    if (!facts.industry || business.excludedIndustries.includes(facts.industry)) return no('industry')
    if (facts.result < 0 && !business.acceptsLoss) return no('loss')
  }
  if (facts.purpose && filtering.excludedPurposes.includes(facts.purpose)) return no('purpose')
  return { matched: true }
}

/**
 * What an HTTP lender receives of a business application besides the credit asked for
 * (docs/partner-api.md): the company as the applicant stated it, and the person to contact. No
 * identity number is asked on the business form, and none is sent.
 */
export type PartnerBusiness = {
  company: {
    businessId: string
    name: string
    legalForm: string
    registeredOn: string
    industry: string | null
    turnover: number
    result: number
    employees: number
  }
  contact: {
    firstName: string | null
    lastName: string | null
    email: string | null
    phone: string | null
    role: string | null
    canSign: boolean
  }
  /** Factoring applications: the invoicing the factoring would finance. */
  factoring: FactoringFacts | null
}
