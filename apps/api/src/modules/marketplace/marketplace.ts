import { type Database, insertRowsStatements, inUuidPairs, inUuids, schema } from '@lainava/db'
import {
  type ApplicationKind,
  type CapViolation,
  type CardOfferTerms,
  deriveApplicationFacts,
  evaluateCardOffer,
  evaluateOffer,
  isBusinessKind,
  type LenderProduct,
  type MatchedApplication,
  type OfferTerms,
  type SandboxCardPricing,
  sandboxCardDecision,
  sandboxDecision,
} from '@lainava/domain'
import { evaluateBusinessOffer } from '@lainava/domain/marketplace/business-offer-terms'
import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm'
import type { WithSubquery } from 'drizzle-orm/subquery'
import { AppError } from '../../app-error.ts'
import type { FieldCipher } from '../../crypto/field-encryption.ts'
import { type JobQueue, type JobToSend, QUEUES } from '../../jobs/job-queue.ts'
import type { AuthDeps } from '../auth/login-service.ts'
import {
  applicationFactsOf,
  loadApplicationFacts,
  loadManyApplicationFacts,
  type StoredApplication,
} from './application-facts.ts'
import {
  type ActiveLender,
  activeLendersJson,
  matchingRecipients,
  type Recipient,
  recipientsForApplicant,
  type StoredRecipient,
  storeRecipients,
} from './lender-matching.ts'

const { applications, applicationRecipients, lenders, offers, offerRejections } = schema

export type MarketplaceDeps = AuthDeps & { cipher: FieldCipher; jobs: JobQueue | null }
export type { ActiveLender, Recipient, StoredRecipient }
export { activeLendersJson, recipientsForApplicant }

/** Card pricing of a sandbox issuer stored before issuers had their own (an older demo database). */
const DEFAULT_SANDBOX_CARD: SandboxCardPricing = {
  rateMargin: 8,
  annualFee: 0,
  monthlyFee: 2,
  gracePeriodDays: 45,
  maxLimit: 5000,
  limitToIncome: 1.5,
}

/** How long an offer stands when the lender does not say (days). */
export const DEFAULT_OFFER_VALID_DAYS = 30

/**
 * The lenders an application would go to if it were sent now: the review step shows exactly
 * these before sending (issue 14), by the same facts and matching as `receiveApplication`.
 */
export function previewRecipients(
  db: Database,
  kind: LenderProduct,
  application: MatchedApplication | Record<string, unknown>,
  now: Date = new Date(),
): Promise<Recipient[]> {
  return matchingRecipients(db, {
    side: 'consumer',
    facts: deriveApplicationFacts(kind, application, now).match,
  })
}

/** What a submission's transaction stored and read, handed on so that nothing is read twice. */
export type SubmittedRows = {
  application: typeof applications.$inferSelect
  applicants: readonly (typeof schema.applicants.$inferSelect)[]
  lenders?: readonly ActiveLender[] | undefined
  /** Data-modifying CTEs to send with the recipients' INSERT (ADR 055: the applicants' own INSERT). */
  alongside?: readonly WithSubquery[] | undefined
}

/**
 * Matches a just-stored application to the active lenders and records the ones that receive
 * it. Runs inside the submission's transaction; `dispatchApplication` then queues the deliveries
 * in the same transaction.
 */
export async function receiveApplication(
  tx: Database,
  cipher: FieldCipher,
  applicationId: string,
  /**
   * The rows the submission just stored (ADR 051: not read back); without them they are read. With
   * `lenders`, the active lenders this transaction read with the application's INSERT (ADR 055).
   */
  stored?: SubmittedRows,
): Promise<StoredRecipient[]> {
  const facts = stored
    ? applicationFactsOf(cipher, stored.application, stored.applicants)
    : await loadApplicationFacts(tx, cipher, applicationId)
  if (!facts) throw new Error('the application to distribute was not found')
  // Issue 17: the lenders' filters and daily caps, by the one matching of lender-matching.ts.
  return storeRecipients(
    tx,
    applicationId,
    { side: 'consumer', facts: facts.match },
    stored?.lenders,
    stored?.alongside,
  )
}

export async function recipientsOf(db: Database, applicationId: string): Promise<Recipient[]> {
  return db
    .select({ id: lenders.id, name: lenders.name })
    .from(applicationRecipients)
    .innerJoin(lenders, eq(lenders.id, applicationRecipients.lenderId))
    .where(eq(applicationRecipients.applicationId, applicationId))
    .orderBy(asc(lenders.name))
}

/**
 * One durable job per lender that has not answered and has not been reached, all stored by one
 * INSERT. Inside the submission's transaction (`tx`) the jobs commit with the application or not
 * at all (ADR 043); the reconciler and a repeated submission call it again without one, which is
 * safe at any time: a job with the same key is stored once. A sandbox lender's delay counts from
 * the submission, so a re-send keeps it.
 */
export async function dispatchApplication(
  deps: MarketplaceDeps,
  applicationId: string,
  tx?: Database,
  /**
   * The recipients the submission's transaction (`tx`) just stored (ADR 051): their jobs are made
   * from these instead of reading the rows back. Read anyway if any row was there before.
   */
  stored?: readonly StoredRecipient[],
): Promise<void> {
  if (!deps.jobs) return
  const fresh = stored?.flatMap(({ id, createdAt, integration, sandbox }) =>
    createdAt ? [{ lenderId: id, createdAt, integration, sandbox }] : [],
  )
  const rows =
    fresh && fresh.length === stored?.length ? fresh : await pendingDeliveries(tx ?? deps.db, applicationId)
  const jobs = rows.map((row) => {
    const delaySeconds =
      row.integration === 'sandbox' ? (row.sandbox?.delaySeconds ?? 0) * deps.config.SANDBOX_DELAY_SCALE : 0
    return {
      key: `${applicationId}:${row.lenderId}`,
      data: { applicationId, lenderId: row.lenderId },
      startAfter: new Date(row.createdAt.getTime() + delaySeconds * 1000),
    }
  })
  await deps.jobs.sendMany(QUEUES.delivery, jobs, tx ? { tx } : {})
}

/** The recipients of an application that have not answered and have not been reached. */
function pendingDeliveries(db: Database, applicationId: string) {
  return db
    .select({
      lenderId: applicationRecipients.lenderId,
      createdAt: applicationRecipients.createdAt,
      integration: lenders.integration,
      sandbox: lenders.sandbox,
    })
    .from(applicationRecipients)
    .innerJoin(lenders, eq(lenders.id, applicationRecipients.lenderId))
    .where(
      and(
        eq(applicationRecipients.applicationId, applicationId),
        eq(applicationRecipients.status, 'pending'),
        isNull(applicationRecipients.deliveredAt),
      ),
    )
}

type OfferExtras = {
  validDays?: number
  secciUrl?: string | null
  reference?: string | null
  /** Business credit (issue 15): the lender asks for a personal guarantee. */
  personalGuarantee?: boolean
}
export type OfferInput = OfferTerms & OfferExtras
/** A card issuer's answer to a credit-card application (issue 14). */
export type CardOfferInput = CardOfferTerms & OfferExtras

const isCardOffer = (offer: OfferInput | CardOfferInput): offer is CardOfferInput => 'creditLimit' in offer

type OfferRow = typeof offers.$inferInsert
/** The figures of an offer as stored, priced by us; or why it cannot be. */
type PricedOffer =
  | { ok: true; figures: Omit<OfferRow, 'applicationId' | 'lenderId' | 'validUntil'> }
  | { ok: false; terms: OfferTerms | CardOfferTerms; violations: CapViolation[] }
  | { ok: false; problem: string }

function priceOffer(offer: OfferInput | CardOfferInput, now: Date, kind: ApplicationKind): PricedOffer {
  if (isCardOffer(offer)) {
    const terms: CardOfferTerms = {
      cardType: offer.cardType,
      creditLimit: offer.creditLimit,
      nominalRate: offer.nominalRate,
      annualFee: offer.annualFee,
      monthlyFee: offer.monthlyFee,
      gracePeriodDays: offer.gracePeriodDays,
    }
    const evaluation = evaluateCardOffer(terms, now)
    if ('problem' in evaluation) return { ok: false, problem: evaluation.problem }
    if (!evaluation.ok) return { ok: false, terms, violations: evaluation.violations }
    const { example } = evaluation
    // The offers table's card columns (migration 0005): amount is the limit, the figures the example's.
    return {
      ok: true,
      figures: {
        amount: terms.creditLimit,
        months: example.months,
        nominalRate: terms.nominalRate,
        openingFee: 0,
        monthlyFee: terms.monthlyFee,
        feeFinanced: false,
        monthlyPayment: example.monthlyPayment,
        apr: example.apr,
        totalCost: example.totalCost,
        totalPayable: example.totalPayable,
        cardType: terms.cardType,
        exampleAmount: example.exampleAmount,
        annualFee: terms.annualFee,
        gracePeriodDays: terms.gracePeriodDays,
      },
    }
  }
  const terms: OfferTerms = {
    amount: offer.amount,
    months: offer.months,
    nominalRate: offer.nominalRate,
    openingFee: offer.openingFee,
    monthlyFee: offer.monthlyFee,
    feeFinanced: offer.feeFinanced,
  }
  // Issue 15: business credit is outside consumer-credit law: no consumer caps, nonsense still refused.
  const business = isBusinessKind(kind)
  const evaluation = business ? evaluateBusinessOffer(terms) : evaluateOffer(terms, now)
  if ('problem' in evaluation) return { ok: false, problem: evaluation.problem }
  if (!evaluation.ok) return { ok: false, terms, violations: evaluation.violations }
  const { cost } = evaluation
  return {
    ok: true,
    figures: {
      ...terms,
      personalGuarantee: business && offer.personalGuarantee === true,
      monthlyPayment: cost.monthlyPayment,
      apr: cost.apr,
      totalCost: cost.totalCost,
      totalPayable: cost.totalPayable,
    },
  }
}

/** Whether the terms are for the product the application asks for. */
function rightProduct(
  offer: OfferInput | CardOfferInput,
  { kind, cardType }: { kind: ApplicationKind; cardType: string | null },
): boolean {
  // Issue 14: a card application gets card offers (limit, fees, grace period) of the type asked for
  // (`other`: any), never loan offers.
  const wrongCard =
    isCardOffer(offer) && cardType !== null && cardType !== 'other' && offer.cardType !== cardType
  // Issue 16: a mortgage application takes a bank's mortgage terms on the mortgage lender paths only.
  return (kind === 'credit-card') === isCardOffer(offer) && !wrongCard && kind !== 'mortgage'
}

/** The kind (and card type asked) of an application the lender received; anything else is "not found". */
async function receivedApplication(db: Database, applicationId: string, lenderId: string) {
  const [received] = await db
    .select({
      kind: applications.kind,
      cardType: sql<string | null>`${applications.details}->>'cardTypePreference'`,
    })
    .from(applicationRecipients)
    .innerJoin(applications, eq(applications.id, applicationRecipients.applicationId))
    .where(
      and(
        eq(applicationRecipients.applicationId, applicationId),
        eq(applicationRecipients.lenderId, lenderId),
      ),
    )
  if (!received) {
    throw new AppError('NOT_FOUND', 'This lender did not receive that application.', {
      messageKey: 'api.applicationNotFound',
    })
  }
  return received
}

export class OfferRejectedError extends AppError {
  readonly violations: CapViolation[]
  constructor(violations: CapViolation[]) {
    super('UNPROCESSABLE', 'The offer breaks the Finnish consumer-credit cap and was not accepted.', {
      reason: 'OFFER_OVER_CAP',
      messageKey: 'api.offerOverCap',
    })
    this.violations = violations
  }
}

/** Marks the lender's answer on its recipient row, once: a second answer is a conflict. */
async function claimAnswer(
  tx: Database,
  applicationId: string,
  lenderId: string,
  status: 'offered' | 'declined',
  declineReason: string | null,
): Promise<void> {
  const updated = await tx
    .update(applicationRecipients)
    .set({ status, answeredAt: new Date(), declineReason })
    .where(
      and(
        eq(applicationRecipients.applicationId, applicationId),
        eq(applicationRecipients.lenderId, lenderId),
        eq(applicationRecipients.status, 'pending'),
      ),
    )
    .returning({ lenderId: applicationRecipients.lenderId })
  if (updated.length > 0) return
  const [exists] = await tx
    .select({ status: applicationRecipients.status })
    .from(applicationRecipients)
    .where(
      and(
        eq(applicationRecipients.applicationId, applicationId),
        eq(applicationRecipients.lenderId, lenderId),
      ),
    )
  if (!exists) {
    throw new AppError('NOT_FOUND', 'This lender did not receive that application.', {
      messageKey: 'api.applicationNotFound',
    })
  }
  throw new AppError('CONFLICT', 'This lender has already answered this application.', {
    reason: 'ALREADY_ANSWERED',
    messageKey: 'api.alreadyAnswered',
  })
}

/**
 * Queues, in the answer's transaction, the applicant's e-mail job when this answer changes the
 * application's state (ADR 043): "first offers" for the first offer, "all answered" for the last
 * lender to answer; on a mortgage application the bank's change instead (issue 16).
 *
 * Call it last in the transaction that stored the answer. It locks the application's row, so the
 * answers to one application pass this point one after another and each counts every answer
 * committed before it: exactly one answer sees the first offer and exactly one sees nobody left
 * pending, and the job commits with the answer or not at all. The lock is held only for this
 * count and the commit, and the offers' own inserts do not wait for it (NO KEY UPDATE).
 */
async function queueProgress(
  tx: Database,
  deps: MarketplaceDeps,
  applicationId: string,
  answered: { lenderId: string; status: 'offered' | 'declined' },
): Promise<void> {
  if (!deps.jobs) return
  const [application] = await tx
    .select({ kind: applications.kind })
    .from(applications)
    .where(eq(applications.id, applicationId))
    .for('no key update')
  if (!application) return
  if (application.kind === 'mortgage') {
    // A bank that answered on the general lender path; the mortgage module e-mails its own steps.
    await deps.jobs.send(
      QUEUES.notification,
      mortgageStatusJobKey(applicationId, answered),
      { applicationId, kind: 'mortgage-status', ...answered },
      { tx },
    )
    return
  }
  const [state] = await tx
    .select({
      pending: sql<number>`count(*) filter (where ${applicationRecipients.status} = 'pending')::int`,
      offered: sql<number>`count(*) filter (where ${applicationRecipients.status} = 'offered')::int`,
    })
    .from(applicationRecipients)
    .where(eq(applicationRecipients.applicationId, applicationId))
  if (!state) return
  const jobs: JobToSend[] = []
  // ADR 051: with nobody left pending the "first offers" e-mail is never sent (the "all answered"
  // one says it all, and marks it done): its job is not queued.
  if (answered.status === 'offered' && state.offered === 1 && state.pending > 0) {
    jobs.push({ key: `${applicationId}:first-offers`, data: { applicationId, kind: 'first-offers' } })
  }
  if (state.pending === 0) {
    jobs.push({ key: `${applicationId}:all-answered`, data: { applicationId, kind: 'all-answered' } })
  }
  await deps.jobs.sendMany(QUEUES.notification, jobs, { tx })
}

/**
 * Stores a lender's offer with every figure computed by us. An offer over a
 * cap is logged, kept in `offer_rejections` and refused (OfferRejectedError).
 */
export async function recordOffer(
  deps: MarketplaceDeps,
  input: {
    applicationId: string
    lenderId: string
    offer: OfferInput | CardOfferInput
    /** What the caller already read of the application the lender received (a sandbox answer). */
    received?: { kind: ApplicationKind; cardType: string | null }
  },
  now: Date = new Date(),
): Promise<typeof offers.$inferSelect> {
  const { applicationId, lenderId, offer } = input
  const { kind, cardType } = input.received ?? (await receivedApplication(deps.db, applicationId, lenderId))
  if (!rightProduct(offer, { kind, cardType })) {
    throw new AppError('UNPROCESSABLE', 'These terms are for another product than the application.', {
      reason: 'OFFER_WRONG_PRODUCT',
      // The message says what this application is answered with (a manual lender reads it in the portal).
      messageKey:
        kind === 'mortgage'
          ? 'lenderPortal.api.wrongProduct.mortgage'
          : kind === 'credit-card'
            ? 'lenderPortal.api.wrongProduct.card'
            : 'lenderPortal.api.wrongProduct.loan',
    })
  }
  const priced = priceOffer(offer, now, kind)
  if ('problem' in priced) {
    // Issue 13: terms no APR can be computed for (say 1e-320 euros) are the lender's error, not ours.
    throw new AppError('UNPROCESSABLE', 'No APR can be computed for these terms.', {
      reason: 'OFFER_NOT_PRICEABLE',
      messageKey: 'api.loanNotPriceable',
    })
  }
  if (!priced.ok) {
    await deps.db
      .insert(offerRejections)
      .values({ applicationId, lenderId, terms: priced.terms, violations: priced.violations })
    deps.log.warn({ lenderId, applicationId, violations: priced.violations }, 'offer over the cap rejected')
    throw new OfferRejectedError(priced.violations)
  }
  const validDays = offer.validDays ?? DEFAULT_OFFER_VALID_DAYS
  const stored = await deps.db.transaction(async (tx) => {
    await claimAnswer(tx, applicationId, lenderId, 'offered', null)
    const [row] = await tx
      .insert(offers)
      .values({
        applicationId,
        lenderId,
        ...priced.figures,
        validUntil: new Date(now.getTime() + validDays * 86_400_000),
        secciUrl: offer.secciUrl ?? null,
        lenderReference: offer.reference ?? null,
      })
      .returning()
    if (!row) throw new Error('offer insert returned nothing')
    await queueProgress(tx, deps, applicationId, { lenderId, status: 'offered' })
    return row
  })
  return stored
}

/** The decline reason of a lender deactivated between an application's submission and its delivery. */
export const LENDER_INACTIVE = 'LENDER_INACTIVE'

export async function recordDecline(
  deps: MarketplaceDeps,
  input: { applicationId: string; lenderId: string; reason: string },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await claimAnswer(tx, input.applicationId, input.lenderId, 'declined', input.reason)
    await queueProgress(tx, deps, input.applicationId, { lenderId: input.lenderId, status: 'declined' })
  })
}

/** A mortgage bank's change of answer and the key of its one e-mail job (issue 16: one e-mail per change). */
export type MortgageBankChange = {
  lenderId: string
  /** `withdrawn`: the bank withdrew its offer (lender portal or API). */
  status: 'processing' | 'info-requested' | 'offered' | 'declined' | 'withdrawn'
}
export const mortgageStatusJobKey = (applicationId: string, change: MortgageBankChange) =>
  `${applicationId}:${change.lenderId}:mortgage-${change.status}`

/**
 * Queues the applicant's e-mails the application's state calls for and that have not gone out yet
 * (first offers in, every lender answered); on a mortgage application instead the e-mail of the
 * bank's change (`answered`), when there is one. An answer queues only the change it made
 * (`queueProgress`); this is for the reconciler and for changes outside an answer (a withdrawn offer).
 */
export async function notifyProgress(
  deps: MarketplaceDeps,
  applicationId: string,
  answered?: MortgageBankChange,
): Promise<void> {
  if (!deps.jobs) return
  const [state] = await deps.db
    .select({
      kind: applications.kind,
      pending: sql<number>`count(*) filter (where ${applicationRecipients.status} = 'pending')::int`,
      offered: sql<number>`count(*) filter (where ${applicationRecipients.status} = 'offered')::int`,
      firstNotified: applications.firstOffersNotifiedAt,
      allNotified: applications.allAnsweredNotifiedAt,
    })
    .from(applications)
    .leftJoin(applicationRecipients, eq(applicationRecipients.applicationId, applications.id))
    .where(eq(applications.id, applicationId))
    .groupBy(applications.id)
  if (!state) return
  if (state.kind === 'mortgage') {
    // Issue 16: a bank that declined on the general lender path; the mortgage module e-mails its own.
    if (answered) {
      await deps.jobs.send(QUEUES.notification, mortgageStatusJobKey(applicationId, answered), {
        applicationId,
        kind: 'mortgage-status',
        ...answered,
      })
    }
    return
  }
  if (state.offered > 0 && !state.firstNotified) {
    await deps.jobs.send(QUEUES.notification, `${applicationId}:first-offers`, {
      applicationId,
      kind: 'first-offers',
    })
  }
  if (state.pending === 0 && !state.allNotified) {
    await deps.jobs.send(QUEUES.notification, `${applicationId}:all-answered`, {
      applicationId,
      kind: 'all-answered',
    })
  }
}

export type DeliveryJob = { applicationId: string; lenderId: string }

type SandboxAnswer =
  | { decision: 'decline'; reason: string }
  | { decision: 'offer'; offer: OfferInput | CardOfferInput }

/** A sandbox lender's deterministic answer to an application's facts (null facts: it was withdrawn). */
function sandboxAnswer(lender: typeof lenders.$inferSelect, facts: StoredApplication | null): SandboxAnswer {
  if (!lender.sandbox) throw new Error('not a sandbox lender')
  if (!facts) return { decision: 'decline', reason: 'withdrawn' }
  const decision =
    facts.kind === 'credit-card'
      ? sandboxCardDecision(
          {
            slug: lender.slug,
            ...lender.criteria,
            cardTypes: lender.criteria.cardTypes ?? [],
            card: lender.sandbox.card ?? DEFAULT_SANDBOX_CARD,
          },
          { ...facts.sandbox, cardType: facts.match.cardType ?? null },
        )
      : sandboxDecision({ slug: lender.slug, ...lender.criteria, ...lender.sandbox }, facts.sandbox)
  if (decision.decision === 'decline') return { decision: 'decline', reason: decision.reason }
  const { decision: _, ...terms } = decision
  return { decision: 'offer', offer: { ...terms, validDays: DEFAULT_OFFER_VALID_DAYS } }
}

/** Asks a sandbox lender: its deterministic decision model answers at once (the delay was the job's). */
export async function answerAsSandbox(
  deps: MarketplaceDeps,
  job: DeliveryJob,
  lender: typeof lenders.$inferSelect,
  now: Date = new Date(),
): Promise<void> {
  const facts = await loadApplicationFacts(deps.db, deps.cipher, job.applicationId, now)
  const answer = sandboxAnswer(lender, facts)
  if (answer.decision === 'decline') {
    await recordDecline(deps, { ...job, reason: answer.reason })
    return
  }
  await recordOffer(
    deps,
    {
      ...job,
      offer: answer.offer,
      received: facts ? { kind: facts.kind, cardType: facts.match.cardType ?? null } : undefined,
    },
    now,
  )
}

/** One sandbox lender's delivery of a consumer application (not a business one, not a mortgage). */
export type SandboxDelivery = DeliveryJob & { lender: typeof lenders.$inferSelect }

/** An answer to store: a decline with its reason, or an offer priced by us. */
type PricedAnswer = DeliveryJob &
  (
    | { status: 'declined'; reason: string }
    | { status: 'offered'; row: Omit<OfferRow, 'applicationId' | 'lenderId'> }
  )

/**
 * Answers many sandbox deliveries at once (ADR 048): the applications' facts in one query, every
 * answer priced here, then one transaction for all of them (`recordAnswers`). An answer the batch
 * cannot store as it is (terms over a cap or for another product: the model should never give
 * them) goes the one-by-one way, which records and refuses it as for any lender; its error is
 * returned under its delivery's index. A delivery answered already stores nothing.
 *
 * One bad delivery fails only itself (ADR 048, amendment of 2026-11-24): an application whose stored
 * rows cannot be read or a lender the model cannot answer for is returned as that delivery's
 * failure, and when the batch's transaction fails every answer of it is tried again one by one, so
 * that only the deliveries that fail on their own too are returned.
 */
export async function answerManyAsSandbox(
  deps: MarketplaceDeps,
  deliveries: readonly SandboxDelivery[],
  now: Date = new Date(),
): Promise<Map<number, unknown>> {
  const failures = new Map<number, unknown>()
  const { facts, errors } = await loadManyApplicationFacts(
    deps.db,
    deps.cipher,
    deliveries.map((delivery) => delivery.applicationId),
    now,
  )
  const answers: PricedAnswer[] = []
  /** The delivery index of each of `answers`. */
  const batched: number[] = []
  const oneByOne: number[] = []
  const first = new Map<string, number>()
  const duplicates: [index: number, of: number][] = []
  deliveries.forEach((delivery, index) => {
    const { applicationId, lenderId } = delivery
    // The same delivery twice in a batch is answered once, and fails or not with its first.
    const earlier = first.get(`${applicationId}:${lenderId}`)
    if (earlier !== undefined) {
      duplicates.push([index, earlier])
      return
    }
    first.set(`${applicationId}:${lenderId}`, index)
    if (errors.has(applicationId)) {
      failures.set(index, errors.get(applicationId))
      return
    }
    try {
      const application = facts.get(applicationId) ?? null
      const answer = sandboxAnswer(delivery.lender, application)
      if (answer.decision === 'decline') {
        answers.push({ applicationId, lenderId, status: 'declined', reason: answer.reason })
        batched.push(index)
        return
      }
      const received = {
        kind: application?.kind ?? 'consumer-loan',
        cardType: application?.match.cardType ?? null,
      }
      const priced =
        application && rightProduct(answer.offer, received)
          ? priceOffer(answer.offer, now, received.kind)
          : null
      if (!priced?.ok) {
        oneByOne.push(index)
        return
      }
      const { offer } = answer
      answers.push({
        applicationId,
        lenderId,
        status: 'offered',
        row: {
          ...priced.figures,
          validUntil: new Date(now.getTime() + (offer.validDays ?? DEFAULT_OFFER_VALID_DAYS) * 86_400_000),
          secciUrl: offer.secciUrl ?? null,
          lenderReference: offer.reference ?? null,
        },
      })
      batched.push(index)
    } catch (error) {
      // A lender the model cannot answer for (no sandbox settings): this delivery only.
      failures.set(index, error)
    }
  })
  try {
    await recordAnswers(deps, answers, now)
  } catch (error) {
    // No job data in the log: it may identify a person.
    deps.log.warn({ err: error, answers: answers.length }, 'a batch of answers failed; answering one by one')
    oneByOne.push(...batched)
    oneByOne.sort((a, b) => a - b)
  }
  for (const index of oneByOne) {
    const delivery = deliveries[index]
    if (!delivery) continue
    try {
      await answerAsSandbox(deps, delivery, delivery.lender, now)
    } catch (error) {
      if (!(error instanceof AppError && error.options.reason === 'ALREADY_ANSWERED'))
        failures.set(index, error)
    }
  }
  for (const [index, of] of duplicates) {
    if (failures.has(of)) failures.set(index, failures.get(of))
  }
  return failures
}

/**
 * Locks the applications' rows (NO KEY UPDATE: offers' inserts do not wait) in id order, in the
 * caller's transaction. The marketplace's statements that lock several applications (a batch of
 * answers, a batch of e-mail marks) go through here, so two of them never hold a row each that the
 * other one waits for.
 */
export async function lockApplications(tx: Database, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return
  await applicationsInLockOrder(tx, ids)
}

/**
 * The applications' ids, their rows locked as `lockApplications` locks them, as a query of its own
 * or, with `.as(name)`, a subquery that an UPDATE joins so that it takes its locks in this order.
 */
export function applicationsInLockOrder(tx: Database, ids: readonly string[]) {
  return applicationsLockedWhere(tx, inUuids(applications.id, ids))
}

/**
 * The rows of the applications that match `which`, locked in id order as `lockApplications` locks
 * them. A statement that changes several applications' rows found by something other than their ids
 * (an account's erasure: every application of the person) takes this first in its transaction.
 */
export function applicationsLockedWhere(tx: Database, which: SQL) {
  return tx
    .select({ id: applications.id })
    .from(applications)
    .where(which)
    .orderBy(asc(applications.id))
    .for('no key update')
}

/** Two ids in PostgreSQL's order of the uuids (their lower-case text compares the same way). */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/**
 * Stores many lenders' answers in one transaction with multi-row statements (ADR 048): each
 * recipient row moves from pending to its answer once (a conditional UPDATE; an answer whose row is
 * no longer pending stores nothing), the offers of the answers that moved go in by one INSERT
 * (unique per application and lender), and the applicant's e-mail jobs are queued as `queueProgress`
 * does, under the same lock on each application's row, taken in id order so two batches sharing
 * applications never wait on each other in a circle.
 */
async function recordAnswers(
  deps: MarketplaceDeps,
  answers: readonly PricedAnswer[],
  now: Date,
): Promise<void> {
  if (answers.length === 0) return
  // In (application, lender) order: two batches that share recipients claim their rows in the same
  // order when the claim walks the list (a nested loop), and cannot wait on each other in a circle.
  const ordered = answers.toSorted((a, b) =>
    a.applicationId === b.applicationId
      ? compare(a.lenderId, b.lenderId)
      : compare(a.applicationId, b.applicationId),
  )
  await deps.db.transaction(async (tx) => {
    // The list as one array per column (ADR 070), unnested in its order. The status goes as text: the
    // embedded database cannot send an array of an enum as a parameter.
    const column = <T>(pick: (answer: PricedAnswer) => T) => sql.param(ordered.map(pick))
    const claimed = await tx.execute(sql`
      update ${applicationRecipients} as r
      set status = v.status::recipient_status, answered_at = ${now.toISOString()}::timestamptz, decline_reason = v.reason
      from unnest(
        ${column((answer) => answer.applicationId)}::uuid[],
        ${column((answer) => answer.lenderId)}::uuid[],
        ${column((answer) => answer.status)}::text[],
        ${column((answer) => (answer.status === 'declined' ? answer.reason : null))}::text[]
      ) as v (application_id, lender_id, status, reason)
      where r.application_id = v.application_id and r.lender_id = v.lender_id and r.status = 'pending'
      returning r.application_id, r.lender_id`)
    // Both drivers answer `{ rows }`.
    const { rows } = claimed as unknown as { rows: { application_id: string; lender_id: string }[] }
    const moved = new Set(rows.map((row) => `${row.application_id}:${row.lender_id}`))
    const stored = answers.filter((answer) => moved.has(`${answer.applicationId}:${answer.lenderId}`))
    const offered = stored.flatMap((answer) =>
      answer.status === 'offered'
        ? [{ applicationId: answer.applicationId, lenderId: answer.lenderId, ...answer.row }]
        : [],
    )
    // ADR 066: one JSON parameter, not a statement built value by value (about 70 µs of CPU per offer).
    for (const statement of insertRowsStatements(offers, offered)) await tx.execute(statement)
    if (!deps.jobs || stored.length === 0) return
    const ids = [...new Set(stored.map((answer) => answer.applicationId))]
    await lockApplications(tx, ids)
    // After the locks, in a statement of its own: it sees every answer committed before them.
    const states = await tx
      .select({
        applicationId: applicationRecipients.applicationId,
        pending: sql<number>`count(*) filter (where ${applicationRecipients.status} = 'pending')::int`,
        offered: sql<number>`count(*) filter (where ${applicationRecipients.status} = 'offered')::int`,
      })
      .from(applicationRecipients)
      .where(inUuids(applicationRecipients.applicationId, ids))
      .groupBy(applicationRecipients.applicationId)
    const jobs: JobToSend[] = []
    for (const state of states) {
      const applicationId = state.applicationId
      const mine = offered.filter((offer) => offer.applicationId === applicationId).length
      // This batch's offers are all there are: one of them is the first offer. With nobody left
      // pending its e-mail is never sent; "all answered" marks it done (ADR 051).
      if (mine > 0 && state.offered === mine && state.pending > 0) {
        jobs.push({ key: `${applicationId}:first-offers`, data: { applicationId, kind: 'first-offers' } })
      }
      if (state.pending === 0) {
        jobs.push({ key: `${applicationId}:all-answered`, data: { applicationId, kind: 'all-answered' } })
      }
    }
    await deps.jobs.sendMany(QUEUES.notification, jobs, { tx })
  })
}

/**
 * What a delivery job needs to know first, in one query: the application's kind, the recipient's
 * state and the lender (null when the lender did not receive the application).
 */
export async function deliveryTarget(db: Database, job: DeliveryJob) {
  const [row] = await db
    .select({
      kind: applications.kind,
      status: applicationRecipients.status,
      deliveredAt: applicationRecipients.deliveredAt,
      lender: lenders,
    })
    .from(applicationRecipients)
    .innerJoin(lenders, eq(lenders.id, applicationRecipients.lenderId))
    .innerJoin(applications, eq(applications.id, applicationRecipients.applicationId))
    .where(
      and(
        eq(applicationRecipients.applicationId, job.applicationId),
        eq(applicationRecipients.lenderId, job.lenderId),
      ),
    )
  return row ?? null
}

/** `deliveryTarget` for many jobs in one query, by `applicationId:lenderId`. */
export async function deliveryTargets(db: Database, jobs: readonly DeliveryJob[]) {
  const targets = new Map<string, NonNullable<Awaited<ReturnType<typeof deliveryTarget>>>>()
  if (jobs.length === 0) return targets
  const rows = await db
    .select({
      applicationId: applicationRecipients.applicationId,
      lenderId: applicationRecipients.lenderId,
      kind: applications.kind,
      status: applicationRecipients.status,
      deliveredAt: applicationRecipients.deliveredAt,
      lender: lenders,
    })
    .from(applicationRecipients)
    .innerJoin(lenders, eq(lenders.id, applicationRecipients.lenderId))
    .innerJoin(applications, eq(applications.id, applicationRecipients.applicationId))
    .where(
      inUuidPairs(
        applicationRecipients.applicationId,
        applicationRecipients.lenderId,
        jobs.map((job) => [job.applicationId, job.lenderId]),
      ),
    )
  for (const { applicationId, lenderId, ...target } of rows)
    targets.set(`${applicationId}:${lenderId}`, target)
  return targets
}
