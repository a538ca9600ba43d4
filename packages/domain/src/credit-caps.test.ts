import { describe, expect, it } from 'vitest'
import { checkConsumerCaps, maxNominalRate, maxOtherCostsPerYear, referenceRateOn } from './credit-caps.ts'

const on = (day: string) => new Date(`${day}T12:00:00Z`)
const loan = {
  amount: 10_000,
  months: 60,
  nominalRate: 0.1,
  openingFee: 0,
  monthlyFee: 0,
  feeFinanced: false,
}

describe('Finnish consumer credit caps', () => {
  it('reads the reference rate from the dated table', () => {
    expect(referenceRateOn(on('2025-03-01'))).toBe(0.035)
    expect(maxNominalRate(on('2025-03-01'))).toBe(0.185)
    expect(() => referenceRateOn(on('2020-01-01'))).toThrow()
  })

  it('never allows more than 20 %', () => {
    expect(maxNominalRate(on('2024-03-01'))).toBe(0.195)
    for (const row of ['2023-08-01', '2024-08-01', '2025-08-01', '2026-11-22']) {
      expect(maxNominalRate(on(row))).toBeLessThanOrEqual(0.2)
    }
  })

  it('accepts a rate exactly at the cap and rejects one above it', () => {
    const day = on('2025-03-01')
    expect(checkConsumerCaps({ ...loan, nominalRate: 0.185 }, day).ok).toBe(true)
    const over = checkConsumerCaps({ ...loan, nominalRate: 0.1851 }, day)
    expect(over).toMatchObject({ ok: false, violations: [{ code: 'NOMINAL_RATE_OVER_CAP', limit: 0.185 }] })
  })

  it('caps other costs at 150 € a year, opening fee counted in the first year', () => {
    const day = on('2025-03-01')
    expect(checkConsumerCaps({ ...loan, openingFee: 90, monthlyFee: 5 }, day).ok).toBe(true)
    const over = checkConsumerCaps({ ...loan, openingFee: 90.01, monthlyFee: 5 }, day)
    expect(over).toMatchObject({
      ok: false,
      violations: [{ code: 'COSTS_OVER_CAP', limit: 150, actual: 150.01 }],
    })
  })

  it('caps other costs at 0,01 % a day of a small credit', () => {
    expect(maxOtherCostsPerYear(1000)).toBe(36.5)
    expect(maxOtherCostsPerYear(70_000)).toBe(150)
    const small = { ...loan, amount: 1000, months: 12 }
    expect(checkConsumerCaps({ ...small, monthlyFee: 3 }, on('2025-03-01')).ok).toBe(true)
    expect(checkConsumerCaps({ ...small, monthlyFee: 3.05 }, on('2025-03-01')).ok).toBe(false)
  })

  it('prorates the limit of a final short period', () => {
    // 18 months: the last 6 months may cost at most 75 €.
    const eighteen = { ...loan, months: 18, monthlyFee: 12.5 }
    expect(checkConsumerCaps(eighteen, on('2025-03-01')).ok).toBe(true)
    expect(checkConsumerCaps({ ...eighteen, monthlyFee: 12.51 }, on('2025-03-01')).ok).toBe(false)
  })
})
