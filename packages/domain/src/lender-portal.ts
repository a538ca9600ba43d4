import { z } from 'zod'
import { ErrorBodySchema } from './api-error.ts'
import { APPLICATION_KINDS } from './application/enums.ts'
import { type LenderCriteria, RECIPIENT_STATUSES } from './marketplace/criteria.ts'
import { isValidEmail } from './validators.ts'

// Issue 17: the lender portal. One schema per response, used by the lender API (which validates and
// documents with it) and the portal's pages (which take their types from it through the web services).

/** A lender user's role in its own organisation (migration 0007). */
export const LENDER_ROLES = ['lender-admin', 'lender-agent'] as const
export type LenderRole = (typeof LENDER_ROLES)[number]

/** How a lender answers: our decision model, its own API, or by hand in this portal. */
export const LENDER_INTEGRATIONS = ['sandbox', 'http', 'manual'] as const
export type LenderIntegration = (typeof LENDER_INTEGRATIONS)[number]

export const OFFER_STATUSES = ['offered', 'accepted', 'expired', 'withdrawn'] as const

/** The reasons a lender may give by hand (the codes the catalogues label; the partner API may send others). */
export const LENDER_DECLINE_REASONS = [
  'criteria',
  'affordability',
  'amount',
  'period',
  'purpose',
  'product',
  'declined',
] as const
export type LenderDeclineReason = (typeof LENDER_DECLINE_REASONS)[number]

export const LENDER_PAGE_SIZE = 25

/** The signed-in lender user's workspace: who they are in which organisation. */
export const LenderWorkspaceSchema = z
  .object({
    lenderId: z.uuid(),
    lenderName: z.string(),
    integration: z.enum(LENDER_INTEGRATIONS),
    lenderRole: z.enum(LENDER_ROLES),
  })
  .meta({ id: 'LenderWorkspace' })
export type LenderWorkspace = z.infer<typeof LenderWorkspaceSchema>

/** A calendar day, YYYY-MM-DD (a date input's value); a day that does not exist is refused. */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date.invalid')
  .refine((value) => {
    const time = Date.parse(`${value}T00:00:00Z`)
    return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value
  }, 'validation.date.invalid')
  .optional()
  .or(z.literal('').transform(() => undefined))

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .enum(values, 'validation.invalid')
    .optional()
    .or(z.literal('').transform(() => undefined))

/** The list's filters, as query parameters (the page keeps them in its own address). */
export const LenderApplicationFiltersSchema = z.object({
  status: optionalEnum(RECIPIENT_STATUSES),
  product: optionalEnum(APPLICATION_KINDS),
  /** Received on or after this day, and on or before `to` (whole days, UTC). */
  from: day,
  to: day,
  page: z.coerce.number().int().min(1, 'validation.number.range').max(10_000).default(1),
})
export type LenderApplicationFilters = z.output<typeof LenderApplicationFiltersSchema>

export const ReceivedApplicationSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(APPLICATION_KINDS),
    amount: z.number(),
    periodMonths: z.number().int(),
    purpose: z.string().nullable(),
    receivedAt: z.string(),
    status: z.enum(RECIPIENT_STATUSES),
  })
  .meta({ id: 'ReceivedApplication' })
export type ReceivedApplication = z.infer<typeof ReceivedApplicationSchema>

export const ReceivedApplicationListSchema = z
  .object({
    applications: z.array(ReceivedApplicationSchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    hasMore: z.boolean(),
  })
  .meta({ id: 'ReceivedApplicationList' })
export type ReceivedApplicationList = z.infer<typeof ReceivedApplicationListSchema>

/** An offer as the lender sees its own: rates and APR in percent. */
export const LenderOfferSchema = z
  .object({
    id: z.uuid(),
    status: z.enum(OFFER_STATUSES),
    amount: z.number(),
    months: z.number().int(),
    nominalRate: z.number().describe('Percent'),
    openingFee: z.number(),
    monthlyFee: z.number(),
    monthlyPayment: z.number(),
    apr: z.number().describe('Percent, computed by Lainava'),
    totalCost: z.number(),
    totalPayable: z.number(),
    validUntil: z.string(),
    secciUrl: z.string().nullable(),
  })
  .meta({ id: 'LenderOwnOffer' })
export type LenderOffer = z.infer<typeof LenderOfferSchema>

const PartnerApplicantSchema = z.object({
  role: z.enum(['main', 'co']),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** Hidden (null) until the lender user asks to see it; `hetuHidden` says one exists. */
  hetu: z.string().nullable(),
  hetuHidden: z.boolean(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  monthlyNetIncome: z.number(),
  employmentType: z.string(),
})

/** What the partner API delivers for this application (`PartnerApplication`), the henkilötunnus hidden. */
/**
 * The recipient's decline reason when the lender withdrew its offer (L5): the lender's answer is then no
 * offer, so the applicant's page counts it answered and shows it as withdrawn, not as "offered".
 */
export const OFFER_WITHDRAWN_REASON = 'offer-withdrawn'

export const DeliveredApplicationSchema = z.object({
  product: z.string(),
  submittedAt: z.string(),
  loan: z.object({ amount: z.number(), months: z.number().int(), purpose: z.string().nullable() }),
  card: z
    .object({ limitWished: z.number(), cardTypePreference: z.string().nullable() })
    .optional()
    .describe('Credit-card applications'),
  business: z.record(z.string(), z.unknown()).optional().describe('Business loans and factoring'),
  mortgage: z
    .record(z.string(), z.unknown())
    .optional()
    .describe('Mortgage applications: every step as the bank receives it (PartnerMortgage)'),
  applicants: z.array(PartnerApplicantSchema),
  household: z
    .object({
      size: z.number(),
      housingCostsPerMonth: z.number(),
      existingDebtPayments: z.number(),
      hasPaymentDefaults: z.boolean(),
    })
    .nullable(),
})
export type DeliveredApplication = z.infer<typeof DeliveredApplicationSchema>

export const LenderApplicationDetailSchema = z
  .object({
    application: ReceivedApplicationSchema,
    /** Null when the application's personal data has been erased. */
    delivery: DeliveredApplicationSchema.nullable(),
    declineReason: z.string().nullable(),
    offers: z.array(LenderOfferSchema),
    /** A manual lender still to answer may make an offer or decline here. */
    canAnswer: z.boolean(),
  })
  .meta({ id: 'LenderApplicationDetail' })
export type LenderApplicationDetail = z.infer<typeof LenderApplicationDetailSchema>

export const HetuRevealSchema = z
  .object({ applicants: z.array(z.object({ role: z.enum(['main', 'co']), hetu: z.string() })) })
  .meta({ id: 'HetuReveal' })
export type HetuReveal = z.infer<typeof HetuRevealSchema>

const euros = (max: number) =>
  z.coerce.number({ error: 'validation.number.range' }).min(0, 'validation.number.range').max(max)

/** A manual lender's offer, as typed in the portal: the nominal rate in percent (converted once, in the service). */
export const ManualOfferInputSchema = z
  .object({
    amount: z.coerce
      .number({ error: 'validation.number.range' })
      .positive('validation.number.range')
      .max(100_000_000, 'validation.number.range'),
    months: z.coerce
      .number({ error: 'validation.number.range' })
      .int('validation.number.range')
      .min(1, 'validation.number.range')
      .max(600, 'validation.number.range'),
    nominalRate: z.coerce
      .number({ error: 'validation.number.range' })
      .min(0, 'validation.number.range')
      .max(100, 'validation.number.range')
      .describe('Annual nominal rate in percent, e.g. 9.9'),
    openingFee: euros(1_000_000).default(0),
    monthlyFee: euros(1_000_000).default(0),
    validDays: z.coerce
      .number({ error: 'validation.number.range' })
      .int('validation.number.range')
      .min(1, 'validation.number.range')
      .max(90, 'validation.number.range')
      .default(30),
    secciUrl: z
      .url({ protocol: /^https?$/, error: 'validation.invalid' })
      .max(500, 'validation.invalid')
      .optional()
      .or(z.literal('').transform(() => undefined)),
  })
  .meta({ id: 'ManualOfferInput' })
export type ManualOfferInput = z.output<typeof ManualOfferInputSchema>

export const ManualDeclineInputSchema = z
  .object({ reason: z.enum(LENDER_DECLINE_REASONS, 'validation.invalid') })
  .meta({ id: 'ManualDeclineInput' })

export const OfferResultSchema = z
  .object({
    offerId: z.uuid(),
    monthlyPayment: z.number(),
    apr: z.number().describe('Percent, computed by Lainava (EU directive equation)'),
    totalCost: z.number(),
    totalPayable: z.number(),
    validUntil: z.string(),
  })
  .meta({ id: 'LenderOfferResult' })
export type OfferResult = z.infer<typeof OfferResultSchema>

/** An offer refused for breaking a cap (422 `OFFER_OVER_CAP`): the error body with each violation. */
export const OfferRejectionSchema = ErrorBodySchema.extend({
  violations: z.array(z.object({ code: z.string(), limit: z.number(), actual: z.number() })).optional(),
})

/** A lender organisation as its own users (and admins) read it. */
export const LenderOrganisationSchema = z
  .object({ id: z.uuid(), slug: z.string(), name: z.string(), description: z.string() })
  .meta({ id: 'LenderOrganisation' })
export type LenderOrganisation = z.infer<typeof LenderOrganisationSchema>

export const LenderUserSchema = z
  .object({
    id: z.uuid(),
    email: z.string().nullable(),
    lenderRole: z.enum(LENDER_ROLES),
    lastLoginAt: z.string().nullable(),
  })
  .meta({ id: 'LenderUser' })
export type LenderUser = z.infer<typeof LenderUserSchema>

export const LenderUserListSchema = z
  .object({ users: z.array(LenderUserSchema) })
  .meta({ id: 'LenderUserList' })

export const LenderInvitationInputSchema = z.object({
  email: z.string().trim().max(254, 'login.invalidEmail').refine(isValidEmail, 'login.invalidEmail'),
  lenderRole: z.enum(LENDER_ROLES, 'validation.invalid'),
})

export const LenderRoleInputSchema = z.object({ lenderRole: z.enum(LENDER_ROLES, 'validation.invalid') })

/**
 * The demo database's manual lender (issue 17): no API, its users answer in the portal. Fictional, as
 * every demo lender: a local savings bank taking consumer loans from Kainuu only (by postal code), so
 * applications from elsewhere never wait for its staff.
 */
export const DEMO_MANUAL_LENDERS = [
  {
    slug: 'harjun-saastopankki',
    name: 'Harjun Säästöpankki',
    description: 'Kainuulainen säästöpankki: jokaisen hakemuksen käsittelee ihminen.',
    criteria: {
      products: ['consumer-loan'],
      minAmount: 1000,
      maxAmount: 40_000,
      minMonths: 12,
      maxMonths: 120,
      minAge: 20,
      minNetIncome: 1000,
      employmentTypes: ['permanent', 'temporary', 'part-time', 'entrepreneur', 'retired'],
      acceptsPaymentDefaults: false,
      regions: ['kainuu'],
    } satisfies LenderCriteria,
  },
] as const
