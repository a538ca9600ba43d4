import { describe, expect, it } from 'vitest'
import { DEFAULT_SME_CONFIG, type SmeConfig, smeConfigResponse, smeLoanSchema } from './business.ts'
import { parseLoanPrefill } from './prefill.ts'
import { LoanStepSchema } from './schemas.ts'

const consumer = (search: string) => parseLoanPrefill(search, { kind: 'consumer' })
const sme = (search: string, config?: SmeConfig) => parseLoanPrefill(search, { kind: 'sme', config })

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

  it('SME: the limits and the period maximum by amount come from the SME configuration', () => {
    const config: SmeConfig = {
      minAmount: 1000,
      maxAmount: 300_000,
      minPeriod: 3,
      maxPeriod: 24,
      largeAmountFrom: 50_000,
      maxPeriodLarge: 84,
    }
    expect(sme('amount=200&period=1', config)).toMatchObject({ amount: 1000, period: 3 })
    expect(sme('amount=49999&period=48', config)).toMatchObject({ amount: 49999, period: 24 })
    // From largeAmountFrom on the longer maximum applies; the clamped amount decides.
    expect(sme('amount=50000&period=48', config)).toMatchObject({ amount: 50000, period: 48 })
    expect(sme('amount=900000&period=200', config)).toMatchObject({ amount: 300_000, period: 84 })
    // The config endpoint's answer and the default limits agree (spec §9: 500 / 10 000 000; 1 / 60; 120).
    expect(smeConfigResponse(DEFAULT_SME_CONFIG)).toEqual({
      sme_min_amount: 500,
      sme_max_amount: 10_000_000,
      sme_min_period: 1,
      sme_max_period: 60,
      sme_large_amount_from: 100_000,
      sme_max_period_large: 120,
    })
  })

  it('SME: lands on whole euros and months the SME form accepts', () => {
    const prefill = sme('amount=25000.6&period=5.5&purpose=Marketing')
    expect(prefill).toMatchObject({ amount: 25001, period: 6, purpose: 'Marketing' })
    const loan = smeLoanSchema(DEFAULT_SME_CONFIG).safeParse({
      amount: prefill?.amount,
      months: prefill?.period,
      purpose: prefill?.purpose,
    })
    expect(loan.success).toBe(true)
  })
})
