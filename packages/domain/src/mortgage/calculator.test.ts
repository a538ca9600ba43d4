import { describe, expect, it } from 'vitest'
import { MORTGAGE_MARGIN_SURVEY } from '../market-rates.ts'
import { annuityInstalment, calculateMortgage, monthsToRepay, mortgageSchedule } from './calculator.ts'

const euribor = (rate: number) => ({ month: '2026-10', rate })
const sum = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) * 100) / 100

describe('mortgageSchedule: equal principal (hand-computed)', () => {
  // 120 000 € over 120 months at 3,6 %: the monthly rate is 0,3 %, the repayment 1 000 € a month.
  // Month k's balance is 120 000 − 1 000·(k − 1), its interest 0,3 % of that = 360 − 3·(k − 1):
  //   month 1: 1 000 + 360 = 1 360 €; month 2: 1 000 + 357 = 1 357 €; month 120: 1 000 + 3 = 1 003 €.
  // Total interest = 3 · (120 + 119 + … + 1) = 3 · 7 260 = 21 780 €.
  const rows = mortgageSchedule({
    amount: 120_000,
    months: 120,
    nominalRate: 0.036,
    repaymentType: 'equal-principal',
  })

  it('repays the same principal every month and interest on what is left', () => {
    expect(rows).toHaveLength(120)
    expect(rows[0]).toEqual({ month: 1, payment: 1_360, interest: 360, principal: 1_000, balance: 119_000 })
    expect(rows[1]).toEqual({ month: 2, payment: 1_357, interest: 357, principal: 1_000, balance: 118_000 })
    expect(rows.at(-1)).toEqual({ month: 120, payment: 1_003, interest: 3, principal: 1_000, balance: 0 })
    expect(sum(rows.map((row) => row.interest))).toBe(21_780)
  })

  it('gives the APR of the monthly rate itself when there are no fees: 1,003¹² − 1', () => {
    const result = calculateMortgage(
      { price: 150_000, ownFunds: 30_000, years: 10, repaymentType: 'equal-principal', margin: 0.006 },
      euribor(0.03),
      { openingFee: 0 },
    )
    if (!result.ok) throw new Error(result.problem)
    const { calculation } = result
    expect(calculation.loanAmount).toBe(120_000)
    expect(calculation.nominalRate).toBe(0.036)
    expect(calculation.firstInstalment).toBe(1_360)
    expect(calculation.lastInstalment).toBe(1_003)
    expect(calculation.totalInterest).toBe(21_780)
    expect(calculation.totalCost).toBe(21_780)
    expect(calculation.totalPayable).toBe(141_780)
    expect(calculation.apr).toBeCloseTo(1.003 ** 12 - 1, 10)
    // Stress: the same repayment, interest at 5,6 % and 8,6 %: 1 000 + 120 000 · 0,056 / 12 = 1 560 €
    // and 1 000 + 120 000 · 0,086 / 12 = 1 860 €.
    expect(calculation.stress).toEqual([
      { rise: 0.02, nominalRate: 0.056, firstInstalment: 1_560, months: 120 },
      { rise: 0.05, nominalRate: 0.086, firstInstalment: 1_860, months: 120 },
    ])
  })
})

describe('annuity (hand-computed)', () => {
  it('is the textbook instalment: 100 000 € over 12 months at 12 % is 8 884,88 € a month', () => {
    // P = 100 000 · 0,01 / (1 − 1,01⁻¹²) = 1 000 / 0,112551 = 8 884,88 €.
    expect(annuityInstalment(100_000, 0.12, 12)).toBe(8_884.88)
    const rows = mortgageSchedule({
      amount: 100_000,
      months: 12,
      nominalRate: 0.12,
      repaymentType: 'annuity',
    })
    // Month 1: interest 1 000 €, principal 7 884,88 €.
    expect(rows[0]).toEqual({
      month: 1,
      payment: 8_884.88,
      interest: 1_000,
      principal: 7_884.88,
      balance: 92_115.12,
    })
    // The last instalment settles the cents: it is within a few cents of the others, and the loan ends at 0.
    expect(Math.abs((rows.at(-1)?.payment ?? 0) - 8_884.88)).toBeLessThan(0.1)
    expect(rows.at(-1)?.balance).toBe(0)
    expect(sum(rows.map((row) => row.principal))).toBe(100_000)
  })

  it('repays B/n at a zero rate (a negative Euribor is floored at zero and there is no margin)', () => {
    const result = calculateMortgage(
      { price: 130_000, ownFunds: 10_000, years: 10, repaymentType: 'annuity', margin: 0 },
      euribor(-0.005),
      { openingFee: 0 },
    )
    if (!result.ok) throw new Error(result.problem)
    expect(result.calculation.referenceRate).toBe(0)
    expect(result.calculation.firstInstalment).toBe(1_000)
    expect(result.calculation.totalInterest).toBe(0)
    expect(result.calculation.apr).toBeCloseTo(0, 12)
  })

  it('raises the instalment when the Euribor rises, over the same period', () => {
    const result = calculateMortgage(
      { price: 250_000, ownFunds: 50_000, years: 25, repaymentType: 'annuity', margin: 0.006 },
      euribor(0.022),
      { openingFee: 0 },
    )
    if (!result.ok) throw new Error(result.problem)
    const { calculation } = result
    // 200 000 € over 300 months at 2,8 %, 4,8 % and 7,8 %.
    expect(calculation.firstInstalment).toBe(annuityInstalment(200_000, 0.028, 300))
    expect(calculation.firstInstalment).toBeCloseTo(927.5, 0)
    expect(calculation.stress.map((row) => [row.nominalRate, row.firstInstalment, row.months])).toEqual([
      [0.048, annuityInstalment(200_000, 0.048, 300), 300],
      [0.078, annuityInstalment(200_000, 0.078, 300), 300],
    ])
  })
})

describe('fixed instalment (hand-computed)', () => {
  // 120 000 € over 120 months at 3,6 %: P = 360 / (1 − 1,003⁻¹²⁰) = 360 / 0,301948 ≈ 1 192,26 €.
  // At a higher rate r' the same P repays in n' = −ln(1 − B·r'/P) / ln(1 + r') months:
  //   +2 points (r' = 0,056/12): −ln(1 − 560/1 192,26) / ln(1,0046667) = 0,6343 / 0,0046558 ≈ 136,2 → 137;
  //   +5 points (r' = 0,086/12): −ln(1 − 860/1 192,26) / ln(1,0071667) = 1,2777 / 0,0071411 ≈ 178,9 → 179.
  const input = {
    price: 150_000,
    ownFunds: 30_000,
    years: 10,
    repaymentType: 'fixed-instalment',
    margin: 0.006,
  } as const

  it('keeps the instalment and stretches the period when the Euribor rises', () => {
    const result = calculateMortgage(input, euribor(0.03), { openingFee: 0 })
    if (!result.ok) throw new Error(result.problem)
    const { calculation } = result
    expect(calculation.firstInstalment).toBe(1_192.26)
    const nPrime = (rate: number) =>
      -Math.log(1 - (120_000 * rate) / 12 / calculation.firstInstalment) / Math.log(1 + rate / 12)
    expect(Math.ceil(nPrime(0.056))).toBe(137)
    expect(calculation.stress).toEqual([
      { rise: 0.02, nominalRate: 0.056, firstInstalment: calculation.firstInstalment, months: 137 },
      { rise: 0.05, nominalRate: 0.086, firstInstalment: calculation.firstInstalment, months: 179 },
    ])
  })

  it('is the annuity while the rate stays where it is', () => {
    const fixed = calculateMortgage(input, euribor(0.03))
    const annuity = calculateMortgage({ ...input, repaymentType: 'annuity' }, euribor(0.03))
    if (!fixed.ok || !annuity.ok) throw new Error('no price')
    const { stress: _a, repaymentType: _b, ...fixedFigures } = fixed.calculation
    const { stress: _c, repaymentType: _d, ...annuityFigures } = annuity.calculation
    expect(fixedFigures).toEqual(annuityFigures)
  })

  it('says when the instalment no longer covers the interest', () => {
    // 100 000 € at 12 %: 1 000 € of interest in the first month; 1 000 € a month never repays it.
    expect(monthsToRepay(100_000, 0.12, 1_000)).toBeNull()
    expect(monthsToRepay(100_000, 0, 1_000)).toBe(100)
  })
})

describe('calculateMortgage', () => {
  it('uses the survey’s average margin and costs by default, paid at signing, and they raise the APR', () => {
    const result = calculateMortgage(
      { price: 250_000, ownFunds: 50_000, years: 25, repaymentType: 'annuity' },
      euribor(0.022),
    )
    if (!result.ok) throw new Error(result.problem)
    const { calculation } = result
    const banks = MORTGAGE_MARGIN_SURVEY.banks
    const averageCosts = banks.reduce((total, bank) => total + bank.otherCosts, 0) / banks.length
    expect(calculation.marginFromSurvey).toBe(true)
    expect(calculation.margin).toBe(
      calculation.source.kind === 'mortgage-survey' ? calculation.source.margin : -1,
    )
    expect(calculation.openingFee).toBeCloseTo(averageCosts, 2)
    expect(calculation.totalCost).toBeCloseTo(calculation.totalInterest + calculation.openingFee, 2)
    // With fees the APR is above the effective rate of the nominal rate alone.
    expect(calculation.apr).toBeGreaterThan((1 + calculation.nominalRate / 12) ** 12 - 1)
    expect(calculation.apr).toBeLessThan(0.04)
  })

  it('answers without a price when nothing is borrowed or the period is not whole months', () => {
    expect(
      calculateMortgage(
        { price: 100_000, ownFunds: 100_000, years: 20, repaymentType: 'annuity' },
        euribor(0.02),
      ),
    ).toEqual({
      ok: false,
      problem: 'NO_LOAN',
    })
    expect(
      calculateMortgage(
        { price: 100_000, ownFunds: 0, years: 0.01, repaymentType: 'annuity' },
        euribor(0.02),
      ),
    ).toEqual({
      ok: false,
      problem: 'INVALID_TERMS',
    })
  })
})
