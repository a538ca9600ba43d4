import { z } from 'zod'
import { CONSUMER_LOAN_LIMITS } from '../constants.ts'
import { normalizeEmail } from '../email.ts'
import { ageOn, isValidEmail, isValidHenkilotunnus, parseHenkilotunnus } from '../validators.ts'
import { COUNTRY_CODES } from './countries.ts'
import {
  CARD_TYPES,
  CONSUMER_LOAN_PURPOSES,
  DEBT_TYPES,
  EDUCATIONS,
  EMPLOYED_TYPES,
  EMPLOYMENT_TYPES,
  HOME_TYPES,
  HOUSING_TYPES,
  JOB_POSITIONS,
  MARITAL_STATUSES,
} from './enums.ts'
import { normalizePhone } from './phone.ts'

// One schema for the browser and the API (house style 3). Messages are
// catalogue keys, translated where they are shown.

export const VALIDATION_MESSAGE_KEYS = [
  'validation.required',
  'validation.invalid',
  'validation.hetu.invalid',
  'validation.age.adult',
  'validation.email.invalid',
  'validation.phone.invalid',
  'validation.amount.range',
  'validation.period.range',
  'validation.money.range',
  'validation.date.invalid',
  'validation.date.future',
  'validation.postcode.invalid',
  'validation.name.invalid',
  'validation.consent.required',
  'validation.income.netAboveGross',
  'validation.coApplicant.sameHetu',
  'validation.number.range',
  'validation.businessId.invalid',
  'validation.sme.amount.range',
  'validation.sme.period.range',
] as const
export type ValidationMessageKey = (typeof VALIDATION_MESSAGE_KEYS)[number]

const REQUIRED: ValidationMessageKey = 'validation.required'

// Every schema here answers with a catalogue key, also for a wrong type (not zod's English default).
const obj = <Shape extends z.core.$ZodLooseShape>(shape: Shape) => z.object(shape, { error: REQUIRED })
const list = <Item extends z.ZodType>(item: Item) => z.array(item, { error: 'validation.invalid' })
const flag = () => z.boolean({ error: REQUIRED })

/** Form posts are text: '' is "not given"; "1 200,50" is 1200.5. */
function toNumber(value: unknown): unknown {
  if (typeof value !== 'string') return value
  const text = value.replace(/[\s\u00a0]/g, '').replace(',', '.')
  return text === '' ? undefined : Number(text)
}

const numberError = (rangeKey: ValidationMessageKey) => (issue: { input?: unknown }) =>
  issue.input === undefined ? REQUIRED : rangeKey

/** A euro amount: non-negative, finite, at most two decimals, at most `max`. */
export const money = (max: number) =>
  z.preprocess(
    toNumber,
    z
      .number({ error: numberError('validation.money.range') })
      .min(0, 'validation.money.range')
      .max(max, 'validation.money.range')
      .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'validation.money.range'),
  )

const wholeNumber = (min: number, max: number, key: ValidationMessageKey = 'validation.number.range') =>
  z.preprocess(
    toNumber,
    z
      .number({ error: numberError(key) })
      .int(key)
      .min(min, key)
      .max(max, key),
  )

const text = (max: number) =>
  z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max, 'validation.invalid')

const choice = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: REQUIRED })

const nameField = text(60).regex(/^\p{L}[\p{L}\p{M} '’.-]*$/u, 'validation.name.invalid')

/** The field builders, for the schemas of the other products (business.ts): one way to say "required". */
export const fields = { obj, list, flag, toNumber, numberError, wholeNumber, text, choice, nameField }

/** ISO date YYYY-MM-DD that exists and is not in the future. */
export const pastDate = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .superRefine((value, ctx) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
    const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null
    if (!date || date.toISOString().slice(0, 10) !== value) {
      ctx.addIssue({ code: 'custom', message: 'validation.date.invalid' })
    } else if (date.getTime() > Date.now()) {
      ctx.addIssue({ code: 'custom', message: 'validation.date.future' })
    }
  })

/** Henkilötunnus: valid (2023 century signs included), not a temporary number, an adult's. */
export const HetuSchema = z
  .string({ error: REQUIRED })
  .trim()
  .toUpperCase()
  .min(1, REQUIRED)
  .superRefine((value, ctx) => {
    if (!isValidHenkilotunnus(value)) {
      ctx.addIssue({ code: 'custom', message: 'validation.hetu.invalid' })
      return
    }
    const parsed = parseHenkilotunnus(value)
    if (parsed && ageOn(parsed.birthDate, new Date()) < 18)
      ctx.addIssue({ code: 'custom', message: 'validation.age.adult' })
  })

export const EmailFieldSchema = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .refine(isValidEmail, 'validation.email.invalid')
  .transform(normalizeEmail)

export const PhoneSchema = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .transform((value, ctx) => {
    const e164 = normalizePhone(value)
    if (!e164) {
      ctx.addIssue({ code: 'custom', message: 'validation.phone.invalid' })
      return z.NEVER
    }
    return e164
  })

export const LoanStepSchema = obj({
  amount: wholeNumber(
    CONSUMER_LOAN_LIMITS.minAmount,
    CONSUMER_LOAN_LIMITS.maxAmount,
    'validation.amount.range',
  ),
  period: wholeNumber(
    CONSUMER_LOAN_LIMITS.minYears,
    CONSUMER_LOAN_LIMITS.maxYears,
    'validation.period.range',
  ),
  purpose: choice(CONSUMER_LOAN_PURPOSES),
  refinance: flag().default(false),
})

export const ApplicantSchema = obj({
  firstName: nameField,
  lastName: nameField,
  hetu: HetuSchema,
  email: EmailFieldSchema,
  phone: PhoneSchema,
  address: text(100),
  postcode: z
    .string({ error: REQUIRED })
    .trim()
    .regex(/^\d{5}$/, 'validation.postcode.invalid'),
  city: text(60),
  // A country code from the picker (issue 14); `fi` from an API client is `FI`.
  citizenship: z
    .string({ error: 'validation.invalid' })
    .trim()
    .toUpperCase()
    .pipe(z.enum(COUNTRY_CODES, { error: 'validation.invalid' }))
    .default('FI'),
  maritalStatus: choice(MARITAL_STATUSES),
  education: choice(EDUCATIONS),
  housing: choice(HOUSING_TYPES),
  homeType: choice(HOME_TYPES),
  housingCostsPerMonth: money(20_000),
  adults: wholeNumber(1, 10),
  children: wholeNumber(0, 15),
})

export const WorkSchema = obj({
  employmentType: choice(EMPLOYMENT_TYPES),
  jobPosition: choice(JOB_POSITIONS).optional(),
  employer: text(100).optional(),
  employedSince: pastDate.optional(),
  monthlyGrossIncome: money(100_000),
  monthlyNetIncome: money(100_000),
  otherIncome: money(100_000).default(0),
}).superRefine((work, ctx) => {
  if (EMPLOYED_TYPES.includes(work.employmentType)) {
    for (const field of ['jobPosition', 'employer', 'employedSince'] as const) {
      if (work[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: REQUIRED })
    }
  }
  if (work.monthlyNetIncome > work.monthlyGrossIncome) {
    ctx.addIssue({ code: 'custom', path: ['monthlyNetIncome'], message: 'validation.income.netAboveGross' })
  }
})

export const DebtsSchema = obj({
  debts: list(
    obj({
      type: choice(DEBT_TYPES),
      remaining: money(2_000_000),
      monthlyPayment: money(50_000),
      refinance: flag().default(false),
    }),
  )
    .max(20, 'validation.invalid')
    .default([]),
  creditCards: list(obj({ cardType: choice(CARD_TYPES), limit: money(100_000) }))
    .max(10, 'validation.invalid')
    .default([]),
  /** Self-declared; lenders check the credit register themselves. */
  paymentDefaults: flag().default(false),
})

export const CoApplicantSchema = obj({
  applicant: ApplicantSchema,
  work: WorkSchema,
  debts: DebtsSchema,
})

const mustAccept = z.literal(true, { error: 'validation.consent.required' })

export const ConsentsSchema = obj({
  termsAccepted: mustAccept,
  privacyAccepted: mustAccept,
  creditCheckConsent: mustAccept,
  shareWithLendersConsent: mustAccept,
  marketingEmail: flag().default(false),
  marketingSms: flag().default(false),
})

/** The applicant and the co-applicant are one person: the form checks it on the co-applicant's step too. */
export const isSameHetu = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase()

export const ConsumerLoanApplicationSchema = obj({
  loan: LoanStepSchema,
  applicant: ApplicantSchema,
  work: WorkSchema,
  debts: DebtsSchema,
  hasCoApplicant: flag().default(false),
  coApplicant: CoApplicantSchema.optional(),
  consents: ConsentsSchema,
})
  .superRefine((application, ctx) => {
    if (application.hasCoApplicant && !application.coApplicant) {
      ctx.addIssue({ code: 'custom', path: ['coApplicant'], message: REQUIRED })
    }
    if (
      application.hasCoApplicant &&
      application.coApplicant &&
      isSameHetu(application.coApplicant.applicant.hetu, application.applicant.hetu)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['coApplicant', 'applicant', 'hetu'],
        message: 'validation.coApplicant.sameHetu',
      })
    }
  })
  .transform(({ coApplicant, ...application }) =>
    application.hasCoApplicant && coApplicant ? { ...application, coApplicant } : application,
  )

export type ConsumerLoanApplication = z.output<typeof ConsumerLoanApplicationSchema>

export const CreditCardApplicationSchema = obj({
  applicant: ApplicantSchema,
  work: obj({
    employmentType: choice(EMPLOYMENT_TYPES),
    monthlyGrossIncome: money(100_000),
    monthlyNetIncome: money(100_000),
  }),
  cardTypePreference: choice(CARD_TYPES),
  limitWished: z.preprocess(
    toNumber,
    z
      .number({ error: numberError('validation.money.range') })
      .min(500, 'validation.money.range')
      .max(50_000, 'validation.money.range'),
  ),
  consents: ConsentsSchema,
})

export type CreditCardApplication = z.output<typeof CreditCardApplicationSchema>

export const APPLICATION_STEPS = ['loan', 'applicant', 'work', 'debts', 'coApplicant', 'review'] as const
