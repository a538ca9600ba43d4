// Issue 19 goal 3: the marketplace on PostgreSQL (or embedded without DATABASE_URL). The API and
// the worker in this process on a spare port, the 12 demo sandbox lenders answering at once
// (SANDBOX_DELAY_SCALE=0), applications sent over real HTTP as one signed-in user.
//
// ours, each round, two phases on the same server:
// - saturation: `applications` sent by `concurrency` clients, each sending its next as soon as the
//   last is accepted; accepted applications per second over the sending, lender answers per
//   second from the first send to the last answer, and submit→last answer p95 (a queueing figure:
//   at saturation it grows with the run's length, so it is not the system's latency);
// - fixed load: `rate` applications a second for `seconds`, sent on a schedule whatever the
//   answers (open loop); submit→last answer p50/p95/max — the latency figure.
// Every application is then checked: each matched lender answered exactly once, at most one offer
// per lender, one "every lender answered" e-mail. SQL statements per application are counted by
// wrapping the driver (PostgreSQL server only).
// anchor: the storage ceiling — the same rows (application, applicant, twelve answered recipients)
// written by one batched INSERT per table in one transaction, as fast as the database takes them.
//
// npm run bench -- marketplace [applications=200] [concurrency=16] [rate=20] [seconds=10]
// DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres: a fresh lainava_test_* database per side.
// First: NODE_ENV=production as `npm start` runs the API, before the API's modules load.
import '../lib/production-mode.ts'
import { randomUUID } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { type Database, type DbHandle, inUuids, openDatabase, schema, seedDemoData } from '@lainava/db'
import { createTestDatabase } from '@lainava/db/testing'
import { and, eq, sql } from 'drizzle-orm'
import pg from 'pg'
import { buildApp } from '../../apps/api/src/app.ts'
import { loadConfig } from '../../apps/api/src/config.ts'
import { submission, validApplication } from '../../apps/api/src/test/applications.ts'
import { loginAs, OUR_CLIENT } from '../../apps/api/src/test/sessions.ts'
import { START_NODE_OPTIONS } from '../../scripts/start-mode.ts'
import type { Comparison, Measurement, Side } from '../lib/compare.ts'
import { freePort } from '../lib/ports.ts'

const { applicants, applicationRecipients, applications, lenders, offers, outboxEmails } = schema

// Statements sent through node-postgres by this process (the app's pool and pg-boss's), except
// the bench's own checks, which run on a client of their own.
let statements = 0
const own = new WeakSet<object>()
// BENCH_STATEMENTS=1: also print the statements of each round by their text (the first 100 characters).
const tally = process.env.BENCH_STATEMENTS === '1' ? new Map<string, number>() : null
const query = pg.Client.prototype.query
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  if (!own.has(this)) {
    statements++
    if (tally) {
      const [first] = args
      const text = typeof first === 'string' ? first : ((first as { text?: string } | null)?.text ?? '?')
      const key = text.replace(/\s+/g, ' ').trim().slice(0, 100)
      tally.set(key, (tally.get(key) ?? 0) + 1)
    }
  }
  return (query as (...rest: unknown[]) => unknown).apply(this, args)
} as typeof query

/** Prints the round's statements per application by text, most frequent first, and starts a new tally. */
function printTally(applications: number) {
  if (!tally) return
  const rows = [...tally].sort((a, b) => b[1] - a[1])
  console.warn(`statements per application by text (${applications} applications):`)
  for (const [text, count] of rows) console.warn(`${(count / applications).toFixed(2).padStart(7)}  ${text}`)
  tally.clear()
}

/**
 * CPU seconds used so far by every process named `postgres` on this machine: the live ones' own, and
 * the exited ones' as their parent counts them (the postmaster reaps the backends that a pool
 * closed during the round; without that their CPU would vanish from the difference).
 */
function postgresCpuSeconds(): number {
  let ticks = 0
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const text = readFileSync(`/proc/${entry}/stat`, 'utf8')
      if (!text.includes('(postgres)')) continue
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
      // utime, stime, cutime, cstime (proc(5) fields 14 to 17).
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])
    } catch {}
  }
  return ticks / CLOCK_TICKS
}
const CLOCK_TICKS = 100

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)))
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN

type App = { url: string; database: DbHandle; close(): Promise<void> }

/** Whether the worker's table upkeep ran in ours' rounds (set by the first start). */
let upkeepNote: string | undefined

/**
 * The API and the worker on a spare port, as `npm start` runs them: a server database with the
 * configured pool (DATABASE_POOL_SIZE, default 10; the test helpers' pool has 4 connections).
 */
async function startApp(): Promise<App> {
  const fresh = await createTestDatabase()
  const port = await freePort()
  const config = loadConfig({
    ROLES: 'api,worker',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
    DATABASE_URL: process.env.DATABASE_URL,
    SANDBOX_DELAY_SCALE: '0',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...(process.env.WORKER_CONCURRENCY ? { WORKER_CONCURRENCY: process.env.WORKER_CONCURRENCY } : {}),
    ...(process.env.DATABASE_POOL_SIZE ? { DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE } : {}),
    ...(process.env.TABLE_UPKEEP_SECONDS ? { TABLE_UPKEEP_SECONDS: process.env.TABLE_UPKEEP_SECONDS } : {}),
  })
  const database =
    fresh.connection.kind === 'server'
      ? await openDatabase({ url: fresh.connection.url, poolSize: config.DATABASE_POOL_SIZE })
      : fresh
  const app = await buildApp({ config, database })
  await app.listen({ port, host: '127.0.0.1' })
  // Without the upkeep and with an interval, the worker found the server's autovacuum working.
  upkeepNote ??= app.tableUpkeep
    ? `Table upkeep (ADR 068): the worker's VACUUM (ANALYZE) of the tables that grew, every ${config.TABLE_UPKEEP_SECONDS} s (${database.kind === 'server' ? "the server's autovacuum is off" : 'the embedded database has no autovacuum'}).`
    : `Table upkeep (ADR 068): off (${config.TABLE_UPKEEP_SECONDS === 0 ? 'TABLE_UPKEEP_SECONDS=0; nothing analyses or vacuums the tables' : "the server's autovacuum is on"}).`
  return {
    url: `http://127.0.0.1:${port}`,
    database,
    async close() {
      await app.close()
      if (database !== fresh) await database.close()
      await fresh.close()
    },
  }
}

/** Sends one application; resolves with its id and the time it was sent (ms since the epoch). */
async function send(app: App, cookie: string): Promise<{ id: string; sentAt: number }> {
  const sentAt = Date.now()
  const response = await fetch(`${app.url}/api/v1/applications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, ...OUR_CLIENT },
    body: JSON.stringify(submission(validApplication())),
  })
  if (response.status !== 201) throw new Error(`submission failed: HTTP ${response.status}`)
  return { id: ((await response.json()) as { applicationId: string }).applicationId, sentAt }
}

/**
 * Waits until every lender has answered the applications and each has had its "every lender
 * answered" e-mail (60 s at most), polling every 20 ms; then checks them. Latency per application
 * is from its send to its last answer (`answered_at` is written by this process's clock).
 */
async function settle(db: Database, sent: { id: string; sentAt: number }[], email: string) {
  const ids = sent.map((item) => item.id)
  // The ids as one array parameter (ADR 070): an IN list of 1 000 parameters took drizzle about 2 ms
  // of this process's CPU to build, every 20 ms while polling, counted in the Node CPU per application.
  const deadline = Date.now() + 60_000
  for (;;) {
    const [row] = await db
      .select({
        pending: sql<number>`count(*) filter (where ${applicationRecipients.status} = 'pending')::int`,
        unmailed: sql<number>`count(distinct ${applications.id}) filter (where ${applications.allAnsweredNotifiedAt} is null)::int`,
      })
      .from(applicationRecipients)
      .innerJoin(applications, eq(applications.id, applicationRecipients.applicationId))
      .where(inUuids(applicationRecipients.applicationId, ids))
    if ((row?.pending ?? 0) === 0 && (row?.unmailed ?? 0) === 0) break
    if (Date.now() > deadline) break
    await sleep(20)
  }
  const lastAnswers = await db
    .select({
      id: applicationRecipients.applicationId,
      last: sql<string>`max(${applicationRecipients.answeredAt})`,
      recipients: sql<number>`count(*)::int`,
      answered: sql<number>`count(${applicationRecipients.answeredAt})::int`,
    })
    .from(applicationRecipients)
    .where(inUuids(applicationRecipients.applicationId, ids))
    .groupBy(applicationRecipients.applicationId)
  const sentAt = new Map(sent.map((item) => [item.id, item.sentAt]))
  const latencies = lastAnswers
    .filter((row) => row.answered === row.recipients)
    .map((row) => new Date(row.last).getTime() - (sentAt.get(row.id) ?? Number.NaN))
    .sort((a, b) => a - b)
  const lastAnswerAt = Math.max(...lastAnswers.map((row) => new Date(row.last).getTime()))
  const answers = lastAnswers.reduce((sum, row) => sum + row.answered, 0)
  const missing = lastAnswers.reduce((sum, row) => sum + row.recipients - row.answered, 0)
  const [offerCounts] = await db
    .select({
      offers: sql<number>`count(*)::int`,
      distinct: sql<number>`count(distinct (${offers.applicationId}, ${offers.lenderId}))::int`,
      offered: sql<number>`(select count(*)::int from ${applicationRecipients} r where ${inUuids(sql`r.application_id`, ids)} and r.status = 'offered')`,
    })
    .from(offers)
    .where(inUuids(offers.applicationId, ids))
  const [mail] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(outboxEmails)
    .where(and(eq(outboxEmails.kind, 'offers-all-answered'), eq(outboxEmails.toAddress, email)))
  const mails = mail?.count ?? 0
  const offerRows = offerCounts?.offers ?? 0
  return {
    latencies,
    answers,
    lastAnswerAt,
    // Within 60 s: a lender that never answered, an offer without its answer, an application without
    // its e-mail.
    lost: missing + Math.max(0, (offerCounts?.offered ?? 0) - offerRows) + Math.max(0, ids.length - mails),
    // An answer or offer stored twice, an e-mail sent twice.
    doubled: offerRows - (offerCounts?.distinct ?? 0) + Math.max(0, mails - ids.length),
  }
}

function ours(total: number, concurrency: number, rate: number, seconds: number): Side {
  let app: App | undefined
  let checks: { db: Database; close(): Promise<void> } | undefined
  return {
    label: 'API + worker',
    async setup() {
      app = await startApp()
      await seedDemoData(app.database.db)
      checks = await checkConnection(app)
    },
    async measure(): Promise<Measurement> {
      if (!app || !checks) throw new Error('not set up')
      const server = app
      // A new applicant per phase: its e-mails are exactly those of the phase's applications.
      const signIn = async () => {
        const user = await loginAs(server.database.db)
        const cookie = Object.entries(user.cookies)
          .map(([name, value]) => `${name}=${value}`)
          .join('; ')
        return { cookie, email: user.email }
      }
      let { cookie, email } = await signIn()
      // CPU over the whole round (both phases, the bench's own client and checks included).
      const cpuBefore = process.cpuUsage()
      const postgresBefore = postgresCpuSeconds()
      // Saturation: closed loop.
      tally?.clear()
      const statementsBefore = statements
      const saturated: { id: string; sentAt: number }[] = []
      let next = 0
      const started = Date.now()
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < total) {
            next++
            saturated.push(await send(server, cookie))
          }
        }),
      )
      const sendSeconds = (Date.now() - started) / 1000
      const saturation = await settle(checks.db, saturated, email)
      const statementsPerApplication = (statements - statementsBefore) / total
      printTally(total)
      // Fixed load: open loop on a schedule.
      ;({ cookie, email } = await signIn())
      const fixed: Promise<{ id: string; sentAt: number }>[] = []
      const count = Math.round(rate * seconds)
      const fixedStart = Date.now()
      for (let index = 0; index < count; index++) {
        await sleep(fixedStart + (index * 1000) / rate - Date.now())
        fixed.push(send(server, cookie))
      }
      const steady = await settle(checks.db, await Promise.all(fixed), email)
      const cpu = process.cpuUsage(cpuBefore)
      const onServer = app.database.kind === 'server'
      return {
        accepted: total / sendSeconds,
        answers: saturation.answers / ((saturation.lastAnswerAt - started) / 1000),
        saturationP95: percentile(saturation.latencies, 95),
        fixedP50: percentile(steady.latencies, 50),
        fixedP95: percentile(steady.latencies, 95),
        fixedMax: steady.latencies.at(-1) ?? Number.NaN,
        lost: saturation.lost + steady.lost,
        doubled: saturation.doubled + steady.doubled,
        statements: onServer ? statementsPerApplication : Number.NaN,
        nodeCpu: (cpu.user + cpu.system) / 1000 / (total + count),
        postgresCpu: onServer
          ? ((postgresCpuSeconds() - postgresBefore) * 1000) / (total + count)
          : Number.NaN,
      }
    },
    async teardown() {
      await checks?.close()
      await app?.close()
    },
  }
}

/** The bench's own queries: a connection of their own, not counted as the application's. */
async function checkConnection(app: App): Promise<{ db: Database; close(): Promise<void> }> {
  if (app.database.connection.kind !== 'server') return { db: app.database.db, close: async () => {} }
  const { drizzle } = await import('drizzle-orm/node-postgres')
  const client = new pg.Client({ connectionString: app.database.connection.url })
  own.add(client)
  await client.connect()
  return { db: drizzle({ client, schema }) as unknown as Database, close: () => client.end() }
}

function storageCeiling(total: number): Side {
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined
  let userId = ''
  let lenderIds: string[] = []
  return {
    label: 'one batched INSERT per table',
    async setup() {
      database = await createTestDatabase()
      await seedDemoData(database.db)
      userId = (await loginAs(database.db)).userId
      lenderIds = (await database.db.select({ id: lenders.id }).from(lenders).limit(12)).map((row) => row.id)
    },
    async measure(): Promise<Measurement> {
      if (!database) throw new Error('not set up')
      const ids = Array.from({ length: total }, () => randomUUID())
      const statementsBefore = statements
      const started = Date.now()
      await database.db.transaction(async (tx) => {
        await tx.insert(applications).values(
          ids.map((id) => ({
            id,
            userId,
            kind: 'consumer-loan' as const,
            idempotencyKey: id,
            amount: 10_000,
            periodMonths: 60,
            purpose: 'car',
            language: 'fi',
            details: { loan: { amount: 10_000, period: 60, purpose: 'car' } },
          })),
        )
        await tx.insert(applicants).values(
          ids.map((applicationId) => ({
            applicationId,
            role: 'main',
            firstName: 'Bench',
            lastName: 'Applicant',
            email: 'bench@example.fi',
            phone: '+358401234567',
            details: {},
          })),
        )
        const answeredAt = new Date()
        await tx.insert(applicationRecipients).values(
          ids.flatMap((applicationId) =>
            lenderIds.map((lenderId) => ({
              applicationId,
              lenderId,
              status: 'declined' as const,
              declineReason: 'bench',
              answeredAt,
            })),
          ),
        )
      })
      const elapsed = (Date.now() - started) / 1000
      return {
        accepted: total / elapsed,
        answers: (total * lenderIds.length) / elapsed,
        statements: database.kind === 'server' ? (statements - statementsBefore) / total : Number.NaN,
      }
    },
    async teardown() {
      await database?.close()
    },
  }
}

export default function marketplace(args: string[]): Comparison {
  const [total = 200, concurrency = 16, rate = 20, seconds = 10] = args.map(Number)
  return {
    title: `Marketplace (${process.env.DATABASE_URL ? 'PostgreSQL server' : 'embedded PGlite'}, NODE_ENV=${process.env.NODE_ENV}): ${total} applications by ${concurrency} clients at saturation, then ${rate}/s for ${seconds} s`,
    metrics: [
      { key: 'accepted', label: 'accepted at saturation', unit: 'applications/s', better: 'higher' },
      { key: 'answers', label: 'lender answers at saturation', unit: 'answers/s', better: 'higher' },
      { key: 'saturationP95', label: 'submit→last answer p95, saturation', unit: 'ms', better: 'lower' },
      { key: 'fixedP50', label: `submit→last answer p50 at ${rate}/s`, unit: 'ms', better: 'lower' },
      { key: 'fixedP95', label: `submit→last answer p95 at ${rate}/s`, unit: 'ms', better: 'lower' },
      { key: 'fixedMax', label: `submit→last answer max at ${rate}/s`, unit: 'ms', better: 'lower' },
      {
        key: 'lost',
        label: 'lost or not done in 60 s (answers, offers, e-mails)',
        unit: 'count',
        better: 'lower',
      },
      { key: 'doubled', label: 'doubled (offers, e-mails)', unit: 'count', better: 'lower' },
      { key: 'statements', label: 'SQL statements per application', unit: 'statements', better: 'lower' },
      {
        key: 'nodeCpu',
        label: 'Node CPU per application (bench client included)',
        unit: 'ms',
        better: 'lower',
      },
      { key: 'postgresCpu', label: 'PostgreSQL CPU per application', unit: 'ms', better: 'lower' },
    ],
    anchor: storageCeiling(total),
    ours: ours(total, concurrency, rate, seconds),
    get notes() {
      return [
        'Latency is from the client sending the application to the last lender answer stored.',
        'At saturation it is mostly time spent waiting behind earlier applications; the fixed-load figures are the latency.',
        'Statements: every SQL statement of the API and the worker (node-postgres, PostgreSQL server only), sending included.',
        "CPU per application: over both phases of a round; Node's is the one process (API, worker and the bench's client), PostgreSQL's every process named postgres on the machine (server only).",
        `The API and the worker run in the bench's process with NODE_ENV=${process.env.NODE_ENV} as \`npm start\` sets it, but without npm start's Node options (${START_NODE_OPTIONS.join(' ')}) and process environment (ADR 054).`,
        // Known once ours' first round has started the app.
        ...(upkeepNote ? [upkeepNote] : []),
      ]
    },
  }
}
