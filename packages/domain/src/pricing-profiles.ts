import { CONSUMER_LOAN_LIMITS, SME_LOAN_LIMITS } from './constants.ts'
import { roundHalfUp } from './loan-math.ts'
import { type MarketSource, MORTGAGE_MARGIN_SURVEY, SME_LOAN_MARGIN } from './market-rates.ts'
import { DEMO_LENDERS } from './marketplace/demo-lenders.ts'
import { SANDBOX_RATE_MODEL, type SandboxPricing } from './marketplace/sandbox-lender.ts'
import { maxYears } from './mortgage/rules.ts'

// Each loan product's own limits and the pricing its representative example uses (issue 14
// "Truthful pages": the mortgage calculator showed a consumer loan's limits and example). The
// pricing always comes from data and carries its source, which the page prints.

export type LoanProduct = 'consumer' | 'mortgage' | 'business'

/** A calculator's range. Periods are in `periodUnit`; amounts in euros. */
export type ProductLimits = {
  minAmount: number
  maxAmount: number
  amountStep: number
  defaultAmount: number
  periodUnit: 'years' | 'months'
  minPeriod: number
  maxPeriod: number
  defaultPeriod: number
}

/** The 12-month Euribor of one month (a monthly average), as a fraction. */
export type EuriborQuote = { month: string; rate: number }

export type ExampleSource =
  /** The average of the sandbox lenders' pricing for an application with no other debts. */
  | { kind: 'sandbox-lenders'; lenders: number }
  /** 12-month Euribor + the average margin and costs of a dated mortgage survey. */
  | { kind: 'mortgage-survey'; euribor: EuriborQuote; margin: number; banks: number; source: MarketSource }
  /** 12-month Euribor + the average SME loan margin of a dated statistic; no fees. */
  | { kind: 'sme-margin'; euribor: EuriborQuote; margin: number; source: MarketSource }

export type ExamplePricing = {
  nominalRate: number
  openingFee: number
  monthlyFee: number
  source: ExampleSource
}

export function productLimits(product: LoanProduct, date: Date = new Date()): ProductLimits {
  switch (product) {
    case 'consumer':
      return {
        minAmount: CONSUMER_LOAN_LIMITS.minAmount,
        maxAmount: CONSUMER_LOAN_LIMITS.maxAmount,
        amountStep: CONSUMER_LOAN_LIMITS.amountStep,
        defaultAmount: CONSUMER_LOAN_LIMITS.defaultAmount,
        periodUnit: 'years',
        minPeriod: CONSUMER_LOAN_LIMITS.minYears,
        maxPeriod: CONSUMER_LOAN_LIMITS.maxYears,
        defaultPeriod: CONSUMER_LOAN_LIMITS.defaultYears,
      }
    case 'mortgage':
      // A typical Finnish home loan: tens of thousands to a million euros, up to the legal maximum period.
      return {
        minAmount: 10_000,
        maxAmount: 1_000_000,
        amountStep: 5_000,
        defaultAmount: 200_000,
        periodUnit: 'years',
        minPeriod: 5,
        // The mortgage rules' own lookup: the table's rows start on Finnish days.
        maxPeriod: maxYears(date),
        defaultPeriod: 25,
      }
    case 'business':
      // spec §9 / product decisions "Numbers": the SME limits.
      return {
        minAmount: SME_LOAN_LIMITS.minAmount,
        maxAmount: SME_LOAN_LIMITS.maxAmount,
        amountStep: 500,
        defaultAmount: SME_LOAN_LIMITS.defaultAmount,
        periodUnit: 'months',
        minPeriod: SME_LOAN_LIMITS.minMonths,
        maxPeriod: SME_LOAN_LIMITS.maxMonthsLarge,
        defaultPeriod: SME_LOAN_LIMITS.defaultMonths,
      }
  }
}

/** The longest period for `amount` (spec §9: an SME loan of 100 000 € or more may run 120 months). */
export function maxPeriodFor(product: LoanProduct, amount: number, date: Date = new Date()): number {
  if (product === 'business') {
    return amount >= SME_LOAN_LIMITS.largeAmountThreshold
      ? SME_LOAN_LIMITS.maxMonthsLarge
      : SME_LOAN_LIMITS.maxMonths
  }
  return productLimits(product, date).maxPeriod
}

const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length

/**
 * The consumer example: the sandbox lenders' average pricing for an application with no other
 * debts and enough free income, i.e. base rate + the lender's margin + the average per-lender
 * variation of the sandbox model (half of its maximum). Nominal rate to 0,01 points, fees to cents.
 */
export function consumerExamplePricing(
  lenders: readonly SandboxPricing[] = DEMO_LENDERS.map((lender) => lender.sandbox),
): ExamplePricing {
  if (lenders.length === 0) throw new RangeError('consumer example pricing needs at least one lender')
  const { baseRate, riskSpread, variationRisk } = SANDBOX_RATE_MODEL
  const rates = lenders.map((lender) => baseRate + lender.baseMargin / 100 + (variationRisk / 2) * riskSpread)
  return {
    nominalRate: roundHalfUp(mean(rates), 4),
    openingFee: roundHalfUp(mean(lenders.map((lender) => lender.openingFee)), 2),
    monthlyFee: roundHalfUp(mean(lenders.map((lender) => lender.monthlyFee)), 2),
    source: { kind: 'sandbox-lenders', lenders: lenders.length },
  }
}

/**
 * The mortgage example: 12-month Euribor (never below zero: Finnish banks floor the reference rate)
 * + the survey's average margin, with the survey's average other costs paid at signing.
 */
export function mortgageExamplePricing(euribor: EuriborQuote): ExamplePricing {
  const { banks, source } = MORTGAGE_MARGIN_SURVEY
  const margin = roundHalfUp(mean(banks.map((bank) => bank.margin)), 4)
  return {
    nominalRate: roundHalfUp(Math.max(0, euribor.rate) + margin, 5),
    openingFee: roundHalfUp(mean(banks.map((bank) => bank.otherCosts)), 2),
    monthlyFee: 0,
    source: { kind: 'mortgage-survey', euribor, margin, banks: banks.length, source },
  }
}

/** The business example: 12-month Euribor (floored at zero) + the average SME margin; no fees (none published). */
export function businessExamplePricing(euribor: EuriborQuote): ExamplePricing {
  const { margin, source } = SME_LOAN_MARGIN
  return {
    nominalRate: roundHalfUp(Math.max(0, euribor.rate) + margin, 5),
    openingFee: 0,
    monthlyFee: 0,
    source: { kind: 'sme-margin', euribor, margin, source },
  }
}

/** The latest month of a Euribor series given in percent (the content data file), as a fraction. */
export function latestEuribor(values: ReadonlyArray<{ month: string; rate: number }>): EuriborQuote | null {
  let latest: { month: string; rate: number } | null = null
  for (const value of values) if (!latest || value.month > latest.month) latest = value
  return latest ? { month: latest.month, rate: roundHalfUp(latest.rate / 100, 6) } : null
}
