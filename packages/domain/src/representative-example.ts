import { checkConsumerCaps, maxNominalRate } from './credit-caps.ts'
import { finnishDate } from './finnish-day.ts'
import { type LoanCost, type LoanInput, loanCost } from './loan-math.ts'
import {
  consumerExamplePricing,
  type ExamplePricing,
  type ExampleSource,
  type LoanProduct,
} from './pricing-profiles.ts'

/** A representative example: the loan's cost, its period and where its pricing comes from. */
export type RepresentativeLoanExample = LoanCost & { years: number; source: ExampleSource }

const CONSUMER_PRICING = consumerExamplePricing()

/**
 * The consumer example's pricing (the demo lenders' average, see `consumerExamplePricing`),
 * also served to the browser in the site data.
 */
export const REPRESENTATIVE_PRICING = {
  nominalRate: CONSUMER_PRICING.nominalRate,
  openingFee: CONSUMER_PRICING.openingFee,
  monthlyFee: CONSUMER_PRICING.monthlyFee,
} as const

/** The largest cent amount in [0, maxCents] for which `lawful` holds (it is monotonic in the amount). */
function largestLawfulCents(maxCents: number, lawful: (cents: number) => boolean): number {
  if (lawful(maxCents)) return maxCents
  let good = 0
  let bad = maxCents
  while (bad - good > 1) {
    const middle = Math.floor((good + bad) / 2)
    if (lawful(middle)) good = middle
    else bad = middle
  }
  return good
}

/**
 * A consumer loan's example made lawful as a sandbox lender makes its offer (KSL 7:17 a §): the
 * rate at most the cap, the monthly fee kept up to what the cost cap allows, the opening fee
 * lowered to what is left, so the example itself is always a loan a lender may offer.
 */
function lawfulConsumerInput(pricing: ExamplePricing, amount: number, months: number, date: Date): LoanInput {
  const input = (openingCents: number, monthlyCents: number): LoanInput => ({
    amount,
    months,
    nominalRate: Math.min(pricing.nominalRate, maxNominalRate(date)),
    openingFee: openingCents / 100,
    monthlyFee: monthlyCents / 100,
    feeFinanced: false,
  })
  const lawful = (candidate: LoanInput) => checkConsumerCaps(candidate, date).ok
  const monthly = largestLawfulCents(Math.round(pricing.monthlyFee * 100), (cents) => lawful(input(0, cents)))
  const opening = largestLawfulCents(Math.round(pricing.openingFee * 100), (cents) =>
    lawful(input(cents, monthly)),
  )
  return input(opening, monthly)
}

/**
 * The representative example of `product` for `amount` over `months` (law: any stated credit term
 * comes with one), priced by `pricing` (from `pricing-profiles.ts`). Consumer credit is held to
 * the consumer caps; mortgages and business loans are outside them.
 */
export function productExample(
  product: LoanProduct,
  pricing: ExamplePricing,
  amount: number,
  months: number,
  date: Date = new Date(),
): RepresentativeLoanExample {
  if (!(Number.isInteger(months) && months >= 1))
    throw new RangeError(`months must be at least one: ${months}`)
  const input: LoanInput =
    product === 'consumer'
      ? lawfulConsumerInput(pricing, amount, months, date)
      : {
          amount,
          months,
          nominalRate: pricing.nominalRate,
          openingFee: pricing.openingFee,
          monthlyFee: pricing.monthlyFee,
          feeFinanced: false,
        }
  if (product === 'consumer') {
    const check = checkConsumerCaps(input, date)
    if (!check.ok) throw new Error(`The example pricing breaks the caps: ${JSON.stringify(check.violations)}`)
  }
  return { ...loanCost(input), years: months / 12, source: pricing.source }
}

// The consumer examples of one Finnish day by amount and months. An example depends on the date only
// through the day (the reference rate in force, the caps' periods counted from it), and finding the
// lawful fees solves the APR a few dozen times: the form and the landing ask for the same few
// examples on every render. Bounded: a day's worth of calculator positions is far below it.
const MAX_DAY_EXAMPLES = 1_000
const dayExamples = new Map<string, RepresentativeLoanExample>()
let examplesDay = ''

/**
 * The consumer loan's representative example (landing calculator, application form, articles):
 * the sandbox lenders' average pricing, made lawful for the amount and period. The same object for
 * the same amount, period and Finnish day (frozen: it is shared).
 */
export function representativeExample(
  amount: number,
  years: number,
  date: Date = new Date(),
): RepresentativeLoanExample {
  const months = Math.round(years * 12)
  if (!(months >= 1)) throw new RangeError(`years must give at least one month: ${years}`)
  const day = finnishDate(date)
  if (day !== examplesDay || dayExamples.size >= MAX_DAY_EXAMPLES) {
    dayExamples.clear()
    examplesDay = day
  }
  const key = `${amount}/${months}`
  const known = dayExamples.get(key)
  if (known) return known
  const example = Object.freeze(productExample('consumer', CONSUMER_PRICING, amount, months, date))
  dayExamples.set(key, example)
  return example
}
