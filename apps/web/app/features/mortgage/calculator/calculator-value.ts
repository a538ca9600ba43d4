import { roundHalfUp } from '@lainava/domain/loan-math'
import { MORTGAGE_LIMITS } from '@lainava/domain/mortgage/rules'
import { CalculatorStepSchema, REPAYMENT_TYPES, type RepaymentType } from '@lainava/domain/mortgage/schemas'
import type { z } from 'zod'
import { parseLocaleNumber } from '../../../components/ui/number-input.tsx'

// The calculator's value as the form holds it, and the two edges it crosses: the address
// (`?price=…&ownFunds=…&years=…&repaymentType=…`, also how the calculator page hands its figures to
// /asuntolainahakemus/) and the domain's calculator step (margin a fraction there, a percent here).

export type MortgageCalculatorValue = {
  price: number | null
  ownFunds: number | null
  years: number | null
  repaymentType: RepaymentType
  /** The margin the person typed, in percent (0.6 = 0,60 %); null: the survey's average. */
  marginPercent: number | null
}

export type CalculatorStepData = z.output<typeof CalculatorStepSchema>
export type CalculatorField = keyof MortgageCalculatorValue

export const DEFAULT_CALCULATOR_VALUE: MortgageCalculatorValue = {
  price: MORTGAGE_LIMITS.defaultPrice,
  ownFunds: MORTGAGE_LIMITS.defaultOwnFunds,
  years: MORTGAGE_LIMITS.defaultYears,
  repaymentType: 'annuity',
  marginPercent: null,
}

const isRepaymentType = (value: string | null): value is RepaymentType =>
  (REPAYMENT_TYPES as readonly (string | null)[]).includes(value)

/**
 * The calculator's value from an address. Numbers may be typed in the page's style ("250 000",
 * "€250,000", "0,6"): the page's own form sends them as shown. A missing or unreadable figure
 * keeps the default; a present one is kept as it is, for the schema to judge.
 */
export function calculatorValueFromQuery(
  params: URLSearchParams,
  locale: string,
  defaults: MortgageCalculatorValue = DEFAULT_CALCULATOR_VALUE,
): MortgageCalculatorValue {
  const number = (name: string, fallback: number | null) => {
    const text = params.get(name)
    // Hostile or absurd input is capped before it reaches any maths.
    if (text === null || text.length > 40) return fallback
    return parseLocaleNumber(text, locale) ?? fallback
  }
  const repaymentType = params.get('repaymentType')
  return {
    price: number('price', defaults.price),
    ownFunds: number('ownFunds', defaults.ownFunds),
    years: number('years', defaults.years),
    repaymentType: isRepaymentType(repaymentType) ? repaymentType : defaults.repaymentType,
    marginPercent: number('marginPercent', defaults.marginPercent),
  }
}

export type CalculatorCheck =
  | { ok: true; data: CalculatorStepData }
  | { ok: false; errors: Partial<Record<CalculatorField, string>> }

/** The value through the domain's calculator schema: the step's data, or a message key per field. */
export function checkCalculatorValue(value: MortgageCalculatorValue): CalculatorCheck {
  const result = CalculatorStepSchema.safeParse({
    price: value.price ?? undefined,
    ownFunds: value.ownFunds ?? undefined,
    years: value.years ?? undefined,
    repaymentType: value.repaymentType,
    // Percent at this edge, a fraction in the domain: converted here, once.
    margin: value.marginPercent === null ? undefined : roundHalfUp(value.marginPercent / 100, 6),
  })
  if (result.success) return { ok: true, data: result.data }
  const errors: Partial<Record<CalculatorField, string>> = {}
  for (const issue of result.error.issues) {
    const name = issue.path[0]
    const field: CalculatorField | undefined =
      name === 'margin' ? 'marginPercent' : (name as CalculatorField | undefined)
    if (field) errors[field] ??= issue.message
  }
  return { ok: false, errors }
}

/** The query string that hands the calculator's figures to the application form. */
export function applicationQuery(data: CalculatorStepData): string {
  return new URLSearchParams({
    price: String(data.price),
    ownFunds: String(data.ownFunds),
    years: String(data.years),
    repaymentType: data.repaymentType,
  }).toString()
}
