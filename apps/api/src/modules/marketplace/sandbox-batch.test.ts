import { type Database, schema, seedDemoData } from '@lainava/db'
import { eq, inArray, type SQL, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { QUEUES } from '../../jobs/job-queue.ts'
import { submission, validApplication } from '../../test/applications.ts'
import { loginAs, OUR_CLIENT } from '../../test/sessions.ts'
import { createTestApp } from '../../test/test-app.ts'
import { answerAsSandbox, answerManyAsSandbox, type SandboxDelivery } from './marketplace.ts'

// ADR 048: a batch of sandbox answers stored by one transaction. No worker runs here: the test
// hands the batches over itself, so it decides which deliveries go together, which were answered
// before, and which batches run at once. A trigger on pg-boss's job table records every e-mail job
// an answer proposes (before ON CONFLICT drops a duplicate), so a doubled or missing one shows.

let ctx: Awaited<ReturnType<typeof createTestApp>>
let db: Database
let cookie = ''

beforeAll(async () => {
  ctx = await createTestApp({ ROLES: 'api', SANDBOX_DELAY_SCALE: '0' })
  db = ctx.database.db
  await seedDemoData(db)
  for (const statement of [
    'create table batch_job_attempts (queue text, application_id text, kind text)',
    `create function log_batch_job_attempt() returns trigger language plpgsql as $$
      begin
        insert into batch_job_attempts values (new.name, new.data->>'applicationId', new.data->>'kind');
        return new;
      end $$`,
    `create trigger log_batch_job_attempt before insert on pgboss.job_common
      for each row execute function log_batch_job_attempt()`,
  ]) {
    await db.execute(sql.raw(statement))
  }
  const user = await loginAs(db)
  cookie = Object.entries(user.cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ')
})
afterAll(async () => {
  await ctx?.close()
})

async function rowsOf<T>(query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows
}

async function submit(): Promise<string> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/applications',
    headers: { cookie, ...OUR_CLIENT },
    payload: submission(validApplication()) as object,
  })
  expect(response.statusCode).toBe(201)
  return (response.json() as { applicationId: string }).applicationId
}

/** Every delivery of the applications, with its sandbox lender. */
async function deliveriesOf(applicationIds: string[]): Promise<SandboxDelivery[]> {
  const rows = await db
    .select({ applicationId: schema.applicationRecipients.applicationId, lender: schema.lenders })
    .from(schema.applicationRecipients)
    .innerJoin(schema.lenders, eq(schema.lenders.id, schema.applicationRecipients.lenderId))
    .where(inArray(schema.applicationRecipients.applicationId, applicationIds))
    .orderBy(schema.applicationRecipients.applicationId, schema.lenders.slug)
  expect(rows.every((row) => row.lender.integration === 'sandbox')).toBe(true)
  return rows.map((row) => ({
    applicationId: row.applicationId,
    lenderId: row.lender.id,
    lender: row.lender,
  }))
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
      sql`select kind from batch_job_attempts where queue = ${QUEUES.notification} and application_id = ${applicationId}`,
    )
  )
    .map((row) => row.kind)
    .sort()
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
  expect(await proposedMail(applicationId)).toEqual(
    offering.length > 0 ? ['all-answered', 'first-offers'] : ['all-answered'],
  )
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
})
