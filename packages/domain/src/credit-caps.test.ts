import { describe, expect, it } from 'vitest'
import {
  checkConsumerCaps,
  maxNominalRate,
  maxOtherCostsPerYear,
  REFERENCE_RATES,
  referenceRateOn,
} from './credit-caps.ts'
import { finnishDate } from './finnish-day.ts'
import type { LoanInput } from './loan-math.ts'

const on = (day: string) => new Date(`${day}T12:00:00Z`)
const loan: LoanInput = {
  amount: 10_000,
  months: 60,
  nominalRate: 0.1,
  openingFee: 0,
  monthlyFee: 0,
  feeFinanced: false,
}

describe('reference rate table (Korkolaki 12 §)', () => {
  it('is ordered, in half-year steps, with every row sourced', () => {
    const days = REFERENCE_RATES.map((row) => row.validFrom)
    expect([...days].sort()).toEqual(days)
    for (const row of REFERENCE_RATES) {
      expect(row.validFrom).toMatch(/^\d{4}-(01|07)-01$/)
      expect(row.source).not.toBe('')
      // Whole or half percentage points only.
      expect(Math.abs(row.rate * 200 - Math.round(row.rate * 200))).toBeLessThan(1e-9)
    }
    expect(REFERENCE_RATES.find((row) => row.validFrom === '2025-01-01')).toMatchObject({ rate: 0.035 })
  })

  it('reads the rate in force on a day and throws before the table', () => {
    expect(referenceRateOn(on('2023-07-01'))).toBe(0.04)
    expect(referenceRateOn(on('2025-03-01'))).toBe(0.035)
    expect(referenceRateOn(on('2025-06-30'))).toBe(0.035)
    expect(referenceRateOn(on('2025-07-01'))).toBe(0.025)
    expect(() => referenceRateOn(on('2023-06-30'))).toThrow(RangeError)
    expect(() => referenceRateOn(new Date('not a date'))).toThrow(RangeError)
  })

  it('changes at Finnish midnight, not UTC midnight', () => {
    // 31.12.2024 22:30 UTC is already 1.1.2025 in Helsinki.
    expect(finnishDate(new Date('2024-12-31T22:30:00Z'))).toBe('2025-01-01')
    expect(referenceRateOn(new Date('2024-12-31T22:30:00Z'))).toBe(0.035)
    expect(referenceRateOn(new Date('2024-12-31T21:30:00Z'))).toBe(0.045)
  })
})

describe('nominal rate cap (KSL 7:17 a §)', () => {
  it('is the reference rate + 15 points: 3,50 % → 18,50 % (regulation.md)', () => {
    expect(maxNominalRate(on('2025-03-01'))).toBe(0.185)
    expect(maxNominalRate(on('2026-11-22'))).toBe(0.175)
  })

  it('never allows more than 20 %', () => {
    // 4,5 % + 15 points = 19,5 %; the ceiling holds for every row.
    expect(maxNominalRate(on('2024-03-01'))).toBe(0.195)
    for (const row of REFERENCE_RATES) expect(maxNominalRate(on(row.validFrom))).toBeLessThanOrEqual(0.2)
  })

  it('accepts a rate exactly at the cap and rejects one above it', () => {
    const day = on('2025-03-01')
    expect(checkConsumerCaps({ ...loan, nominalRate: 0.185 }, day)).toEqual({ ok: true })
    expect(checkConsumerCaps({ ...loan, nominalRate: 0.1851 }, day)).toEqual({
      ok: false,
      violations: [{ code: 'NOMINAL_RATE_OVER_CAP', limit: 0.185, actual: 0.1851 }],
    })
    expect(checkConsumerCaps({ ...loan, nominalRate: 0.2 }, on('2024-03-01')).ok).toBe(false)
  })
})

describe('other costs cap (KSL 7:17 a §)', () => {
  it('allows 0,01 % of the credit a day, at most 150 € a year', () => {
    expect(maxOtherCostsPerYear(1000)).toBe(36.5)
    expect(maxOtherCostsPerYear(1234)).toBe(45.04)
    // 150 € is reached at 150 / 0,0365 ≈ 4 109,59 €.
    expect(maxOtherCostsPerYear(4109)).toBe(149.97)
    expect(maxOtherCostsPerYear(4110)).toBe(150)
    expect(maxOtherCostsPerYear(70_000)).toBe(150)
  })

  it('passes at exactly 150 € in a year and fails a cent over, opening fee in the first year', () => {
    const day = on('2025-03-01')
    expect(checkConsumerCaps({ ...loan, openingFee: 90, monthlyFee: 5 }, day)).toEqual({ ok: true })
    expect(checkConsumerCaps({ ...loan, openingFee: 90.01, monthlyFee: 5 }, day)).toEqual({
      ok: false,
      violations: [{ code: 'COSTS_OVER_CAP', limit: 150, actual: 150.01 }],
    })
    // Financing the fee does not take it out of the costs.
    expect(checkConsumerCaps({ ...loan, openingFee: 90.01, monthlyFee: 5, feeFinanced: true }, day).ok).toBe(
      false,
    )
    // After the first year only the monthly fees count: 12,50 € a month is exactly 150 €.
    expect(checkConsumerCaps({ ...loan, monthlyFee: 12.5 }, day).ok).toBe(true)
    expect(checkConsumerCaps({ ...loan, monthlyFee: 12.51 }, day).ok).toBe(false)
  })

  it('holds a small credit to 0,01 % a day', () => {
    const small = { ...loan, amount: 1000, months: 12 }
    // 36,50 € a year: 3,04 € a month (36,48 €) passes, 3,05 € (36,60 €) fails.
    expect(checkConsumerCaps({ ...small, monthlyFee: 3.04 }, on('2025-03-01')).ok).toBe(true)
    expect(checkConsumerCaps({ ...small, monthlyFee: 3.05 }, on('2025-03-01'))).toEqual({
      ok: false,
      violations: [{ code: 'COSTS_OVER_CAP', limit: 36.5, actual: 36.6 }],
    })
    expect(checkConsumerCaps({ ...small, openingFee: 36.5 }, on('2025-03-01')).ok).toBe(true)
    expect(checkConsumerCaps({ ...small, openingFee: 36.51 }, on('2025-03-01')).ok).toBe(false)
  })

  it('prorates a final short period by its length in days', () => {
    const eighteen = { ...loan, months: 18, monthlyFee: 12.5 }
    // Drawn 1.3.2025: the last period 1.3.2026–1.9.2026 has 184 days → 150 × 184 / 365 = 75,61 € ≥ 6 × 12,50 €.
    expect(checkConsumerCaps(eighteen, on('2025-03-01'))).toEqual({ ok: true })
    // Drawn 1.9.2025: the last period 1.9.2026–1.3.2027 has 181 days → 74,38 €, below 6 × 12,50 €.
    const autumn = on('2025-09-01')
    expect(checkConsumerCaps(eighteen, autumn)).toEqual({
      ok: false,
      violations: [{ code: 'COSTS_OVER_CAP', limit: 74.38, actual: 75 }],
    })
    expect(checkConsumerCaps({ ...eighteen, monthlyFee: 12.39 }, autumn).ok).toBe(true)
    expect(checkConsumerCaps({ ...eighteen, monthlyFee: 12.4 }, autumn).ok).toBe(false)
  })

  it('prorates the daily limit of a small credit too, and months end on the last day (Laki 150/1930 3 §)', () => {
    // 2 000 € drawn 31.1.2025 for 13 months: the last period 31.1.2026–28.2.2026 has 28 days → 0,20 × 28 = 5,60 €.
    const small = { ...loan, amount: 2000, months: 13, monthlyFee: 5.6 }
    const day = on('2025-01-31')
    // The first year: 12 × 5,60 = 67,20 € ≤ 73 €.
    expect(checkConsumerCaps(small, day).ok).toBe(true)
    expect(checkConsumerCaps({ ...small, monthlyFee: 5.61 }, day)).toEqual({
      ok: false,
      violations: [{ code: 'COSTS_OVER_CAP', limit: 5.6, actual: 5.61 }],
    })
  })

  it('reports both caps when both are broken', () => {
    const result = checkConsumerCaps({ ...loan, nominalRate: 0.25, openingFee: 200 }, on('2025-03-01'))
    expect(result.ok).toBe(false)
    if (!result.ok) {
      expect(result.violations.map((violation) => violation.code)).toEqual([
        'NOMINAL_RATE_OVER_CAP',
        'COSTS_OVER_CAP',
      ])
    }
  })
})
