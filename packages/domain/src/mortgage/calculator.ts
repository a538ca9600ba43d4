import { type CashFlow, findAprDetailed, monthsToYears, roundHalfUp } from '../loan-math.ts'
import { type EuriborQuote, type ExampleSource, mortgageExamplePricing } from '../pricing-profiles.ts'
import type { RepaymentType } from './schemas.ts'

// Issue 16: the mortgage calculator's maths. Money in euros (instalments in cents as a bank bills
// them), rates as fractions. The reference rate is the 12-month Euribor of the site's data
// (floored at zero, as Finnish banks do) and is held constant over the whole term, as the
// Mortgage Credit Directive 2014/17/EU (Annex I, part II) assumes for the APR of a variable-rate
// loan; the stress rows show what a higher Euribor would do.

const cents = (value: number) => roundHalfUp(value, 2)

/** How much the stress rows raise the Euribor: the 2 and 5 points banks show. */
export const EURIBOR_STRESS_RISES = [0.02, 0.05] as const

/** The longest a fixed-instalment loan may stretch before we say the instalment no longer repays it. */
const MAX_STRETCH_MONTHS = 100 * 12

export type MortgageScheduleInput = {
  amount: number
  months: number
  nominalRate: number
  repaymentType: RepaymentType
}

export type MortgageScheduleRow = {
  month: number
  payment: number
  interest: number
  principal: number
  balance: number
}

/** The monthly rate's interest on a balance, in cents. */
const interestOn = (balance: number, nominalRate: number) => cents((balance * nominalRate) / 12)

/** The level instalment (interest + principal) of an annuity, in cents; a zero rate repays B/n. */
export function annuityInstalment(amount: number, nominalRate: number, months: number): number {
  const r = nominalRate / 12
  return cents(r === 0 ? amount / months : (amount * r) / (1 - (1 + r) ** -months))
}

/**
 * Month by month, as a bank bills it: interest on the balance each month in cents, and the last
 * instalment pays off exactly what is left (it absorbs the cents of rounding).
 * - annuity and fixed instalment: the same instalment every month (at a constant rate the two
 *   are one schedule; they differ when the rate changes, see `stressRow`);
 * - equal principal: the same repayment B/n every month, plus that month's interest.
 */
export function mortgageSchedule(input: MortgageScheduleInput): MortgageScheduleRow[] {
  const { amount, months, nominalRate, repaymentType } = input
  if (!(Number.isFinite(amount) && amount > 0) || !Number.isInteger(months) || months <= 0)
    throw new RangeError(
      `a mortgage needs a positive amount and a whole number of months: ${amount}, ${months}`,
    )
  if (!(Number.isFinite(nominalRate) && nominalRate >= 0))
    throw new RangeError(`bad nominal rate: ${nominalRate}`)
  const level = annuityInstalment(amount, nominalRate, months)
  const repayment = cents(amount / months)
  const rows: MortgageScheduleRow[] = []
  let balance = cents(amount)
  for (let month = 1; month <= months; month++) {
    const interest = interestOn(balance, nominalRate)
    const due = repaymentType === 'equal-principal' ? repayment : Math.max(0, level - interest)
    const principal = month === months ? balance : Math.min(balance, cents(due))
    balance = cents(balance - principal)
    rows.push({ month, payment: cents(interest + principal), interest, principal, balance })
  }
  return rows
}

/**
 * How many months a fixed instalment takes to repay `amount` at `nominalRate`, counted as the bank
 * bills it; null when it never does (the instalment does not exceed the interest, or the loan
 * would run over a hundred years: then a bank raises the instalment).
 */
export function monthsToRepay(amount: number, nominalRate: number, instalment: number): number | null {
  let balance = cents(amount)
  for (let month = 1; month <= MAX_STRETCH_MONTHS; month++) {
    const interest = interestOn(balance, nominalRate)
    if (instalment <= interest) return null
    balance = cents(balance - (instalment - interest))
    if (balance <= 0) return month
  }
  return null
}

export type StressRow = {
  /** How much the Euribor rises, as a fraction (0.02 = 2 points). */
  rise: number
  nominalRate: number
  /** The first instalment at the higher rate (for a fixed instalment: the same instalment). */
  firstInstalment: number
  /** The loan's length in months at the higher rate: the period itself, or how far a fixed instalment stretches it (null: it never repays). */
  months: number | null
}

export type MortgageCalculatorInput = {
  price: number
  ownFunds: number
  years: number
  repaymentType: RepaymentType
  /** The bank's margin as a fraction; without it the survey's average margin. */
  margin?: number
}

export type MortgageCalculation = {
  loanAmount: number
  months: number
  repaymentType: RepaymentType
  euribor: EuriborQuote
  /** The reference rate used: the Euribor, floored at zero. */
  referenceRate: number
  margin: number
  /** Whether the margin is the survey's average (the person did not give one). */
  marginFromSurvey: boolean
  nominalRate: number
  /** Costs other than interest, paid at signing (the survey's average for its sample loan). */
  openingFee: number
  firstInstalment: number
  lastInstalment: number
  totalInterest: number
  /** Interest and fees: the credit's total cost. */
  totalCost: number
  totalPayable: number
  /** Annual percentage rate, a fraction, with the reference rate held constant. */
  apr: number
  stress: StressRow[]
  /** Where the margin and the fees come from. */
  source: ExampleSource
}

export type MortgageCalculationResult =
  | { ok: true; calculation: MortgageCalculation }
  | { ok: false; problem: 'NO_LOAN' | 'INVALID_TERMS' }

/** The first instalment and the length of the loan if the Euribor rises by `rise` from the start. */
function stressRow(
  loan: number,
  months: number,
  nominalRate: number,
  type: RepaymentType,
  rise: number,
): StressRow {
  const rate = roundHalfUp(nominalRate + rise, 6)
  if (type === 'fixed-instalment') {
    // The instalment agreed at the start stays; the higher rate stretches the period.
    const instalment = annuityInstalment(loan, nominalRate, months)
    return {
      rise,
      nominalRate: rate,
      firstInstalment: instalment,
      months: monthsToRepay(loan, rate, instalment),
    }
  }
  const first = mortgageSchedule({ amount: loan, months, nominalRate: rate, repaymentType: type })[0]
  return { rise, nominalRate: rate, firstInstalment: first?.payment ?? 0, months }
}

/**
 * The calculator: the loan (price − own funds), its instalments, totals and APR on the latest
 * Euribor + the margin, and the stress rows. `openingFee` defaults to the survey's average costs.
 */
export function calculateMortgage(
  input: MortgageCalculatorInput,
  euribor: EuriborQuote,
  options: { openingFee?: number } = {},
): MortgageCalculationResult {
  const { price, ownFunds, years, repaymentType } = input
  const loanAmount = roundHalfUp(price - ownFunds, 2)
  const months = years * 12
  if (!Number.isFinite(loanAmount) || loanAmount <= 0) return { ok: false, problem: 'NO_LOAN' }
  if (!Number.isInteger(months) || months <= 0) return { ok: false, problem: 'INVALID_TERMS' }
  const survey = mortgageExamplePricing(euribor)
  if (survey.source.kind !== 'mortgage-survey') return { ok: false, problem: 'INVALID_TERMS' }
  const referenceRate = Math.max(0, euribor.rate)
  const margin = input.margin ?? survey.source.margin
  if (!(Number.isFinite(margin) && margin >= 0)) return { ok: false, problem: 'INVALID_TERMS' }
  const nominalRate = roundHalfUp(referenceRate + margin, 6)
  const openingFee = cents(options.openingFee ?? survey.openingFee)

  const rows = mortgageSchedule({ amount: loanAmount, months, nominalRate, repaymentType })
  // Directive Annex I: the drawdown at t = 0, the fee paid at signing at t = 0, instalment k at k/12.
  const payments: CashFlow[] = rows.map((row) => ({ t: monthsToYears(row.month), amount: row.payment }))
  if (openingFee > 0) payments.unshift({ t: 0, amount: openingFee })
  const solution = findAprDetailed({ drawdowns: [{ t: 0, amount: loanAmount }], payments })
  if ('problem' in solution) return { ok: false, problem: 'INVALID_TERMS' }

  const totalInterest = cents(rows.reduce((sum, row) => sum + row.interest, 0))
  const totalCost = cents(totalInterest + openingFee)
  return {
    ok: true,
    calculation: {
      loanAmount,
      months,
      repaymentType,
      euribor,
      referenceRate,
      margin,
      marginFromSurvey: input.margin === undefined,
      nominalRate,
      openingFee,
      firstInstalment: rows[0]?.payment ?? 0,
      lastInstalment: rows.at(-1)?.payment ?? 0,
      totalInterest,
      totalCost,
      totalPayable: cents(loanAmount + totalCost),
      apr: solution.apr,
      stress: EURIBOR_STRESS_RISES.map((rise) =>
        stressRow(loanAmount, months, nominalRate, repaymentType, rise),
      ),
      source: survey.source,
    },
  }
}
