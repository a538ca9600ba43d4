// Loan maths: annuity, the APR by the EU Consumer Credit Directive 2008/48/EC
// Annex I equation, total cost and schedule. Money in euros, rates as fractions.

/** Rounds half up (away from zero) at `decimals`, robust against binary floats (1.005 → 1.01). */
export function roundHalfUp(value: number, decimals: number): number {
  const factor = 10 ** decimals
  const shifted = Math.abs(value) * factor
  // Nudge by a relative epsilon so 1.005 (stored as 1.00499999…) rounds up as written.
  const rounded = Math.floor(shifted + 0.5 + shifted * Number.EPSILON * 4)
  return (Math.sign(value) * rounded) / factor
}

const cents = (value: number) => roundHalfUp(value, 2)

/** Annuity instalment P = B·r / (1 − (1+r)^−n), r = nominal/12; a zero rate repays B/n. */
export function annuityPayment(base: number, annualNominalRate: number, months: number): number {
  if (months <= 0) throw new Error('months must be positive')
  const r = annualNominalRate / 12
  if (r === 0) return base / months
  return (base * r) / (1 - (1 + r) ** -months)
}

export type CashFlow = { t: number; amount: number }

/** Monthly payment k is at t = k/12 exactly (Annex I). */
export const monthsToYears = (k: number) => k / 12
/** A payment after n days is at n/365. */
export const daysToYears = (n: number) => n / 365

function presentValue(flows: CashFlow[], x: number): number {
  let sum = 0
  for (const flow of flows) sum += flow.amount * (1 + x) ** -flow.t
  return sum
}

function presentValueDerivative(flows: CashFlow[], x: number): number {
  let sum = 0
  for (const flow of flows) sum += -flow.t * flow.amount * (1 + x) ** (-flow.t - 1)
  return sum
}

/**
 * Solves Σ C_k(1+X)^−t_k = Σ D_l(1+X)^−s_l for X (2008/48/EC Annex I) with
 * Newton's method, falling back to bisection when Newton leaves the bracket or
 * stalls. Returns X as a fraction (0.149 = 14.9 %), unrounded.
 */
export function solveApr({ drawdowns, payments }: { drawdowns: CashFlow[]; payments: CashFlow[] }): number {
  const drawn = drawdowns.reduce((sum, flow) => sum + flow.amount, 0)
  const paid = payments.reduce((sum, flow) => sum + flow.amount, 0)
  if (drawdowns.length === 0 || drawn <= 0) throw new Error('APR needs at least one positive drawdown')
  if (payments.length === 0 || paid <= 0) throw new Error('APR needs at least one positive payment')
  // f(x) = PV(payments) − PV(drawdowns): decreasing in x where payments come after drawdowns.
  const f = (x: number) => presentValue(payments, x) - presentValue(drawdowns, x)
  const df = (x: number) => presentValueDerivative(payments, x) - presentValueDerivative(drawdowns, x)

  let low = -0.99
  let high = 1e6
  if (f(low) * f(high) > 0) throw new Error('APR has no solution between −99 % and 100 000 000 %')
  let x = paid / drawn - 1 > 0 ? 0.1 : 0
  for (let iteration = 0; iteration < 200; iteration++) {
    const value = f(x)
    if (Math.abs(value) < 1e-12 * drawn) return x
    // Keep a bracket [low, high] around the root for the bisection fallback.
    if (value * f(low) > 0) low = x
    else high = x
    const slope = df(x)
    let next = slope !== 0 ? x - value / slope : Number.NaN
    if (!Number.isFinite(next) || next <= low || next >= high) next = (low + high) / 2
    if (Math.abs(next - x) < 1e-14) return next
    x = next
  }
  return x
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
  financedBase: number
  annuity: number
  monthlyPayment: number
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

/**
 * Month-by-month repayment in cents. Every instalment is the same billed
 * amount; in the last month the principal is the remaining balance and the
 * interest takes up the rounding of the earlier months, so the sums match the totals.
 */
export function paymentSchedule(input: LoanInput): ScheduleRow[] {
  const base = input.amount + (input.feeFinanced ? input.openingFee : 0)
  const annuity = cents(annuityPayment(base, input.nominalRate, input.months))
  const rows: ScheduleRow[] = []
  let balance = base
  for (let month = 1; month <= input.months; month++) {
    const last = month === input.months
    const interest = last ? cents(annuity - balance) : cents((balance * input.nominalRate) / 12)
    const principal = last ? cents(balance) : cents(annuity - interest)
    balance = last ? 0 : cents(balance - principal)
    rows.push({
      month,
      payment: cents(annuity + input.monthlyFee),
      interest,
      principal,
      fee: input.monthlyFee,
      balance,
    })
  }
  return rows
}

/**
 * What a loan costs: the instalment (annuity + monthly fee, in cents as the
 * lender bills it), the APR from those billed payments, and the totals.
 */
export function loanCost(input: LoanInput): LoanCost {
  const financedBase = input.amount + (input.feeFinanced ? input.openingFee : 0)
  const annuity = cents(annuityPayment(financedBase, input.nominalRate, input.months))
  const monthlyPayment = cents(annuity + input.monthlyFee)
  const upfrontFee = input.feeFinanced ? 0 : input.openingFee
  // The APR uses the instalments as billed (in cents), as the lender's SECCI states them.
  const payments: CashFlow[] = Array.from({ length: input.months }, (_, index) => ({
    t: monthsToYears(index + 1),
    amount: monthlyPayment,
  }))
  if (upfrontFee > 0) payments.unshift({ t: 0, amount: upfrontFee })
  const apr = solveApr({ drawdowns: [{ t: 0, amount: input.amount }], payments })
  const totalPayable = cents(monthlyPayment * input.months + upfrontFee)
  const totalFees = cents(input.openingFee + input.monthlyFee * input.months)
  return {
    ...input,
    financedBase,
    annuity,
    monthlyPayment,
    apr,
    aprPercent: roundHalfUp(apr * 100, 2),
    totalInterest: cents(totalPayable - input.amount - totalFees),
    totalFees,
    totalCost: cents(totalPayable - input.amount),
    totalPayable,
  }
}
