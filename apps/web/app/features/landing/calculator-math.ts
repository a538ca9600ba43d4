import { SME_LOAN_LIMITS } from '@lainava/domain/constants'
import {
  businessExamplePricing,
  type EuriborQuote,
  type LoanProduct,
  maxPeriodFor,
  mortgageExamplePricing,
  type ProductLimits,
  productLimits,
} from '@lainava/domain/pricing-profiles'
import {
  productExample,
  type RepresentativeLoanExample,
  representativeExample,
} from '@lainava/domain/representative-example'

// The loan calculator's maths (the APR solver, the consumer caps, the demo lenders' pricing: about
// 7 KiB gzip). The server computes the first view with them (`calculatorSeed`, in the loader's
// data); the browser loads this module only when the visitor moves a slider (ADR 053).

/** What the calculator shows for one amount and period (in the product's period unit). */
export type CalculatorFigures = {
  amount: number
  /** The period shown: the one chosen, at most `maxPeriod`. */
  period: number
  /** The longest period for this amount (spec §9: an SME loan under 100 000 € runs 60 months). */
  maxPeriod: number
  example: RepresentativeLoanExample
}

/** The calculator's first view, computed on the server: the browser hydrates it without the maths. */
export type CalculatorSeed = CalculatorFigures & {
  product: LoanProduct
  /** The 12-month Euribor the mortgage and business examples are priced on. */
  euribor: EuriborQuote | null
  limits: ProductLimits
  /**
   * The longest period by amount, ascending by `fromAmount` (spec §9: an SME loan of 100 000 € or
   * more runs 120 months), so the period slider's range is right before the maths load.
   */
  periodCaps: PeriodCap[]
}

/** From `fromAmount` up (until the next cap), the longest period is `maxPeriod`. */
export type PeriodCap = { fromAmount: number; maxPeriod: number }

/** The amounts at which the product's longest period changes, from `maxPeriodFor`. */
function periodCapsFor(product: LoanProduct, limits: ProductLimits): PeriodCap[] {
  const starts =
    product === 'business' ? [limits.minAmount, SME_LOAN_LIMITS.largeAmountThreshold] : [limits.minAmount]
  return starts.map((fromAmount) => ({ fromAmount, maxPeriod: maxPeriodFor(product, fromAmount) }))
}

/** The product's example for `amount` over `period` (in the product's period unit). */
function exampleFor(product: LoanProduct, euribor: EuriborQuote | null, amount: number, period: number) {
  if (product === 'consumer') return representativeExample(amount, period)
  if (!euribor) throw new Error(`the ${product} example needs the 12-month Euribor`)
  return product === 'mortgage'
    ? productExample(product, mortgageExamplePricing(euribor), amount, period * 12)
    : productExample(product, businessExamplePricing(euribor), amount, period)
}

/** The figures for `amount` and the chosen period, the period held to the amount's longest. */
export function calculatorFigures(
  product: LoanProduct,
  euribor: EuriborQuote | null,
  amount: number,
  chosenPeriod: number,
): CalculatorFigures {
  const maxPeriod = maxPeriodFor(product, amount)
  const period = Math.min(chosenPeriod, maxPeriod)
  return { amount, period, maxPeriod, example: exampleFor(product, euribor, amount, period) }
}

/**
 * The first view: the page's own starting point (`defaults`, loan pages) or the product's defaults,
 * within the product's limits.
 */
export function calculatorSeed(
  product: LoanProduct,
  euribor: EuriborQuote | null,
  defaults?: { amount: number; years: number },
): CalculatorSeed {
  const limits = productLimits(product)
  const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value))
  const amount = clamp(defaults?.amount ?? limits.defaultAmount, limits.minAmount, limits.maxAmount)
  // The page's default period is in years; a product counted in months gets it in months.
  const period =
    defaults && limits.periodUnit === 'months'
      ? defaults.years * 12
      : (defaults?.years ?? limits.defaultPeriod)
  return {
    product,
    euribor,
    limits,
    periodCaps: periodCapsFor(product, limits),
    ...calculatorFigures(product, euribor, amount, Math.max(limits.minPeriod, period)),
  }
}
