import { z } from 'zod'
import { APPLICATION_KINDS } from './application/enums.ts'
import { RECIPIENT_STATUSES } from './marketplace/criteria.ts'
import {
  MORTGAGE_EMPLOYMENT_TYPES,
  MORTGAGE_REFERENCE_RATES,
  OTHER_LOAN_TYPES,
  OWN_FUNDS_SOURCES,
  PROPERTY_TYPES,
  REPAYMENT_TYPES,
} from './mortgage/schemas.ts'

// Issue 15 item 6: the admins' view of applications. One set of schemas for the admin API (which
// validates and documents with them) and the admin pages (which take their types from them).

/**
 * An application's handling status (ADR 020). `submitted` when it arrives and `offer-accepted` when
 * the applicant accepts an offer are set by the service; admins move it through the others.
 */
export const APPLICATION_STATUSES = [
  'submitted',
  'in-review',
  'waiting-for-applicant',
  'offer-accepted',
  'closed',
] as const
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number]

/** The statuses an admin may set (`offer-accepted` only comes from the applicant's acceptance). */
export const ADMIN_SETTABLE_STATUSES = ['submitted', 'in-review', 'waiting-for-applicant', 'closed'] as const
export type AdminSettableStatus = (typeof ADMIN_SETTABLE_STATUSES)[number]

/** The two admin lists: business applications, and the one-page onboarding (cards and personal loans). */
export const ADMIN_SEGMENTS = {
  sme: ['business-loan', 'factoring'],
  'one-page': ['credit-card', 'consumer-loan'],
  mortgage: ['mortgage'],
} as const satisfies Record<string, ReadonlyArray<(typeof APPLICATION_KINDS)[number]>>
export type AdminSegment = keyof typeof ADMIN_SEGMENTS

/**
 * The lenders' answers so far: `any-offer` at least one offer; `all-declined` every lender it went to
 * declined; `waiting` no offer yet and some lender still to answer.
 */
export const LENDER_ANSWER_FILTERS = ['any-offer', 'all-declined', 'waiting'] as const
export type LenderAnswerFilter = (typeof LENDER_ANSWER_FILTERS)[number]

export const ADMIN_PAGE_SIZE = 25

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'validation.invalid')
    .optional()
    .transform((value) => (value === '' ? undefined : value))

/** A calendar day, YYYY-MM-DD (a date input's value). */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date.invalid')
  // A real calendar day: 2026-02-31 does not roll over into March.
  .refine((value) => {
    const time = Date.parse(`${value}T00:00:00Z`)
    return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value
  }, 'validation.date.invalid')
  .optional()
  .or(z.literal('').transform(() => undefined))

const euros = z.coerce
  .number({ error: 'validation.number.range' })
  .int('validation.number.range')
  .min(0, 'validation.number.range')
  .max(1_000_000_000, 'validation.number.range')
  .optional()
  .or(z.literal('').transform(() => undefined))

/** The list's filters, as query parameters (the page keeps them in its own address too). */
export const AdminApplicationFiltersSchema = z.object({
  segment: z.enum(Object.keys(ADMIN_SEGMENTS) as [AdminSegment, ...AdminSegment[]]),
  kind: z.enum(APPLICATION_KINDS, 'validation.invalid').optional(),
  status: z.enum(APPLICATION_STATUSES, 'validation.invalid').optional(),
  from: day,
  to: day,
  minAmount: euros,
  maxAmount: euros,
  /** TOL 2008 main class (business applications). */
  industry: z
    .string()
    .regex(/^[A-U]$/, 'validation.invalid')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  answer: z.enum(LENDER_ANSWER_FILTERS, 'validation.invalid').optional(),
  /** Company name or Y-tunnus (business); the applicant's e-mail or surname (one-page). */
  q: optionalText(150),
  page: z.coerce.number().int().min(1, 'validation.number.range').max(10_000).default(1),
})
export type AdminApplicationFilters = z.output<typeof AdminApplicationFiltersSchema>

const AnswerCountsSchema = z.object({
  lenders: z.number().int(),
  offered: z.number().int(),
  declined: z.number().int(),
  pending: z.number().int(),
})

export const AdminApplicationRowSchema = z.object({
  id: z.uuid(),
  kind: z.enum(APPLICATION_KINDS),
  status: z.string(),
  amount: z.number(),
  periodMonths: z.number().int(),
  createdAt: z.string(),
  companyName: z.string().nullable(),
  businessId: z.string().nullable(),
  industry: z.string().nullable(),
  answers: AnswerCountsSchema,
})
export type AdminApplicationRow = z.infer<typeof AdminApplicationRowSchema>

export const AdminApplicationListSchema = z.object({
  applications: z.array(AdminApplicationRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
})
export type AdminApplicationList = z.infer<typeof AdminApplicationListSchema>

export const AdminOfferSchema = z.object({
  status: z.string(),
  amount: z.number(),
  months: z.number().int(),
  /** Per cent, as shown (the database keeps fractions). */
  nominalRatePercent: z.number(),
  aprPercent: z.number(),
  monthlyPayment: z.number(),
  openingFee: z.number(),
  monthlyFee: z.number(),
  totalCost: z.number(),
  personalGuarantee: z.boolean(),
  validUntil: z.string(),
})

export const AdminLenderAnswerSchema = z.object({
  lenderId: z.uuid(),
  lenderName: z.string(),
  status: z.enum(RECIPIENT_STATUSES),
  answeredAt: z.string().nullable(),
  declineReason: z.string().nullable(),
  offer: AdminOfferSchema.nullable(),
})
export type AdminLenderAnswer = z.infer<typeof AdminLenderAnswerSchema>

export const AdminPersonSchema = z.object({
  role: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** Whether a henkilötunnus is stored; it is shown only on request (and that is audited). */
  hasHetu: z.boolean(),
})

export const AdminNoteSchema = z.object({
  id: z.uuid(),
  text: z.string(),
  authorEmail: z.string().nullable(),
  createdAt: z.string(),
})
export type AdminNote = z.infer<typeof AdminNoteSchema>

export const AuditEntrySchema = z
  .object({
    id: z.uuid(),
    at: z.string(),
    actorId: z.uuid().nullable(),
    /** The actor's e-mail while the account exists (staff addresses, for "who"). */
    actorEmail: z.string().nullable(),
    actorRole: z.string(),
    action: z.string(),
    subjectType: z.string(),
    subjectId: z.string(),
    details: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'AuditEntry' })
export type AuditEntry = z.infer<typeof AuditEntrySchema>

export const AdminMortgagePropertySchema = z.object({
  propertyType: z.enum(PROPERTY_TYPES),
  postalCode: z.string(),
  city: z.string(),
  price: z.number(),
  /** m² */
  livingArea: z.number(),
  buildYear: z.number().int(),
  housingCompanyLoanShare: z.number(),
  /** € a month */
  maintenanceCharge: z.number(),
})

export const AdminMortgageLoanSchema = z.object({
  loanAmount: z.number(),
  years: z.number().int(),
  repaymentType: z.enum(REPAYMENT_TYPES),
  referenceRate: z.enum(MORTGAGE_REFERENCE_RATES),
  fixedPeriodYears: z.number().int().nullable(),
})

export const AdminMortgageFundingSchema = z.object({
  ownFunds: z.number(),
  ownFundsSources: z.array(z.enum(OWN_FUNDS_SOURCES)),
  aspSaving: z.boolean(),
  aspBalance: z.number().nullable(),
  otherCollateral: z.boolean(),
  otherCollateralDescription: z.string().nullable(),
  otherCollateralValue: z.number().nullable(),
  stateGuarantee: z.boolean(),
})

export const AdminMortgageHouseholdSchema = z.object({
  adults: z.number().int(),
  /** Under-age children: the dependants. */
  children: z.number().int(),
  childMaintenanceCosts: z.number(),
  otherHousingCosts: z.number(),
})

/** One applicant's work, income, wealth and other loans. */
export const AdminMortgageApplicantSchema = z.object({
  employmentType: z.enum(MORTGAGE_EMPLOYMENT_TYPES),
  occupation: z.string(),
  employer: z.string().nullable(),
  /** YYYY-MM */
  employedSince: z.string().nullable(),
  monthlyGrossIncome: z.number(),
  monthlyNetIncome: z.number(),
  otherMonthlyIncome: z.number(),
  savings: z.number(),
  investments: z.number(),
  otherLoans: z.array(
    z.object({
      type: z.enum(OTHER_LOAN_TYPES),
      lender: z.string(),
      balance: z.number(),
      monthlyPayment: z.number(),
    }),
  ),
})

/**
 * A mortgage application as an admin handling it sees it (ADR 061): what the banks got of the
 * property, the loan, its funding and the household, each applicant's work, income, wealth and
 * other debts. Not the applicants' home addresses, the property's street address, marital status,
 * education or citizenship (the banks' own questions, not the handling's), and never a henkilötunnus:
 * that is shown only on request, audited, as for every application.
 *
 * Each section (and each applicant's details) is read on its own: one stored in a shape this
 * version does not read is null, and the page still shows the others.
 */
export const AdminMortgageSchema = z.object({
  hasCoApplicant: z.boolean(),
  property: AdminMortgagePropertySchema.nullable(),
  loan: AdminMortgageLoanSchema.nullable(),
  funding: AdminMortgageFundingSchema.nullable(),
  household: AdminMortgageHouseholdSchema.nullable(),
  /** The lead applicant first, then the co-applicant. */
  applicants: z.array(
    z.object({
      role: z.enum(['main', 'co']),
      details: AdminMortgageApplicantSchema.nullable(),
    }),
  ),
})
export type AdminMortgage = z.infer<typeof AdminMortgageSchema>

const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()])

export const AdminApplicationDetailSchema = z.object({
  id: z.uuid(),
  kind: z.enum(APPLICATION_KINDS),
  status: z.string(),
  amount: z.number(),
  periodMonths: z.number().int(),
  purpose: z.string().nullable(),
  language: z.string(),
  createdAt: z.string(),
  anonymised: z.boolean(),
  companyName: z.string().nullable(),
  businessId: z.string().nullable(),
  /** The company's details as the form stored them (business applications). */
  company: z.record(z.string(), scalar).nullable(),
  /** Factoring: invoicing and customers. */
  factoring: z.record(z.string(), scalar).nullable(),
  /** A mortgage's property, loan, funding and household (null for other kinds, and once anonymised). */
  mortgage: AdminMortgageSchema.nullable(),
  /** Issue 18 item 6: where the applicant came from (`affiliate:<network>`, `search`, …; null: not known). */
  trafficSource: z.string().nullable(),
  /** The affiliate click the application was sent with (no personal data). */
  affiliate: z
    .object({
      network: z.string(),
      trackingId: z.string().nullable(),
      campaign: z.string().nullable(),
      encounteredAt: z.string(),
    })
    .nullable(),
  people: z.array(AdminPersonSchema),
  answers: z.array(AdminLenderAnswerSchema),
  notes: z.array(AdminNoteSchema),
  /** Who read or changed this application, newest first (the latest 50). */
  history: z.array(AuditEntrySchema),
  statuses: z.array(z.enum(ADMIN_SETTABLE_STATUSES)),
})
export type AdminApplicationDetail = z.infer<typeof AdminApplicationDetailSchema>

export const AdminNoteInputSchema = z.object({
  text: z.string().trim().min(1, 'validation.required').max(4000, 'validation.invalid'),
})

export const AdminStatusInputSchema = z.object({
  status: z.enum(ADMIN_SETTABLE_STATUSES, 'validation.invalid'),
})

export const AuditLogQuerySchema = z.object({
  subjectType: z.string().trim().max(60).optional(),
  subjectId: z.string().trim().max(100).optional(),
  actorId: z.uuid('validation.invalid').optional(),
  action: z.string().trim().max(60).optional(),
  from: day,
  to: day,
  page: z.coerce.number().int().min(1, 'validation.number.range').max(10_000).default(1),
})
export type AuditLogQuery = z.output<typeof AuditLogQuerySchema>

export const AuditLogPageSchema = z.object({
  entries: z.array(AuditEntrySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
})
