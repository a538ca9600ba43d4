import { type Database, schema, seedDemoData } from '@lainava/db'
import { eq, type SQL, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { QUEUES } from '../../jobs/job-queue.ts'
import { submission, validApplication } from '../../test/applications.ts'
import { logJobInserts } from '../../test/job-log.ts'
import { cookieHeader, loginAs, OUR_CLIENT, uniqueEmail } from '../../test/sessions.ts'
import { createTestApp } from '../../test/test-app.ts'

// ADR 043 (issue 19 goal 3): what the marketplace writes to the job queue, read from the job log of
// `logJobInserts`: every job row an INSERT proposes (so a re-send that stores nothing still shows)
// and every INSERT statement with the rows it stored.

let ctx: Awaited<ReturnType<typeof createTestApp>>
let db: Database

beforeAll(async () => {
  ctx = await createTestApp({ ROLES: 'api,worker', SANDBOX_DELAY_SCALE: '0' })
  db = ctx.database.db
  await seedDemoData(db)
  await logJobInserts(db)
})
afterAll(async () => {
  await ctx?.close()
})

type Cookie = string

/** The rows of a raw query (both of our drivers answer `{ rows }`). */
async function rowsOf<T>(query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows
}

async function signIn(): Promise<{ cookie: Cookie; email: string }> {
  const user = await loginAs(db)
  return {
    email: user.email,
    cookie: cookieHeader(user.cookies),
  }
}

async function submit(cookie: Cookie | null, email?: string): Promise<string> {
  const application = validApplication()
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/applications',
    headers: cookie ? { cookie, ...OUR_CLIENT } : {},
    payload: submission(
      email ? { ...application, applicant: { ...application.applicant, email } } : application,
    ) as object,
  })
  expect(response.statusCode).toBe(201)
  return (response.json() as { applicationId: string }).applicationId
}

/** The transaction ids (32-bit, as xmin) of the transactions that last wrote the given rows. */
const xmins = async (table: string, column: string, id: string) =>
  (
    await rowsOf<{ xmin: string }>(
      sql`select xmin::text as xmin from ${sql.identifier(table)} where ${sql.identifier(column)} = ${id}`,
    )
  ).map((row) => Number(row.xmin))

const inTransactions = (txids: number[]) => (txid: string | number) =>
  txids.includes(Number(BigInt(txid) % 4_294_967_296n))

async function attemptsFor(applicationId: string) {
  return await rowsOf<{ txid: string; queue: string; kind: string | null }>(
    sql`select txid::text as txid, queue, kind from job_attempts where application_id = ${applicationId}`,
  )
}

/**
 * The e-mail jobs the answers should have proposed (ADR 051): "all answered" once, by the transaction
 * that answered the last lender; "first offers" only when an offer came in another, earlier one
 * (which left a lender pending). An offer first stored with the last answer has no "first offers"
 * job: its e-mail would never be sent.
 */
async function expectedMail(applicationId: string) {
  const completing = (await attemptsFor(applicationId)).find(
    (row) => row.queue === QUEUES.notification && row.kind === 'all-answered',
  )
  const last = completing ? Number(BigInt(completing.txid) % 4_294_967_296n) : null
  const rows = await rowsOf<{ status: string; xmin: string }>(
    sql`select status::text as status, xmin::text as xmin from ${schema.applicationRecipients}
          where application_id = ${applicationId}`,
  )
  const earlier = rows.some((row) => row.status === 'offered' && Number(row.xmin) !== last)
  return earlier ? ['all-answered', 'first-offers'] : ['all-answered']
}

async function storedJobs(applicationId: string, queue: string) {
  return (
    await rowsOf<{ kind: string | null }>(
      sql`select data->>'kind' as kind from pgboss.job where name = ${queue} and data->>'applicationId' = ${applicationId}`,
    )
  ).map((row) => row.kind)
}

/** Polls until every lender has answered and the "every lender answered" e-mail job has run. */
async function settled(applicationIds: string[]) {
  await expect
    .poll(
      async () => {
        const [row] = await rowsOf<{ open: number }>(
          sql`select count(*)::int as open from ${schema.applications} a
                where a.id = any(${sql.param(applicationIds)}::uuid[])
                  and (a.all_answered_notified_at is null
                       or exists (select 1 from ${schema.applicationRecipients} r
                                  where r.application_id = a.id and r.status = 'pending'))`,
        )
        return row?.open
      },
      { timeout: 20_000, interval: 50 },
    )
    .toBe(0)
}

async function recipientStates(applicationId: string) {
  return db
    .select({ status: schema.applicationRecipients.status })
    .from(schema.applicationRecipients)
    .where(eq(schema.applicationRecipients.applicationId, applicationId))
}

describe('deliveries are queued in the submission’s transaction', () => {
  it('by one INSERT holding one job per matched lender', async () => {
    const { cookie } = await signIn()
    const applicationId = await submit(cookie)
    const recipients = await recipientStates(applicationId)
    expect(recipients.length).toBeGreaterThan(1)

    // The applicant's row is never updated: its xmin is the submission's transaction.
    const submitted = inTransactions(await xmins('applicants', 'application_id', applicationId))
    const statements = (
      await rowsOf<{ txid: string; stored: number; applications: string[] }>(
        sql`select txid::text as txid, stored, applications from job_statements where ${applicationId} = any(applications)`,
      )
    ).filter((row) => submitted(row.txid))
    expect(statements).toHaveLength(1)
    expect(statements[0]?.stored).toBe(recipients.length)
    const deliveries = (await attemptsFor(applicationId)).filter((row) => row.queue === QUEUES.delivery)
    expect(deliveries).toHaveLength(recipients.length)
    expect(deliveries.every((row) => submitted(row.txid))).toBe(true)
  })

  it('and none is left when that transaction rolls back', async () => {
    // A staff address applies: the submission runs and is rolled back (issue 13 item 8).
    const staff = await loginAs(db, { role: 'admin', email: uniqueEmail('admin') })
    const applicationId = await submit(null, staff.email)
    const [stored] = await db
      .select({ id: schema.applications.id })
      .from(schema.applications)
      .where(eq(schema.applications.id, applicationId))
    expect(stored).toBeUndefined()
    expect(await storedJobs(applicationId, QUEUES.delivery)).toEqual([])
  })
})

describe('the applicant’s e-mail jobs', () => {
  it('one per change of the application’s state, not one per lender answer', async () => {
    const { cookie, email } = await signIn()
    const applicationId = await submit(cookie)
    await settled([applicationId])
    const states = await recipientStates(applicationId)
    expect(states.length).toBeGreaterThan(1)
    expect(states.every((row) => row.status !== 'pending')).toBe(true)

    // Every notification job the answers' transactions proposed was stored: no re-sends.
    const answers = inTransactions(await xmins('application_recipients', 'application_id', applicationId))
    const proposed = (await attemptsFor(applicationId))
      .filter((row) => row.queue === QUEUES.notification && answers(row.txid))
      .map((row) => row.kind)
      .sort()
    const expected = await expectedMail(applicationId)
    expect(proposed).toEqual(expected)
    expect((await storedJobs(applicationId, QUEUES.notification)).sort()).toEqual(expected)

    // The e-mails as before: one "every lender answered" to the applicant.
    const mails = await db
      .select({ kind: schema.outboxEmails.kind })
      .from(schema.outboxEmails)
      .where(eq(schema.outboxEmails.toAddress, email))
    expect(mails.filter((row) => row.kind === 'offers-all-answered')).toHaveLength(1)
  })
})

describe('many applications answered at once', () => {
  it('loses nothing and doubles nothing', async () => {
    const { cookie, email } = await signIn()
    const ids = await Promise.all(Array.from({ length: 12 }, () => submit(cookie)))
    await settled(ids)
    for (const applicationId of ids) {
      const states = await recipientStates(applicationId)
      expect(states.every((row) => row.status !== 'pending')).toBe(true)
      const offers = await db
        .select({ lenderId: schema.offers.lenderId })
        .from(schema.offers)
        .where(eq(schema.offers.applicationId, applicationId))
      // Each offering lender's offer once; a declining lender none.
      expect(offers).toHaveLength(states.filter((row) => row.status === 'offered').length)
      expect(new Set(offers.map((row) => row.lenderId)).size).toBe(offers.length)
      expect(await storedJobs(applicationId, QUEUES.delivery)).toHaveLength(states.length)
      const expected = await expectedMail(applicationId)
      const answers = inTransactions(await xmins('application_recipients', 'application_id', applicationId))
      const proposed = (await attemptsFor(applicationId))
        .filter((row) => row.queue === QUEUES.notification && answers(row.txid))
        .map((row) => row.kind)
      expect(proposed.sort()).toEqual(expected)
      expect((await storedJobs(applicationId, QUEUES.notification)).sort()).toEqual(expected)
    }
    const mails = await db
      .select({ kind: schema.outboxEmails.kind })
      .from(schema.outboxEmails)
      .where(eq(schema.outboxEmails.toAddress, email))
    expect(mails.filter((row) => row.kind === 'offers-all-answered')).toHaveLength(ids.length)
  })
})
