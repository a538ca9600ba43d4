// Loan maths: annuity, the APR by the EU Consumer Credit Directive 2008/48/EC
// Annex I equation, total cost and schedule. Money in euros, rates as fractions.

import { roundHalfUp } from './rounding.ts'

export { roundHalfUp }

const cents = (value: number) => roundHalfUp(value, 2)

/** Annuity instalment P = B·r / (1 − (1+r)^−n), r = nominal/12; a zero rate repays B/n. Unrounded. */
export function annuityPayment(base: number, annualNominalRate: number, months: number): number {
  if (!Number.isInteger(months) || months <= 0)
    throw new RangeError(`months must be a positive integer: ${months}`)
  const r = annualNominalRate / 12
  if (r === 0) return base / months
  return (base * r) / (1 - (1 + r) ** -months)
}

/** A cash flow of `amount` euros at `t` years from the first drawdown. */
export type CashFlow = { t: number; amount: number }

/** 2008/48/EC Annex I: a year has 12 equal months, so monthly payment k is at exactly k/12. */
export const monthsToYears = (k: number): number => k / 12
/** 2008/48/EC Annex I: a period in days is counted against a 365-day year. */
export const daysToYears = (n: number): number => n / 365

/** The APR with how it was found (Newton steps versus bisection steps), for tests and diagnostics. */
export type AprSolution = { apr: number; newtonSteps: number; bisectionSteps: number }
/** Why there is no APR: flows that cannot be solved, or no rate in the bracket that solves them. */
export type AprFailure = { problem: 'INVALID_FLOWS' | 'NO_SOLUTION'; message: string }

const presentValue = (flows: CashFlow[], x: number) =>
  flows.reduce((sum, flow) => sum + flow.amount * (1 + x) ** -flow.t, 0)

const presentValueSlope = (flows: CashFlow[], x: number) =>
  flows.reduce((sum, flow) => sum - flow.t * flow.amount * (1 + x) ** (-flow.t - 1), 0)

/** The flows' total, or why they cannot be solved (a message for the throwing wrapper). */
function flowsTotal(name: string, flows: CashFlow[]): number | string {
  let total = 0
  for (const flow of flows) {
    if (!Number.isFinite(flow.t) || !Number.isFinite(flow.amount) || flow.amount < 0) {
      return `APR: every ${name} needs a finite time and a non-negative amount`
    }
    total += flow.amount
  }
  if (!Number.isFinite(total)) return `APR: the ${name}s add up to more than a number can hold`
  return total > 0 ? total : `APR: needs at least one positive ${name}`
}

// The bracket grows outwards step by step until the equation changes sign across it.
const LOW_BOUNDS = [-0.99, -0.9999, -0.999999]
const HIGH_BOUNDS = [100, 10_000, 1_000_000]
const MAX_STEPS = 500

/**
 * Solves Σ C_k(1+X)^−t_k = Σ D_l(1+X)^−s_l (2008/48/EC Annex I) for X: Newton's
 * method, with a bisection step whenever Newton would leave the bracket around
 * the root or converge too slowly. `initialGuess` is for tests of the fallback.
 * Flows with no solution (or none a number can hold) are reported, never thrown
 * (issue 13: hostile but schema-valid terms must not become a 500).
 */
export function findAprDetailed(
  input: { drawdowns: CashFlow[]; payments: CashFlow[] },
  options: { initialGuess?: number } = {},
): AprSolution | AprFailure {
  const { drawdowns, payments } = input
  for (const [name, flows] of [
    ['drawdown', drawdowns],
    ['payment', payments],
  ] as const) {
    const total = flowsTotal(name, flows)
    if (typeof total === 'string') return { problem: 'INVALID_FLOWS', message: total }
  }

  // f(X) = PV(payments) − PV(drawdowns); the APR is its root.
  const f = (x: number) => presentValue(payments, x) - presentValue(drawdowns, x)
  const slope = (x: number) => presentValueSlope(payments, x) - presentValueSlope(drawdowns, x)

  let low = LOW_BOUNDS[0] ?? -0.99
  let high = HIGH_BOUNDS[0] ?? 100
  let fLow = f(low)
  let fHigh = f(high)
  for (let widen = 1; fLow * fHigh > 0 && widen < LOW_BOUNDS.length; widen++) {
    low = LOW_BOUNDS[widen] ?? low
    high = HIGH_BOUNDS[widen] ?? high
    fLow = f(low)
    fHigh = f(high)
  }
  if (!Number.isFinite(fLow) || !Number.isFinite(fHigh) || fLow * fHigh > 0) {
    return {
      problem: 'NO_SOLUTION',
      message: `APR: no rate between ${low * 100} % and ${high * 100} % makes the payments worth the drawdowns`,
    }
  }
  if (fLow === 0) return { apr: low, newtonSteps: 0, bisectionSteps: 0 }
  if (fHigh === 0) return { apr: high, newtonSteps: 0, bisectionSteps: 0 }

  let newtonSteps = 0
  let bisectionSteps = 0
  let x = options.initialGuess ?? 0.1
  if (!(x > low && x < high)) x = (low + high) / 2
  let previousStep = high - low
  for (let step = 0; step < MAX_STEPS; step++) {
    const value = f(x)
    if (value === 0) return { apr: x, newtonSteps, bisectionSteps }
    // Keep the root bracketed: replace the end whose value has the same sign.
    if (Math.sign(value) === Math.sign(fLow)) {
      low = x
      fLow = value
    } else high = x
    const newton = x - value / slope(x)
    const tolerance = 1e-14 * Math.max(1, Math.abs(x))
    let next: number
    // Bisect when Newton leaves the bracket or would not halve the step (slow or oscillating).
    if (Number.isFinite(newton) && newton > low && newton < high && Math.abs(newton - x) < previousStep / 2) {
      next = newton
      newtonSteps++
    } else {
      next = (low + high) / 2
      bisectionSteps++
    }
    previousStep = Math.abs(next - x)
    x = next
    if (previousStep <= tolerance || high - low <= tolerance) return { apr: x, newtonSteps, bisectionSteps }
  }
  return { problem: 'NO_SOLUTION', message: 'APR: the equation did not converge' }
}

/** As `findAprDetailed`, for flows known to have a solution: throws when they have none. */
export function solveAprDetailed(
  input: { drawdowns: CashFlow[]; payments: CashFlow[] },
  options: { initialGuess?: number } = {},
): AprSolution {
  const solution = findAprDetailed(input, options)
  if ('problem' in solution) throw new Error(solution.message)
  return solution
}

/** The APR as a fraction (0.149 = 14,9 %), unrounded. Throws for flows with no solution. */
export function solveApr(input: { drawdowns: CashFlow[]; payments: CashFlow[] }): number {
  return solveAprDetailed(input).apr
}

export type LoanInput = {
  amount: number
  months: number
  nominalRate: number
  openingFee: number
  monthlyFee: number
  /** true: the opening fee is added to the loan (annuity base, not the drawdown); false: paid at signing. */
  feeFinanced: boolean
}

export type LoanCost = LoanInput & {
  /** The annuity base: the amount, plus the opening fee when it is financed. */
  financedBase: number
  /** The regular annuity (interest + principal), in cents. */
  annuity: number
  /** The regular instalment the consumer pays: annuity + monthly fee, in cents. */
  monthlyPayment: number
  /** The final instalment, which settles the rounding of the earlier ones (often a few cents off). */
  lastPayment: number
  apr: number
  aprPercent: number
  totalInterest: number
  totalFees: number
  totalCost: number
  totalPayable: number
}

export type ScheduleRow = {
  month: number
  payment: number
  interest: number
  principal: number
  fee: number
  balance: number
}

function loanInputProblem(input: LoanInput): string | null {
  const { amount, months, nominalRate, openingFee, monthlyFee } = input
  if (!(Number.isFinite(amount) && amount > 0)) return `amount must be positive: ${amount}`
  if (!Number.isInteger(months) || months <= 0) return `months must be a positive integer: ${months}`
  if (!(Number.isFinite(nominalRate) && nominalRate >= 0)) return `bad nominal rate: ${nominalRate}`
  if (!(Number.isFinite(openingFee) && openingFee >= 0)) return `bad opening fee: ${openingFee}`
  if (!(Number.isFinite(monthlyFee) && monthlyFee >= 0)) return `bad monthly fee: ${monthlyFee}`
  return null
}

function checkLoanInput(input: LoanInput): void {
  const problem = loanInputProblem(input)
  if (problem) throw new RangeError(problem)
}

/**
 * Month-by-month repayment in cents, as a lender bills it: interest on the
 * balance each month, the same instalment every month, and a last instalment
 * that pays off exactly the remaining balance (so it absorbs the cent rounding
 * of the instalment and the balance ends at 0).
 */
export function paymentSchedule(input: LoanInput): ScheduleRow[] {
  checkLoanInput(input)
  const base = cents(input.amount + (input.feeFinanced ? input.openingFee : 0))
  const annuity = cents(annuityPayment(base, input.nominalRate, input.months))
  const fee = cents(input.monthlyFee)
  const rows: ScheduleRow[] = []
  let balance = base
  for (let month = 1; month <= input.months; month++) {
    const interest = cents((balance * input.nominalRate) / 12)
    const principal = month === input.months ? balance : Math.min(balance, cents(annuity - interest))
    balance = cents(balance - principal)
    rows.push({ month, payment: cents(interest + principal + fee), interest, principal, fee, balance })
  }
  return rows
}

/**
 * Why terms have no price: out of range (`INVALID_TERMS`, including amounts that round to
 * no cents or figures too large for a number), or no APR solves the directive's equation
 * (`NO_APR`, e.g. fees that are many times the amount lent).
 */
export type LoanCostProblem = 'INVALID_TERMS' | 'NO_APR'
export type LoanCostResult = { ok: true; cost: LoanCost } | { ok: false; problem: LoanCostProblem }

/**
 * What a loan costs: the instalment, the APR from the instalments as billed (in
 * cents, 2008/48/EC Annex I) and the totals, all consistent with `paymentSchedule`.
 * Terms with no price are reported, never thrown (issue 13).
 */
export function priceLoan(input: LoanInput): LoanCostResult {
  if (loanInputProblem(input)) return { ok: false, problem: 'INVALID_TERMS' }
  const rows = paymentSchedule(input)
  const financedBase = cents(input.amount + (input.feeFinanced ? input.openingFee : 0))
  const annuity = cents(annuityPayment(financedBase, input.nominalRate, input.months))
  const upfrontFee = input.feeFinanced ? 0 : cents(input.openingFee)
  // Annex I: a charge paid at signing is a payment at t = 0; a financed fee is repaid in the instalments
  // but is not part of the drawdown.
  const payments: CashFlow[] = rows.map((row) => ({ t: monthsToYears(row.month), amount: row.payment }))
  if (upfrontFee > 0) payments.unshift({ t: 0, amount: upfrontFee })
  const solution = findAprDetailed({ drawdowns: [{ t: 0, amount: input.amount }], payments })
  if ('problem' in solution) {
    return { ok: false, problem: solution.problem === 'NO_SOLUTION' ? 'NO_APR' : 'INVALID_TERMS' }
  }
  const { apr } = solution
  const sum = (pick: (row: ScheduleRow) => number) => cents(rows.reduce((total, row) => total + pick(row), 0))
  const totalPayable = cents(sum((row) => row.payment) + upfrontFee)
  const cost: LoanCost = {
    ...input,
    financedBase,
    annuity,
    monthlyPayment: cents(annuity + input.monthlyFee),
    lastPayment: rows.at(-1)?.payment ?? 0,
    apr,
    aprPercent: roundHalfUp(apr * 100, 2),
    totalInterest: sum((row) => row.interest),
    totalFees: cents(input.openingFee + sum((row) => row.fee)),
    totalCost: cents(totalPayable - input.amount),
    totalPayable,
  }
  const figures = Object.values(cost).filter((value) => typeof value === 'number')
  if (!figures.every(Number.isFinite)) return { ok: false, problem: 'INVALID_TERMS' }
  return { ok: true, cost }
}

/** As `priceLoan`, for terms known to be sound: throws (RangeError for bad input) when they have no price. */
export function loanCost(input: LoanInput): LoanCost {
  checkLoanInput(input)
  const result = priceLoan(input)
  if (!result.ok) throw new Error(`the loan has no price: ${result.problem}`)
  return result.cost
}
