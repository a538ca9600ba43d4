import { z } from 'zod'
import { SME_LOAN_LIMITS } from '../constants.ts'
import { isValidYTunnus } from '../validators.ts'
import { SME_LOAN_PURPOSES } from './enums.ts'
import { ConsentsSchema, EmailFieldSchema, fields, money, PhoneSchema, pastDate } from './schemas.ts'

// Issue 15: the business side. One set of schemas for the SME onboarding, the one-page business
// loan form, the factoring onboarding, the API and the admin pages (house style 3).

const { obj, flag, toNumber, numberError, wholeNumber, text, choice, nameField } = fields

/** Legal forms in the Finnish Trade Register (PRH), as short codes; labels come from the catalogues. */
export const LEGAL_FORMS = ['oy', 'oyj', 'ky', 'ay', 'tmi', 'osk', 'other'] as const
export type LegalForm = (typeof LEGAL_FORMS)[number]

/** The main classes (sections A–U) of Statistics Finland's Standard Industrial Classification TOL 2008. */
export const TOL_2008_SECTIONS = [
  'A',
  'B',
  'C',
  'D',
  'E',
  'F',
  'G',
  'H',
  'I',
  'J',
  'K',
  'L',
  'M',
  'N',
  'O',
  'P',
  'Q',
  'R',
  'S',
  'T',
  'U',
] as const
export type Tol2008Section = (typeof TOL_2008_SECTIONS)[number]

/** The applicant's role in the company. */
export const COMPANY_ROLES = ['owner', 'ceo', 'board-chair', 'board-member', 'cfo', 'other'] as const
export type CompanyRole = (typeof COMPANY_ROLES)[number]

/** spec §4: the SME onboarding steps, in order. */
export const SME_ONBOARDING_STEPS = ['calculator', 'email-and-terms', 'company-details', 'success'] as const
export type SmeOnboardingStep = (typeof SME_ONBOARDING_STEPS)[number]

/** Factoring onboarding: the invoices take the calculator's place. */
export const FACTORING_ONBOARDING_STEPS = [
  'invoices',
  'email-and-terms',
  'company-details',
  'success',
] as const
export type FactoringOnboardingStep = (typeof FACTORING_ONBOARDING_STEPS)[number]

// ---------------------------------------------------------------------------------------------
// SME configuration (spec §3, §9): served by the API as sme_min_amount … sme_max_period, stored in
// product_settings under SME_CONFIG_KEY so that admins change it without a deploy.

export const SME_CONFIG_KEY = 'sme-limits'

export type SmeConfig = {
  minAmount: number
  maxAmount: number
  /** Months. */
  minPeriod: number
  maxPeriod: number
  /** From this amount on, the period may run to `maxPeriodLarge` (spec §9: 100 000 € → 120 months). */
  largeAmountFrom: number
  maxPeriodLarge: number
}

export const DEFAULT_SME_CONFIG: SmeConfig = {
  minAmount: SME_LOAN_LIMITS.minAmount,
  maxAmount: SME_LOAN_LIMITS.maxAmount,
  minPeriod: SME_LOAN_LIMITS.minMonths,
  maxPeriod: SME_LOAN_LIMITS.maxMonths,
  largeAmountFrom: SME_LOAN_LIMITS.largeAmountThreshold,
  maxPeriodLarge: SME_LOAN_LIMITS.maxMonthsLarge,
}

/** An admin's edit of the SME limits: whole numbers, each range the right way round. */
export const SmeConfigSchema = obj({
  minAmount: wholeNumber(1, 100_000_000),
  maxAmount: wholeNumber(1, 100_000_000),
  minPeriod: wholeNumber(1, 600),
  maxPeriod: wholeNumber(1, 600),
  largeAmountFrom: wholeNumber(1, 100_000_000),
  maxPeriodLarge: wholeNumber(1, 600),
}).superRefine((config, ctx) => {
  const problem = (path: keyof SmeConfig) =>
    ctx.addIssue({ code: 'custom', path: [path], message: 'validation.number.range' })
  if (config.maxAmount < config.minAmount) problem('maxAmount')
  if (config.maxPeriod < config.minPeriod) problem('maxPeriod')
  if (config.maxPeriodLarge < config.maxPeriod) problem('maxPeriodLarge')
})

/** spec §5: in the SME variant the longest period depends on the amount. */
export function smeMaxPeriod(config: SmeConfig, amount: number): number {
  return amount >= config.largeAmountFrom ? config.maxPeriodLarge : config.maxPeriod
}

/** The config endpoint's answer (spec §3 names the first four). */
export function smeConfigResponse(config: SmeConfig) {
  return {
    sme_min_amount: config.minAmount,
    sme_max_amount: config.maxAmount,
    sme_min_period: config.minPeriod,
    sme_max_period: config.maxPeriod,
    sme_large_amount_from: config.largeAmountFrom,
    sme_max_period_large: config.maxPeriodLarge,
  }
}
/** The config endpoint's answer as a schema (the API's response and any client's reading of it). */
export const SmeConfigResponseSchema = z
  .object({
    sme_min_amount: z.number(),
    sme_max_amount: z.number(),
    sme_min_period: z.number(),
    sme_max_period: z.number(),
    sme_large_amount_from: z.number(),
    sme_max_period_large: z.number(),
  })
  .meta({ id: 'SmeConfig' })
export type SmeConfigResponse = z.infer<typeof SmeConfigResponseSchema>

/**
 * The widest limits an admin may set (SmeConfigSchema's bounds): the API document's static schema of
 * a business loan; the limits in force are checked again when it is submitted.
 */
export const SME_CONFIG_BOUNDS: SmeConfig = {
  minAmount: 1,
  maxAmount: 100_000_000,
  minPeriod: 1,
  maxPeriod: 600,
  largeAmountFrom: 1,
  maxPeriodLarge: 600,
}

// ---------------------------------------------------------------------------------------------
// Fields

/** Y-tunnus `NNNNNNN-C` with its check digit; spaces are dropped and a 7-digit old form is padded. */
export const BusinessIdSchema = z
  .string({ error: 'validation.required' })
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(
    z
      .string()
      .min(1, 'validation.required')
      .transform((value) => (/^\d{6}-\d$/.test(value) ? `0${value}` : value))
      .refine(isValidYTunnus, 'validation.businessId.invalid'),
  )

/** A euro figure that may be negative (a company's result). */
const signedMoney = (limit: number) =>
  z.preprocess(
    toNumber,
    z
      .number({ error: numberError('validation.money.range') })
      .min(-limit, 'validation.money.range')
      .max(limit, 'validation.money.range')
      .refine((value) => Number.isInteger(Math.round(value * 100)), 'validation.money.range'),
  )

export const CompanySchema = obj({
  businessId: BusinessIdSchema,
  name: text(150),
  legalForm: choice(LEGAL_FORMS),
  registeredOn: pastDate,
  industry: choice(TOL_2008_SECTIONS),
  /** The last closed financial year, euros. */
  turnover: money(100_000_000_000),
  result: signedMoney(100_000_000_000),
  employees: wholeNumber(0, 1_000_000),
})
export type Company = z.output<typeof CompanySchema>

/** The person who applies for the company. */
export const ContactPersonSchema = obj({
  firstName: nameField,
  lastName: nameField,
  email: EmailFieldSchema,
  phone: PhoneSchema,
  role: choice(COMPANY_ROLES),
  /** May sign for the company alone (or with others, per the trade register). */
  canSign: flag(),
})
export type ContactPerson = z.output<typeof ContactPersonSchema>

/** The SME loan step; the ranges come from the SME configuration. */
export function smeLoanSchema(config: SmeConfig) {
  return obj({
    amount: wholeNumber(config.minAmount, config.maxAmount, 'validation.sme.amount.range'),
    months: wholeNumber(config.minPeriod, config.maxPeriodLarge, 'validation.sme.period.range'),
    purpose: choice(SME_LOAN_PURPOSES),
  }).superRefine((loan, ctx) => {
    if (loan.months > smeMaxPeriod(config, loan.amount)) {
      ctx.addIssue({ code: 'custom', path: ['months'], message: 'validation.sme.period.range' })
    }
  })
}
export type SmeLoan = z.output<ReturnType<typeof smeLoanSchema>>

export const FactoringSchema = obj({
  /** Invoicing per month, euros. */
  monthlyInvoiceVolume: money(1_000_000_000).refine((value) => value > 0, 'validation.money.range'),
  customerCount: wholeNumber(1, 1_000_000),
  /** Typical payment term of the invoices, days. */
  paymentTermDays: wholeNumber(1, 365),
  /** The largest customer's share of the invoicing, per cent. */
  largestCustomerShare: wholeNumber(0, 100),
  sellsToPublicSector: flag(),
})
export type Factoring = z.output<typeof FactoringSchema>

export function businessLoanApplicationSchema(config: SmeConfig) {
  return obj({
    loan: smeLoanSchema(config),
    company: CompanySchema,
    person: ContactPersonSchema,
    consents: ConsentsSchema,
  })
}
export type BusinessLoanApplication = z.output<ReturnType<typeof businessLoanApplicationSchema>>

export const FactoringApplicationSchema = obj({
  factoring: FactoringSchema,
  company: CompanySchema,
  person: ContactPersonSchema,
  consents: ConsentsSchema,
})
export type FactoringApplication = z.output<typeof FactoringApplicationSchema>

// ---------------------------------------------------------------------------------------------
// The trade register lookup (PRH / YTJ open data): what the company details step may fill in.

/** A company as the Finnish Trade Register has it: enough to fill in the company details step. */
export type RegisteredCompany = { name: string; legalForm: LegalForm; registeredOn: string }

/**
 * The lookup's answer: `company` null when the register does not know the Y-tunnus (or did not
 * answer in time); `source` 'off' when no register is configured (`PRH_API_URL` unset).
 */
export type CompanyLookup = { ok: true; company: RegisteredCompany | null; source: 'prh' | 'off' }

/**
 * The business application as lenders are matched on it (the review step's preview of the
 * recipients): the whole form but the consents, which are asked for after the preview.
 */
export function businessMatchedSchema(kind: 'business-loan' | 'factoring', config: SmeConfig) {
  return kind === 'business-loan'
    ? businessLoanApplicationSchema(config).omit({ consents: true })
    : FactoringApplicationSchema.omit({ consents: true })
}

export const BUSINESS_KINDS = ['business-loan', 'factoring'] as const
export type BusinessKind = (typeof BUSINESS_KINDS)[number]
export const isBusinessKind = (kind: string): kind is BusinessKind =>
  (BUSINESS_KINDS as readonly string[]).includes(kind)
