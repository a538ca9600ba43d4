import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type DbHandle, openDatabase, schema, seedDemoData } from '@lainava/db'
import { createTestDatabase } from '@lainava/db/testing'
import { type RunningSimulator, startSimulator } from '@lainava/lender-simulator'
import { eq, sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { createFieldCipher } from '../../crypto/field-encryption.ts'
import { submission, validApplication } from '../../test/applications.ts'
import { BROAD_CRITERIA } from '../../test/lenders.ts'
import { cookieHeader, loginAs, OUR_CLIENT } from '../../test/sessions.ts'
import { freePort } from '../../test/test-app.ts'
import { createHttpLender } from './lender-credentials.ts'

// Fault test (issue: marketplace): the server is killed with SIGKILL in the middle of a fan-out and
// started again; afterwards every matched lender has answered exactly once.

const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url))
const APPLICATIONS = 5

type Running = {
  child: ChildProcess
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

function startServer(env: Record<string, string>): Promise<Running> {
  const child = spawn(process.execPath, ['scripts/start.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  )
  let output = ''
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk
      if (output.includes('is running at')) resolve({ child, exited })
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk
    })
    void exited.then(({ code }) =>
      reject(new Error(`server exited (${code}) before it was ready:\n${output}`)),
    )
  })
}

describe('a server killed in the middle of a fan-out', () => {
  const cleanup: Array<() => Promise<unknown> | unknown> = []
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step()
  })

  it('answers every matched lender exactly once after a restart', { timeout: 180_000 }, async () => {
    const serverUrl = process.env.DATABASE_URL
    const dir = mkdtempSync(join(tmpdir(), 'lainava-fault-'))
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }))
    const encryptionKey = randomBytes(32).toString('base64')
    const cipher = createFieldCipher(Buffer.from(encryptionKey, 'base64'))
    const port = await freePort()
    const env: Record<string, string> = {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ROLES: 'api,worker',
      SKIP_BUILD: '1',
      LOG_LEVEL: 'info',
      ENCRYPTION_KEY: encryptionKey,
      // The seeded delays (0 s … 15 min) become 0 … 9 s: answers keep arriving for a while.
      SANDBOX_DELAY_SCALE: '0.01',
    }

    // Prepare the database: demo lenders, one HTTP lender (the simulator), one logged-in user.
    let database: DbHandle
    if (serverUrl) {
      database = await createTestDatabase(serverUrl)
      cleanup.push(() => database.close())
      if (database.connection.kind === 'server') env.DATABASE_URL = database.connection.url
    } else {
      database = await openDatabase({ dataDir: join(dir, 'pglite') })
      await database.migrate()
      env.DATA_DIR = join(dir, 'pglite')
      env.DATABASE_URL = ''
    }
    await seedDemoData(database.db)
    const lender = await createHttpLender(database.db, cipher, {
      slug: 'fault-simulator',
      name: 'Fault Simulator',
      description: 'HTTP lender for the fault test',
      endpointUrl: 'http://127.0.0.1:9/unset',
      criteria: BROAD_CRITERIA,
    })
    const simulator: RunningSimulator = await startSimulator({
      signingSecret: lender.signingSecret,
      apiKey: lender.apiKey,
      mode: 'instant',
      callbackDelayMs: 0,
      maxAmount: 50_000,
      minAmount: 500,
      nominalRate: 7.9,
      openingFee: 0,
      monthlyFee: 2,
    })
    cleanup.push(() => simulator.close())
    await database.db
      .update(schema.lenders)
      .set({ endpointUrl: `${simulator.url}/` })
      .where(eq(schema.lenders.id, lender.lenderId))
    const user = await loginAs(database.db)
    if (!serverUrl) await database.close()

    const api = (path: string, init: RequestInit = {}) =>
      fetch(`http://127.0.0.1:${port}${path}`, {
        ...init,
        headers: {
          cookie: cookieHeader(user.cookies),
          'content-type': 'application/json',
          ...OUR_CLIENT,
          ...init.headers,
        },
      })
    const progress = async () => {
      const response = await api('/api/v1/loanOffers')
      const body = (await response.json()) as {
        applications: Array<{
          id: string
          summary: { asked: number; pending: number }
          lenders: Array<{ id: string; status: string }>
        }>
      }
      return body.applications
    }

    // 1. Start, submit, and kill -9 while lenders are still answering.
    let server = await startServer(env)
    cleanup.push(() => server.child.kill('SIGKILL'))
    const ids: string[] = []
    for (let i = 0; i < APPLICATIONS; i++) {
      const response = await api('/api/v1/applications', {
        method: 'POST',
        body: JSON.stringify(submission(validApplication())),
      })
      expect(response.status).toBe(201)
      ids.push(((await response.json()) as { applicationId: string }).applicationId)
    }
    // The HTTP lender answers at once and its answers are stored before the kill (the sandbox lenders'
    // delays keep the fan-out going): a restart must not ask it again, so it is asked exactly once.
    const httpLenderAnswered = async () =>
      (await progress()).filter((application) =>
        application.lenders.some((row) => row.id === lender.lenderId && row.status !== 'pending'),
      ).length
    await expect.poll(httpLenderAnswered, { timeout: 20_000, interval: 20 }).toBe(APPLICATIONS)
    const before = await progress()
    const pendingBefore = before.reduce((sum, application) => sum + application.summary.pending, 0)
    expect(pendingBefore).toBeGreaterThan(0) // really in the middle of the fan-out
    server.child.kill('SIGKILL')
    expect((await server.exited).signal).toBe('SIGKILL')

    // 2. Start again on the same data: the lost and waiting jobs complete.
    server = await startServer(env)
    await expect
      .poll(
        async () => (await progress()).reduce((sum, application) => sum + application.summary.pending, 0),
        {
          timeout: 120_000,
          interval: 250,
        },
      )
      .toBe(0)
    server.child.kill('SIGTERM')
    expect((await server.exited).code).toBe(0)

    // 3. Exactly once: one answer per matched lender, one offer per offering lender, one job each.
    const check = serverUrl ? database : await openDatabase({ dataDir: join(dir, 'pglite') })
    if (!serverUrl) cleanup.push(() => check.close())
    const recipients = await check.db.select().from(schema.applicationRecipients)
    const offers = await check.db.select().from(schema.offers)
    expect(new Set(recipients.map((row) => row.applicationId))).toEqual(new Set(ids))
    for (const row of recipients) {
      expect(row.status).not.toBe('pending')
      expect(row.answeredAt).not.toBeNull()
      const lenderOffers = offers.filter(
        (offer) => offer.applicationId === row.applicationId && offer.lenderId === row.lenderId,
      )
      expect(lenderOffers).toHaveLength(row.status === 'offered' ? 1 : 0)
    }
    const jobs = await check.db.execute(
      sql`select data->>'applicationId' || ':' || (data->>'lenderId') as key, count(*)::int as count
          from pgboss.job where name = 'lender-delivery' group by 1`,
    )
    const jobRows = (jobs as unknown as { rows: Array<{ key: string; count: number }> }).rows
    expect(jobRows).toHaveLength(recipients.length)
    expect(jobRows.every((row) => row.count === 1)).toBe(true)
    // The HTTP lender: asked about each application once, before the kill and never again after it.
    expect(simulator.stats.applications).toEqual(Object.fromEntries(ids.map((id) => [id, 1])))
    expect(simulator.stats.deliveries).toBe(APPLICATIONS)
    const simulatorAnswers = recipients.filter((row) => row.lenderId === lender.lenderId)
    expect(simulatorAnswers).toHaveLength(APPLICATIONS)
    expect(simulatorAnswers.every((row) => row.status === 'offered')).toBe(true)
  })
})
