import { type Database, schema, seedDemoData } from '@lainava/db'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postApplication, submission, validApplication } from '../../test/applications.ts'
import { deliveriesOf } from '../../test/deliveries.ts'
import { waitFor } from '../../test/scale-out.ts'
import { cookieHeader, loginAs } from '../../test/sessions.ts'
import { createTestApp } from '../../test/test-app.ts'
import { deleteAccount } from '../users/user-service.ts'
import { answerManyAsSandbox } from './marketplace.ts'
import { notifyApplicants } from './worker.ts'

// Two transactions that lock the same applications' rows in different orders can each wait for the
// other: PostgreSQL then aborts one of them ("deadlock detected") and its jobs run again. A batch of
// sandbox answers locks its applications in id order (marketplace.ts), so the batch of offer e-mails
// must lock them in id order too, not in the order its UPDATE happens to scan the table. Runs only
// against a server (vitest.config.ts): the embedded PGlite has one connection, so nothing waits.

let ctx: Awaited<ReturnType<typeof createTestApp>>
let db: Database
let observer: pg.Client
let cookie = ''

beforeAll(async () => {
  ctx = await createTestApp({ ROLES: 'api', SANDBOX_DELAY_SCALE: '0' })
  db = ctx.database.db
  await seedDemoData(db)
  cookie = cookieHeader((await loginAs(db)).cookies)
  const connection = ctx.database.connection
  if (connection.kind !== 'server') throw new Error('this test needs DATABASE_URL')
  observer = new pg.Client({ connectionString: connection.url })
  await observer.connect()
})
afterAll(async () => {
  await observer?.end()
  await ctx?.close()
})

/** A submitted application with two of its lenders answered: its "first offers" e-mail is due. */
async function partlyAnswered(): Promise<string> {
  const applicationId = await postApplication(ctx.app, cookie, submission(validApplication()) as object)
  const deliveries = await deliveriesOf(db, [applicationId])
  expect(deliveries.length).toBeGreaterThan(2)
  expect(await answerManyAsSandbox(ctx.services, deliveries.slice(0, 2))).toEqual(new Map())
  return applicationId
}

/** Makes a scan of the table meet `high` before `low`: a new version of `low`'s row lies after it. */
async function scanHigherFirst(low: string, high: string): Promise<void> {
  await db.execute(sql`update applications set language = language where id = ${low}`)
  const scanned = await db.execute(
    sql`select id from applications where id in (${low}, ${high}) order by ctid`,
  )
  expect((scanned as unknown as { rows: { id: string }[] }).rows.map((row) => row.id)).toEqual([high, low])
}

/** Waits until one transaction waits for a row this test's connection holds. */
async function oneWaitsForObserver(what: string): Promise<void> {
  await waitFor(what, async () => {
    const { rows } = await observer.query<{ waiting: number }>(
      `select count(*)::int as waiting from pg_stat_activity
       where datname = current_database() and pg_backend_pid() = any(pg_blocking_pids(pid))`,
    )
    return rows[0]?.waiting === 1 ? true : undefined
  })
}

/** Whether this connection can lock the row now: 'granted', or the error's code if another holds it. */
async function tryLock(id: string): Promise<string | undefined> {
  return observer.query('select id from applications where id = $1 for no key update nowait', [id]).then(
    () => 'granted',
    (error: { code?: string }) => error.code,
  )
}

describe('row locks on applications', () => {
  it('the offer e-mails of a batch lock their applications in id order', async () => {
    const [low, high] = [await partlyAnswered(), await partlyAnswered()].sort()
    if (!low || !high) throw new Error('two applications expected')
    await scanHigherFirst(low, high)

    // Another transaction holds the higher id's row, as a batch of answers does between its two locks.
    await observer.query('begin')
    await observer.query('select id from applications where id = $1 for no key update', [high])
    const sending = notifyApplicants(ctx.services, [
      { id: 'first-low', data: { applicationId: low, kind: 'first-offers' } },
      { id: 'first-high', data: { applicationId: high, kind: 'first-offers' } },
    ])
    // The e-mails' transaction waits for that row, held by this connection...
    await oneWaitsForObserver('the e-mail batch waits for the row this connection holds')
    // ...holding the lower id's row already: it took the locks in id order. Had it locked in the scan's
    // order, it would wait for the higher id holding nothing, and a batch of answers locking the lower
    // id next would wait for it in a circle.
    const probe = await tryLock(low)
    expect(probe).toBe('55P03') // lock_not_available
    await observer.query('rollback')

    expect(await sending).toEqual([])
    const marked = await db
      .select({ id: schema.applications.id, first: schema.applications.firstOffersNotifiedAt })
      .from(schema.applications)
      .where(sql`${schema.applications.id} in (${low}, ${high})`)
    expect(marked.filter((row) => row.first !== null)).toHaveLength(2)
  })

  it("an account's erasure locks the person's applications in id order", async () => {
    const person = await loginAs(db)
    const personCookie = cookieHeader(person.cookies)
    const [low, high] = [
      await postApplication(ctx.app, personCookie, submission(validApplication()) as object),
      await postApplication(ctx.app, personCookie, submission(validApplication()) as object),
    ].sort()
    if (!low || !high) throw new Error('two applications expected')
    await scanHigherFirst(low, high)

    await observer.query('begin')
    await observer.query('select id from applications where id = $1 for no key update', [high])
    const erasing = deleteAccount(ctx.services, person.userId)
    await oneWaitsForObserver('the erasure waits for the row this connection holds')
    // It holds the lower id's row while it waits: a batch of answers to both applications, which locks
    // the lower id first, cannot hold it and wait for the erasure in turn.
    expect(await tryLock(low)).toBe('55P03')
    await observer.query('rollback')

    await erasing
    const anonymised = await db
      .select({ id: schema.applications.id, at: schema.applications.anonymisedAt })
      .from(schema.applications)
      .where(sql`${schema.applications.id} in (${low}, ${high})`)
    expect(anonymised.filter((row) => row.at !== null)).toHaveLength(2)
  })
})
