import { z } from 'zod'
import { COUNTRY_CODES } from '../application/countries.ts'
import { normalizePhone } from '../application/phone.ts'
import { fields } from '../application/schemas.ts'
import { normalizeEmail } from '../email.ts'
import { ageOn, isValidEmail, isValidHenkilotunnus, parseHenkilotunnus } from '../validators.ts'
import { MORTGAGE_LIMITS, MORTGAGE_PURPOSES, maxYears } from './rules.ts'
import type { MortgageDataStep } from './steps.ts'

// Issue 16: one zod schema per mortgage step, for the web form and the API alike (house style 3).
// Money in whole euros, rates as fractions, years as integers. Every message is a catalogue key
// `mortgage.error.<code>` (packages/i18n/src/locales/parts/mortgage-form.ts), translated where it
// is shown; none takes parameters, since the API translates field messages without any.

export const MORTGAGE_ERROR_CODES = [
  'required',
  'invalid',
  'chooseOne',
  'moneyRange',
  'wholeEuros',
  'numberRange',
  'yearsRange',
  'marginRange',
  'areaRange',
  'buildYearRange',
  'hetuInvalid',
  'adult',
  'emailInvalid',
  'phoneInvalid',
  'postalCodeInvalid',
  'nameInvalid',
  'consentRequired',
  'monthInvalid',
  'monthFuture',
  'ownFundsOverPrice',
  'loanTooSmall',
  'loanTooLarge',
  'netAboveGross',
  'sameHetu',
  'tooManyLoans',
] as const
export type MortgageErrorCode = (typeof MORTGAGE_ERROR_CODES)[number]
export type MortgageErrorKey = `mortgage.error.${MortgageErrorCode}`
const key = (code: MortgageErrorCode): MortgageErrorKey => `mortgage.error.${code}`

const REQUIRED = key('required')
const { toNumber } = fields

const obj = <Shape extends z.core.$ZodLooseShape>(shape: Shape) => z.object(shape, { error: REQUIRED })
const flag = () => z.boolean({ error: REQUIRED })
const choice = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: REQUIRED })
const text = (max: number) => z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max, key('invalid'))

const numberError = (rangeKey: MortgageErrorKey) => (issue: { input?: unknown }) =>
  issue.input === undefined ? REQUIRED : rangeKey

/** Whole euros between `min` and `max`; "250 000" and "250000" are the same. */
export const euros = (min: number, max: number) =>
  z.preprocess(
    toNumber,
    z
      .number({ error: numberError(key('moneyRange')) })
      .int(key('wholeEuros'))
      .min(min, key('moneyRange'))
      .max(max, key('moneyRange')),
  )

const wholeNumber = (min: number, max: number, rangeKey: MortgageErrorKey = key('numberRange')) =>
  z.preprocess(
    toNumber,
    z
      .number({ error: numberError(rangeKey) })
      .int(rangeKey)
      .min(min, rangeKey)
      .max(max, rangeKey),
  )

/** Repayment period: whole years, at most the legal maximum of the day the data is checked. */
const yearsField = z.preprocess(
  toNumber,
  z
    .number({ error: numberError(key('yearsRange')) })
    .int(key('yearsRange'))
    .min(MORTGAGE_LIMITS.minYears, key('yearsRange'))
    .refine((years) => years <= maxYears(new Date()), key('yearsRange')),
)

const nameField = text(60).regex(/^\p{L}[\p{L}\p{M} '’.-]*$/u, key('nameInvalid'))

const postalCode = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .regex(/^\d{5}$/, key('postalCodeInvalid'))

/** Henkilötunnus (checksum, 2023 century signs), not a temporary number, of an adult on the day. */
export const MortgageHetuSchema = z
  .string({ error: REQUIRED })
  .trim()
  .toUpperCase()
  .min(1, REQUIRED)
  .superRefine((value, ctx) => {
    if (!isValidHenkilotunnus(value)) {
      ctx.addIssue({ code: 'custom', message: key('hetuInvalid') })
      return
    }
    const parsed = parseHenkilotunnus(value)
    if (parsed && ageOn(parsed.birthDate, new Date()) < 18)
      ctx.addIssue({ code: 'custom', message: key('adult') })
  })

const email = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .refine(isValidEmail, key('emailInvalid'))
  .transform(normalizeEmail)

/** A phone number as E.164 (Finnish numbers without a country code are read as +358). */
const phone = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .transform((value, ctx) => {
    const e164 = normalizePhone(value)
    if (!e164) {
      ctx.addIssue({ code: 'custom', message: key('phoneInvalid') })
      return z.NEVER
    }
    return e164
  })

/** `YYYY-MM`, a real month, not after this month. */
const pastMonth = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .superRefine((value, ctx) => {
    const match = /^(\d{4})-(\d{2})$/.exec(value)
    const month = match ? Number(match[2]) : 0
    if (!match || month < 1 || month > 12 || Number(match[1]) < 1900) {
      ctx.addIssue({ code: 'custom', message: key('monthInvalid') })
      return
    }
    if (value > new Date().toISOString().slice(0, 7))
      ctx.addIssue({ code: 'custom', message: key('monthFuture') })
  })

// Enumerations (contract, issue 16). Labels: mortgage.option.<group>.<value>.
export const REPAYMENT_TYPES = ['annuity', 'equal-principal', 'fixed-instalment'] as const
export type RepaymentType = (typeof REPAYMENT_TYPES)[number]
export const MORTGAGE_REFERENCE_RATES = ['euribor-12', 'fixed-period'] as const
export type MortgageReferenceRate = (typeof MORTGAGE_REFERENCE_RATES)[number]
export const FIXED_PERIOD_YEARS = [3, 5, 10] as const
export const PROPERTY_TYPES = ['apartment', 'row-house', 'detached-house', 'holiday-home', 'plot'] as const
export const OWN_FUNDS_SOURCES = [
  'savings',
  'sale-of-current-home',
  'gift-or-inheritance',
  'asp-account',
  'other',
] as const
export const MORTGAGE_MARITAL_STATUSES = ['single', 'married', 'cohabiting', 'divorced', 'widowed'] as const
export const CURRENT_HOUSING_TYPES = [
  'owner',
  'rental',
  'right-of-occupancy',
  'with-parents',
  'other',
] as const
export const MORTGAGE_EDUCATIONS = [
  'basic',
  'upper-secondary',
  'vocational',
  'bachelor',
  'master',
  'other',
] as const
export const MORTGAGE_EMPLOYMENT_TYPES = [
  'permanent',
  'fixed-term',
  'self-employed',
  'entrepreneur',
  'retired',
  'student',
  'unemployed',
  'other',
] as const
/** Without an employer: the employer and the start month are not asked. */
export const NOT_EMPLOYED_TYPES: ReadonlyArray<(typeof MORTGAGE_EMPLOYMENT_TYPES)[number]> = [
  'retired',
  'student',
  'unemployed',
]
export const OTHER_LOAN_TYPES = [
  'mortgage',
  'consumer-loan',
  'vehicle-loan',
  'student-loan',
  'credit-card',
  'other',
] as const

/** The option groups and their values, for the label keys `mortgage.option.<group>.<value>`. */
export const MORTGAGE_OPTIONS = {
  repaymentType: REPAYMENT_TYPES,
  purpose: MORTGAGE_PURPOSES,
  propertyType: PROPERTY_TYPES,
  referenceRate: MORTGAGE_REFERENCE_RATES,
  ownFundsSource: OWN_FUNDS_SOURCES,
  maritalStatus: MORTGAGE_MARITAL_STATUSES,
  currentHousing: CURRENT_HOUSING_TYPES,
  education: MORTGAGE_EDUCATIONS,
  employmentType: MORTGAGE_EMPLOYMENT_TYPES,
  loanType: OTHER_LOAN_TYPES,
} as const

const L = MORTGAGE_LIMITS

export const CalculatorStepSchema = obj({
  price: euros(L.minPrice, L.maxPrice),
  ownFunds: euros(0, L.maxPrice),
  years: yearsField,
  repaymentType: choice(REPAYMENT_TYPES),
  /** A fraction (0.006 = 0,60 %); without it the survey's average margin is used. */
  margin: z
    .preprocess(
      toNumber,
      z
        .number({ error: key('marginRange') })
        .min(0, key('marginRange'))
        .max(L.maxMargin, key('marginRange')),
    )
    .optional(),
}).superRefine((value, ctx) => {
  const loan = value.price - value.ownFunds
  if (value.ownFunds > value.price) {
    ctx.addIssue({ code: 'custom', path: ['ownFunds'], message: key('ownFundsOverPrice') })
  } else if (loan < L.minLoan) {
    ctx.addIssue({ code: 'custom', path: ['ownFunds'], message: key('loanTooSmall') })
  } else if (loan > L.maxLoan) {
    ctx.addIssue({ code: 'custom', path: ['ownFunds'], message: key('loanTooLarge') })
  }
})

const mustAccept = z.literal(true, { error: key('consentRequired') })

export const MortgageApplicationStepSchema = obj({
  purpose: choice(MORTGAGE_PURPOSES),
  hasCoApplicant: flag(),
  consents: obj({ terms: mustAccept, privacy: mustAccept, creditCheck: mustAccept }),
})

export const personSchema = obj({
  firstName: nameField,
  lastName: nameField,
  hetu: MortgageHetuSchema,
  email,
  phone,
  streetAddress: text(100),
  postalCode,
  city: text(60),
  citizenship: z
    .string({ error: REQUIRED })
    .trim()
    .toUpperCase()
    .pipe(z.enum(COUNTRY_CODES, { error: key('invalid') })),
})

export const PropertyInformationStepSchema = obj({
  propertyType: choice(PROPERTY_TYPES),
  streetAddress: text(100),
  postalCode,
  city: text(60),
  price: euros(L.minPrice, L.maxPrice),
  /** m², one decimal at most. */
  livingArea: z.preprocess(
    toNumber,
    z
      .number({ error: numberError(key('areaRange')) })
      .min(1, key('areaRange'))
      .max(2_000, key('areaRange'))
      .refine((area) => Math.abs(Math.round(area * 10) - area * 10) < 1e-6, key('areaRange')),
  ),
  buildYear: z.preprocess(
    toNumber,
    z
      .number({ error: numberError(key('buildYearRange')) })
      .int(key('buildYearRange'))
      .min(1600, key('buildYearRange'))
      // A home still being built may be finished a few years ahead.
      .refine((year) => year <= new Date().getUTCFullYear() + 5, key('buildYearRange')),
  ),
  housingCompanyLoanShare: euros(0, L.maxPrice).default(0),
  maintenanceCharge: euros(0, 20_000).default(0),
})

export const LoanRequirementStepSchema = obj({
  loanAmount: euros(L.minLoan, L.maxLoan),
  years: yearsField,
  repaymentType: choice(REPAYMENT_TYPES),
  referenceRate: choice(MORTGAGE_REFERENCE_RATES),
  fixedPeriodYears: z
    .preprocess(toNumber, z.literal(FIXED_PERIOD_YEARS, { error: key('invalid') }))
    .optional(),
})
  .superRefine((value, ctx) => {
    if (value.referenceRate === 'fixed-period' && value.fixedPeriodYears === undefined)
      ctx.addIssue({ code: 'custom', path: ['fixedPeriodYears'], message: REQUIRED })
  })
  // A fixed period left over from an earlier choice means nothing with the Euribor.
  .transform(({ fixedPeriodYears, ...value }) =>
    value.referenceRate === 'fixed-period' ? { ...value, fixedPeriodYears } : value,
  )

export const FundingProposalStepSchema = obj({
  ownFunds: euros(0, L.maxPrice),
  ownFundsSources: z
    .array(choice(OWN_FUNDS_SOURCES), { error: REQUIRED })
    .max(OWN_FUNDS_SOURCES.length, key('invalid'))
    .refine((sources) => new Set(sources).size === sources.length, key('invalid')),
  aspSaving: flag(),
  aspBalance: euros(0, L.maxPrice).optional(),
  otherCollateral: flag(),
  otherCollateralDescription: text(200).optional(),
  otherCollateralValue: euros(1, L.maxPrice).optional(),
  stateGuarantee: flag(),
})
  .superRefine((value, ctx) => {
    // Where own funds come from is asked only when there are some.
    if (value.ownFunds > 0 && value.ownFundsSources.length === 0)
      ctx.addIssue({ code: 'custom', path: ['ownFundsSources'], message: key('chooseOne') })
    if (value.aspSaving && value.aspBalance === undefined)
      ctx.addIssue({ code: 'custom', path: ['aspBalance'], message: REQUIRED })
    if (value.otherCollateral) {
      for (const field of ['otherCollateralDescription', 'otherCollateralValue'] as const)
        if (value[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: REQUIRED })
    }
  })
  // Answers to questions that no longer apply are not kept.
  .transform(({ aspBalance, otherCollateralDescription, otherCollateralValue, ...value }) => ({
    ...value,
    ...(value.aspSaving ? { aspBalance } : {}),
    ...(value.otherCollateral ? { otherCollateralDescription, otherCollateralValue } : {}),
  }))

export const personDetailsSchema = obj({
  maritalStatus: choice(MORTGAGE_MARITAL_STATUSES),
  currentHousing: choice(CURRENT_HOUSING_TYPES),
  education: choice(MORTGAGE_EDUCATIONS),
})

export const HouseholdInformationStepSchema = obj({
  adults: wholeNumber(1, 10),
  children: wholeNumber(0, 15),
  childMaintenanceCosts: euros(0, 20_000),
  otherHousingCosts: euros(0, 20_000),
})

export const workSchema = obj({
  employmentType: choice(MORTGAGE_EMPLOYMENT_TYPES),
  employer: text(100).optional(),
  occupation: text(100),
  employedSince: pastMonth.optional(),
})
  .superRefine((value, ctx) => {
    if (NOT_EMPLOYED_TYPES.includes(value.employmentType)) return
    for (const field of ['employer', 'employedSince'] as const)
      if (value[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: REQUIRED })
  })
  .transform(({ employer, employedSince, ...value }) =>
    NOT_EMPLOYED_TYPES.includes(value.employmentType) ? value : { ...value, employer, employedSince },
  )

export const incomeSchema = obj({
  monthlyGrossIncome: euros(0, 1_000_000),
  monthlyNetIncome: euros(0, 1_000_000),
  otherMonthlyIncome: euros(0, 1_000_000),
  savings: euros(0, 100_000_000),
  investments: euros(0, 100_000_000),
}).superRefine((value, ctx) => {
  if (value.monthlyNetIncome > value.monthlyGrossIncome)
    ctx.addIssue({ code: 'custom', path: ['monthlyNetIncome'], message: key('netAboveGross') })
})

export const otherLoansSchema = obj({
  loans: z
    .array(
      obj({
        type: choice(OTHER_LOAN_TYPES),
        lender: text(100),
        balance: euros(0, L.maxPrice),
        monthlyPayment: euros(0, 1_000_000),
      }),
      { error: key('invalid') },
    )
    .max(20, key('tooManyLoans'))
    .default([]),
})

/** The schema of each step that carries data, by step id. */
export const mortgageStepSchemas = {
  calculator: CalculatorStepSchema,
  'mortgage-application': MortgageApplicationStepSchema,
  'personal-information': personSchema,
  'property-information': PropertyInformationStepSchema,
  'loan-requirement': LoanRequirementStepSchema,
  'funding-proposal': FundingProposalStepSchema,
  'details-of-lead-applicant': personDetailsSchema,
  'household-information': HouseholdInformationStepSchema,
  'work-details': workSchema,
  'income-and-wealth': incomeSchema,
  'other-loans': otherLoansSchema,
  'co-applicant-personal-information': personSchema,
  'co-applicant-details': personDetailsSchema,
  'co-applicant-work-details': workSchema,
  'co-applicant-income-and-wealth': incomeSchema,
  'co-applicant-other-loans': otherLoansSchema,
} as const satisfies Record<MortgageDataStep, z.ZodType>

/** A step's data as the schema answers it (what the server stores). */
export type MortgageStepData<S extends MortgageDataStep> = z.output<(typeof mortgageStepSchemas)[S]>
/** A step's data as a client may send it (numbers may be text). */
export type MortgageStepInput<S extends MortgageDataStep> = z.input<(typeof mortgageStepSchemas)[S]>

/** The whole application's data, keyed by step id; a step not yet answered is absent. */
export type MortgageApplicationData = Partial<{ [S in MortgageDataStep]: MortgageStepData<S> }>
