// Issue 19 goal 5: the marketplace on one PostgreSQL server, one process with every role (the anchor)
// against the roles as separate processes (ours: 2 × api,web + 2 × worker by default), each started
// as `npm start` starts it. Each round submits the applications over HTTP, alternating between the
// API processes, and waits until every lender has answered and every applicant has had the "every
// lender answered" e-mail; the 12 demo sandbox lenders answer at once (SANDBOX_DELAY_SCALE=0).
//
// npm run bench -- scale-out [applications=200] [concurrency=16] [api processes=2] [worker processes=2]
// DATABASE_URL picks the server (default postgres://postgres@127.0.0.1:5432/postgres); each side gets a
// database of its own, dropped at the end.
import { performance } from 'node:perf_hooks'
import { type DbHandle, openDatabase } from '@lainava/db'
import pg from 'pg'
import {
  type Cluster,
  type ClusterOptions,
  createServerDatabase,
  startCluster,
  submitApplications,
  waitUntilSettled,
} from '../../apps/api/src/test/scale-out.ts'
import { loginAs } from '../../apps/api/src/test/sessions.ts'
import type { Comparison, Measurement, Side } from '../lib/compare.ts'
import { cpuSeconds } from '../lib/proc.ts'

function side(
  label: string,
  serverUrl: string,
  shape: Omit<ClusterOptions, 'databaseUrl'>,
  total: number,
  concurrency: number,
): Side {
  let database: Awaited<ReturnType<typeof createServerDatabase>> | undefined
  let cluster: Cluster | undefined
  let handle: DbHandle | undefined
  let sql: pg.Pool | undefined
  return {
    label,
    async setup() {
      database = await createServerDatabase(serverUrl)
      cluster = await startCluster({ ...shape, databaseUrl: database.url, env: { LOG_LEVEL: 'warn' } })
      handle = await openDatabase({ url: database.url, poolSize: 4 })
      sql = new pg.Pool({ connectionString: database.url, max: 2 })
    },
    async measure(): Promise<Measurement> {
      if (!cluster || !handle || !sql) throw new Error('not set up')
      const cookies: string[] = []
      for (let index = 0; index < total; index++) {
        const user = await loginAs(handle.db)
        cookies.push(
          Object.entries(user.cookies)
            .map(([name, value]) => `${name}=${value}`)
            .join('; '),
        )
      }
      const pids = cluster.all.map((process) => process.pid)
      const cpuBefore = pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0)
      const started = performance.now()
      const submitted = await submitApplications(
        cluster.api.map((process) => process.origin),
        cookies,
        concurrency,
      )
      const submitSeconds = (performance.now() - started) / 1000
      const ids = submitted.map((row) => row.applicationId)
      await waitUntilSettled(sql, ids, 600_000)
      const settledSeconds = (performance.now() - started) / 1000
      const cpu = pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0) - cpuBefore
      const { rows } = await sql.query<{ answers: number; p50: number; p95: number }>(
        `select sum(answers)::int as answers,
                percentile_disc(0.5) within group (order by ms) as p50,
                percentile_disc(0.95) within group (order by ms) as p95
         from (select count(*) as answers,
                      extract(epoch from max(r.answered_at) - a.created_at) * 1000 as ms
               from applications a join application_recipients r on r.application_id = a.id
               where a.id = any($1::uuid[]) group by a.id) per_application`,
        [ids],
      )
      const row = rows[0]
      return {
        accepted: total / submitSeconds,
        answers: (row?.answers ?? 0) / settledSeconds,
        settled: total / settledSeconds,
        p50: Number(row?.p50 ?? Number.NaN),
        p95: Number(row?.p95 ?? Number.NaN),
        cpuPerApplication: (cpu * 1000) / total,
      }
    },
    async teardown() {
      await cluster?.stop()
      await handle?.close()
      await sql?.end()
      await database?.drop()
    },
  }
}

export default function scaleOut(args: string[]): Comparison {
  const total = Number(args[0] ?? 200)
  const concurrency = Number(args[1] ?? 16)
  const api = Number(args[2] ?? 2)
  const workers = Number(args[3] ?? 2)
  const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
  return {
    title: `Marketplace on one PostgreSQL: ${total} applications, ${concurrency} at a time`,
    metrics: [
      { key: 'accepted', label: 'applications accepted', unit: '/s', better: 'higher' },
      { key: 'settled', label: 'applications fully answered', unit: '/s', better: 'higher' },
      { key: 'answers', label: 'lender answers', unit: '/s', better: 'higher' },
      { key: 'p50', label: 'submit → last answer p50', unit: 'ms', better: 'lower' },
      { key: 'p95', label: 'submit → last answer p95', unit: 'ms', better: 'lower' },
      { key: 'cpuPerApplication', label: 'Node CPU per application', unit: 'ms', better: 'lower' },
    ],
    anchor: side('1 process, every role', serverUrl, { api: 0, workers: 0, all: 1 }, total, concurrency),
    ours: side(`${api} × api,web + ${workers} × worker`, serverUrl, { api, workers }, total, concurrency),
    notes: [
      'Saturation figures: every application is submitted as fast as the API processes accept them.',
      '"fully answered": every lender answered and the applicant e-mailed; Node CPU: all server processes (not PostgreSQL).',
      `Server: ${serverUrl.replace(/\/\/[^@]*@/, '//')}; sandbox lenders answer at once; applications alternate between the API processes.`,
    ],
  }
}
