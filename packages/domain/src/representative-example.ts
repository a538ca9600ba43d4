import { checkConsumerCaps } from './credit-caps.ts'
import { type LoanCost, type LoanInput, loanCost } from './loan-math.ts'

/**
 * Our published example pricing for the representative example (the figures a
 * typical consumer loan offer we broker has), not a promise of any rate.
 */
export const REPRESENTATIVE_PRICING = { nominalRate: 0.099, openingFee: 0, monthlyFee: 3 } as const

/**
 * The representative example the landing calculator shows (law: any stated
 * credit term comes with one): the example pricing, with the monthly fee
 * lowered to the largest cent amount within the cost cap (KSL 7:17 a §) for
 * small loans, so the example itself is always a lawful loan.
 */
export function representativeExample(
  amount: number,
  years: number,
  date: Date = new Date(),
): LoanCost & { years: number } {
  const months = Math.round(years * 12)
  if (!(months >= 1)) throw new RangeError(`years must give at least one month: ${years}`)
  const withFee = (feeCents: number): LoanInput => ({
    amount,
    months,
    nominalRate: REPRESENTATIVE_PRICING.nominalRate,
    openingFee: REPRESENTATIVE_PRICING.openingFee,
    monthlyFee: feeCents / 100,
    feeFinanced: false,
  })
  // The cap check is monotonic in the fee: binary search for the largest lawful cent amount.
  let lawful = 0
  let unlawful = Math.round(REPRESENTATIVE_PRICING.monthlyFee * 100) + 1
  while (unlawful - lawful > 1) {
    const middle = Math.floor((lawful + unlawful) / 2)
    if (checkConsumerCaps(withFee(middle), date).ok) lawful = middle
    else unlawful = middle
  }
  const input = withFee(lawful)
  const check = checkConsumerCaps(input, date)
  if (!check.ok) throw new Error(`The example pricing breaks the caps: ${JSON.stringify(check.violations)}`)
  return { ...loanCost(input), years }
}
