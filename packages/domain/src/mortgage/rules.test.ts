import { describe, expect, it } from 'vitest'
import { MORTGAGE_MAX_YEARS as RE_EXPORTED } from '../market-rates.ts'
import { productLimits } from '../pricing-profiles.ts'
import {
  collateralShortfall,
  LTV_CAPS,
  ltvCap,
  MORTGAGE_MAX_YEARS,
  MORTGAGE_PURPOSES,
  maxYears,
  rowInForce,
} from './rules.ts'

const on = (day: string) => new Date(`${day}T12:00:00Z`)

describe('mortgage rules tables', () => {
  it('are ordered by first day, each row sourced, caps as fractions', () => {
    for (const table of [LTV_CAPS, MORTGAGE_MAX_YEARS]) {
      const days = table.map((row) => row.validFrom)
      expect([...days].sort()).toEqual(days)
      for (const row of table) {
        expect(row.validFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/)
        expect(row.source.length).toBeGreaterThan(20)
      }
    }
    for (const { value } of LTV_CAPS) {
      for (const cap of Object.values(value)) expect(cap > 0.5 && cap <= 1).toBe(true)
      // Law 610/2014 15:11: a first home's cap is never below the general one.
      expect(value.firstHome).toBeGreaterThanOrEqual(value.general)
    }
  })

  it('keep the 35-year period of HE 190/2025 out until it is confirmed in force', () => {
    expect(MORTGAGE_MAX_YEARS.map((row) => row.years)).toEqual([30])
    expect(MORTGAGE_MAX_YEARS[0]?.source).toContain('HE 190/2025')
    expect(MORTGAGE_MAX_YEARS[0]?.source).toContain('NOT CONFIRMED')
    // The old name in market-rates.ts and the pricing profiles read the same table.
    expect(RE_EXPORTED).toBe(MORTGAGE_MAX_YEARS)
    expect(productLimits('mortgage', on('2026-11-24')).maxPeriod).toBe(maxYears(on('2026-11-24')))
  })
})

describe('ltvCap', () => {
  it('is 90 %, 95 % for a first home and 90 % for a first home with an ASP loan, today', () => {
    const today = on('2026-11-24')
    expect(ltvCap('first-home', { aspLoan: false }, today)).toBe(0.95)
    expect(ltvCap('first-home', { aspLoan: true }, today)).toBe(0.9)
    for (const purpose of MORTGAGE_PURPOSES.filter((p) => p !== 'first-home'))
      expect(ltvCap(purpose, { aspLoan: false }, today)).toBe(0.9)
  })

  it('follows FIN-FSA’s tightening: 85 % for other than first homes from 1.10.2021, first homes still 95 %', () => {
    expect(ltvCap('next-home', { aspLoan: false }, on('2021-09-30'))).toBe(0.9)
    expect(ltvCap('next-home', { aspLoan: false }, on('2021-10-01'))).toBe(0.85)
    expect(ltvCap('first-home', { aspLoan: false }, on('2022-06-01'))).toBe(0.95)
    expect(ltvCap('investment', { aspLoan: false }, on('2024-06-01'))).toBe(0.9)
  })

  it('counts days in Finland: 1.10.2021 begins at midnight Helsinki time', () => {
    // 2021-09-30T21:30Z is 00:30 on 1.10. in Helsinki (UTC+3).
    expect(ltvCap('next-home', { aspLoan: false }, new Date('2021-09-30T21:30:00Z'))).toBe(0.85)
  })
})

describe('rowInForce', () => {
  // A made-up table with a change on New Year's Day: the real period table has one row today.
  const rows = [
    { validFrom: '2025-01-01', years: 30 },
    { validFrom: '2026-01-01', years: 35 },
  ]

  it('takes the Finnish day: 2025-12-31T22:30Z is already 1.1.2026 in Helsinki (UTC+2)', () => {
    expect(rowInForce(rows, new Date('2025-12-31T21:59:59Z')).years).toBe(30)
    expect(rowInForce(rows, new Date('2025-12-31T22:00:00Z')).years).toBe(35)
    expect(rowInForce(rows, new Date('2025-12-31T22:30:00Z')).years).toBe(35)
  })

  it('uses the first row before the table, and refuses an invalid date', () => {
    expect(rowInForce(rows, on('2020-06-01')).years).toBe(30)
    expect(() => rowInForce(rows, new Date(Number.NaN))).toThrow(RangeError)
  })
})

describe('maxYears', () => {
  it('is 30 years today, and the first row before the table', () => {
    expect(maxYears(on('2026-11-24'))).toBe(30)
    expect(maxYears(on('2020-01-01'))).toBe(30)
  })
})

describe('collateralShortfall (hand-computed)', () => {
  const today = on('2026-11-24')

  it('says what is missing when the loan is over the cap', () => {
    // Next home, 200 000 €, loan 190 000 €: cap 90 % → at most 180 000 €; 10 000 € of own funds
    // missing, or collateral worth 10 000 / 0,9 = 11 111,11… → 11 112 € (rounded up).
    const check = collateralShortfall(
      {
        purpose: 'next-home',
        aspLoan: false,
        price: 200_000,
        housingCompanyLoanShare: 0,
        loanAmount: 190_000,
        otherCollateralValue: 0,
      },
      today,
    )
    expect(check).toEqual({
      cap: 0.9,
      debtFreePrice: 200_000,
      collateralValue: 200_000,
      loanToValue: 0.95,
      maxLoan: 180_000,
      missingOwnFunds: 10_000,
      missingCollateral: 11_112,
    })
  })

  it('counts the housing company loan share in the debt-free price and in the debt', () => {
    // First home 150 000 € + 50 000 € share = 200 000 € debt-free; 95 % of it is 190 000 € of
    // debt, of which the share takes 50 000 €: the loan can be 140 000 €.
    const input = {
      purpose: 'first-home' as const,
      aspLoan: false,
      price: 150_000,
      housingCompanyLoanShare: 50_000,
      loanAmount: 140_000,
      otherCollateralValue: 0,
    }
    expect(collateralShortfall(input, today)).toMatchObject({
      debtFreePrice: 200_000,
      maxLoan: 140_000,
      missingOwnFunds: 0,
    })
    // 145 000 €: 5 000 € over; collateral 5 000 / 0,95 = 5 263,16 → 5 264 €.
    expect(collateralShortfall({ ...input, loanAmount: 145_000 }, today)).toMatchObject({
      missingOwnFunds: 5_000,
      missingCollateral: 5_264,
    })
    // With an ASP loan the cap is 90 %: 180 000 − 50 000 = 130 000 €.
    expect(collateralShortfall({ ...input, aspLoan: true }, today)).toMatchObject({
      maxLoan: 130_000,
      missingOwnFunds: 10_000,
    })
  })

  it('lets other collateral cover the excess', () => {
    // 90 % of (200 000 + 20 000) = 198 000 € ≥ 190 000 €.
    const check = collateralShortfall(
      {
        purpose: 'next-home',
        aspLoan: false,
        price: 200_000,
        housingCompanyLoanShare: 0,
        loanAmount: 190_000,
        otherCollateralValue: 20_000,
      },
      today,
    )
    expect(check).toMatchObject({
      collateralValue: 220_000,
      maxLoan: 198_000,
      missingOwnFunds: 0,
      missingCollateral: 0,
    })
  })

  it('is exact at the cap: 90 % of 250 000 € is 225 000 €, not a cent less', () => {
    const check = collateralShortfall(
      {
        purpose: 'renovation',
        aspLoan: false,
        price: 250_000,
        housingCompanyLoanShare: 0,
        loanAmount: 225_000,
        otherCollateralValue: 0,
      },
      today,
    )
    expect(check).toMatchObject({ maxLoan: 225_000, missingOwnFunds: 0, missingCollateral: 0 })
  })
})
