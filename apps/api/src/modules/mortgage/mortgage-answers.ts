import { type Database, schema } from '@lainava/db'
import { maxYears } from '@lainava/domain'
import type { EsisItems } from '@lainava/domain/mortgage/api'
import { type MortgageOfferTerms, mortgageFigures } from '@lainava/domain/mortgage/bank-pricing'
import { type CatalogueLocale, catalogueLocale } from '@lainava/i18n'
import { pathFor } from '@lainava/routing'
import { and, eq, inArray, isNull } from 'drizzle-orm'
import { AppError } from '../../app-error.ts'
import { QUEUES } from '../../jobs/job-queue.ts'
import { mortgageStatusEmail } from '../email/templates.ts'
import {
  DEFAULT_OFFER_VALID_DAYS,
  type MarketplaceDeps,
  mortgageStatusJobKey,
} from '../marketplace/marketplace.ts'
import { allowedReturnUrl } from './mortgage-service.ts'

const {
  applications,
  applicationRecipients,
  consents,
  lenders,
  mortgageApplications,
  offers,
  offerRejections,
  users,
} = schema

// Issue 16: a bank's answers on a mortgage application. Unlike a consumer lender, a bank answers in
// steps: `processing`, perhaps `info-requested`, then an offer or a decline. Each change is stored by
// a conditional update of the recipient row (so a retried job or a second call stores nothing) and
// e-mailed to the applicant by a durable job keyed by the change (one e-mail per change).

export type BankStatus = 'processing' | 'info-requested' | 'offered' | 'declined'

/** The statuses each change may come from: a bank moves forward only. */
const FROM: Record<BankStatus, Array<'pending' | 'processing' | 'info-requested'>> = {
  processing: ['pending'],
  'info-requested': ['pending', 'processing'],
  offered: ['pending', 'processing', 'info-requested'],
  declined: ['pending', 'processing', 'info-requested'],
}

export type MortgageStatusJob = {
  applicationId: string
  kind: 'mortgage-status'
  lenderId: string
  /** `withdrawn`: the bank withdrew its offer (queued by the lender module's withdraw). */
  status: BankStatus | 'withdrawn'
}

async function queueStatusEmail(
  deps: MarketplaceDeps,
  applicationId: string,
  lenderId: string,
  status: BankStatus,
) {
  const job: MortgageStatusJob = { applicationId, kind: 'mortgage-status', lenderId, status }
  await deps.jobs?.send(QUEUES.notification, mortgageStatusJobKey(applicationId, { lenderId, status }), job)
}

/** The recipient row of a mortgage application the bank received; anything else is "not found". */
async function receivedMortgage(db: Database, applicationId: string, lenderId: string) {
  const [row] = await db
    .select({ status: applicationRecipients.status, kind: applications.kind })
    .from(applicationRecipients)
    .innerJoin(applications, eq(applications.id, applicationRecipients.applicationId))
    .where(
      and(
        eq(applicationRecipients.applicationId, applicationId),
        eq(applicationRecipients.lenderId, lenderId),
      ),
    )
  if (row?.kind !== 'mortgage') {
    throw new AppError('NOT_FOUND', 'This bank did not receive that mortgage application.', {
      messageKey: 'api.applicationNotFound',
    })
  }
  return row
}

/** Moves the recipient row to `status` when it may; false when it is there or past it already. */
async function claim(
  tx: Database,
  applicationId: string,
  lenderId: string,
  status: BankStatus,
  declineReason: string | null = null,
): Promise<boolean> {
  const final = status === 'offered' || status === 'declined'
  const updated = await tx
    .update(applicationRecipients)
    .set({ status, declineReason, ...(final ? { answeredAt: new Date() } : {}) })
    .where(
      and(
        eq(applicationRecipients.applicationId, applicationId),
        eq(applicationRecipients.lenderId, lenderId),
        inArray(applicationRecipients.status, FROM[status]),
      ),
    )
    .returning({ lenderId: applicationRecipients.lenderId })
  return updated.length > 0
}

const alreadyAnswered = () =>
  new AppError('CONFLICT', 'This bank has already answered this application.', {
    reason: 'ALREADY_ANSWERED',
    messageKey: 'api.alreadyAnswered',
  })

/**
 * A bank's intermediate answer. Saying the same again, or going back (processing after asking for
 * information), changes nothing and is not an error; after an offer or a decline it is a conflict.
 */
export async function recordMortgageStatus(
  deps: MarketplaceDeps,
  input: {
    applicationId: string
    lenderId: string
    status: 'processing' | 'info-requested'
    redirectionUrl?: string | undefined
  },
): Promise<{ changed: boolean }> {
  const current = await receivedMortgage(deps.db, input.applicationId, input.lenderId)
  if (current.status === 'offered' || current.status === 'declined') throw alreadyAnswered()
  const changed = await claim(deps.db, input.applicationId, input.lenderId, input.status)
  // The bank's page for its extra step (issue 16 item 7): only with info-requested, only on an
  // allowed host; a later answer (or a request without it) takes it away.
  await deps.db
    .update(applicationRecipients)
    .set({
      redirectionUrl:
        input.status === 'info-requested' ? allowedReturnUrl(deps.config, input.redirectionUrl) : null,
    })
    .where(
      and(
        eq(applicationRecipients.applicationId, input.applicationId),
        eq(applicationRecipients.lenderId, input.lenderId),
        // Going back to processing after asking changes nothing, the link included.
        eq(applicationRecipients.status, input.status),
      ),
    )
  if (changed) await queueStatusEmail(deps, input.applicationId, input.lenderId, input.status)
  return { changed }
}

export async function recordMortgageDecline(
  deps: MarketplaceDeps,
  input: { applicationId: string; lenderId: string; reason: string },
): Promise<void> {
  await receivedMortgage(deps.db, input.applicationId, input.lenderId)
  if (!(await claim(deps.db, input.applicationId, input.lenderId, 'declined', input.reason)))
    throw alreadyAnswered()
  await queueStatusEmail(deps, input.applicationId, input.lenderId, 'declined')
}

export type OfferViolation = { code: string; limit: number; actual: number }

/** A bank's mortgage terms refused (422): over the legal maximum period, or a rate that is not its parts. */
export class MortgageOfferRefusedError extends AppError {
  readonly violations: OfferViolation[]
  constructor(violations: OfferViolation[]) {
    super('UNPROCESSABLE', 'The mortgage offer breaks the rules and was not accepted.', {
      reason: 'OFFER_REFUSED',
      messageKey: 'mortgage.api.offerRefused',
    })
    this.violations = violations
  }
}

export type MortgageOfferInput = MortgageOfferTerms & {
  validDays?: number
  reference?: string | null
  esis: EsisItems
}

/**
 * Stores a bank's mortgage offer with every figure computed by us (first instalment, APR with the
 * reference rate held constant, totals). Terms over the legal maximum period of the day, or whose
 * rate is not the reference rate + the margin, are refused (kept in `offer_rejections`).
 */
export async function recordMortgageOffer(
  deps: MarketplaceDeps,
  input: { applicationId: string; lenderId: string; offer: MortgageOfferInput },
  now: Date = new Date(),
): Promise<typeof offers.$inferSelect> {
  const { applicationId, lenderId, offer } = input
  await receivedMortgage(deps.db, applicationId, lenderId)
  const longest = maxYears(now) * 12
  const violations: OfferViolation[] = [
    ...(offer.months > longest
      ? [{ code: 'MORTGAGE_MAX_PERIOD', limit: longest, actual: offer.months }]
      : []),
    ...(Math.abs(offer.nominalRate - (offer.referenceRateValue + offer.margin)) > 1e-6
      ? [
          {
            code: 'MORTGAGE_RATE_PARTS',
            limit: offer.referenceRateValue + offer.margin,
            actual: offer.nominalRate,
          },
        ]
      : []),
  ]
  if (violations.length > 0) {
    await deps.db.insert(offerRejections).values({ applicationId, lenderId, terms: offer, violations })
    deps.log.warn({ lenderId, applicationId, violations }, 'mortgage offer refused')
    throw new MortgageOfferRefusedError(violations)
  }
  const figures = mortgageFigures(offer)
  if (!figures) {
    throw new AppError('UNPROCESSABLE', 'No APR can be computed for these terms.', {
      reason: 'OFFER_NOT_PRICEABLE',
      messageKey: 'api.loanNotPriceable',
    })
  }
  const validDays = offer.validDays ?? DEFAULT_OFFER_VALID_DAYS
  const stored = await deps.db.transaction(async (tx) => {
    if (!(await claim(tx, applicationId, lenderId, 'offered'))) throw alreadyAnswered()
    const [row] = await tx
      .insert(offers)
      .values({
        applicationId,
        lenderId,
        amount: offer.amount,
        months: offer.months,
        nominalRate: offer.nominalRate,
        openingFee: offer.openingFee,
        monthlyFee: offer.monthlyFee,
        feeFinanced: false,
        // The first instalment: an equal-principal loan's instalments fall from there.
        monthlyPayment: figures.firstInstalment,
        apr: figures.apr,
        totalCost: figures.totalCost,
        totalPayable: figures.totalPayable,
        validUntil: new Date(now.getTime() + validDays * 86_400_000),
        lenderReference: offer.reference ?? null,
        repaymentType: offer.repaymentType,
        referenceRate: offer.referenceRate,
        referenceRateValue: offer.referenceRateValue,
        margin: offer.margin,
        fixedPeriodYears: offer.fixedPeriodYears,
        esis: offer.esis,
      })
      .returning()
    if (!row) throw new Error('offer insert returned nothing')
    return row
  })
  await queueStatusEmail(deps, applicationId, lenderId, 'offered')
  return stored
}

/** The worker's handler of a mortgage status e-mail: sent once, unless the applicant turned these off. */
export async function sendMortgageStatusEmail(deps: MarketplaceDeps, job: MortgageStatusJob): Promise<void> {
  const [row] = await deps.db
    .select({
      email: users.email,
      language: applications.language,
      wantsEmail: consents.offerNotifications,
      bank: lenders.name,
      mortgageApplicationId: mortgageApplications.id,
    })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.userId))
    .innerJoin(lenders, eq(lenders.id, job.lenderId))
    .leftJoin(consents, eq(consents.userId, users.id))
    .leftJoin(mortgageApplications, eq(mortgageApplications.applicationId, applications.id))
    .where(and(eq(applications.id, job.applicationId), isNull(applications.anonymisedAt)))
  if (!row?.email || row.wantsEmail === false) return
  const language: CatalogueLocale = catalogueLocale(row.language)
  const link = `${deps.config.PUBLIC_URL}${pathFor('mortgageStatus', language)}`
  await deps.mailer.send({
    to: row.email,
    kind: `mortgage-${job.status}`,
    ...mortgageStatusEmail({
      language,
      brand: deps.config.BRAND_NAME,
      bank: row.bank,
      status: job.status,
      link,
    }),
  })
}
