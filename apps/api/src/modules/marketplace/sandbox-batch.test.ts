import { type Database, schema, seedDemoData } from '@lainava/db'
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jobId, QUEUES } from '../../jobs/job-queue.ts'
import { postApplication, submission, validApplication } from '../../test/applications.ts'
import { deliveriesOf as recipientDeliveries } from '../../test/deliveries.ts'
import { logJobInserts } from '../../test/job-log.ts'
import { cookieHeader, loginAs } from '../../test/sessions.ts'
import { createTestApp } from '../../test/test-app.ts'
import {
  answerAsSandbox,
  answerManyAsSandbox,
  type DeliveryJob,
  type SandboxDelivery,
} from './marketplace.ts'
import { deliverBatch, limiter } from './worker.ts'

// ADR 048: a batch of sandbox answers stored by one transaction. No worker runs here: the test
// hands the batches over itself, so it decides which deliveries go together, which were answered
// before, and which batches run at once. The job log of `logJobInserts` records every e-mail job an
// answer proposes (before ON CONFLICT drops a duplicate), so a doubled or missing one shows.
// Only the last test runs the worker's batch handler on the queue, to see each job settled on its own.

let ctx: Awaited<ReturnType<typeof createTestApp>>
let db: Database
let cookie = ''

beforeAll(async () => {
  ctx = await createTestApp({ ROLES: 'api', SANDBOX_DELAY_SCALE: '0' })
  db = ctx.database.db
  await seedDemoData(db)
  await logJobInserts(db)
  const user = await loginAs(db)
  cookie = cookieHeader(user.cookies)
})
afterAll(async () => {
  await ctx?.close()
})

async function rowsOf<T>(query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows
}

/** A card application (issue 14) like the one of cards.test.ts. */
function cardSubmission() {
  const base = validApplication()
  return {
    kind: 'credit-card',
    idempotencyKey: crypto.randomUUID(),
    language: 'fi',
    application: {
      applicant: base.applicant,
      work: { employmentType: 'permanent', monthlyGrossIncome: '4200', monthlyNetIncome: '3100' },
      cardTypePreference: 'other',
      limitWished: '3000',
      consents: base.consents,
    },
  }
}

async function submit(payload: object = submission(validApplication()) as object): Promise<string> {
  return postApplication(ctx.app, cookie, payload)
}

/** Every delivery of the applications, with its sandbox lender. */
async function deliveriesOf(applicationIds: string[]): Promise<SandboxDelivery[]> {
  const deliveries = await recipientDeliveries(db, applicationIds)
  expect(deliveries.every((delivery) => delivery.lender.integration === 'sandbox')).toBe(true)
  return deliveries
}

async function recipients(applicationId: string) {
  return rowsOf<{ lender_id: string; status: string; xmin: string }>(
    sql`select lender_id, status::text as status, xmin::text as xmin from application_recipients
          where application_id = ${applicationId}`,
  )
}

async function offersOf(applicationId: string) {
  return db
    .select({ lenderId: schema.offers.lenderId, apr: schema.offers.apr })
    .from(schema.offers)
    .where(eq(schema.offers.applicationId, applicationId))
}

async function proposedMail(applicationId: string) {
  return (
    await rowsOf<{ kind: string }>(
      sql`select kind from job_attempts where queue = ${QUEUES.notification} and application_id = ${applicationId}`,
    )
  )
    .map((row) => row.kind)
    .sort()
}

/**
 * The e-mail jobs the answers should have proposed (ADR 051): "all answered" once, by the transaction
 * that answered the last lender; "first offers" only when an offer came in another, earlier one
 * (which left a lender pending). An offer first stored with the last answer has no "first offers"
 * job: its e-mail would never be sent.
 */
async function expectedMail(applicationId: string) {
  const [completing] = await rowsOf<{ txid: string }>(
    sql`select txid::text as txid from job_attempts where queue = ${QUEUES.notification}
          and application_id = ${applicationId} and kind = 'all-answered'`,
  )
  const last = completing ? Number(BigInt(completing.txid) % 4_294_967_296n) : null
  const earlier = (await recipients(applicationId)).some(
    (row) => row.status === 'offered' && Number(row.xmin) !== last,
  )
  return earlier ? ['all-answered', 'first-offers'] : ['all-answered']
}

/** Each lender answered once, each offering lender's offer once, each e-mail job proposed once. */
async function expectAnsweredOnce(applicationId: string) {
  const states = await recipients(applicationId)
  expect(states.length).toBeGreaterThan(1)
  expect(states.filter((row) => row.status === 'pending')).toEqual([])
  const offers = await offersOf(applicationId)
  const offering = states.filter((row) => row.status === 'offered').map((row) => row.lender_id)
  expect(offers.map((row) => row.lenderId).sort()).toEqual(offering.sort())
  // Priced by us: an APR on every offer.
  expect(offers.every((row) => row.apr > 0)).toBe(true)
  expect(await proposedMail(applicationId)).toEqual(await expectedMail(applicationId))
}

describe('a batch of sandbox answers', () => {
  it('is stored by one transaction, each answer once; a retried batch stores nothing more', async () => {
    const [first, second, partial] = [await submit(), await submit(), await submit()]
    if (!first || !second || !partial) throw new Error('three applications')
    const all = await deliveriesOf([first, second])
    const some = (await deliveriesOf([partial])).slice(0, 3)
    // One delivery answered before the batch (an earlier attempt that stored its answer), and one
    // delivery twice in the batch.
    const [early, twice] = all
    if (!early || !twice) throw new Error('deliveries')
    await answerAsSandbox(ctx.services, early, early.lender)
    const batch = [...all, twice, ...some]

    expect(await answerManyAsSandbox(ctx.services, batch)).toEqual(new Map())
    await expectAnsweredOnce(first)
    await expectAnsweredOnce(second)
    // One transaction wrote every answer of the batch (all but the one answered before it).
    const earlyXmin = (await recipients(first)).find((row) => row.lender_id === early.lenderId)?.xmin
    const batchXmins = new Set(
      [...(await recipients(first)), ...(await recipients(second)), ...(await recipients(partial))]
        .filter((row) => row.status !== 'pending' && row.xmin !== earlyXmin)
        .map((row) => row.xmin),
    )
    expect(batchXmins.size).toBe(1)
    // The partly answered application: three answers, no "every lender answered" yet.
    const partialStates = await recipients(partial)
    expect(partialStates.filter((row) => row.status !== 'pending')).toHaveLength(3)
    expect(await proposedMail(partial)).not.toContain('all-answered')

    // The same batch again (a retried job): nothing changes.
    const before = await Promise.all([first, second, partial].map(recipients))
    expect(await answerManyAsSandbox(ctx.services, batch)).toEqual(new Map())
    expect(await Promise.all([first, second, partial].map(recipients))).toEqual(before)
    await expectAnsweredOnce(first)
    await expectAnsweredOnce(second)

    // The rest of the partial application's deliveries complete it, with its e-mails once.
    await answerManyAsSandbox(ctx.services, (await deliveriesOf([partial])).slice(3))
    await expectAnsweredOnce(partial)
  })

  it('loses and doubles nothing when batches sharing applications run at once', async () => {
    const ids = await Promise.all(Array.from({ length: 6 }, () => submit()))
    const deliveries = await deliveriesOf(ids)
    // Four batches, each holding some lenders of every application, and one holding the same
    // deliveries as another.
    const batches = [0, 1, 2].map((part) => deliveries.filter((_, index) => index % 3 === part))
    const results = await Promise.all(
      [...batches, batches[1] ?? []].map((batch) => answerManyAsSandbox(ctx.services, batch)),
    )
    expect(results).toEqual(results.map(() => new Map()))
    for (const applicationId of ids) await expectAnsweredOnce(applicationId)
  })

  it('stores the same offers as the one-by-one way, every column', async () => {
    // Same application, same lenders, same clock: answered one by one, then put back to pending and
    // answered by a batch. (The models vary their terms by application, so it is the same one.)
    const ids = [await submit(), await submit(cardSubmission())]
    const deliveries = await deliveriesOf(ids)
    const now = new Date('2026-11-20T10:15:30.123Z')
    const stored = async () => ({
      recipients: await rowsOf(
        sql`select application_id, lender_id, status::text as status, decline_reason
              from application_recipients where application_id = any(${sql.param(ids)}::uuid[])
              order by application_id, lender_id`,
      ),
      offers: (
        await db
          .select()
          .from(schema.offers)
          .where(inArray(schema.offers.applicationId, ids))
          .orderBy(schema.offers.applicationId, schema.offers.lenderId)
      ).map(({ id: _, createdAt: __, ...offer }) => offer),
    })

    for (const delivery of deliveries) await answerAsSandbox(ctx.services, delivery, delivery.lender, now)
    const oneByOne = await stored()
    await db.delete(schema.offers).where(inArray(schema.offers.applicationId, ids))
    await db
      .update(schema.applicationRecipients)
      .set({ status: 'pending', answeredAt: null, declineReason: null })
      .where(inArray(schema.applicationRecipients.applicationId, ids))
    expect(await answerManyAsSandbox(ctx.services, deliveries, now)).toEqual(new Map())
    const batched = await stored()

    // Loan offers and card offers (their limit, example, annual fee and grace period) both there.
    expect(oneByOne.offers.some((offer) => offer.cardType === null && offer.months > 0)).toBe(true)
    expect(oneByOne.offers.some((offer) => offer.cardType !== null && offer.gracePeriodDays !== null)).toBe(
      true,
    )
    expect(
      oneByOne.offers.every((offer) => offer.validUntil.getTime() === now.getTime() + 30 * 86_400_000),
    ).toBe(true)
    expect(batched).toEqual(oneByOne)
  })

  it('answers one by one when the batch transaction fails', async () => {
    const ids = [await submit(), await submit()]
    const deliveries = await deliveriesOf(ids)
    // The batch's claim moves many recipient rows in one statement; this refuses any such statement.
    await db.execute(
      sql.raw(`create function refuse_many_claims() returns trigger language plpgsql as $$
        begin
          if (select count(*) from moved) > 1 then raise exception 'many rows in one statement'; end if;
          return null;
        end $$`),
    )
    await db.execute(
      sql.raw(`create trigger refuse_many_claims after update on application_recipients
        referencing new table as moved for each statement execute function refuse_many_claims()`),
    )
    try {
      expect(await answerManyAsSandbox(ctx.services, deliveries)).toEqual(new Map())
    } finally {
      await db.execute(sql.raw('drop trigger refuse_many_claims on application_recipients'))
      await db.execute(sql.raw('drop function refuse_many_claims()'))
    }
    for (const applicationId of ids) await expectAnsweredOnce(applicationId)
    // One transaction per answer: the batch's did not commit.
    const xmins = new Set(
      [...(await recipients(ids[0] ?? '')), ...(await recipients(ids[1] ?? ''))].map((row) => row.xmin),
    )
    expect(xmins.size).toBe(deliveries.length)
  })

  it('fails only the jobs of an unreadable application or a misconfigured lender', async () => {
    const [healthy, unreadable, alsoHealthy] = [await submit(), await submit(), await submit()]
    if (!healthy || !unreadable || !alsoHealthy) throw new Error('three applications')
    const ids = [healthy, unreadable, alsoHealthy]
    const deliveries = await deliveriesOf(ids)
    // The identity number of one application no longer decrypts, and one lender lost its settings.
    await db
      .update(schema.applicants)
      .set({ hetuEncrypted: 'not-a-sealed-value' })
      .where(eq(schema.applicants.applicationId, unreadable))
    const broken = deliveries[0]?.lender
    if (!broken) throw new Error('a lender')
    await db.update(schema.lenders).set({ sandbox: null }).where(eq(schema.lenders.id, broken.id))
    const bad = (delivery: SandboxDelivery) =>
      delivery.applicationId === unreadable || delivery.lenderId === broken.id
    const jobs = async () =>
      rowsOf<{ id: string; state: string; retry_count: number }>(
        sql`select id::text, state::text, retry_count from pgboss.job
              where name = ${QUEUES.delivery} and data->>'applicationId' = any(${sql.param(ids)}::text[])`,
      )
    expect(await jobs()).toHaveLength(deliveries.length)

    // The worker's batch handler on the real queue, every waiting job in one fetch.
    const jobs_ = ctx.services.jobs
    if (!jobs_) throw new Error('a job queue')
    await jobs_.workBatch<DeliveryJob>(
      QUEUES.delivery,
      (batch) => deliverBatch(ctx.services, batch, limiter(4)),
      {
        batchSize: 1000,
        loops: 1,
      },
    )
    try {
      const state = (delivery: SandboxDelivery) => async () => {
        const id = jobId(QUEUES.delivery, `${delivery.applicationId}:${delivery.lenderId}`)
        return (await jobs()).find((job) => job.id === id)
      }
      for (const delivery of deliveries) {
        if (bad(delivery))
          await expect
            .poll(async () => (await state(delivery)())?.retry_count, { timeout: 20_000, interval: 50 })
            .toBeGreaterThan(0)
        else
          await expect
            .poll(state(delivery), { timeout: 20_000, interval: 50 })
            .toMatchObject({ state: 'completed', retry_count: 0 })
      }
      // The healthy deliveries answered, the bad ones not; no bad job completed.
      for (const delivery of deliveries) {
        const [row] = await db
          .select({ status: schema.applicationRecipients.status })
          .from(schema.applicationRecipients)
          .where(
            and(
              eq(schema.applicationRecipients.applicationId, delivery.applicationId),
              eq(schema.applicationRecipients.lenderId, delivery.lenderId),
            ),
          )
        expect(row?.status === 'pending').toBe(bad(delivery))
      }
      const completed = new Set(
        (await jobs()).filter((job) => job.state === 'completed').map((job) => job.id),
      )
      expect(
        deliveries
          .filter(bad)
          .some((d) => completed.has(jobId(QUEUES.delivery, `${d.applicationId}:${d.lenderId}`))),
      ).toBe(false)
    } finally {
      await jobs_.boss.offWork(QUEUES.delivery, { wait: true })
      await db.update(schema.lenders).set({ sandbox: broken.sandbox }).where(eq(schema.lenders.id, broken.id))
    }
  })
})

describe('the limit on one-by-one deliveries', () => {
  it('lets at most its number of tasks run at once, the others in turn', async () => {
    const limit = limiter(2)
    const started: number[] = []
    const gates = Array.from({ length: 5 }, () => Promise.withResolvers<void>())
    const starts = gates.map(() => Promise.withResolvers<void>())
    const done = gates.map((gate, index) =>
      limit(async () => {
        started.push(index)
        starts[index]?.resolve()
        await gate.promise
        return index
      }),
    )
    await Promise.all([starts[0]?.promise, starts[1]?.promise])
    expect(started).toEqual([0, 1])
    gates[1]?.resolve()
    await starts[2]?.promise
    expect(started).toEqual([0, 1, 2])
    for (const gate of gates) gate.resolve()
    expect(await Promise.all(done)).toEqual([0, 1, 2, 3, 4])
    expect(started).toEqual([0, 1, 2, 3, 4])
  })
})
