import { describe, expect, it } from 'vitest'
import {
  annuityPayment,
  type CashFlow,
  daysToYears,
  findAprDetailed,
  type LoanInput,
  loanCost,
  monthsToYears,
  paymentSchedule,
  priceLoan,
  roundHalfUp,
  solveApr,
  solveAprDetailed,
} from './loan-math.ts'

const monthly = (count: number, amount: number): CashFlow[] =>
  Array.from({ length: count }, (_, index) => ({ t: monthsToYears(index + 1), amount }))

const noFees: LoanInput = {
  amount: 10_000,
  months: 12,
  nominalRate: 0.07,
  openingFee: 0,
  monthlyFee: 0,
  feeFinanced: false,
}

/** Σ payments discounted − Σ drawdowns discounted at `x`: zero at the APR. */
const residual = (drawdowns: CashFlow[], payments: CashFlow[], x: number) =>
  payments.reduce((sum, flow) => sum + flow.amount * (1 + x) ** -flow.t, 0) -
  drawdowns.reduce((sum, flow) => sum + flow.amount * (1 + x) ** -flow.t, 0)

// The five worked examples of /work/shared/research/regulation.md.
describe('APR by the directive equation (2008/48/EC Annex I): worked examples', () => {
  it('98/7/EC example 1: 1 000 lent, 1 200 repaid after 546 days → 13 % (12,96 % at 2 dp)', () => {
    const apr = solveApr({
      drawdowns: [{ t: 0, amount: 1000 }],
      payments: [{ t: daysToYears(546), amount: 1200 }],
    })
    expect(roundHalfUp(apr * 100, 2)).toBe(12.96)
    expect(roundHalfUp(apr * 100, 0)).toBe(13)
    // Closed form for a single repayment: 1.2^(365/546) − 1.
    expect(Math.abs(apr - (1.2 ** (365 / 546) - 1))).toBeLessThan(1e-12)
  })

  it('EC 2015 example 1: 200 000 lent, 4 000 fee at t = 0, 240 × 1 432,86 → 6,434412 %', () => {
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
    expect(cost.financedBase).toBe(10_090)
    expect(cost.annuity).toBe(227.52)
    expect(cost.monthlyPayment).toBe(232.52)
    expect(roundHalfUp(cost.apr * 100, 1)).toBe(14.9)
    expect(Math.round(cost.totalPayable)).toBe(13_951)
    expect(cost.totalFees).toBe(90 + 60 * 5)
  })

  it('Finnish SME loan: 10 000 €, 7 %, 12 months, no fees → 865,27 €/month, 10 383,24 €, 7,23 %', () => {
    const cost = loanCost(noFees)
    expect(cost.monthlyPayment).toBe(865.27)
    expect(cost.aprPercent).toBe(7.23)
    // The published total is 12 × 865,27; the schedule bills 865,25 in month 12, returning the 2 cents
    // the rounded-up instalment overpaid.
    expect(roundHalfUp(cost.monthlyPayment * 12, 2)).toBe(10_383.24)
    expect(cost.lastPayment).toBe(865.25)
    expect(cost.totalPayable).toBe(10_383.22)
  })
})

describe('solveApr', () => {
  it('is precise well beyond 1e-10', () => {
    const drawdowns = [{ t: 0, amount: 200_000 }]
    const payments = [{ t: 0, amount: 4000 }, ...monthly(240, 1432.86)]
    const apr = solveApr({ drawdowns, payments })
    // f changes sign within ±1e-12 of the result.
    expect(residual(drawdowns, payments, apr - 1e-12)).toBeGreaterThan(0)
    expect(residual(drawdowns, payments, apr + 1e-12)).toBeLessThan(0)
  })

  it('solves a very expensive short loan (payday style, above 90 000 %)', () => {
    const solution = solveAprDetailed({
      drawdowns: [{ t: 0, amount: 100 }],
      payments: [{ t: daysToYears(14), amount: 130 }],
    })
    const exact = 1.3 ** (365 / 14) - 1
    expect(Math.abs(solution.apr - exact) / exact).toBeLessThan(1e-12)
  })

  it('falls back to bisection when Newton leaves the bracket, and still converges', () => {
    // The consumer repays almost nothing: from the usual guess of 10 % Newton jumps far below −100 %.
    const drawdowns = [{ t: 0, amount: 1000 }]
    const payments = [{ t: 1, amount: 1 }]
    const solution = solveAprDetailed({ drawdowns, payments })
    expect(solution.bisectionSteps).toBeGreaterThan(0)
    expect(solution.apr).toBeCloseTo(-0.999, 12)
  })

  it('recovers from a far-off initial guess through bisection', () => {
    const flows = { drawdowns: [{ t: 0, amount: 1000 }], payments: [{ t: daysToYears(546), amount: 1200 }] }
    const solution = solveAprDetailed(flows, { initialGuess: 50 })
    expect(solution.bisectionSteps).toBeGreaterThan(0)
    expect(Math.abs(solution.apr - solveApr(flows))).toBeLessThan(1e-12)
  })

  it('returns a negative rate when less is repaid than drawn', () => {
    const apr = solveApr({ drawdowns: [{ t: 0, amount: 1000 }], payments: [{ t: 1, amount: 990 }] })
    expect(apr).toBeCloseTo(-0.01, 12)
  })

  it('handles several drawdowns (t from the first one)', () => {
    const drawdowns = [
      { t: 0, amount: 1000 },
      { t: 1, amount: 1000 },
    ]
    const payments = [{ t: 2, amount: 2300 }]
    const apr = solveApr({ drawdowns, payments })
    // 1000(1+X)² + 1000(1+X) = 2300 → 1+X = (−1 + √(1 + 9.2)) / 2.
    expect(apr).toBeCloseTo((-1 + Math.sqrt(10.2)) / 2 - 1, 12)
  })

  it('throws a clear error for impossible inputs', () => {
    const lent = [{ t: 0, amount: 1000 }]
    expect(() => solveApr({ drawdowns: [], payments: [{ t: 1, amount: 1 }] })).toThrow(/drawdown/)
    expect(() => solveApr({ drawdowns: [{ t: 0, amount: 0 }], payments: [{ t: 1, amount: 1 }] })).toThrow(
      /drawdown/,
    )
    expect(() => solveApr({ drawdowns: lent, payments: [] })).toThrow(/payment/)
    expect(() => solveApr({ drawdowns: lent, payments: [{ t: 1, amount: 0 }] })).toThrow(/payment/)
    expect(() => solveApr({ drawdowns: lent, payments: [{ t: 1, amount: -5 }] })).toThrow(/non-negative/)
    expect(() => solveApr({ drawdowns: lent, payments: [{ t: Number.NaN, amount: 5 }] })).toThrow(/finite/)
    // Everything paid at the moment of drawing: no rate can balance 1 000 against 1 200.
    expect(() => solveApr({ drawdowns: lent, payments: [{ t: 0, amount: 1200 }] })).toThrow(/no rate/)
    // 1,5 × the amount after one day: beyond any plausible rate.
    expect(() => solveApr({ drawdowns: lent, payments: [{ t: daysToYears(1), amount: 1500 }] })).toThrow(
      /no rate/,
    )
  })
})

describe('annuityPayment and time', () => {
  it('follows P = B·r / (1 − (1+r)^−n) and repays B/n at a zero rate', () => {
    expect(annuityPayment(10_000, 0.07, 12)).toBeCloseTo(865.2675, 4)
    expect(annuityPayment(1200, 0, 12)).toBe(100)
    expect(() => annuityPayment(1000, 0.1, 0)).toThrow(RangeError)
  })

  it('puts monthly payments at k/12 and days against 365', () => {
    expect(monthsToYears(6)).toBe(0.5)
    expect(monthsToYears(18)).toBe(1.5)
    expect(daysToYears(365)).toBe(1)
    expect(daysToYears(73)).toBe(0.2)
  })
})

describe('loanCost and paymentSchedule', () => {
  it('has a zero APR and no interest at a zero rate without fees', () => {
    const cost = loanCost({ ...noFees, amount: 1200, nominalRate: 0 })
    expect(cost.monthlyPayment).toBe(100)
    expect(cost.totalInterest).toBe(0)
    expect(cost.totalPayable).toBe(1200)
    expect(Math.abs(cost.apr)).toBeLessThan(1e-10)
  })

  it('settles the cent rounding in the last instalment, never with negative interest', () => {
    const rows = paymentSchedule({ ...noFees, amount: 1000, months: 3, nominalRate: 0 })
    expect(rows.map((row) => row.payment)).toEqual([333.33, 333.33, 333.34])
    // 1 000 € over 20 years: the rounded-down instalment leaves a larger last one.
    const long = paymentSchedule({ ...noFees, amount: 1000, months: 240, nominalRate: 0.099 })
    expect(long.every((row) => row.interest >= 0 && row.principal >= 0)).toBe(true)
    expect(long.at(-1)?.balance).toBe(0)
  })

  it('counts a fee paid at signing as a payment at t = 0, which raises the APR', () => {
    const base = { ...noFees, amount: 5000, months: 24, nominalRate: 0.08 }
    const withFee = loanCost({ ...base, openingFee: 100 })
    expect(withFee.apr).toBeGreaterThan(loanCost(base).apr)
    expect(withFee.financedBase).toBe(5000)
    expect(withFee.totalPayable).toBe(roundHalfUp(loanCost(base).totalPayable + 100, 2))
  })

  it('puts a financed fee in the annuity base but not in the drawdown', () => {
    const financed = loanCost({ ...noFees, openingFee: 100, feeFinanced: true })
    expect(financed.financedBase).toBe(10_100)
    expect(financed.annuity).toBe(roundHalfUp(annuityPayment(10_100, 0.07, 12), 2))
    expect(financed.totalCost).toBeGreaterThan(100)
    expect(financed.apr).toBeGreaterThan(loanCost(noFees).apr)
  })

  it('schedule sums to the totals and ends at a zero balance', () => {
    for (const input of [
      { ...noFees, amount: 20_000, months: 48, nominalRate: 0.099, monthlyFee: 3 },
      {
        ...noFees,
        amount: 10_000,
        months: 60,
        nominalRate: 0.126,
        openingFee: 90,
        monthlyFee: 5,
        feeFinanced: true,
      },
      { ...noFees, amount: 7_000, months: 37, nominalRate: 0.15, openingFee: 50, monthlyFee: 2.5 },
    ]) {
      const rows = paymentSchedule(input)
      const cost = loanCost(input)
      const sum = (pick: (row: (typeof rows)[number]) => number) =>
        roundHalfUp(
          rows.reduce((total, row) => total + pick(row), 0),
          2,
        )
      const upfront = input.feeFinanced ? 0 : input.openingFee
      expect(rows).toHaveLength(input.months)
      expect(rows.map((row) => row.month)).toEqual(Array.from({ length: input.months }, (_, i) => i + 1))
      expect(rows.at(-1)?.balance).toBe(0)
      expect(sum((row) => row.principal)).toBe(cost.financedBase)
      expect(sum((row) => row.interest)).toBe(cost.totalInterest)
      expect(roundHalfUp(sum((row) => row.payment) + upfront, 2)).toBe(cost.totalPayable)
      expect(cost.totalCost).toBe(roundHalfUp(cost.totalPayable - input.amount, 2))
      expect(cost.totalCost).toBe(roundHalfUp(cost.totalInterest + cost.totalFees, 2))
      expect(rows.slice(0, -1).every((row) => row.payment === cost.monthlyPayment)).toBe(true)
      expect(rows.at(-1)?.payment).toBe(cost.lastPayment)
      for (const row of rows) {
        expect(row.payment).toBe(roundHalfUp(row.interest + row.principal + row.fee, 2))
      }
    }
  })

  it('rejects impossible loans', () => {
    expect(() => loanCost({ ...noFees, amount: 0 })).toThrow(RangeError)
    expect(() => loanCost({ ...noFees, months: 1.5 })).toThrow(RangeError)
    expect(() => loanCost({ ...noFees, nominalRate: -0.01 })).toThrow(RangeError)
    expect(() => paymentSchedule({ ...noFees, monthlyFee: Number.NaN })).toThrow(RangeError)
  })
})

describe('roundHalfUp', () => {
  it('rounds halves up despite binary floats', () => {
    expect(roundHalfUp(1.005, 2)).toBe(1.01)
    expect(roundHalfUp(1.004, 2)).toBe(1)
    expect(roundHalfUp(2.345, 2)).toBe(2.35)
    expect(roundHalfUp(1.255, 2)).toBe(1.26)
    expect(roundHalfUp(8.575, 2)).toBe(8.58)
    expect(roundHalfUp(14.95, 1)).toBe(15)
    expect(roundHalfUp(14.9, 2)).toBe(14.9)
    expect(roundHalfUp(0.1 + 0.2, 2)).toBe(0.3)
    expect(roundHalfUp(1234.5, 0)).toBe(1235)
    expect(roundHalfUp(6.4344125, 6)).toBe(6.434413)
  })

  it('rounds negative halves away from zero and never returns −0', () => {
    expect(roundHalfUp(-1.005, 2)).toBe(-1.01)
    expect(roundHalfUp(-2.5, 0)).toBe(-3)
    expect(roundHalfUp(-0.001, 2)).toBe(0)
    expect(Object.is(roundHalfUp(-0.001, 2), 0)).toBe(true)
  })

  it('leaves non-finite values alone', () => {
    expect(roundHalfUp(Number.POSITIVE_INFINITY, 2)).toBe(Number.POSITIVE_INFINITY)
    expect(roundHalfUp(Number.NaN, 2)).toBeNaN()
  })
})

describe('priceLoan (issue 13)', () => {
  const terms = {
    amount: 10_000,
    months: 60,
    nominalRate: 0.099,
    openingFee: 50,
    monthlyFee: 5,
    feeFinanced: false,
  }

  it('prices sound terms as loanCost does', () => {
    expect(priceLoan(terms)).toEqual({ ok: true, cost: loanCost(terms) })
  })

  it('reports terms with no APR instead of throwing', () => {
    // The calculator's 500 from the issue: 1 euro lent against 350 euros of fees.
    expect(priceLoan({ ...terms, amount: 1 })).toEqual({ ok: false, problem: 'NO_APR' })
    expect(priceLoan({ ...terms, amount: 1e-320, openingFee: 0, monthlyFee: 0 })).toEqual({
      ok: false,
      problem: 'INVALID_TERMS',
    })
    expect(priceLoan({ ...terms, amount: 1e-320 })).toEqual({ ok: false, problem: 'NO_APR' })
    expect(priceLoan({ ...terms, nominalRate: Number.NaN })).toEqual({ ok: false, problem: 'INVALID_TERMS' })
    expect(priceLoan({ ...terms, amount: 1e308, openingFee: 1e308 })).toEqual({
      ok: false,
      problem: 'INVALID_TERMS',
    })
  })

  it('finds the APR as a value, with the reason when there is none', () => {
    const lent = [{ t: 0, amount: 1000 }]
    expect(findAprDetailed({ drawdowns: lent, payments: [{ t: 0, amount: 1200 }] })).toMatchObject({
      problem: 'NO_SOLUTION',
    })
    expect(findAprDetailed({ drawdowns: lent, payments: [{ t: 1, amount: 0 }] })).toMatchObject({
      problem: 'INVALID_FLOWS',
    })
    expect(findAprDetailed({ drawdowns: lent, payments: [{ t: 1, amount: 1100 }] })).toMatchObject({
      apr: 0.1,
    })
  })
})
