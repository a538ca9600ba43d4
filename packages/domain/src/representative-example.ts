import { checkConsumerCaps } from './credit-caps.ts'
import { type LoanCost, loanCost } from './loan-math.ts'

/**
 * Our published example pricing for the representative example (typical of the
 * consumer loan offers we broker), not a promise of any rate.
 */
export const REPRESENTATIVE_PRICING = { nominalRate: 0.099, openingFee: 0, monthlyFee: 3 } as const

/**
 * The representative example for an amount and period: the example pricing,
 * with the monthly fee lowered where a small loan would otherwise break the
 * cost cap, so the example itself is always lawful.
 */
export function representativeExample(
  amount: number,
  years: number,
  date = new Date(),
): LoanCost & { years: number } {
  const months = Math.round(years * 12)
  let monthlyFee: number = REPRESENTATIVE_PRICING.monthlyFee
  const input = () => ({
    amount,
    months,
    nominalRate: REPRESENTATIVE_PRICING.nominalRate,
    openingFee: REPRESENTATIVE_PRICING.openingFee,
    monthlyFee,
    feeFinanced: false,
  })
  while (monthlyFee > 0 && !checkConsumerCaps(input(), date).ok) {
    monthlyFee = Math.max(0, Math.round(monthlyFee * 100 - 1) / 100)
  }
  const check = checkConsumerCaps(input(), date)
  if (!check.ok) throw new Error(`The example pricing breaks the caps: ${JSON.stringify(check.violations)}`)
  return { ...loanCost(input()), years }
}
