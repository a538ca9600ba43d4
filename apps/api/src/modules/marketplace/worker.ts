import { type Database, inUuids, schema } from '@lainava/db'
import { isBusinessKind } from '@lainava/domain'
import { type CatalogueLocale, catalogueLocale } from '@lainava/i18n'
import { pathFor } from '@lainava/routing'
import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm'
import { AppError } from '../../app-error.ts'
import { JOB_EXPIRE_SECONDS, type JobFailure, type JobQueue, QUEUES } from '../../jobs/job-queue.ts'
import { answerAsBusinessSandbox } from '../business/business-marketplace.ts'
import type { OutgoingEmail } from '../email/mailer.ts'
import { offersEmail } from '../email/templates.ts'
import { type MortgageStatusJob, sendMortgageStatusEmail } from '../mortgage/mortgage-answers.ts'
import { deliverMortgage } from '../mortgage/mortgage-delivery.ts'
import {
  answerAsSandbox,
  answerManyAsSandbox,
  applicationsInLockOrder,
  type DeliveryJob,
  deliveryTarget,
  deliveryTargets,
  dispatchApplication,
  LENDER_INACTIVE,
  type MarketplaceDeps,
  notifyProgress,
  recordDecline,
  type SandboxDelivery,
} from './marketplace.ts'
import { deliverOverHttp, notifyAcceptanceOverHttp, REQUEST_TIMEOUT_MS } from './partner-client.ts'

const { applications, applicationRecipients, consents, lenders, offers, users } = schema

// The worker role: per-lender deliveries, acceptance notices to lenders, and the
// applicant's e-mails, all as durable jobs; a reconciler re-sends whatever a
// crash left unsent (sending is idempotent by job key).

type Target = NonNullable<Awaited<ReturnType<typeof deliveryTarget>>>

async function deliver(deps: MarketplaceDeps, job: DeliveryJob, known?: Target): Promise<void> {
  // One query for the kind and the recipient (ADR 043: fewer statements per answer).
  const recipient = known ?? (await deliveryTarget(deps.db, job))
  if (!recipient) return
  if (!recipient.lender.active) {
    // Deactivated after the application chose it: it is not sent, and its place is closed as a decline
    // (reason LENDER_INACTIVE) so the applicant's "all answered" does not wait for it.
    if (recipient.status !== 'pending') return
    try {
      await recordDecline(deps, {
        applicationId: job.applicationId,
        lenderId: job.lenderId,
        reason: LENDER_INACTIVE,
      })
    } catch (error) {
      if (error instanceof AppError && error.options.reason === 'ALREADY_ANSWERED') return
      throw error
    }
    return
  }
  // Issue 16: a bank answers a mortgage application in steps, past `pending` (the mortgage module).
  if (recipient.kind === 'mortgage') {
    try {
      await deliverMortgage(deps, job)
    } catch (error) {
      if (error instanceof AppError && error.options.reason === 'ALREADY_ANSWERED') return
      throw error
    }
    return
  }
  if (recipient.status !== 'pending') return // answered already: a retried job does nothing
  if (recipient.lender.integration === 'manual') {
    // Issue 17: a manual lender gets no delivery; the application waits in its portal, which counts as
    // delivered (the reconciler does not send it again), until a user there answers it.
    await deps.db
      .update(applicationRecipients)
      .set({ deliveredAt: new Date() })
      .where(
        and(
          eq(applicationRecipients.applicationId, job.applicationId),
          eq(applicationRecipients.lenderId, job.lenderId),
          isNull(applicationRecipients.deliveredAt),
        ),
      )
    return
  }
  try {
    if (recipient.lender.integration === 'sandbox') {
      // Issue 15: a company's application is answered by the business decision model.
      if (isBusinessKind(recipient.kind)) await answerAsBusinessSandbox(deps, job, recipient.lender)
      else await answerAsSandbox(deps, job, recipient.lender)
    } else if (!recipient.deliveredAt) await deliverOverHttp(deps, job)
  } catch (error) {
    // Two attempts raced and the other one stored the answer: done.
    if (error instanceof AppError && error.options.reason === 'ALREADY_ANSWERED') return
    throw error
  }
}

/** Runs a task when fewer than its limit are running, else when one of them has finished. */
export type Limit = <T>(task: () => Promise<T>) => Promise<T>

/** At most `most` tasks at once; the others wait their turn, first come first served. */
export function limiter(most: number): Limit {
  let running = 0
  const waiting: (() => void)[] = []
  return async (task) => {
    if (running < most) running++
    else await new Promise<void>((resume) => waiting.push(resume))
    try {
      return await task()
    } finally {
      // The place passes to the next in line, or is freed.
      const next = waiting.shift()
      if (next) next()
      else running--
    }
  }
}

const unlimited: Limit = (task) => task()

/**
 * A fetched batch of deliveries (ADR 048): the recipients in one query; the sandbox lenders'
 * answers to consumer applications all stored by `answerManyAsSandbox` in one transaction; every
 * other delivery (an HTTP or manual lender, a business application, a mortgage bank) one by one as
 * before, side by side, at most as many at once in the process as `limit` lets through. Returns
 * the deliveries that failed, to be retried; each delivery fails or not on its own outcome.
 */
export async function deliverBatch(
  deps: MarketplaceDeps,
  jobs: readonly { id: string; data: DeliveryJob }[],
  limit: Limit = unlimited,
): Promise<JobFailure[]> {
  const targets = await deliveryTargets(
    deps.db,
    jobs.map((job) => job.data),
  )
  const sandbox: { id: string; delivery: SandboxDelivery }[] = []
  const others: { id: string; data: DeliveryJob; target: Target }[] = []
  for (const job of jobs) {
    const target = targets.get(`${job.data.applicationId}:${job.data.lenderId}`)
    if (!target) continue // the lender did not receive the application: nothing to do
    const answerable =
      target.lender.integration === 'sandbox' && target.kind !== 'mortgage' && !isBusinessKind(target.kind)
    if (!answerable || !target.lender.active) others.push({ ...job, target })
    else if (target.status === 'pending')
      sandbox.push({ id: job.id, delivery: { ...job.data, lender: target.lender } })
  }
  const [[answered], delivered] = await Promise.all([
    Promise.allSettled([
      answerManyAsSandbox(
        deps,
        sandbox.map((item) => item.delivery),
      ),
    ]),
    Promise.allSettled(others.map((job) => limit(() => deliver(deps, job.data, job.target)))),
  ])
  const failures: JobFailure[] = []
  if (answered?.status === 'rejected') {
    // The batch's facts could not even be read: none of its answers was stored.
    for (const item of sandbox) failures.push({ id: item.id, error: answered.reason })
  } else if (answered) {
    for (const [index, error] of answered.value) {
      const item = sandbox[index]
      if (item) failures.push({ id: item.id, error })
    }
  }
  failures.push(...rejectedJobs(others, delivered))
  return failures
}

/** The jobs whose settled outcome (same order) was a rejection, as the queue's failures. */
function rejectedJobs(
  jobs: readonly { id: string }[],
  outcomes: readonly PromiseSettledResult<unknown>[],
): JobFailure[] {
  return outcomes.flatMap((outcome, index) => {
    const job = jobs[index]
    return outcome.status === 'rejected' && job ? [{ id: job.id, error: outcome.reason }] : []
  })
}

async function notifyLenderOfAcceptance(
  deps: MarketplaceDeps,
  { offerId }: { offerId: string },
): Promise<void> {
  const [row] = await deps.db
    .select({ offer: offers, integration: lenders.integration })
    .from(offers)
    .innerJoin(lenders, eq(lenders.id, offers.lenderId))
    .where(eq(offers.id, offerId))
  if (row?.offer.status !== 'accepted' || row.offer.lenderNotifiedAt || !row.offer.acceptedAt) return
  if (row.integration === 'http') {
    await notifyAcceptanceOverHttp(deps, { ...row.offer, acceptedAt: row.offer.acceptedAt })
  }
  await deps.db.update(offers).set({ lenderNotifiedAt: new Date() }).where(eq(offers.id, offerId))
}

export type NotificationJob = { applicationId: string; kind: 'first-offers' | 'all-answered' }

/**
 * A fetched batch of the applicant's offer e-mails (ADR 051): the applications in one query, the
 * e-mails by one `mailer.sendMany` (one INSERT into the outbox), and the notified marks by one
 * UPDATE, whatever the batch's size; a mortgage bank's e-mail one by one as before. As with one job
 * at a time, an e-mail is marked sent after it went out: a crash in between sends it again on the
 * retry, and a job whose e-mail is marked already sends nothing. "All answered" also marks "first
 * offers" done: once every lender has answered, a "first offers" job sends nothing (it is skipped
 * when nobody is pending), so an answer that queues "all answered" does not queue it (ADR 051).
 * Returns the jobs that failed, to be retried; each fails or not on its own e-mail's outcome, except
 * that a failed read or UPDATE of the offers' part fails that part's jobs (never the mortgage ones).
 */
export async function notifyApplicants(
  deps: MarketplaceDeps,
  jobs: readonly { id: string; data: NotificationJob | MortgageStatusJob }[],
): Promise<JobFailure[]> {
  const offerJobs: { id: string; data: NotificationJob }[] = []
  const mortgage: { id: string; data: MortgageStatusJob }[] = []
  for (const job of jobs) {
    if (job.data.kind === 'mortgage-status') mortgage.push({ id: job.id, data: job.data })
    else offerJobs.push({ id: job.id, data: job.data })
  }
  // Each part fails only its own jobs (job-queue.ts: a handler that did some names the failed ones):
  // a mortgage e-mail has no notified mark, so failing it with the offers' batch would send it again.
  const [offerFailures, mortgageOutcomes] = await Promise.all([
    notifyOfOffers(deps, offerJobs).catch((error: unknown) =>
      offerJobs.map((job) => ({ id: job.id, error })),
    ),
    Promise.allSettled(mortgage.map((job) => sendMortgageStatusEmail(deps, job.data))),
  ])
  return [...offerFailures, ...rejectedJobs(mortgage, mortgageOutcomes)]
}

async function notifyOfOffers(
  deps: MarketplaceDeps,
  jobs: readonly { id: string; data: NotificationJob }[],
): Promise<JobFailure[]> {
  if (jobs.length === 0) return []
  const ids = [...new Set(jobs.map((job) => job.data.applicationId))]
  const rows = await deps.db
    .select({
      id: applications.id,
      email: users.email,
      language: applications.language,
      firstNotified: applications.firstOffersNotifiedAt,
      allNotified: applications.allAnsweredNotifiedAt,
      wantsEmail: consents.offerNotifications,
      pending: sql<number>`(select count(*)::int from ${applicationRecipients} r where r.application_id = ${applications.id} and r.status = 'pending')`,
      offered: sql<number>`(select count(*)::int from ${applicationRecipients} r where r.application_id = ${applications.id} and r.status = 'offered')`,
    })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.userId))
    .leftJoin(consents, eq(consents.userId, users.id))
    .where(and(inUuids(applications.id, ids), isNull(applications.anonymisedAt)))
  const byId = new Map(rows.map((row) => [row.id, row]))
  /** The jobs to mark done, each with the e-mail it sends (none when the user turned them off). */
  const due: { id: string; data: NotificationJob; email: OutgoingEmail | null }[] = []
  const seen = new Set<string>()
  for (const job of jobs) {
    const row = byId.get(job.data.applicationId)
    const key = `${job.data.applicationId}:${job.data.kind}`
    // The same e-mail twice in a batch (a retried job fetched with its copy) goes out once.
    if (!row || seen.has(key)) continue
    seen.add(key)
    const notified = job.data.kind === 'first-offers' ? row.firstNotified : row.allNotified
    if (notified) continue
    // Sent unless the user turned these e-mails off; "first offers" is skipped when every
    // lender has already answered (the "all answered" e-mail says it all).
    const send =
      row.email !== null &&
      row.wantsEmail !== false &&
      !(job.data.kind === 'first-offers' && row.pending === 0)
    let email: OutgoingEmail | null = null
    if (send && row.email) {
      const language: CatalogueLocale = catalogueLocale(row.language)
      email = {
        to: row.email,
        kind: `offers-${job.data.kind}`,
        ...offersEmail({
          language,
          brand: deps.config.BRAND_NAME,
          kind: job.data.kind,
          offered: row.offered,
          pending: row.pending,
          link: `${deps.config.PUBLIC_URL}${pathFor('offers', language)}`,
        }),
      }
    }
    due.push({ ...job, email })
  }
  const mailing = due.flatMap((job) => (job.email ? [job.email] : []))
  // In the outbox the e-mails and their marks are kept in one transaction: each e-mail exactly once,
  // whatever fails. Over SMTP an e-mail that went out before the marks failed is sent again on the
  // retry (at least once, as with one job at a time).
  if (deps.mailer.mode === 'outbox') {
    return deps.db.transaction(async (tx) => {
      const { failures, sent } = await send(deps, tx, due, mailing)
      await mark(tx, sent)
      return failures
    })
  }
  const { failures, sent } = await send(deps, deps.db, due, mailing)
  await mark(deps.db, sent)
  return failures
}

/** Sends the batch's e-mails; the jobs whose e-mail failed are failures, the others are sent. */
async function send(
  deps: MarketplaceDeps,
  db: Database,
  due: readonly { id: string; data: NotificationJob; email: OutgoingEmail | null }[],
  mailing: readonly OutgoingEmail[],
): Promise<{ failures: JobFailure[]; sent: NotificationJob[] }> {
  const failures: JobFailure[] = []
  const outcomes = await deps.mailer.sendMany(mailing, db)
  const sent: NotificationJob[] = []
  let next = 0
  for (const job of due) {
    const outcome = job.email ? outcomes[next++] : undefined
    if (outcome?.status === 'rejected') failures.push({ id: job.id, error: outcome.reason })
    else sent.push(job.data)
  }
  return { failures, sent }
}

/**
 * Marks the sent jobs' e-mails done, in one statement. The failed ones are not marked: their retry
 * sends them. The UPDATE joins the rows locked in id order, as a batch of answers locks them
 * (`lockApplications`): an UPDATE alone locks them in the order it scans the table, and the two
 * could each wait for a row the other holds (ADR 051, amendment of 2026-11-25).
 */
async function mark(db: Database, sent: readonly NotificationJob[]): Promise<void> {
  const first = sent.filter((job) => job.kind === 'first-offers').map((job) => job.applicationId)
  const all = sent.filter((job) => job.kind === 'all-answered').map((job) => job.applicationId)
  if (first.length + all.length === 0) return
  const ids = [...new Set([...first, ...all])]
  const locked = applicationsInLockOrder(db, ids).as('locked')
  const now = new Date()
  await db
    .update(applications)
    .set({
      // Every row joined is one of `ids`: all of them get "first offers" marked.
      firstOffersNotifiedAt: sql`coalesce(${applications.firstOffersNotifiedAt}, ${now})`,
      allAnsweredNotifiedAt: sql`case when ${inUuids(applications.id, all)} then coalesce(${applications.allAnsweredNotifiedAt}, ${now}) else ${applications.allAnsweredNotifiedAt} end`,
    })
    .from(locked)
    .where(and(eq(applications.id, locked.id), inUuids(applications.id, ids)))
}

/** Re-sends what a crash may have left unsent: deliveries, acceptance notices, e-mails (last 30 days). */
export async function reconcile(deps: MarketplaceDeps): Promise<void> {
  const since = new Date(Date.now() - 30 * 86_400_000)
  const waiting = await deps.db
    .selectDistinct({ applicationId: applicationRecipients.applicationId })
    .from(applicationRecipients)
    .where(
      and(
        eq(applicationRecipients.status, 'pending'),
        isNull(applicationRecipients.deliveredAt),
        gt(applicationRecipients.createdAt, since),
      ),
    )
    .limit(1000)
  for (const { applicationId } of waiting) await dispatchApplication(deps, applicationId)

  const unannounced = await deps.db
    .select({ id: offers.id })
    .from(offers)
    .where(and(eq(offers.status, 'accepted'), isNull(offers.lenderNotifiedAt), isNotNull(offers.acceptedAt)))
    .limit(1000)
  for (const { id } of unannounced) await deps.jobs?.send(QUEUES.acceptance, id, { offerId: id })

  const unnotified = await deps.db
    .select({ id: applications.id })
    .from(applications)
    .where(
      and(
        gt(applications.createdAt, since),
        isNull(applications.anonymisedAt),
        sql`(${applications.firstOffersNotifiedAt} is null or ${applications.allAnsweredNotifiedAt} is null)`,
        sql`exists (select 1 from ${applicationRecipients} r where r.application_id = ${applications.id})`,
      ),
    )
    .limit(1000)
  for (const { id } of unnotified) await notifyProgress(deps, id)
}

export const RECONCILE_INTERVAL_MS = 30_000

/**
 * Deliveries fetched and answered together (ADR 048; 64 since ADR 056: with the gathering wait a
 * batch fills under load, and its fixed statements are shared by more answers).
 */
export const DELIVERY_BATCH = 64
/** The applicant's e-mail jobs fetched and sent together (ADR 051). */
export const NOTIFICATION_BATCH = 16
/**
 * How long a loop waits after a short batch before it fetches again (ADR 056): under load the next
 * batch is fuller and the batch's fixed statements are shared by more jobs; at a low load a job
 * waits at most this long more.
 */
export const GATHER_MS = 50

/** Delivery batches handled side by side at the least (ADR 048: one in the database, one priced). */
const MIN_DELIVERY_LOOPS = 2

/**
 * The delivery loops' batch size and number (ADR 056, amendment of 2026-11-24). The one-by-one
 * deliveries of every loop share `concurrency` places, so if each of them runs to the HTTP timeout
 * the slowest batch ends after ceil(loops × batchSize / concurrency) timeouts. A batch is capped so
 * that this stays within two thirds of the jobs' expiry: past it pg-boss fails the batch, and its
 * retry could send an application to a lender a second time.
 */
export function deliveryBatchShape(concurrency: number): { batchSize: number; loops: number } {
  const timeouts = Math.max(1, Math.floor((JOB_EXPIRE_SECONDS * 1000 * 2) / 3 / REQUEST_TIMEOUT_MS))
  const batchSize = Math.max(
    1,
    Math.min(DELIVERY_BATCH, Math.floor((timeouts * concurrency) / MIN_DELIVERY_LOOPS)),
  )
  return { batchSize, loops: Math.max(MIN_DELIVERY_LOOPS, Math.ceil(concurrency / batchSize)) }
}

/** Starts the worker role's handlers and the reconciler; returns a stop function. */
export async function startMarketplaceWorker(
  deps: MarketplaceDeps & { jobs: JobQueue },
): Promise<() => Promise<void>> {
  // ADR 043: WORKER_CONCURRENCY jobs of each queue at once in this process.
  const options = { concurrency: deps.config.WORKER_CONCURRENCY }
  // ADR 048: deliveries in batches of up to DELIVERY_BATCH (fewer at a low WORKER_CONCURRENCY, so a
  // batch of slow lenders ends within the jobs' expiry), at least two batches at once so that one
  // is in the database while the next is priced. The deliveries that go one by one (HTTP and manual
  // lenders, business applications, mortgages) are at most WORKER_CONCURRENCY at once in this process,
  // over all its batches; a batch of sandbox answers is one transaction, not counted against it.
  const oneByOne = limiter(deps.config.WORKER_CONCURRENCY)
  await deps.jobs.workBatch<DeliveryJob>(QUEUES.delivery, (jobs) => deliverBatch(deps, jobs, oneByOne), {
    ...deliveryBatchShape(deps.config.WORKER_CONCURRENCY),
    gatherMs: GATHER_MS,
  })
  await deps.jobs.work<{ offerId: string }>(
    QUEUES.acceptance,
    (data) => notifyLenderOfAcceptance(deps, data),
    options,
  )
  // ADR 051: the applicant's e-mails in batches too, a few statements per batch.
  await deps.jobs.workBatch<NotificationJob | MortgageStatusJob>(
    QUEUES.notification,
    (jobs) => notifyApplicants(deps, jobs),
    {
      batchSize: NOTIFICATION_BATCH,
      loops: Math.max(1, Math.ceil(deps.config.WORKER_CONCURRENCY / NOTIFICATION_BATCH)),
      gatherMs: GATHER_MS,
    },
  )
  let running: Promise<void> | null = null
  const tick = () => {
    running ??= reconcile(deps)
      .catch((error: unknown) => deps.log.error({ err: error }, 'marketplace reconcile failed'))
      .finally(() => {
        running = null
      })
  }
  tick()
  const timer = setInterval(tick, RECONCILE_INTERVAL_MS)
  timer.unref()
  return async () => {
    clearInterval(timer)
    await running
  }
}
