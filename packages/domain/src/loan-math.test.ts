import { describe, expect, it } from 'vitest'
import {
  annuityPayment,
  daysToYears,
  loanCost,
  monthsToYears,
  paymentSchedule,
  roundHalfUp,
  solveApr,
} from './loan-math.ts'

const monthly = (count: number, amount: number) =>
  Array.from({ length: count }, (_, index) => ({ t: monthsToYears(index + 1), amount }))

// The five worked examples of ../shared/research/regulation.md.
describe('APR by the directive equation (2008/48/EC Annex I)', () => {
  it('98/7/EC example 1: 1 000 lent, 1 200 repaid after 546 days → 12,96 %', () => {
    const apr = solveApr({
      drawdowns: [{ t: 0, amount: 1000 }],
      payments: [{ t: daysToYears(546), amount: 1200 }],
    })
    expect(roundHalfUp(apr * 100, 2)).toBe(12.96)
    expect(roundHalfUp(apr * 100, 0)).toBe(13)
  })

  it('EC 2015 example 1: 200 000 lent, 4 000 fee, 240 × 1 432,86 → 6,434412 %', () => {
    const apr = solveApr({
      drawdowns: [{ t: 0, amount: 200_000 }],
      payments: [{ t: 0, amount: 4000 }, ...monthly(240, 1432.86)],
    })
    expect(roundHalfUp(apr * 100, 6)).toBe(6.434412)
  })

  it('EC 2015 example 7 (balloon): 180 × 1 199,10 then 142 097,69 at 15 years → 6,409523 %', () => {
    const apr = solveApr({
      drawdowns: [{ t: 0, amount: 200_000 }],
      payments: [{ t: 0, amount: 4000 }, ...monthly(180, 1199.1), { t: 15, amount: 142_097.69 }],
    })
    expect(roundHalfUp(apr * 100, 6)).toBe(6.409523)
  })

  it('Finnish consumer loan: 10 000 €, 12,60 %, 60 months, 90 € fee financed, 5 €/month → 14,9 %', () => {
    const cost = loanCost({
      amount: 10_000,
      months: 60,
      nominalRate: 0.126,
      openingFee: 90,
      monthlyFee: 5,
      feeFinanced: true,
    })
    expect(cost.monthlyPayment).toBe(232.52)
    expect(roundHalfUp(cost.apr * 100, 1)).toBe(14.9)
    expect(Math.round(cost.totalPayable)).toBe(13_951)
    expect(cost.financedBase).toBe(10_090)
  })

  it('Finnish SME loan: 10 000 €, 7 %, 12 months, no fees → 865,27 €/month, 10 383,24 €, 7,23 %', () => {
    const cost = loanCost({
      amount: 10_000,
      months: 12,
      nominalRate: 0.07,
      openingFee: 0,
      monthlyFee: 0,
      feeFinanced: false,
    })
    expect(cost.monthlyPayment).toBe(865.27)
    expect(cost.totalPayable).toBe(10_383.24)
    expect(cost.aprPercent).toBe(7.23)
  })

  it('counts a fee paid at signing as a payment at t = 0, which raises the APR', () => {
    const base = {
      amount: 5000,
      months: 24,
      nominalRate: 0.08,
      openingFee: 0,
      monthlyFee: 0,
      feeFinanced: false,
    }
    const withFee = loanCost({ ...base, openingFee: 100 })
    expect(withFee.apr).toBeGreaterThan(loanCost(base).apr)
    expect(withFee.totalPayable).toBe(roundHalfUp(withFee.monthlyPayment * 24 + 100, 2))
  })

  it('falls back to bisection when Newton jumps out of range and still converges', () => {
    // A very short, very expensive loan: the curve is so flat that Newton's first step overshoots.
    const apr = solveApr({
      drawdowns: [{ t: 0, amount: 100 }],
      payments: [{ t: daysToYears(14), amount: 130 }],
    })
    const check = 100 - 130 * (1 + apr) ** -daysToYears(14)
    expect(Math.abs(check)).toBeLessThan(1e-8)
    expect(apr).toBeCloseTo(1.3 ** (365 / 14) - 1, 4)
  })

  it('rejects flows without a drawdown or without payments', () => {
    expect(() => solveApr({ drawdowns: [], payments: [{ t: 1, amount: 1 }] })).toThrow(/drawdown/)
    expect(() => solveApr({ drawdowns: [{ t: 0, amount: 1 }], payments: [] })).toThrow(/payment/)
  })
})

describe('annuity and schedule', () => {
  it('repays B/n at a zero rate, and the APR is then zero', () => {
    expect(annuityPayment(1200, 0, 12)).toBe(100)
    const cost = loanCost({
      amount: 1200,
      months: 12,
      nominalRate: 0,
      openingFee: 0,
      monthlyFee: 0,
      feeFinanced: false,
    })
    expect(cost.apr).toBeCloseTo(0, 10)
  })

  it('schedule sums to the totals and ends at a zero balance', () => {
    const input = {
      amount: 20_000,
      months: 48,
      nominalRate: 0.099,
      openingFee: 0,
      monthlyFee: 3,
      feeFinanced: false,
    }
    const rows = paymentSchedule(input)
    const cost = loanCost(input)
    expect(rows).toHaveLength(48)
    expect(rows.at(-1)?.balance).toBe(0)
    expect(
      roundHalfUp(
        rows.reduce((sum, row) => sum + row.principal, 0),
        2,
      ),
    ).toBe(20_000)
    expect(
      roundHalfUp(
        rows.reduce((sum, row) => sum + row.payment, 0),
        2,
      ),
    ).toBe(cost.totalPayable)
    expect(cost.totalCost).toBe(roundHalfUp(cost.totalPayable - 20_000, 2))
  })
})

describe('roundHalfUp', () => {
  it('rounds halves up despite binary floats', () => {
    expect(roundHalfUp(1.005, 2)).toBe(1.01)
    expect(roundHalfUp(14.95, 1)).toBe(15)
    expect(roundHalfUp(2.345, 2)).toBe(2.35)
    expect(roundHalfUp(-1.005, 2)).toBe(-1.01)
    expect(roundHalfUp(1.004, 2)).toBe(1)
  })
})
