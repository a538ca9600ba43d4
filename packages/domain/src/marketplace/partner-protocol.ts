import { createHmac, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import { CARD_TYPES, type CardType } from '../application/enums.ts'
import { EsisItemsSchema } from '../mortgage/api.ts'
import { FIXED_PERIOD_YEARS, MORTGAGE_REFERENCE_RATES, REPAYMENT_TYPES } from '../mortgage/schemas.ts'
import type { PartnerBusiness } from './business-lending.ts'

// The partner API between Lainava and an HTTP lender (docs/partner-api.md).
// Lainava POSTs each application to the lender's endpoint with
//   X-Lainava-Timestamp: <unix seconds>
//   X-Lainava-Signature: v1=<hex HMAC-SHA256(secret, `${timestamp}.${rawBody}`)>
//   X-Lainava-Delivery: <delivery id, the same on every retry of the same request>
// The lender verifies the signature over the raw bytes and rejects a timestamp
// further than SIGNATURE_TOLERANCE_SECONDS from its clock (replay).
//
// Secret rotation (ADR 028): after the lender rotates its signing secret, the old secret stays valid for a
// grace period (24 hours unless the lender chose otherwise). During it the header carries one signature per
// valid secret, newest first, separated by a comma and a space:
//   X-Lainava-Signature: v1=<hex under the new secret>, v1=<hex under the old secret>
// A request is genuine when any `v1=` entry verifies under the secret the lender holds, so a lender keeps
// working with the old secret until it has deployed the new one. After the grace period only the new
// secret signs. Entries of other versions (`v2=` …) are to be ignored.
//
// Test applications (integration settings, "send a test application") carry `test: true`, a fictional
// person and a delivery id starting with `test:`. Answer them as any application (the answer is shown
// to the lender's staff), but never start a credit process: nothing is stored on our side either, and
// their callback URLs answer 404.

export const SIGNATURE_HEADER = 'x-lainava-signature'
export const TIMESTAMP_HEADER = 'x-lainava-timestamp'
export const DELIVERY_HEADER = 'x-lainava-delivery'
export const SIGNATURE_TOLERANCE_SECONDS = 300

export function signPartnerBody(secret: string, timestamp: number, rawBody: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`
}

/** The signature header's value: one `v1=` entry per secret that is valid now, newest first. */
export function partnerSignatureHeader(
  secrets: readonly string[],
  timestamp: number,
  rawBody: string,
): string {
  return secrets.map((secret) => signPartnerBody(secret, timestamp, rawBody)).join(', ')
}

export type SignatureCheck = { ok: true } | { ok: false; reason: 'missing' | 'stale' | 'mismatch' }

export function verifyPartnerSignature(input: {
  secret: string
  rawBody: string
  timestamp: string | undefined
  signature: string | undefined
  now?: number
}): SignatureCheck {
  const { timestamp, signature } = input
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: 'missing' }
  const nowSeconds = Math.floor((input.now ?? Date.now()) / 1000)
  if (Math.abs(nowSeconds - Number(timestamp)) > SIGNATURE_TOLERANCE_SECONDS)
    return { ok: false, reason: 'stale' }
  const expected = Buffer.from(signPartnerBody(input.secret, Number(timestamp), input.rawBody))
  // Any entry may be the one under this secret (several during a rotation's grace period).
  const matches = signature.split(',').some((entry) => {
    const given = Buffer.from(entry.trim())
    return given.length === expected.length && timingSafeEqual(given, expected)
  })
  return matches ? { ok: true } : { ok: false, reason: 'mismatch' }
}

/** The body of an application delivery. Identity numbers are included: the lender needs them for its credit check. */
export type PartnerApplication = {
  event: 'application'
  /** A test application sent from the integration settings: a fictional person; start no credit process. */
  test?: true
  deliveryId: string
  applicationId: string
  product: string
  submittedAt: string
  loan: { amount: number; months: number; purpose: string | null }
  /** Credit-card applications: the limit wished for (also `loan.amount`) and the card type asked for. */
  card?: { limitWished: number; cardTypePreference: CardType | null }
  /**
   * Business loan and factoring applications (issue 15): the company, the person to contact and, for
   * factoring, the invoicing. `loan` is the credit asked for (factoring: the unpaid invoices at a
   * time, 12 months); `applicants` is empty and `household` null (a company applies, not a person).
   */
  business?: PartnerBusiness
  /**
   * Mortgage applications (issue 16, `product: "mortgage"`): every step of the application. `loan` is
   * the loan asked for (months = years × 12); `applicants` and `household` as for a consumer loan.
   * Answer with mortgage terms (`LenderMortgageOfferInput`), at once or on `callbacks.mortgageOffer`.
   */
  mortgage?: PartnerMortgage
  applicants: Array<{
    role: 'main' | 'co'
    firstName: string | null
    lastName: string | null
    hetu: string | null
    email: string | null
    phone: string | null
    monthlyNetIncome: number
    employmentType: string
  }>
  household: {
    size: number
    housingCostsPerMonth: number
    existingDebtPayments: number
    hasPaymentDefaults: boolean
  } | null
  /** Where the lender answers later (with its API key) when it does not answer at once. */
  callbacks: {
    offer: string
    decline: string
    /** Mortgage applications: the bank's offer, and its intermediate status (processing, info-requested). */
    mortgageOffer?: string
    mortgageStatus?: string
  }
}

/** A mortgage application's steps as a bank receives them (issue 16; docs/partner-api.md). */
export type PartnerMortgage = {
  purpose: string
  property: {
    propertyType: string
    streetAddress: string
    postalCode: string
    city: string
    price: number
    livingArea: number
    buildYear: number
    housingCompanyLoanShare: number
    maintenanceCharge: number
  }
  loan: {
    loanAmount: number
    years: number
    repaymentType: string
    referenceRate: string
    fixedPeriodYears?: number | undefined
  }
  funding: {
    ownFunds: number
    ownFundsSources: string[]
    aspSaving: boolean
    aspBalance?: number | undefined
    otherCollateral: boolean
    otherCollateralDescription?: string | undefined
    otherCollateralValue?: number | undefined
    stateGuarantee: boolean
  }
  household: { adults: number; children: number; childMaintenanceCosts: number; otherHousingCosts: number }
  /** Per applicant (main first): address, citizenship, marital status, housing, education, work, income, other loans. */
  applicants: Array<{
    role: 'main' | 'co'
    streetAddress: string
    postalCode: string
    city: string
    citizenship: string
    maritalStatus: string
    currentHousing: string
    education: string
    work: {
      employmentType: string
      employer?: string | undefined
      occupation: string
      employedSince?: string | undefined
    }
    income: {
      monthlyGrossIncome: number
      monthlyNetIncome: number
      otherMonthlyIncome: number
      savings: number
      investments: number
    }
    otherLoans: Array<{ type: string; lender: string; balance: number; monthlyPayment: number }>
  }>
  /** The lead applicant's strong identification (the identified hetu equalled the applicant's). */
  identification: { method: string; level: string; identifiedAt: string }
  /**
   * Our status page for this application in its language (absolute, `?returned=<lender id>`): where the
   * bank sends the applicant back after its own steps; we then show the "returned" notice naming the bank.
   */
  callbackUrl: string
}

/**
 * A bank's terms for a mortgage application (issue 16), at once or through the lender API. Rates in
 * percent as in every partner answer. Lainava computes the first instalment, the APR (the reference
 * rate held constant) and the totals, and keeps the ESIS items for the applicant's ESIS page.
 */
export const PartnerMortgageOfferSchema = z
  .object({
    amount: z.number().positive().max(10_000_000).describe('Loan amount in euros (may be less than asked)'),
    months: z.number().int().min(12).max(600).describe('At most the legal maximum period of the day'),
    repaymentType: z.enum(REPAYMENT_TYPES),
    referenceRate: z.enum(MORTGAGE_REFERENCE_RATES),
    referenceRateValue: z
      .number()
      .min(-5)
      .max(20)
      .describe('Percent: the 12-month Euribor or the fixed period’s base rate used for the figures'),
    margin: z.number().min(0).max(10).describe('Percent, e.g. 0.55'),
    fixedPeriodYears: z
      .union(
        FIXED_PERIOD_YEARS.map((years) => z.literal(years)) as [
          z.ZodLiteral<3>,
          z.ZodLiteral<5>,
          z.ZodLiteral<10>,
        ],
      )
      .optional()
      .describe('With referenceRate fixed-period'),
    openingFee: z.number().min(0).max(100_000).default(0),
    monthlyFee: z.number().min(0).max(1_000).default(0),
    validDays: z.number().int().min(1).max(90).default(30),
    reference: z.string().max(100).optional().describe("The bank's own reference"),
    esis: EsisItemsSchema.describe('The ESIS items not in the terms above'),
  })
  .meta({ id: 'LenderMortgageOfferInput' })
export type PartnerMortgageOffer = z.input<typeof PartnerMortgageOfferSchema>

/** A bank's intermediate answer on a mortgage application before its offer or decline. */
export const PartnerMortgageStatusSchema = z
  .object({
    status: z
      .enum(['processing', 'info-requested'])
      .describe('info-requested: the bank contacts the applicant itself for what it needs'),
    redirectionUrl: z
      .string()
      .max(500)
      .optional()
      .describe(
        'With info-requested: your own page for the extra step; the status page links there ("continue on the bank’s site"). Kept only on the hosts Lainava allows; dropped otherwise, and when the status moves on',
      ),
  })
  .meta({ id: 'LenderMortgageStatusInput' })

/** Sent when the applicant accepts the lender's offer; the lender then starts the signing. */
export type PartnerAcceptance = {
  event: 'offer.accepted'
  deliveryId: string
  applicationId: string
  offerId: string
  reference: string | null
  acceptedAt: string
}

/**
 * A card issuer's terms for a credit-card application (issue 14), as sent at once or through the
 * lender API; Lainava computes the representative example, APR and totals itself.
 */
export const PartnerCardOfferSchema = z
  .object({
    cardType: z.enum(CARD_TYPES).describe('The card offered'),
    creditLimit: z
      .number()
      .positive()
      .max(1_000_000)
      .describe('Credit limit in euros (may be less than asked)'),
    nominalRate: z.number().min(0).max(100).describe('Annual nominal rate in percent, e.g. 15.9'),
    annualFee: z
      .number()
      .min(0)
      .max(100_000)
      .default(0)
      .describe('Charged when the card is issued and yearly'),
    monthlyFee: z.number().min(0).max(10_000).default(0),
    gracePeriodDays: z.number().int().min(0).max(365).describe('Interest-free days for purchases'),
    validDays: z.number().int().min(1).max(90).default(30),
    secciUrl: z.url().max(500).optional().describe("Link to the issuer's SECCI document for this offer"),
    reference: z.string().max(100).optional().describe("The issuer's own reference"),
  })
  .meta({ id: 'LenderCardOfferInput' })
export type PartnerCardOffer = z.input<typeof PartnerCardOfferSchema>

export type PartnerLoanOffer = {
  amount: number
  months: number
  /** Percent, e.g. 9.9. */
  nominalRate: number
  openingFee: number
  monthlyFee: number
  feeFinanced: boolean
  validDays?: number
  secciUrl?: string
  reference?: string
  /** Business credit: the lender asks for a personal guarantee (shown with the offer). */
  personalGuarantee?: boolean
}

/** A lender's immediate answer (HTTP 200); 202 means "later, through the lender API". */
export type PartnerAnswer =
  | { decision: 'offer'; offer: PartnerLoanOffer | PartnerCardOffer | PartnerMortgageOffer }
  | { decision: 'decline'; reason?: string }
