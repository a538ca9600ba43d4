import { type Database, schema } from '@lainava/db'
import { roundHalfUp } from '@lainava/domain'
import {
  type PartnerApplication,
  PartnerMortgageOfferSchema,
} from '@lainava/domain/marketplace/partner-protocol'
import {
  type MortgageBankProfile,
  mortgageCriteriaOf,
  mortgagePricingOf,
  mortgageTimeline,
  sandboxMortgageDecision,
} from '@lainava/domain/mortgage/bank-pricing'
import { isLanguage, pathFor } from '@lainava/routing'
import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import { AppError } from '../../app-error.ts'
import type { FieldCipher } from '../../crypto/field-encryption.ts'
import { jobId, QUEUES } from '../../jobs/job-queue.ts'
import { signingSecretsOf } from '../marketplace/lender-credentials.ts'
import { mortgageMatchOf, recipientsForApplicant, storeRecipients } from '../marketplace/lender-matching.ts'
import type { DeliveryJob, MarketplaceDeps, Recipient } from '../marketplace/marketplace.ts'
import { postSigned } from '../marketplace/partner-client.ts'
import {
  type MortgageOfferInput,
  recordMortgageDecline,
  recordMortgageOffer,
  recordMortgageStatus,
} from './mortgage-answers.ts'
import { loadMortgageApplication, type StoredMortgageApplication } from './mortgage-facts.ts'

const { applicationRecipients, lenders } = schema

// Issue 16: mortgage applications on the marketplace's durable fan-out (ADR 010). The banks are
// the active lenders with mortgage criteria (`criteria.mortgage`); one delivery job per bank, as
// for every application. A sandbox bank answers along its own timeline (processing, perhaps a
// request for information, then an offer or a decline, over hours to days scaled by
// MORTGAGE_DELAY_SCALE): each job does what is due by the clock and sends the job of its next step.

/**
 * Matches a just-stored mortgage application to the banks, inside the submission's transaction: the
 * marketplace's one matching (`storeRecipients`, ADR 030) with the lender filter's switches, regions
 * by the property's postal code and the daily cap counted under its lock; never a manual lender,
 * which could not answer it in the portal (ADR 039).
 */
export async function receiveMortgageApplication(
  tx: Database,
  cipher: FieldCipher,
  applicationId: string,
): Promise<Recipient[]> {
  const stored = await loadMortgageApplication(tx, cipher, applicationId)
  if (!stored) throw new Error('the mortgage application to distribute was not found')
  // The id and name only (the stored recipients carry the banks' pricing).
  return recipientsForApplicant(await storeRecipients(tx, applicationId, mortgageMatchOf(stored)))
}

type Bank = typeof lenders.$inferSelect

function sandboxProfile(bank: Bank): MortgageBankProfile | null {
  const criteria = mortgageCriteriaOf(bank.criteria)
  const pricing = mortgagePricingOf(bank.sandbox)
  return criteria && pricing ? { slug: bank.slug, criteria, pricing } : null
}

/** Seconds from the application to each step of a sandbox bank's answer, scaled. */
function scaledTimeline(deps: MarketplaceDeps, profile: MortgageBankProfile, applicationId: string) {
  const timeline = mortgageTimeline(profile, applicationId)
  const scale = deps.config.MORTGAGE_DELAY_SCALE
  // Whole seconds: a job runs at its time to the millisecond, never a fraction early.
  return {
    processing: Math.ceil(timeline.processing * scale),
    infoRequest: timeline.infoRequest === null ? null : Math.ceil(timeline.infoRequest * scale),
    answer: Math.ceil(timeline.answer * scale),
  }
}

/** The key of a step's job: a second send of the same step stores nothing. */
function stepKey(job: DeliveryJob, step: string): string {
  return step === 'first'
    ? `${job.applicationId}:${job.lenderId}`
    : `${job.applicationId}:${job.lenderId}:${step}`
}

/** Sends the job of a step at its time. */
async function sendAt(deps: MarketplaceDeps, job: DeliveryJob, step: string, at: Date) {
  await deps.jobs?.send(QUEUES.delivery, stepKey(job, step), job, { startAfter: at })
}

/**
 * The first delivery job per bank (HTTP banks at once, sandbox banks when processing starts), all
 * in one INSERT; with `tx`, in the submission's transaction (ADR 043). Safe to call again: a job
 * with the same key is stored once. The marketplace's reconciler may send the same first job again
 * without a delay; the sandbox step then waits for its time (below).
 */
export async function dispatchMortgageApplication(
  deps: MarketplaceDeps,
  applicationId: string,
  tx?: Database,
): Promise<void> {
  if (!deps.jobs) return
  const rows = await (tx ?? deps.db)
    .select({ bank: lenders, createdAt: applicationRecipients.createdAt })
    .from(applicationRecipients)
    .innerJoin(lenders, eq(lenders.id, applicationRecipients.lenderId))
    .where(
      and(
        eq(applicationRecipients.applicationId, applicationId),
        eq(applicationRecipients.status, 'pending'),
      ),
    )
  const jobs = rows
    .filter(({ bank }) => bank.integration !== 'manual')
    .map(({ bank, createdAt }) => {
      const job = { applicationId, lenderId: bank.id }
      const profile = bank.integration === 'sandbox' ? sandboxProfile(bank) : null
      const delay = profile ? scaledTimeline(deps, profile, applicationId).processing : 0
      return {
        key: stepKey(job, 'first'),
        data: job,
        startAfter: new Date(createdAt.getTime() + delay * 1000),
      }
    })
  await deps.jobs.sendMany(QUEUES.delivery, jobs, tx ? { tx } : {})
}

/** Whether an application is a mortgage one (the worker hands those to `deliverMortgage`). */
export async function isMortgageApplication(db: Database, applicationId: string): Promise<boolean> {
  const [row] = await db
    .select({ kind: schema.applications.kind })
    .from(schema.applications)
    .where(eq(schema.applications.id, applicationId))
  return row?.kind === 'mortgage'
}

/**
 * A sandbox bank's step: everything due by now (processing, the request for information, the
 * answer), in order, each stored once; then the job of the next step at its time.
 */
async function answerAsSandboxBank(
  deps: MarketplaceDeps,
  job: DeliveryJob,
  bank: Bank,
  now: Date,
): Promise<void> {
  const [recipient] = await deps.db
    .select({ status: applicationRecipients.status, createdAt: applicationRecipients.createdAt })
    .from(applicationRecipients)
    .where(
      and(
        eq(applicationRecipients.applicationId, job.applicationId),
        eq(applicationRecipients.lenderId, job.lenderId),
      ),
    )
  if (!recipient || recipient.status === 'offered' || recipient.status === 'declined') return
  const stored = await loadMortgageApplication(deps.db, deps.cipher, job.applicationId)
  const profile = sandboxProfile(bank)
  if (!stored || !profile) {
    await recordMortgageDecline(deps, { ...job, reason: stored ? 'criteria' : 'withdrawn' })
    return
  }
  const timeline = scaledTimeline(deps, profile, job.applicationId)
  const at = (seconds: number) => new Date(recipient.createdAt.getTime() + seconds * 1000)
  // A step is due from its second on (a stored timestamp and the job's start may differ by a millisecond).
  const elapsed = Math.floor((now.getTime() - recipient.createdAt.getTime()) / 1000) + 1
  if (elapsed < timeline.processing) return sendAt(deps, job, 'processing', at(timeline.processing))
  if (recipient.status === 'pending') await recordMortgageStatus(deps, { ...job, status: 'processing' })
  if (timeline.infoRequest !== null && recipient.status !== 'info-requested') {
    if (elapsed < timeline.infoRequest) return sendAt(deps, job, 'info-requested', at(timeline.infoRequest))
    await recordMortgageStatus(deps, { ...job, status: 'info-requested' })
  }
  if (elapsed < timeline.answer) return sendAt(deps, job, 'answer', at(timeline.answer))
  await answerNow(deps, job, profile, stored)
}

async function answerNow(
  deps: MarketplaceDeps,
  job: DeliveryJob,
  profile: MortgageBankProfile,
  stored: StoredMortgageApplication,
): Promise<void> {
  const decision = sandboxMortgageDecision(profile, stored.facts, stored.createdAt)
  if (decision.decision === 'decline') {
    await recordMortgageDecline(deps, { ...job, reason: decision.reason })
    return
  }
  const { decision: _, ...terms } = decision
  const { pricing } = profile
  await recordMortgageOffer(deps, {
    ...job,
    offer: {
      ...terms,
      validDays: pricing.validDays,
      esis: {
        valuationFee: pricing.valuationFee,
        arrangementFee: 0,
        collateralFee: pricing.collateralFee,
        earlyRepayment: pricing.earlyRepayment,
        insuranceRequired: pricing.insuranceRequired,
        insurance: pricing.insuranceRequired
          ? 'Kotivakuutus ja lainaturva (henkivakuutus) lainan ajaksi.'
          : null,
        collateral: `Kiinnitys tai osakekirja: ${stored.details.property.streetAddress}, ${stored.details.property.city}`,
        stateGuarantee: stored.facts.stateGuarantee,
        reflectionDays: 14,
        contact: `asiakaspalvelu@${profile.slug}.example.fi`,
      },
    },
  })
}

/**
 * Our status page for the application in its language, where a bank sends the applicant back after
 * its own steps (issue 16 item 7); `returned` names the bank (its id: the page shows its name).
 */
export function mortgageCallbackUrl(
  publicUrl: string,
  stored: Pick<StoredMortgageApplication, 'language' | 'mortgageApplicationId'>,
  lenderId: string,
): string {
  const language = isLanguage(stored.language) ? stored.language : 'fi'
  const url = new URL(`${publicUrl.replace(/\/+$/, '')}${pathFor('mortgageStatus', language)}`)
  if (stored.mortgageApplicationId) url.searchParams.set('id', stored.mortgageApplicationId)
  url.searchParams.set('returned', lenderId)
  return url.toString()
}

/** The body an HTTP bank receives: the partner API's application with the `mortgage` section. */
export function mortgagePartnerBody(publicUrl: string, job: DeliveryJob, stored: StoredMortgageApplication) {
  const base = `${publicUrl}/api/v1/lender/applications/${job.applicationId}`
  const body: PartnerApplication = {
    event: 'application',
    deliveryId: jobId(QUEUES.delivery, `${job.applicationId}:${job.lenderId}`),
    applicationId: job.applicationId,
    product: 'mortgage',
    submittedAt: stored.createdAt.toISOString(),
    loan: { amount: stored.facts.loanAmount, months: stored.facts.months, purpose: stored.facts.purpose },
    mortgage: { ...stored.partner, callbackUrl: mortgageCallbackUrl(publicUrl, stored, job.lenderId) },
    applicants: stored.applicants,
    household: stored.household,
    callbacks: {
      offer: `${base}/offers`,
      decline: `${base}/decline`,
      mortgageOffer: `${publicUrl}/api/v1/lender/mortgage-applications/${job.applicationId}/offers`,
      mortgageStatus: `${publicUrl}/api/v1/lender/mortgage-applications/${job.applicationId}/status`,
    },
  }
  return body
}

const ImmediateMortgageAnswerSchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('offer'), offer: PartnerMortgageOfferSchema }),
  z.object({ decision: z.literal('decline'), reason: z.string().max(200).optional() }),
])

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/** A bank's terms in the partner API's units (percent) as the offer is stored (fractions). */
export function offerFromPartner(offer: z.output<typeof PartnerMortgageOfferSchema>): MortgageOfferInput {
  const { referenceRateValue, margin, fixedPeriodYears, ...terms } = offer
  return {
    ...terms,
    referenceRateValue: roundHalfUp(referenceRateValue / 100, 6),
    margin: roundHalfUp(margin / 100, 6),
    nominalRate: roundHalfUp((referenceRateValue + margin) / 100, 6),
    fixedPeriodYears: terms.referenceRate === 'fixed-period' ? (fixedPeriodYears ?? null) : null,
  }
}

/**
 * POSTs the mortgage application to an HTTP bank, signed as every partner request. 200 carries the
 * answer at once (mortgage terms or a decline), 202 means "later, through the lender API"; anything
 * else throws, so the job is retried with the same delivery id. Terms we refuse at once count as the
 * bank's decline (retrying would send the personal data again for the same answer).
 */
async function deliverMortgageOverHttp(
  deps: MarketplaceDeps,
  job: DeliveryJob,
  bank: Bank,
  body: PartnerApplication,
): Promise<void> {
  const secrets = signingSecretsOf(deps.cipher, bank)
  if (!bank.endpointUrl || secrets.length === 0) throw new Error('HTTP lender without endpoint or secret')
  const response = await postSigned(deps, bank.endpointUrl, secrets, body.deliveryId, body)
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
  if (response.status !== 200) throw new Error(`lender endpoint answered HTTP ${response.status}`)
  const parsed = ImmediateMortgageAnswerSchema.safeParse(parseJson(response.body))
  if (!parsed.success) throw new Error('lender endpoint answered with an unreadable body')
  const answer = parsed.data
  if (answer.decision === 'decline') {
    await recordMortgageDecline(deps, { ...job, reason: answer.reason ?? 'declined' })
    return
  }
  try {
    await recordMortgageOffer(deps, { ...job, offer: offerFromPartner(answer.offer) })
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'UNPROCESSABLE') throw error
    await recordMortgageDecline(deps, { ...job, reason: 'offer-rejected' })
  }
}

/** The worker's delivery of a mortgage application to one bank (sandbox or HTTP). */
export async function deliverMortgage(
  deps: MarketplaceDeps,
  job: DeliveryJob,
  now: Date = new Date(),
): Promise<void> {
  const [row] = await deps.db
    .select({
      bank: lenders,
      status: applicationRecipients.status,
      deliveredAt: applicationRecipients.deliveredAt,
    })
    .from(applicationRecipients)
    .innerJoin(lenders, eq(lenders.id, applicationRecipients.lenderId))
    .where(
      and(
        eq(applicationRecipients.applicationId, job.applicationId),
        eq(applicationRecipients.lenderId, job.lenderId),
      ),
    )
  if (!row || row.bank.integration === 'manual') return
  if (row.bank.integration === 'sandbox') return answerAsSandboxBank(deps, job, row.bank, now)
  if (row.status !== 'pending' || row.deliveredAt) return
  const stored = await loadMortgageApplication(deps.db, deps.cipher, job.applicationId)
  if (!stored) {
    await recordMortgageDecline(deps, { ...job, reason: 'withdrawn' })
    return
  }
  await deliverMortgageOverHttp(deps, job, row.bank, mortgagePartnerBody(deps.config.PUBLIC_URL, job, stored))
}
