import { MORTGAGE_PURPOSES } from '@lainava/domain/mortgage/rules'
import {
  CURRENT_HOUSING_TYPES,
  FIXED_PERIOD_YEARS,
  MORTGAGE_EDUCATIONS,
  MORTGAGE_EMPLOYMENT_TYPES,
  MORTGAGE_MARITAL_STATUSES,
  MORTGAGE_REFERENCE_RATES,
  NOT_EMPLOYED_TYPES,
  OTHER_LOAN_TYPES,
  OWN_FUNDS_SOURCES,
  PROPERTY_TYPES,
  REPAYMENT_TYPES,
} from '@lainava/domain/mortgage/schemas'
import type { MortgageDataStep } from '@lainava/domain/mortgage/steps'

// Issue 16: what each mortgage step asks, as data. The same list draws the step's inputs
// (step-form.tsx) and reads the posted form back into the step's data (form-values.ts), so a field
// cannot be shown under one name and read under another. Labels are `mortgage.field.<name>`
// (parts/mortgage-form.ts), option labels `mortgage.option.<group>.<value>`.

/** When a field applies, by the step's other answers (the form's current values). */
export type Condition = { field: string; oneOf: readonly string[] }

type Common = {
  /** The field's path in the step's data, dotted (`consents.terms`). */
  name: string
  /** Shown (and sent) only when this holds; without JavaScript always shown, and the server drops it. */
  when?: Condition
  hint?: 'conditional' | 'employerHint' | 'fixedPeriodHint' | 'monthHint'
  autoComplete?: string
}

export type FieldSpec = Common &
  (
    | { kind: 'money' }
    | { kind: 'number'; decimal?: boolean }
    | { kind: 'text'; inputMode?: 'text' | 'email' | 'tel' | 'numeric'; type?: 'text' | 'email' | 'tel' }
    | { kind: 'month' }
    | { kind: 'country' }
    | { kind: 'select'; group: string; values: readonly (string | number)[]; optionKey?: 'years' }
    | { kind: 'radio'; group: string; values: readonly string[] }
    | { kind: 'yesno' }
    | { kind: 'checkboxes'; group: string; values: readonly string[] }
    | { kind: 'consent'; link?: 'terms' | 'privacy' }
  )

/** Fields of one other loan (a repeatable row of `loans`). */
export const LOAN_FIELDS: readonly FieldSpec[] = [
  { kind: 'select', name: 'type', group: 'loanType', values: OTHER_LOAN_TYPES },
  { kind: 'text', name: 'lender' },
  { kind: 'money', name: 'balance' },
  { kind: 'money', name: 'monthlyPayment' },
]

const person: readonly FieldSpec[] = [
  { kind: 'text', name: 'firstName', autoComplete: 'given-name' },
  { kind: 'text', name: 'lastName', autoComplete: 'family-name' },
  { kind: 'text', name: 'hetu' },
  { kind: 'text', name: 'email', type: 'email', inputMode: 'email', autoComplete: 'email' },
  { kind: 'text', name: 'phone', type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
  { kind: 'text', name: 'streetAddress', autoComplete: 'street-address' },
  { kind: 'text', name: 'postalCode', inputMode: 'numeric', autoComplete: 'postal-code' },
  { kind: 'text', name: 'city', autoComplete: 'address-level2' },
  { kind: 'country', name: 'citizenship' },
]

// The co-applicant's contact details are not the signed-in person's: no autofill of their own.
const coPerson: readonly FieldSpec[] = person.map(({ autoComplete: _own, ...field }) => ({
  ...field,
  autoComplete: 'off',
}))

const details: readonly FieldSpec[] = [
  { kind: 'select', name: 'maritalStatus', group: 'maritalStatus', values: MORTGAGE_MARITAL_STATUSES },
  { kind: 'select', name: 'currentHousing', group: 'currentHousing', values: CURRENT_HOUSING_TYPES },
  { kind: 'select', name: 'education', group: 'education', values: MORTGAGE_EDUCATIONS },
]

const EMPLOYED = MORTGAGE_EMPLOYMENT_TYPES.filter((type) => !NOT_EMPLOYED_TYPES.includes(type))

const work: readonly FieldSpec[] = [
  { kind: 'select', name: 'employmentType', group: 'employmentType', values: MORTGAGE_EMPLOYMENT_TYPES },
  {
    kind: 'text',
    name: 'employer',
    hint: 'employerHint',
    when: { field: 'employmentType', oneOf: EMPLOYED },
    autoComplete: 'organization',
  },
  { kind: 'text', name: 'occupation', autoComplete: 'organization-title' },
  {
    kind: 'month',
    name: 'employedSince',
    hint: 'monthHint',
    when: { field: 'employmentType', oneOf: EMPLOYED },
  },
]

const income: readonly FieldSpec[] = [
  { kind: 'money', name: 'monthlyGrossIncome' },
  { kind: 'money', name: 'monthlyNetIncome' },
  { kind: 'money', name: 'otherMonthlyIncome' },
  { kind: 'money', name: 'savings' },
  { kind: 'money', name: 'investments' },
]

/** The fields of every step that carries data; `other-loans` steps have the repeatable `loans` rows. */
export const STEP_FIELDS: Record<MortgageDataStep, readonly FieldSpec[]> = {
  calculator: [
    { kind: 'money', name: 'price' },
    { kind: 'money', name: 'ownFunds' },
    { kind: 'number', name: 'years' },
    { kind: 'radio', name: 'repaymentType', group: 'repaymentType', values: REPAYMENT_TYPES },
  ],
  'mortgage-application': [
    { kind: 'select', name: 'purpose', group: 'purpose', values: MORTGAGE_PURPOSES },
    { kind: 'yesno', name: 'hasCoApplicant' },
    { kind: 'consent', name: 'consents.terms', link: 'terms' },
    { kind: 'consent', name: 'consents.privacy', link: 'privacy' },
    { kind: 'consent', name: 'consents.creditCheck' },
  ],
  'personal-information': person,
  'property-information': [
    { kind: 'select', name: 'propertyType', group: 'propertyType', values: PROPERTY_TYPES },
    { kind: 'text', name: 'streetAddress' },
    { kind: 'text', name: 'postalCode', inputMode: 'numeric' },
    { kind: 'text', name: 'city' },
    { kind: 'money', name: 'price' },
    { kind: 'number', name: 'livingArea', decimal: true },
    { kind: 'number', name: 'buildYear' },
    { kind: 'money', name: 'housingCompanyLoanShare' },
    { kind: 'money', name: 'maintenanceCharge' },
  ],
  'loan-requirement': [
    { kind: 'money', name: 'loanAmount' },
    { kind: 'number', name: 'years' },
    { kind: 'radio', name: 'repaymentType', group: 'repaymentType', values: REPAYMENT_TYPES },
    { kind: 'radio', name: 'referenceRate', group: 'referenceRate', values: MORTGAGE_REFERENCE_RATES },
    {
      kind: 'select',
      name: 'fixedPeriodYears',
      group: 'fixedPeriodYears',
      values: FIXED_PERIOD_YEARS,
      optionKey: 'years',
      hint: 'fixedPeriodHint',
      when: { field: 'referenceRate', oneOf: ['fixed-period'] },
    },
  ],
  'funding-proposal': [
    { kind: 'money', name: 'ownFunds' },
    { kind: 'checkboxes', name: 'ownFundsSources', group: 'ownFundsSource', values: OWN_FUNDS_SOURCES },
    { kind: 'yesno', name: 'aspSaving' },
    {
      kind: 'money',
      name: 'aspBalance',
      hint: 'conditional',
      when: { field: 'aspSaving', oneOf: ['true'] },
    },
    { kind: 'yesno', name: 'otherCollateral' },
    {
      kind: 'text',
      name: 'otherCollateralDescription',
      hint: 'conditional',
      when: { field: 'otherCollateral', oneOf: ['true'] },
    },
    {
      kind: 'money',
      name: 'otherCollateralValue',
      hint: 'conditional',
      when: { field: 'otherCollateral', oneOf: ['true'] },
    },
    { kind: 'yesno', name: 'stateGuarantee' },
  ],
  'details-of-lead-applicant': details,
  'household-information': [
    { kind: 'number', name: 'adults' },
    { kind: 'number', name: 'children' },
    { kind: 'money', name: 'childMaintenanceCosts' },
    { kind: 'money', name: 'otherHousingCosts' },
  ],
  'work-details': work,
  'income-and-wealth': income,
  'other-loans': [],
  'co-applicant-personal-information': coPerson,
  'co-applicant-details': details,
  'co-applicant-work-details': work,
  'co-applicant-income-and-wealth': income,
  'co-applicant-other-loans': [],
}

export const isLoansStep = (step: MortgageDataStep) =>
  step === 'other-loans' || step === 'co-applicant-other-loans'

/** Whether a field applies given the form's current values (a field without a condition always does). */
export function applies(field: FieldSpec, values: FormValues): boolean {
  if (!field.when) return true
  const value = values[field.when.field]
  return typeof value === 'string' && field.when.oneOf.includes(value)
}

/** A step's answers as the form holds them: text per field path, a list for checkbox groups. */
export type FormValues = Record<string, string | string[]>
