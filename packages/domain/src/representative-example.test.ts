import { describe, expect, it } from 'vitest'
import { CONSUMER_LOAN_LIMITS, SME_LOAN_LIMITS } from './constants.ts'
import { checkConsumerCaps } from './credit-caps.ts'
import { loanCost } from './loan-math.ts'
import { consumerExamplePricing } from './pricing-profiles.ts'
import { productExample, REPRESENTATIVE_PRICING, representativeExample } from './representative-example.ts'

const day = new Date('2026-11-22T12:00:00Z')

describe('representative example', () => {
  it('uses the example pricing for the default loan', () => {
    const example = representativeExample(
      CONSUMER_LOAN_LIMITS.defaultAmount,
      CONSUMER_LOAN_LIMITS.defaultYears,
      day,
    )
    expect(example).toMatchObject({
      amount: 20_000,
      months: 48,
      years: 4,
      nominalRate: 0.101,
      monthlyFee: 4.63,
    })
    expect(example).toEqual({
      ...loanCost({ amount: 20_000, months: 48, feeFinanced: false, ...REPRESENTATIVE_PRICING }),
      years: 4,
      source: { kind: 'sandbox-lenders', lenders: 12 },
    })
    expect(example.monthlyPayment).toBe(512.84)
    expect(example.apr).toBeGreaterThan(example.nominalRate)
  })

  it('is lawful over the whole calculator range', () => {
    for (
      let amount = CONSUMER_LOAN_LIMITS.minAmount;
      amount <= CONSUMER_LOAN_LIMITS.maxAmount;
      amount += CONSUMER_LOAN_LIMITS.amountStep * 7
    ) {
      for (let years = CONSUMER_LOAN_LIMITS.minYears; years <= CONSUMER_LOAN_LIMITS.maxYears; years += 3) {
        const example = representativeExample(amount, years, day)
        expect(checkConsumerCaps(example, day)).toEqual({ ok: true })
        expect(example.months).toBe(years * 12)
      }
    }
  })

  it('keeps the full fees where the cap allows them', () => {
    // 2 000 €: 73 € a year allowed, 12 × 4,63 € = 55,56 €, leaving 17,44 € of the 42,75 € opening fee.
    expect(representativeExample(2000, 1, day)).toMatchObject({ monthlyFee: 4.63, openingFee: 17.44 })
    // 5 000 €: 150 € a year allowed; 55,56 € + 42,75 € fit.
    expect(representativeExample(5000, 1, day)).toMatchObject({ monthlyFee: 4.63, openingFee: 42.75 })
  })

  it('lowers the monthly fee to the largest lawful cent amount for a smaller credit', () => {
    // 500 €: 0,01 % a day = 18,25 € a year, so 1,52 € a month (18,24 €); 1,53 € would be 18,36 €.
    const example = representativeExample(500, 1, day)
    expect(example.monthlyFee).toBe(1.52)
    expect(checkConsumerCaps({ ...example, openingFee: 0, monthlyFee: 1.53 }, day).ok).toBe(false)
    // 900 €: 32,85 € a year → 2,73 € a month.
    expect(representativeExample(900, 2, day).monthlyFee).toBe(2.73)
  })

  it('is worked out once per amount, period and Finnish day, and afresh on a day whose caps differ', () => {
    // 500 € over 18 months: the last six months' cost cap counts their days, which the start day sets.
    const january = new Date('2026-01-15T12:00:00Z')
    const march = new Date('2026-03-15T12:00:00Z')
    const first = representativeExample(500, 1.5, january)
    expect(representativeExample(500, 1.5, new Date('2026-01-15T21:59:00Z'))).toBe(first)
    expect(Object.isFrozen(first)).toBe(true)
    const other = representativeExample(500, 1.5, march)
    expect(other).toEqual(productExample('consumer', consumerExamplePricing(), 500, 18, march))
    expect(other).not.toEqual(first)
    expect(representativeExample(500, 1.5, january)).toEqual(
      productExample('consumer', consumerExamplePricing(), 500, 18, january),
    )
    // The Helsinki day after (22:00 UTC in winter) is another day.
    expect(representativeExample(500, 1.5, new Date('2026-01-15T22:00:00Z'))).not.toBe(first)
  })

  it('rejects a period shorter than a month', () => {
    expect(() => representativeExample(1000, 0, day)).toThrow(RangeError)
  })
})

describe('loan limits (spec §9, product-decisions "Numbers")', () => {
  it('has defaults inside the ranges', () => {
    const consumer = CONSUMER_LOAN_LIMITS
    expect(consumer.defaultAmount).toBeGreaterThanOrEqual(consumer.minAmount)
    expect(consumer.defaultAmount).toBeLessThanOrEqual(consumer.maxAmount)
    expect((consumer.defaultAmount - consumer.minAmount) % consumer.amountStep).toBe(0)
    expect((consumer.maxAmount - consumer.minAmount) % consumer.amountStep).toBe(0)
    expect(consumer.defaultYears).toBeGreaterThanOrEqual(consumer.minYears)
    expect(consumer.defaultYears).toBeLessThanOrEqual(consumer.maxYears)
    const sme = SME_LOAN_LIMITS
    expect(sme.defaultAmount).toBeGreaterThanOrEqual(sme.minAmount)
    expect(sme.defaultMonths).toBeLessThanOrEqual(sme.maxMonths)
    expect(sme.maxMonthsLarge).toBe(120)
    expect(sme.largeAmountThreshold).toBe(100_000)
  })
})
