import { schema } from '@lainava/db'
import {
  DELIVERY_HEADER,
  type PartnerAcceptance,
  type PartnerApplication,
  PartnerCardOfferSchema,
  partnerSignatureHeader,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
} from '@lainava/domain/marketplace/partner-protocol'
import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import { AppError } from '../../app-error.ts'
import { jobId, QUEUES } from '../../jobs/job-queue.ts'
import { loadApplicationFacts, type StoredApplication } from './application-facts.ts'
import { signingSecretsOf } from './lender-credentials.ts'
import { type LenderAnswer, postToLender } from './lender-endpoint.ts'
import {
  type DeliveryJob,
  type MarketplaceDeps,
  OfferRejectedError,
  recordDecline,
  recordOffer,
} from './marketplace.ts'

const { applicationRecipients, lenders, offerRejections } = schema

// Our side of the partner API (docs/partner-api.md): signed POSTs to an HTTP lender.

/** The longest a request to a lender may take, connecting and answering included. */
export const REQUEST_TIMEOUT_MS = 10_000

const ImmediateAnswerSchema = z.discriminatedUnion('decision', [
  z.object({
    decision: z.literal('offer'),
    // A card issuer answers a credit-card application with card terms (issue 14).
    offer: z.union([
      PartnerCardOfferSchema,
      z.object({
        // Business credit runs to millions (issue 15); consumer offers are held to the caps anyway.
        amount: z.number().positive().max(100_000_000),
        months: z.number().int().min(1).max(600),
        nominalRate: z.number().min(0).max(100),
        openingFee: z.number().min(0).max(1_000_000),
        monthlyFee: z.number().min(0).max(1_000_000),
        feeFinanced: z.boolean(),
        personalGuarantee: z.boolean().optional(),
        validDays: z.number().int().min(1).max(90).optional(),
        secciUrl: z.url().max(500).optional(),
        reference: z.string().max(100).optional(),
      }),
    ]),
  }),
  z.object({ decision: z.literal('decline'), reason: z.string().max(200).optional() }),
])

/** The headers of a signed request: one signature per valid secret (ADR 028: a rotation's grace period). */
export function signedHeaders(
  secrets: readonly string[],
  deliveryId: string,
  raw: string,
): Record<string, string> {
  const timestamp = Math.floor(Date.now() / 1000)
  return {
    'content-type': 'application/json',
    [TIMESTAMP_HEADER]: String(timestamp),
    [SIGNATURE_HEADER]: partnerSignatureHeader(secrets, timestamp, raw),
    [DELIVERY_HEADER]: deliveryId,
  }
}

/** POSTs a signed partner request: the headers sent and the lender's answer. */
export async function postSigned(
  deps: Pick<MarketplaceDeps, 'config'>,
  endpoint: string,
  secrets: readonly string[],
  deliveryId: string,
  body: object,
): Promise<LenderAnswer> {
  const raw = JSON.stringify(body)
  // ADR 014: https to public addresses only (unless private networks are allowed); redirects not followed.
  return postToLender(
    endpoint,
    { headers: signedHeaders(secrets, deliveryId, raw), body: raw, timeoutMs: REQUEST_TIMEOUT_MS },
    { allowPrivateNetwork: deps.config.LENDER_ALLOW_PRIVATE_NETWORK },
  )
}

/** The reason a lender's answer counts as a failed delivery (no body: it may carry personal data). */
function unexpectedStatus(status: number): string {
  return status >= 300 && status < 400
    ? `lender endpoint answered a redirect (HTTP ${status}), which is not followed`
    : `lender endpoint answered HTTP ${status}`
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

async function httpLender(deps: MarketplaceDeps, lenderId: string) {
  const [lender] = await deps.db.select().from(lenders).where(eq(lenders.id, lenderId))
  const secrets = lender ? signingSecretsOf(deps.cipher, lender) : []
  if (!lender?.endpointUrl || secrets.length === 0) throw new Error('HTTP lender without endpoint or secret')
  return { ...lender, endpointUrl: lender.endpointUrl, secrets }
}

/**
 * The body of an application delivery (the partner API's `PartnerApplication`): what an HTTP lender
 * receives, and what a manual lender sees on its portal page (issue 17), built here once for both.
 */
export function partnerApplicationBody(
  publicUrl: string,
  job: DeliveryJob,
  facts: StoredApplication,
): PartnerApplication {
  const base = `${publicUrl}/api/v1/lender/applications/${job.applicationId}`
  return {
    event: 'application',
    deliveryId: jobId(QUEUES.delivery, `${job.applicationId}:${job.lenderId}`),
    applicationId: job.applicationId,
    product: facts.kind,
    submittedAt: facts.createdAt.toISOString(),
    loan: { amount: facts.match.amount, months: facts.match.months, purpose: facts.match.purpose },
    ...(facts.kind === 'credit-card'
      ? { card: { limitWished: facts.match.amount, cardTypePreference: facts.match.cardType ?? null } }
      : {}),
    // Issue 15: a company applies: its details and contact person instead of applicants and household.
    ...(facts.business
      ? { business: facts.business.partner, applicants: [], household: null }
      : { applicants: facts.applicants, household: facts.household }),
    callbacks: { offer: `${base}/offers`, decline: `${base}/decline` },
  }
}

/**
 * POSTs the application to the lender. 200 carries the answer at once; 202
 * means "later through the lender API". Anything else throws, so the job is
 * retried; the delivery id stays the same, so the lender can tell a retry.
 */
export async function deliverOverHttp(deps: MarketplaceDeps, job: DeliveryJob): Promise<void> {
  const lender = await httpLender(deps, job.lenderId)
  const facts = await loadApplicationFacts(deps.db, deps.cipher, job.applicationId)
  if (!facts) {
    await recordDecline(deps, { ...job, reason: 'withdrawn' })
    return
  }
  const body = partnerApplicationBody(deps.config.PUBLIC_URL, job, facts)
  const response = await postSigned(deps, lender.endpointUrl, lender.secrets, body.deliveryId, body)
  if (response.status === 202) {
    await deps.db
      .update(applicationRecipients)
      .set({ deliveredAt: new Date() })
      .where(
        and(
          eq(applicationRecipients.applicationId, job.applicationId),
          eq(applicationRecipients.lenderId, job.lenderId),
        ),
      )
    return
  }
  if (response.status !== 200) throw new Error(unexpectedStatus(response.status))
  const parsed = ImmediateAnswerSchema.safeParse(parseJson(response.body))
  if (!parsed.success) throw new Error('lender endpoint answered with an unreadable body')
  const answer = parsed.data
  if (answer.decision === 'decline') {
    await recordDecline(deps, { ...job, reason: answer.reason ?? 'declined' })
    return
  }
  const offer = { ...answer.offer, nominalRate: answer.offer.nominalRate / 100 }
  try {
    await recordOffer(deps, { ...job, offer })
  } catch (error) {
    // Terms refused at once (over a cap, the wrong product, terms no APR can be computed for): the
    // lender's answer, not a failed delivery. Retrying would send the personal data again and get the
    // same answer, so the refusal is kept and logged and the lender counts as declined.
    if (!isOfferRefusal(error)) throw error
    if (!(error instanceof OfferRejectedError)) {
      // recordOffer keeps over-cap offers itself; the other refusals are kept here alike.
      const reason = error.options.reason ?? error.code
      await deps.db.insert(offerRejections).values({ ...job, terms: offer, violations: [{ code: reason }] })
      deps.log.warn(
        { lenderId: job.lenderId, applicationId: job.applicationId, reason },
        'immediate offer refused',
      )
    }
    await recordDecline(deps, { ...job, reason: 'offer-rejected' })
  }
}

/** recordOffer refusing the terms themselves (422), as against a missing application or a second answer. */
function isOfferRefusal(error: unknown): error is AppError {
  return error instanceof AppError && error.code === 'UNPROCESSABLE'
}

/** Tells an HTTP lender that its offer was accepted. */
export async function notifyAcceptanceOverHttp(
  deps: MarketplaceDeps,
  offer: {
    id: string
    applicationId: string
    lenderId: string
    lenderReference: string | null
    acceptedAt: Date
  },
): Promise<void> {
  const lender = await httpLender(deps, offer.lenderId)
  const body: PartnerAcceptance = {
    event: 'offer.accepted',
    deliveryId: jobId(QUEUES.acceptance, offer.id),
    applicationId: offer.applicationId,
    offerId: offer.id,
    reference: offer.lenderReference,
    acceptedAt: offer.acceptedAt.toISOString(),
  }
  const response = await postSigned(deps, lender.endpointUrl, lender.secrets, body.deliveryId, body)
  if (response.status < 200 || response.status > 299) {
    throw new AppError('SERVICE_UNAVAILABLE', unexpectedStatus(response.status), {
      messageKey: 'api.lenderUnavailable',
    })
  }
}
