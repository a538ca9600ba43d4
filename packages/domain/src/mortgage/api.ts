import { z } from 'zod'
import {
  CalculatorStepSchema,
  MORTGAGE_REFERENCE_RATES,
  type MortgageApplicationData,
  MortgageApplicationStepSchema,
  REPAYMENT_TYPES,
} from './schemas.ts'
import { MORTGAGE_DATA_STEPS, MORTGAGE_STEPS } from './steps.ts'

// Issue 16: the mortgage API's request and response schemas, defined once here and used by the
// API (validation, OpenAPI document) and the web (M4) alike (house style 3). Money in euros, rates
// as fractions (0.0425 = 4,25 %), periods in months unless the name says years.

/** A bank's answer as the status page shows it. */
export const MORTGAGE_BANK_STATUSES = [
  'pending',
  'processing',
  'info-requested',
  'offered',
  'declined',
  // The bank withdrew its offer (the recipient row is declined with OFFER_WITHDRAWN_REASON).
  'withdrawn',
] as const
export type MortgageBankStatus = (typeof MORTGAGE_BANK_STATUSES)[number]

export const MORTGAGE_APPLICATION_STATUSES = ['draft', 'submitted', 'cancelled'] as const
export type MortgageApplicationStatus = (typeof MORTGAGE_APPLICATION_STATUSES)[number]

const returnUrl = z
  .string()
  .max(500)
  .describe(
    'An absolute https URL on a host the service allows (MORTGAGE_CALLBACK_HOSTS); others are dropped',
  )

/** `POST /api/v1/mortgage-application`: the calculator's figures and the `mortgage-application` step. */
export const MortgageStartBodySchema = z
  .object({
    calculator: CalculatorStepSchema,
    ...MortgageApplicationStepSchema.shape,
    callbackUrl: returnUrl.optional(),
    redirectionUrl: returnUrl.optional(),
  })
  .meta({ id: 'MortgageStart' })
export type MortgageStartBody = z.input<typeof MortgageStartBodySchema>
/** The start body as validated (numbers parsed, consents checked). */
export type MortgageStartData = z.output<typeof MortgageStartBodySchema>

export const MortgageStartedSchema = z
  .object({
    mortgageApplicationId: z.uuid(),
    step: z.enum(MORTGAGE_STEPS).describe('The next step to fill in'),
    progress: z.number().int().min(0).max(100),
  })
  .meta({ id: 'MortgageStarted' })
export type MortgageStarted = z.infer<typeof MortgageStartedSchema>

export const MortgageIdentifiedSchema = z
  .object({
    method: z.string().describe('`oidc`: strong identification through an OpenID provider (bank ID)'),
    level: z.string().describe('eIDAS level of assurance: `substantial` or `high`'),
    identifiedAt: z.string(),
  })
  .meta({ id: 'MortgageIdentified' })

/** `GET /api/v1/mortgage-application/{id}`: the application as saved, for the owner only. */
export const MortgageApplicationViewSchema = z
  .object({
    mortgageApplicationId: z.uuid(),
    status: z.enum(MORTGAGE_APPLICATION_STATUSES),
    step: z.enum(MORTGAGE_STEPS).describe('The furthest step reached: the next one to fill in'),
    progress: z.number().int().min(0).max(100),
    hasCoApplicant: z.boolean(),
    data: z
      .record(z.string(), z.unknown())
      .describe(
        'Each saved step’s data by step id, as the step’s schema answered it (MortgageApplicationData)',
      ),
    identified: MortgageIdentifiedSchema.nullable(),
    callbackUrl: z.string().nullable(),
    redirectionUrl: z.string().nullable(),
    applicationId: z.uuid().nullable().describe('The marketplace application, once submitted'),
    submittedAt: z.string().nullable(),
  })
  .meta({ id: 'MortgageApplication' })
/** The read answer with `data` typed by step (the JSON schema above keeps it open). */
export type MortgageApplicationView = Omit<z.infer<typeof MortgageApplicationViewSchema>, 'data'> & {
  data: MortgageApplicationData
}

export const MortgageStepParamsSchema = z.object({
  id: z.uuid(),
  step: z.enum(MORTGAGE_DATA_STEPS).describe('A step that carries data (not `identify`)'),
})

/** A cross-step warning (the person may go on): its catalogue key, message and the figures in it. */
export const MortgageWarningSchema = z
  .object({
    step: z.enum(MORTGAGE_DATA_STEPS),
    path: z.string().describe('The field within the step, dotted'),
    code: z.string().describe('Catalogue key, e.g. mortgage.warning.ltvOverCap'),
    message: z.string().describe('In the request’s language'),
    values: z.record(z.string(), z.number()).describe('Euros whole, rates as fractions'),
  })
  .meta({ id: 'MortgageWarning' })
export type MortgageWarning = z.infer<typeof MortgageWarningSchema>

/** `PUT /api/v1/mortgage-application/{id}/steps/{step}`: saved; where to go next. */
export const MortgageStepSavedSchema = z
  .object({
    step: z.enum(MORTGAGE_STEPS).describe('The step after the one saved, on the person’s path'),
    progress: z.number().int().min(0).max(100),
    hasCoApplicant: z.boolean(),
    warnings: z.array(MortgageWarningSchema).describe('Warnings of the step just saved (the LTV cap, …)'),
  })
  .meta({ id: 'MortgageStepSaved' })
export type MortgageStepSaved = z.infer<typeof MortgageStepSavedSchema>

export const MortgageSubmittedSchema = z
  .object({ applicationId: z.uuid().describe('The marketplace application the banks received') })
  .meta({ id: 'MortgageSubmitted' })
export type MortgageSubmitted = z.infer<typeof MortgageSubmittedSchema>

/** The ESIS items a mortgage offer keeps beside its columns (European Standardised Information Sheet). */
export const EsisItemsSchema = z
  .object({
    valuationFee: z.number().min(0).describe('Property valuation, €, paid once'),
    arrangementFee: z.number().min(0).describe('Other one-off fees of the bank, €'),
    collateralFee: z.number().min(0).describe('Registering the collateral (mortgage deed), €'),
    earlyRepayment: z
      .string()
      .max(500)
      .describe('Conditions and compensation of early repayment, in the bank’s words'),
    insuranceRequired: z.boolean().describe('Whether a payment protection or home insurance is required'),
    insurance: z.string().max(500).nullable().describe('The required insurance, in the bank’s words'),
    collateral: z.string().max(500).describe('The collateral the bank asks for'),
    stateGuarantee: z.boolean().describe('A state guarantee on part of the loan (ASP or first home)'),
    reflectionDays: z.number().int().min(0).max(60).describe('Days to consider the binding offer'),
    contact: z.string().max(200).describe('Where the applicant asks the bank about the offer'),
  })
  .meta({ id: 'EsisItems' })
export type EsisItems = z.infer<typeof EsisItemsSchema>

export const MortgageOfferSchema = z
  .object({
    id: z.uuid(),
    bank: z.object({ id: z.uuid(), name: z.string(), slug: z.string() }),
    status: z.enum(['offered', 'accepted', 'expired', 'withdrawn']),
    amount: z.number().describe('Loan amount, €'),
    months: z.number().int(),
    repaymentType: z.enum(REPAYMENT_TYPES),
    referenceRate: z.enum(MORTGAGE_REFERENCE_RATES),
    referenceRateValue: z
      .number()
      .describe('Fraction: the reference rate used for the figures (held constant)'),
    margin: z.number().describe('Fraction'),
    nominalRate: z.number().describe('Fraction: reference rate + margin'),
    fixedPeriodYears: z.number().int().nullable(),
    openingFee: z.number(),
    monthlyFee: z.number(),
    firstInstalment: z.number().describe('The first month’s instalment including the monthly fee, €'),
    apr: z.number().describe('Fraction, EU directive equation with the reference rate held constant'),
    totalInterest: z.number(),
    totalCost: z.number(),
    totalPayable: z.number(),
    validUntil: z.string(),
    createdAt: z.string(),
    acceptedAt: z.string().nullable(),
    esisUrl: z.string().describe('The ESIS data of this offer (API path)'),
  })
  .meta({ id: 'MortgageOffer' })
export type MortgageOffer = z.infer<typeof MortgageOfferSchema>

/** `GET /api/v1/mortgage-application/status[/{id}]`: each bank's answer and the offers (APR order). */
export const MortgageStatusSchema = z
  .object({
    mortgageApplicationId: z.uuid(),
    applicationId: z.uuid().nullable(),
    status: z.enum(MORTGAGE_APPLICATION_STATUSES),
    accepted: z.boolean().describe('An offer has been accepted'),
    submittedAt: z.string().nullable(),
    identified: MortgageIdentifiedSchema.nullable(),
    redirectionUrl: z.string().nullable(),
    summary: z.object({
      banks: z.number().int(),
      answered: z.number().int().describe('Offered or declined'),
      offered: z.number().int(),
      waiting: z.number().int().describe('Pending, processing or asking for information'),
    }),
    banks: z.array(
      z.object({
        id: z.uuid(),
        name: z.string(),
        status: z.enum(MORTGAGE_BANK_STATUSES),
        offerId: z.uuid().nullable(),
        updatedAt: z.string().nullable(),
        redirectionUrl: z
          .string()
          .nullable()
          .describe(
            'While the bank asks for more information: its page for the extra step (allowed hosts only)',
          ),
      }),
    ),
    offers: z.array(MortgageOfferSchema),
  })
  .meta({ id: 'MortgageStatus' })
export type MortgageStatus = z.infer<typeof MortgageStatusSchema>

/** `GET /api/v1/mortgage-application/offers/{offerId}/esis`: what the printable ESIS page shows. */
export const MortgageEsisSchema = z
  .object({
    offer: MortgageOfferSchema,
    items: EsisItemsSchema,
    borrowers: z.number().int().min(1).max(2),
    purpose: z.string().nullable(),
    numberOfInstalments: z.number().int(),
    lastInstalment: z.number(),
    /** ESIS section 4: the instalment if the reference rate rose (illustrative; fixed instalment: the period grows). */
    stress: z.array(
      z.object({
        risePoints: z.number().describe('Percentage points added to the reference rate'),
        nominalRate: z.number().describe('Fraction'),
        firstInstalment: z.number(),
      }),
    ),
  })
  .meta({ id: 'MortgageEsis' })
export type MortgageEsis = z.infer<typeof MortgageEsisSchema>
