import { createHmac, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import { CARD_TYPES, type CardType } from '../application/enums.ts'
import type { PartnerBusiness } from './business-lending.ts'

// The partner API between Lainava and an HTTP lender (docs/partner-api.md).
// Lainava POSTs each application to the lender's endpoint with
//   X-Lainava-Timestamp: <unix seconds>
//   X-Lainava-Signature: v1=<hex HMAC-SHA256(secret, `${timestamp}.${rawBody}`)>
//   X-Lainava-Delivery: <delivery id, the same on every retry of the same request>
// The lender verifies the signature over the raw bytes and rejects a timestamp
// further than SIGNATURE_TOLERANCE_SECONDS from its clock (replay).
//
// Secret rotation (ADR 024): after the lender rotates its signing secret, the old secret stays valid for a
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
  callbacks: { offer: string; decline: string }
}

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
  | { decision: 'offer'; offer: PartnerLoanOffer | PartnerCardOffer }
  | { decision: 'decline'; reason?: string }
