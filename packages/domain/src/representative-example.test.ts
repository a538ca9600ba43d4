import { describe, expect, it } from 'vitest'
import { CONSUMER_LOAN_LIMITS } from './constants.ts'
import { checkConsumerCaps } from './credit-caps.ts'
import { loanCost } from './loan-math.ts'
import { REPRESENTATIVE_PRICING, representativeExample } from './representative-example.ts'

describe('representative example', () => {
  it('uses the example pricing for the default loan', () => {
    const example = representativeExample(20_000, 4, new Date('2026-11-22'))
    expect(example).toMatchObject({ amount: 20_000, months: 48, years: 4, nominalRate: 0.099, monthlyFee: 3 })
    expect(example.monthlyPayment).toBe(
      loanCost({ amount: 20_000, months: 48, feeFinanced: false, ...REPRESENTATIVE_PRICING }).monthlyPayment,
    )
    expect(example.apr).toBeGreaterThan(example.nominalRate)
  })

  it('is lawful over the whole calculator range, lowering the fee for small loans', () => {
    const day = new Date('2026-11-22')
    for (
      let amount = CONSUMER_LOAN_LIMITS.minAmount;
      amount <= CONSUMER_LOAN_LIMITS.maxAmount;
      amount += 3500
    ) {
      for (const years of [1, 4, 20]) {
        const example = representativeExample(amount, years, day)
        expect(checkConsumerCaps(example, day).ok).toBe(true)
      }
    }
  })

  it('lowers the monthly fee where the daily cost cap would be broken', () => {
    // 500 €: at most 0,01 % a day = 18,25 € a year, so 1,52 € a month.
    const example = representativeExample(500, 1, new Date('2026-11-22'))
    expect(example.monthlyFee).toBe(1.52)
  })
})
