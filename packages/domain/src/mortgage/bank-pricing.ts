import { z } from 'zod'
import { type CashFlow, findAprDetailed, monthsToYears, roundHalfUp } from '../loan-math.ts'
import { unitHash } from '../marketplace/sandbox-lender.ts'
import { annuityInstalment, EURIBOR_STRESS_RISES, mortgageSchedule } from './calculator.ts'
import { collateralShortfall, MORTGAGE_PURPOSES, type MortgagePurpose, maxYears } from './rules.ts'
import { MORTGAGE_EMPLOYMENT_TYPES, type MortgageReferenceRate, type RepaymentType } from './schemas.ts'

// Issue 16: mortgage banks on the marketplace. A bank's criteria (who it lends to) live in the
// lender row's `criteria.mortgage`, its sandbox pricing and answer timeline in `sandbox.mortgage`
// (read back through the schemas below, as ADR 023 did for business credit). The decision model
// is deterministic: the same application gets the same answer from the same bank. ADR 027.

/** The sandbox's stand-in for the 12-month Euribor: January 2026's monthly average (content/data/euribor.json). */
export const SANDBOX_EURIBOR_12M = { month: '2026-01', rate: 0.02245 } as const

/** The stress test of Finnish banks (FIN-FSA recommendation): the debt service at 6 % over 25 years. */
export const STRESS_RATE = 0.06
export const STRESS_YEARS = 25

export const MortgageBankCriteriaSchema = z.object({
  minLoan: z.number().int().min(0),
  maxLoan: z.number().int().positive(),
  /** The bank's own longest period (never above the legal maximum of the day). */
  maxYears: z.number().int().min(1).max(40),
  /** The household's net income a month (applicants together). */
  minNetIncome: z.number().min(0),
  /** All debts after the loan (other loans, housing company loan share) at most this × gross yearly income. */
  maxDebtToIncome: z.number().positive(),
  /** All loan payments at the stress rate at most this share of the household's net income. */
  maxStressedDebtService: z.number().positive().max(1),
  excludedPurposes: z.array(z.enum(MORTGAGE_PURPOSES)),
  /** The lead applicant's employment types the bank does not lend to alone (a co-applicant's income may carry it). */
  excludedEmployment: z.array(z.enum(MORTGAGE_EMPLOYMENT_TYPES)),
})
export type MortgageBankCriteria = z.infer<typeof MortgageBankCriteriaSchema>

export const MortgageBankPricingSchema = z.object({
  /** The margin by loan-to-value: the first band whose `maxLtv` the loan is within. */
  marginBands: z
    .array(z.object({ maxLtv: z.number().positive(), margin: z.number().min(0).max(0.05) }))
    .min(1),
  /** Off the margin for a household with at least this net income a month. */
  incomeDiscount: z.object({ minNetIncome: z.number().min(0), margin: z.number().min(0).max(0.01) }),
  /** Over the Euribor for a fixed period of 3, 5 or 10 years (the fixed rate's premium). */
  fixedPremium: z.object({ 3: z.number().min(0), 5: z.number().min(0), 10: z.number().min(0) }),
  openingFee: z.number().min(0),
  monthlyFee: z.number().min(0),
  valuationFee: z.number().min(0),
  collateralFee: z.number().min(0),
  earlyRepayment: z.string().max(500),
  insuranceRequired: z.boolean(),
  validDays: z.number().int().min(1).max(90),
  /** Of 100 applications, how many the bank asks for more information on before it answers. */
  infoRequestShare: z.number().min(0).max(1),
  /** Hours after the application: processing starts, more information asked (when it is), the answer. */
  timeline: z.object({
    processingHours: z.number().min(0),
    infoRequestHours: z.number().min(0),
    answerHours: z.tuple([z.number().min(0), z.number().min(0)]),
  }),
})
export type MortgageBankPricing = z.infer<typeof MortgageBankPricingSchema>

/** A lender row's mortgage criteria, or null: a lender without them is no mortgage bank. */
export function mortgageCriteriaOf(criteria: unknown): MortgageBankCriteria | null {
  const value = (criteria as { mortgage?: unknown } | null)?.mortgage
  const parsed = MortgageBankCriteriaSchema.safeParse(value)
  return parsed.success ? parsed.data : null
}

/** A sandbox lender row's mortgage pricing, or null. */
export function mortgagePricingOf(sandbox: unknown): MortgageBankPricing | null {
  const value = (sandbox as { mortgage?: unknown } | null)?.mortgage
  const parsed = MortgageBankPricingSchema.safeParse(value)
  return parsed.success ? parsed.data : null
}

/** What a bank looks at, from the submitted application's steps. */
export type MortgageFacts = {
  applicationId: string
  purpose: MortgagePurpose
  loanAmount: number
  months: number
  repaymentType: RepaymentType
  referenceRate: MortgageReferenceRate
  fixedPeriodYears: number | null
  /** The property's price and the collateral counted (price + housing company loan share + other collateral). */
  price: number
  housingCompanyLoanShare: number
  otherCollateralValue: number
  aspLoan: boolean
  stateGuarantee: boolean
  /** Applicants together, € a month. */
  netIncome: number
  grossIncome: number
  /** Other loans together: balances and monthly payments. */
  otherDebt: number
  otherDebtPayments: number
  leadEmployment: string
  borrowers: 1 | 2
}

export type MortgageDeclineReason = 'criteria' | 'loan-to-value' | 'debt-to-income' | 'affordability'

export type MortgageMatch = { matched: true } | { matched: false; reason: 'purpose' | 'amount' }

/**
 * Whether the bank receives the application: the purpose it finances and a loan it could grant.
 * Everything else (income, debts, loan-to-value) is the bank's decision, so a declined applicant
 * learns why from the bank's answer instead of never hearing from it.
 */
export function matchMortgageBank(criteria: MortgageBankCriteria, facts: MortgageFacts): MortgageMatch {
  if (criteria.excludedPurposes.includes(facts.purpose)) return { matched: false, reason: 'purpose' }
  if (facts.loanAmount < criteria.minLoan) return { matched: false, reason: 'amount' }
  return { matched: true }
}

/** The loan's loan-to-value: (loan + housing company loan share) / collateral. */
export function loanToValue(facts: MortgageFacts, date: Date) {
  return collateralShortfall(
    {
      purpose: facts.purpose,
      aspLoan: facts.aspLoan,
      price: facts.price,
      housingCompanyLoanShare: facts.housingCompanyLoanShare,
      loanAmount: facts.loanAmount,
      otherCollateralValue: facts.otherCollateralValue,
    },
    date,
  )
}

/** The monthly annuity of `amount` at `rate` over `months` (rate 0: equal parts), unrounded. */
function annuity(amount: number, rate: number, months: number): number {
  const monthly = rate / 12
  return monthly === 0 ? amount / months : (amount * monthly) / (1 - (1 + monthly) ** -months)
}

const cents = (value: number) => roundHalfUp(value, 2)

export type MortgageTerms = {
  amount: number
  months: number
  repaymentType: RepaymentType
  nominalRate: number
  openingFee: number
  monthlyFee: number
}

export type MortgageFigures = {
  /** The first instalment including the monthly fee. */
  firstInstalment: number
  lastInstalment: number
  numberOfInstalments: number
  totalInterest: number
  totalFees: number
  totalCost: number
  totalPayable: number
  apr: number
}

/**
 * The figures of a bank's mortgage terms by the calculator's schedule (calculator.ts: billed in
 * cents, the reference rate held constant as the Mortgage Credit Directive assumes), with the
 * bank's monthly fee in every instalment and its opening fee paid at signing (t = 0 in the APR
 * equation); null when the terms have none.
 */
export function mortgageFigures(terms: MortgageTerms): MortgageFigures | null {
  const { amount, months, nominalRate, openingFee, monthlyFee } = terms
  if (!(Number.isFinite(amount) && amount > 0 && Number.isInteger(months) && months > 0 && months <= 600))
    return null
  if (!(nominalRate >= 0 && nominalRate < 1 && openingFee >= 0 && monthlyFee >= 0)) return null
  const rows = mortgageSchedule({ amount, months, nominalRate, repaymentType: terms.repaymentType })
  const payments = rows.map((row) => cents(row.payment + monthlyFee))
  const flows: CashFlow[] = payments.map((payment, index) => ({
    t: monthsToYears(index + 1),
    amount: payment,
  }))
  if (openingFee > 0) flows.unshift({ t: 0, amount: cents(openingFee) })
  const solution = findAprDetailed({ drawdowns: [{ t: 0, amount }], payments: flows })
  if ('problem' in solution) return null
  const totalInterest = cents(rows.reduce((sum, row) => sum + row.interest, 0))
  const totalFees = cents(openingFee + monthlyFee * months)
  const totalCost = cents(totalInterest + totalFees)
  return {
    firstInstalment: payments[0] ?? 0,
    lastInstalment: payments.at(-1) ?? 0,
    numberOfInstalments: payments.length,
    totalInterest,
    totalFees,
    totalCost,
    totalPayable: cents(amount + totalCost),
    apr: solution.apr,
  }
}

/**
 * ESIS section 4's illustration: the first instalment (fee included) if the reference rate rose by
 * 2 or 5 points from the start. A fixed instalment stays the same and the period stretches instead.
 */
export function stressedInstalments(terms: MortgageTerms) {
  return EURIBOR_STRESS_RISES.map((rise) => {
    const nominalRate = roundHalfUp(terms.nominalRate + rise, 6)
    const instalment =
      terms.repaymentType === 'fixed-instalment'
        ? annuityInstalment(terms.amount, terms.nominalRate, terms.months)
        : (mortgageSchedule({ ...terms, nominalRate })[0]?.payment ?? 0)
    return {
      risePoints: roundHalfUp(rise * 100, 2),
      nominalRate,
      firstInstalment: cents(instalment + terms.monthlyFee),
    }
  })
}

export type MortgageBankProfile = {
  slug: string
  criteria: MortgageBankCriteria
  pricing: MortgageBankPricing
}

export type MortgageOfferTerms = MortgageTerms & {
  referenceRate: MortgageReferenceRate
  referenceRateValue: number
  margin: number
  fixedPeriodYears: number | null
}

export type MortgageDecision =
  | ({ decision: 'offer' } & MortgageOfferTerms)
  | { decision: 'decline'; reason: MortgageDeclineReason }

/**
 * The sandbox bank's answer. Declines: outside its criteria (period, amount, employment), over the
 * LTV cap of the day, debts over its debt-to-income limit, or the stress-tested debt service over
 * its limit. Otherwise an offer of the amount asked (at most the bank's maximum) priced by
 * loan-to-value and income.
 */
export function sandboxMortgageDecision(
  bank: MortgageBankProfile,
  facts: MortgageFacts,
  date: Date,
): MortgageDecision {
  const { criteria, pricing } = bank
  const decline = (reason: MortgageDeclineReason): MortgageDecision => ({ decision: 'decline', reason })
  const months = Math.min(facts.months, Math.min(criteria.maxYears, maxYears(date)) * 12)
  const amount = Math.min(facts.loanAmount, criteria.maxLoan)
  if (amount < criteria.minLoan || criteria.excludedPurposes.includes(facts.purpose))
    return decline('criteria')
  if (facts.borrowers === 1 && criteria.excludedEmployment.some((type) => type === facts.leadEmployment))
    return decline('criteria')
  if (facts.netIncome < criteria.minNetIncome) return decline('affordability')
  const ltv = loanToValue({ ...facts, loanAmount: amount }, date)
  if (ltv.missingOwnFunds > 0) return decline('loan-to-value')
  const debt = amount + facts.otherDebt + facts.housingCompanyLoanShare
  if (facts.grossIncome <= 0 || debt > criteria.maxDebtToIncome * facts.grossIncome * 12)
    return decline('debt-to-income')
  const stressed = annuity(amount + facts.housingCompanyLoanShare, STRESS_RATE, STRESS_YEARS * 12)
  if (stressed + facts.otherDebtPayments > criteria.maxStressedDebtService * facts.netIncome)
    return decline('affordability')

  const band = pricing.marginBands.find((row) => ltv.loanToValue <= row.maxLtv) ?? pricing.marginBands.at(-1)
  const discount = facts.netIncome >= pricing.incomeDiscount.minNetIncome ? pricing.incomeDiscount.margin : 0
  // A little variation between applications and banks, as real banks' pricing has (±0,05 points).
  const variation = (unitHash(`${facts.applicationId}:${bank.slug}:margin`) - 0.5) * 0.001
  const margin = roundHalfUp(Math.max(0.002, (band?.margin ?? 0.008) - discount + variation), 4)
  const fixed = facts.referenceRate === 'fixed-period' && facts.fixedPeriodYears !== null
  const fixedPeriodYears = fixed ? (facts.fixedPeriodYears as 3 | 5 | 10) : null
  const premium = fixedPeriodYears ? pricing.fixedPremium[fixedPeriodYears] : 0
  const referenceRateValue = roundHalfUp(Math.max(0, SANDBOX_EURIBOR_12M.rate) + premium, 6)
  return {
    decision: 'offer',
    amount,
    months,
    repaymentType: facts.repaymentType,
    referenceRate: facts.referenceRate,
    referenceRateValue,
    margin,
    nominalRate: roundHalfUp(referenceRateValue + margin, 6),
    fixedPeriodYears,
    openingFee: pricing.openingFee,
    monthlyFee: pricing.monthlyFee,
  }
}

/** The bank's answer timeline for this application, in seconds from the application (before scaling). */
export function mortgageTimeline(bank: MortgageBankProfile, applicationId: string) {
  const { timeline, infoRequestShare } = bank.pricing
  const [earliest, latest] = timeline.answerHours
  const spread = unitHash(`${applicationId}:${bank.slug}:answer`)
  const asksForInfo = unitHash(`${applicationId}:${bank.slug}:info`) < infoRequestShare
  const answer = (earliest + (latest - earliest) * spread) * 3600
  return {
    processing: timeline.processingHours * 3600,
    infoRequest: asksForInfo ? Math.min(timeline.infoRequestHours * 3600, answer) : null,
    answer: Math.max(answer, timeline.processingHours * 3600),
  }
}
