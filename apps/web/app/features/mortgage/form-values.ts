import type { MortgageDataStep } from '@lainava/domain/mortgage/steps'
import {
  applies,
  type FieldSpec,
  type FormValues,
  isLoansStep,
  LOAN_FIELDS,
  STEP_FIELDS,
} from './step-fields.ts'

// Issue 16: a mortgage step's posted form read into the step's data (what the API's schema checks),
// and saved data turned back into the form's text. Plain form posts, so the form works without
// JavaScript; the schemas in packages/domain decide what is valid, not this file.

/** At most this many other-loan rows are read (the schema allows 20; one more shows its error). */
const MAX_LOAN_ROWS = 21
/** No posted text is longer than this (the schemas' own maxima are far below). */
const MAX_TEXT = 1000

type Posted = { get(name: string): FormDataEntryValue | null; getAll(name: string): FormDataEntryValue[] }

const textOf = (value: FormDataEntryValue | null | undefined) =>
  typeof value === 'string' ? value.slice(0, MAX_TEXT) : ''

function setAt(target: Record<string, unknown>, path: string, value: unknown) {
  const keys = path.split('.')
  let node = target
  for (const key of keys.slice(0, -1)) {
    if (typeof node[key] !== 'object' || node[key] === null) node[key] = {}
    node = node[key] as Record<string, unknown>
  }
  node[keys.at(-1) as string] = value
}

/** One field's posted text (trimmed), or its list for a checkbox group. */
function readField(form: Posted, field: FieldSpec, name: string): string | string[] {
  if (field.kind === 'checkboxes') {
    const allowed = new Set(field.values)
    return form
      .getAll(name)
      .map((value) => textOf(value))
      .filter((value) => allowed.has(value))
  }
  return textOf(form.get(name)).trim()
}

/** The step's data from one field's text: empty is absent, yes/no and ticks are booleans. */
function dataValue(field: FieldSpec, value: string | string[]): unknown {
  if (Array.isArray(value)) return value
  if (value === '') return undefined
  if (field.kind === 'yesno') return value === 'true' ? true : value === 'false' ? false : value
  if (field.kind === 'consent') return value === 'true' || value === 'on'
  return value
}

/** How many other-loan rows the form posted (row n has a field named `loans.n.<field>`). */
export function loanRowsOf(values: FormValues): number {
  let rows = 0
  for (const key of Object.keys(values)) {
    const match = /^loans\.(\d+)\./.exec(key)
    if (match) rows = Math.max(rows, Number(match[1]) + 1)
  }
  return rows
}

/**
 * Reads a step's form: `values` to show again (text as typed) and `data` to save, where fields that
 * do not apply (a condition not met) and empty other-loan rows are left out.
 */
export function readStepForm(step: MortgageDataStep, form: Posted): { values: FormValues; data: unknown } {
  const values: FormValues = {}
  const data: Record<string, unknown> = {}
  if (isLoansStep(step)) {
    const loans: Record<string, unknown>[] = []
    for (let row = 0; row < MAX_LOAN_ROWS; row++) {
      const fields = LOAN_FIELDS.map(
        (field) => [field, readField(form, field, `loans.${row}.${field.name}`)] as const,
      )
      // A row left empty is no loan (the form always offers one empty row).
      if (fields.every(([, value]) => value === '')) continue
      const loan: Record<string, unknown> = {}
      for (const [field, value] of fields) {
        values[`loans.${loans.length}.${field.name}`] = value
        const answer = dataValue(field, value)
        if (answer !== undefined) loan[field.name] = answer
      }
      loans.push(loan)
    }
    return { values, data: { loans } }
  }
  const fields = STEP_FIELDS[step]
  for (const field of fields) values[field.name] = readField(form, field, field.name)
  for (const field of fields) {
    if (!applies(field, values)) continue
    const answer = dataValue(field, values[field.name] ?? '')
    if (answer !== undefined) setAt(data, field.name, answer)
  }
  return { values, data }
}

function getAt(source: unknown, path: string): unknown {
  let node = source
  for (const key of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined
    node = (node as Record<string, unknown>)[key]
  }
  return node
}

function textValue(field: FieldSpec, value: unknown): string | string[] {
  if (field.kind === 'checkboxes') return Array.isArray(value) ? value.map(String) : []
  if (value === undefined || value === null) return ''
  if (field.kind === 'consent') return value === true ? 'true' : ''
  return String(value)
}

/** Saved step data as the form's text, to draw the step again (back and forward keep the data). */
export function valuesOfData(step: MortgageDataStep, data: unknown): FormValues {
  const values: FormValues = {}
  if (isLoansStep(step)) {
    const loans = getAt(data, 'loans')
    if (Array.isArray(loans)) {
      loans.forEach((loan, row) => {
        for (const field of LOAN_FIELDS)
          values[`loans.${row}.${field.name}`] = textValue(field, getAt(loan, field.name))
      })
    }
    return values
  }
  for (const field of STEP_FIELDS[step]) values[field.name] = textValue(field, getAt(data, field.name))
  return values
}

// The calculator page's "continue" button carries these (the margin stays on the calculator: a
// percent there, a fraction in the data).
const CALCULATOR_PARAMS = ['price', 'ownFunds', 'years', 'repaymentType'] as const

/** The calculator's figures from the address (`?price=&ownFunds=&years=&repaymentType=`), as typed. */
export function calculatorValuesOf(params: URLSearchParams): FormValues | null {
  const values: FormValues = {}
  for (const name of CALCULATOR_PARAMS) {
    const value = params.get(name)
    if (value !== null && value.length <= 20) values[name] = value.trim()
  }
  return Object.keys(values).length > 0 ? values : null
}

/** The calculator's figures as query parameters, for the next step's address and the login's return. */
export function calculatorQuery(data: Record<string, unknown>): string {
  const params = new URLSearchParams()
  for (const name of CALCULATOR_PARAMS) {
    const value = data[name]
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value))
  }
  return params.toString()
}
