import { describe, expect, it } from 'vitest'
import { parseLoanPrefill } from './prefill.ts'
import { LoanStepSchema } from './schemas.ts'

const consumer = (search: string) => parseLoanPrefill(search, { kind: 'consumer' })
const sme = (search: string, limits?: Parameters<typeof parseLoanPrefill>[1] & { kind: 'sme' }) =>
  parseLoanPrefill(search, limits ?? { kind: 'sme' })

describe('loan prefill from the address (spec §1, §5, §9)', () => {
  it('reads amount, period and a known purpose', () => {
    expect(consumer('amount=15000&period=5&purpose=renovation')).toEqual({
      amount: 15000,
      period: 5,
      purpose: 'renovation',
      success: false,
    })
  })

  it('reads the amount as a number: finite and non-zero, else no prefill', () => {
    expect(consumer('amount=1e4&period=3')?.amount).toBe(10000)
    for (const amount of ['0', 'abc', 'Infinity', '-Infinity', 'NaN', '']) {
      expect(consumer(`amount=${amount}&period=3`), amount).toBeNull()
    }
  })

  it('clamps the amount and the period to the limits', () => {
    expect(consumer('amount=100&period=3')?.amount).toBe(1000)
    expect(consumer('amount=999999&period=3')?.amount).toBe(70000)
    expect(consumer('amount=-5000&period=3')?.amount).toBe(1000)
    expect(consumer('amount=5000&period=50')?.period).toBe(20)
    expect(consumer('amount=5000&period=0.5')?.period).toBe(1)
  })

  it('lands on values the consumer form can hold: whole years and amounts in slider steps (issue 14)', () => {
    expect(consumer('amount=15250&period=4.5')).toMatchObject({ amount: 15500, period: 5 })
    expect(consumer('amount=15100&period=4.4')).toMatchObject({ amount: 15000, period: 4 })
    expect(consumer('amount=999.9&period=0.2')).toMatchObject({ amount: 1000, period: 1 })
    const prefill = consumer('amount=15250&period=4.5')
    expect(LoanStepSchema.safeParse({ ...prefill, purpose: 'renovation' }).success).toBe(true)
  })

  it('exists only when amount and period are both given', () => {
    expect(consumer('amount=5000')).toBeNull()
    expect(consumer('period=5')).toBeNull()
    expect(consumer('amount=5000&period=abc')).toBeNull()
    expect(consumer('')).toBeNull()
  })

  it('ignores an unknown purpose', () => {
    expect(consumer('amount=5000&period=3&purpose=lottery')).toEqual({
      amount: 5000,
      period: 3,
      success: false,
    })
    expect(consumer('amount=5000&period=3&purpose=Renovation')?.purpose).toBeUndefined()
    expect(consumer('amount=5000&period=3&purpose=car%2Fboat%2Fmotorcycle')?.purpose).toBe(
      'car/boat/motorcycle',
    )
  })

  it('is successful only for the exact text "true"', () => {
    expect(consumer('amount=5000&period=3&success=true')?.success).toBe(true)
    for (const value of ['TRUE', 'True', '1', 'yes', '']) {
      expect(consumer(`amount=5000&period=3&success=${value}`)?.success, value).toBe(false)
    }
  })

  it('SME: months 1–60, up to 120 when the amount is 100 000 or more', () => {
    expect(sme('amount=50000&period=100')).toMatchObject({ amount: 50000, period: 60 })
    expect(sme('amount=100000&period=100')).toMatchObject({ amount: 100000, period: 100 })
    expect(sme('amount=200000&period=500')?.period).toBe(120)
    expect(sme('amount=100&period=6')?.amount).toBe(500)
    expect(sme('amount=25000&period=6&purpose=Working%20capital')?.purpose).toBe('Working capital')
    expect(sme('amount=25000&period=6&purpose=renovation')?.purpose).toBeUndefined()
  })

  it('SME: limits from the config response win over the defaults', () => {
    const limits = {
      kind: 'sme' as const,
      limits: { minAmount: 1000, maxAmount: 50000, minPeriod: 3, maxPeriod: 24 },
    }
    expect(sme('amount=200&period=1', limits)).toMatchObject({ amount: 1000, period: 3 })
    expect(sme('amount=90000&period=48', limits)).toMatchObject({ amount: 50000, period: 24 })
  })
})
