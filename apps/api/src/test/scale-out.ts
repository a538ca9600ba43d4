// Issue 19 goal 5 (ADR 044): the roles as production runs them, each its own `node scripts/start.ts`
// process against one PostgreSQL server. Used by the scale-out test and bench/comparisons/scale-out.ts.
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { submission, validApplication } from './applications.ts'
import { OUR_CLIENT } from './sessions.ts'
import { freePort } from './test-app.ts'

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url))

/** The queues whose jobs an application causes (not the hourly housekeeping). */
export const MARKETPLACE_QUEUES = ['lender-delivery', 'offer-notification', 'lender-acceptance'] as const

/** Waits until `check` returns a value other than undefined, polling; throws after `timeoutMs`. */
export async function waitFor<T>(
  label: string,
  check: () => Promise<T | undefined>,
  { timeoutMs = 60_000, intervalMs = 100 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`${label}: not reached within ${timeoutMs / 1000} s`)
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
}

/** A new, empty database on the server at `serverUrl` (migrated by the processes that open it). */
export async function createServerDatabase(serverUrl: string) {
  const name = `lainava_scaleout_${randomBytes(6).toString('hex')}`
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }
  await run(`create database ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return { name, url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) }
}

export type RoleProcess = {
  /** Also the PostgreSQL `application_name` of every connection it opens (PGAPPNAME). */
  name: string
  roles: string
  origin: string
  pid: number
  /** The last lines it wrote (for a failure message). */
  output(): string
  stop(): Promise<void>
}

type ProcessSpec = {
  name: string
  roles: string
  port: number
  publicUrl: string
  env: Record<string, string>
}

function startProcess(spec: ProcessSpec): {
  process: RoleProcess
  child: ChildProcess
  exited: Promise<number>
} {
  const origin = `http://127.0.0.1:${spec.port}`
  const child = spawn(process.execPath, ['scripts/start.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      // The production entry point (`npm start`) on the existing build.
      SKIP_BUILD: '1',
      ROLES: spec.roles,
      PORT: String(spec.port),
      HOST: '127.0.0.1',
      PUBLIC_URL: spec.publicUrl,
      PGAPPNAME: spec.name,
      LOG_LEVEL: 'warn',
      ...spec.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const exited = new Promise<number>((resolve) => child.once('exit', (code) => resolve(code ?? 1)))
  let stopping: Promise<void> | undefined
  return {
    child,
    exited,
    process: {
      name: spec.name,
      roles: spec.roles,
      origin,
      pid: child.pid ?? 0,
      output: () => output,
      stop() {
        stopping ??= (async () => {
          if (child.exitCode !== null || child.signalCode !== null) return
          child.kill('SIGTERM')
          const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
          await exited
          clearTimeout(timer)
        })()
        return stopping
      },
    },
  }
}

export type ClusterOptions = {
  databaseUrl: string
  /** How many processes of each kind; `all` runs every role in one process (the default deployment). */
  api: number
  workers: number
  all?: number
  /** Extra environment for every process. */
  env?: Record<string, string>
}

export type Cluster = {
  /** Processes that serve pages and the API (`api,web` or all roles). */
  api: RoleProcess[]
  /** Processes that run jobs (`worker` or all roles). */
  workers: RoleProcess[]
  all: RoleProcess[]
  /** The key the processes encrypt with (a test stores an HTTP lender's secret with it). */
  encryptionKey: string
  stop(): Promise<void>
}

/**
 * Starts the processes at once (they migrate the same database together, under the advisory lock) and
 * waits until each answers `/api/ready`. A worker's PUBLIC_URL is one of the API processes (round robin):
 * it is the address an HTTP lender calls back.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const encryptionKey = randomBytes(32).toString('base64')
  const env = {
    DATABASE_URL: options.databaseUrl,
    SANDBOX_DELAY_SCALE: '0',
    ENCRYPTION_KEY: encryptionKey,
    LENDER_ALLOW_PRIVATE_NETWORK: 'true',
    ...options.env,
  }
  const apiPorts = await Promise.all(Array.from({ length: options.api }, () => freePort()))
  const allPorts = await Promise.all(Array.from({ length: options.all ?? 0 }, () => freePort()))
  const workerPorts = await Promise.all(Array.from({ length: options.workers }, () => freePort()))
  const callbackOrigins = [...apiPorts, ...allPorts].map((port) => `http://127.0.0.1:${port}`)
  const specs: Array<ProcessSpec & { kind: 'api' | 'all' | 'worker' }> = [
    ...apiPorts.map((port, index) => ({
      kind: 'api' as const,
      name: `scale-out-api-${index + 1}`,
      roles: 'api,web',
      port,
      publicUrl: `http://127.0.0.1:${port}`,
      env,
    })),
    ...allPorts.map((port, index) => ({
      kind: 'all' as const,
      name: `scale-out-all-${index + 1}`,
      roles: 'web,api,worker',
      port,
      publicUrl: `http://127.0.0.1:${port}`,
      env,
    })),
    ...workerPorts.map((port, index) => ({
      kind: 'worker' as const,
      name: `scale-out-worker-${index + 1}`,
      roles: 'worker',
      port,
      publicUrl: callbackOrigins[index % callbackOrigins.length] ?? `http://127.0.0.1:${port}`,
      env,
    })),
  ]
  const started = specs.map((spec) => ({ spec, ...startProcess(spec) }))
  const stop = async () => {
    await Promise.all(started.map(({ process }) => process.stop()))
  }
  try {
    await Promise.all(
      started.map(({ process, exited, spec }) =>
        Promise.race([
          waitFor(
            `${process.name} ready`,
            async () => {
              const response = await fetch(`http://127.0.0.1:${spec.port}/api/ready`).catch(() => null)
              return response?.ok ? true : undefined
            },
            { timeoutMs: 90_000 },
          ),
          exited.then((code) => {
            throw new Error(`${process.name} exited with ${code} before it was ready:\n${process.output()}`)
          }),
        ]),
      ),
    )
  } catch (error) {
    await stop()
    throw error
  }
  const of = (kind: 'api' | 'all' | 'worker') =>
    started.filter(({ spec }) => spec.kind === kind).map(({ process }) => process)
  return {
    api: [...of('api'), ...of('all')],
    workers: [...of('worker'), ...of('all')],
    all: started.map(({ process }) => process),
    encryptionKey,
    stop,
  }
}

export type Submitted = {
  origin: string
  applicationId: string
  lenders: Array<{ id: string; name: string }>
}

/**
 * Submits `cookies.length` consumer applications (one per cookie header), `concurrency` at a time,
 * alternating between `origins` (application i goes to origins[i % n]); results in the cookies' order.
 */
export async function submitApplications(
  origins: string[],
  cookies: string[],
  concurrency: number,
): Promise<Submitted[]> {
  const results: Submitted[] = []
  let next = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < cookies.length) {
        const index = next++
        const origin = origins[index % origins.length] as string
        const response = await fetch(`${origin}/api/v1/applications`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: cookies[index] as string, ...OUR_CLIENT },
          body: JSON.stringify(submission(validApplication())),
        })
        if (response.status !== 201)
          throw new Error(
            `submission ${index} to ${origin}: HTTP ${response.status} ${await response.text()}`,
          )
        const body = (await response.json()) as Omit<Submitted, 'origin'>
        results[index] = { origin, applicationId: body.applicationId, lenders: body.lenders }
      }
    }),
  )
  return results
}

/** Jobs of the marketplace queues that have not finished (created, retry or active). */
export async function unfinishedJobs(client: pg.ClientBase | pg.Pool): Promise<number> {
  const result = await client.query<{ count: number }>(
    `select count(*)::int as count from pgboss.job
     where name = any($1) and state in ('created', 'retry', 'active')`,
    [MARKETPLACE_QUEUES],
  )
  return result.rows[0]?.count ?? 0
}

/** Recipients of these applications still waiting for an answer (manual lenders, who answer by hand, aside). */
export async function pendingAnswers(
  client: pg.ClientBase | pg.Pool,
  applicationIds: string[],
): Promise<number> {
  const result = await client.query<{ count: number }>(
    `select count(*)::int as count from application_recipients r join lenders l on l.id = r.lender_id
     where r.application_id = any($1::uuid[]) and r.status = 'pending' and l.integration <> 'manual'`,
    [applicationIds],
  )
  return result.rows[0]?.count ?? 0
}

/** Applications whose "every lender answered" e-mail has not gone (its job may not exist yet). */
export async function unannounced(
  client: pg.ClientBase | pg.Pool,
  applicationIds: string[],
): Promise<number> {
  const result = await client.query<{ count: number }>(
    `select count(*)::int as count from applications
     where id = any($1::uuid[]) and all_answered_notified_at is null`,
    [applicationIds],
  )
  return result.rows[0]?.count ?? 0
}

/**
 * Waits until every lender has answered these applications, each applicant has had the "every lender
 * answered" e-mail, and no marketplace job is left to run.
 */
export async function waitUntilSettled(
  client: pg.ClientBase | pg.Pool,
  applicationIds: string[],
  timeoutMs = 120_000,
): Promise<void> {
  await waitFor(
    'every application answered and announced, every job finished',
    async () =>
      (await pendingAnswers(client, applicationIds)) === 0 &&
      (await unannounced(client, applicationIds)) === 0 &&
      (await unfinishedJobs(client)) === 0
        ? true
        : undefined,
    { timeoutMs, intervalMs: 50 },
  )
}
