// Live pages against the bare React Router 8 app (issue 19 goal 2): pages rendered per request
// under load, with no Accept-Encoding (the render alone) and with a browser's (what a visitor gets).
// npm run bench -- live [seconds per run=10] [connections=16]
// DATABASE_URL=postgres://…: ours uses a fresh database on that server (its RSS is then Node's alone).
//
// Ours: the production server (`startBenchServer`, `npm start`'s production mode, embedded
// database), `/lainahakemus/` (the loan form: always rendered per request) and `/` with the
// consent cookie set (a visitor who has answered the cookie banner gets the live landing).
// Anchor: the bare React Router app's `/` (its default page, rendered per request by its own
// production server), in both rows.
// Each run: req/s, p50/p95 latency, CPU milliseconds of the server's process tree per request and
// its peak RSS while under load (sampled every 100 ms).

import type { DbHandle } from '@lainava/db'
import { createTestDatabase } from '@lainava/db/testing'
import { MARKETING_COOKIE } from '@lainava/domain/consent-cookie'
import { START_NODE_OPTIONS, START_PROCESS_ENVIRONMENT } from '../../scripts/start-mode.ts'
import { type BareApp, startBareApp } from '../anchors/bare-react-router/serve.ts'
import type { Comparison, Measurement } from '../lib/compare.ts'
import { freePort } from '../lib/ports.ts'
import { cpuSeconds, maxRssDuring } from '../lib/proc.ts'
import { wrk } from '../lib/wrk.ts'
import { startBenchServer } from '../server.ts'

const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd'
const startEnvironment = Object.entries(START_PROCESS_ENVIRONMENT)
  .map(([name, value]) => `${name}=${value}`)
  .join(' ')

type Target = { key: string; path: string; headers: Record<string, string> }

async function measure(origin: string, pid: number, targets: Target[], seconds: number, connections: number) {
  const result: Measurement = {}
  for (const target of targets) {
    // A short warm-up: the first requests compile the render's code.
    await wrk({ url: origin + target.path, connections: 2, seconds: 1, headers: target.headers })
    const before = cpuSeconds(pid)
    const { result: run, maxRssMiB } = await maxRssDuring(
      pid,
      wrk({ url: origin + target.path, connections, seconds, headers: target.headers }),
    )
    const cpu = cpuSeconds(pid) - before
    if (run.errors > 0 || run.non2xx > 0) {
      console.warn(`  ${target.path}: ${run.errors} errors, ${run.non2xx} non-2xx responses`)
    }
    result[`${target.key}Rps`] = run.rps
    result[`${target.key}P50`] = run.p50
    result[`${target.key}P95`] = run.p95
    result[`${target.key}CpuMs`] = (cpu * 1000) / Math.max(1, run.requests)
    result[`${target.key}Rss`] = maxRssMiB
  }
  return result
}

function targets(formPath: string, landingPath: string, landingHeaders: Record<string, string>): Target[] {
  const html = { accept: 'text/html,*/*' }
  return [
    { key: 'form', path: formPath, headers: html },
    { key: 'formEncoded', path: formPath, headers: { ...html, 'accept-encoding': BROWSER_ACCEPT_ENCODING } },
    { key: 'landing', path: landingPath, headers: { ...html, ...landingHeaders } },
  ]
}

const metricsFor = (key: string, label: string) =>
  [
    { key: `${key}Rps`, label: `${label} req/s`, unit: 'req/s', better: 'higher' },
    { key: `${key}P50`, label: `${label} p50`, unit: 'ms', better: 'lower' },
    { key: `${key}P95`, label: `${label} p95`, unit: 'ms', better: 'lower' },
    { key: `${key}CpuMs`, label: `${label} CPU per request`, unit: 'ms', better: 'lower' },
    { key: `${key}Rss`, label: `${label} peak RSS`, unit: 'MiB', better: 'lower' },
  ] as const

export default function live(args: string[]): Comparison {
  const seconds = Number(args[0] ?? 10)
  const connections = Number(args[1] ?? 16)
  let bare: BareApp | undefined
  let ours: Awaited<ReturnType<typeof startBenchServer>> | undefined
  let database: DbHandle | undefined
  const server = process.env.DATABASE_URL
  return {
    title: `Live pages at ${connections} connections: the bare React Router 8 app's / and our /lainahakemus/ and live /`,
    metrics: [
      ...metricsFor('form', '/lainahakemus/'),
      ...metricsFor('formEncoded', '/lainahakemus/ with Accept-Encoding'),
      ...metricsFor('landing', '/ live (consent cookie)'),
    ],
    anchor: {
      label: 'bare React Router app /',
      async setup() {
        bare = await startBareApp(await freePort())
      },
      measure: () => measure(bare?.origin ?? '', bare?.pid ?? 0, targets('/', '/', {}), seconds, connections),
      async teardown() {
        await bare?.stop()
      },
    },
    ours: {
      label: server ? 'Lainava, npm start, PostgreSQL server' : 'Lainava, npm start',
      async setup() {
        database = server ? await createTestDatabase(server) : undefined
        const url = database?.connection.kind === 'server' ? database.connection.url : undefined
        ours = await startBenchServer(await freePort(), url ? { DATABASE_URL: url } : {})
      },
      measure: () =>
        measure(
          ours?.origin ?? '',
          ours?.pid ?? 0,
          targets('/lainahakemus/', '/', { cookie: `${MARKETING_COOKIE}=false` }),
          seconds,
          connections,
        ),
      async teardown() {
        ours?.stop()
        await database?.close()
      },
    },
    notes: [
      `wrk, ${connections} connections, ${seconds} s per run after a 1 s warm-up; the anchor's / stands in every row.`,
      'Accept-Encoding rows: a browser’s "gzip, deflate, br, zstd" (each server compresses as it is configured to).',
      server
        ? 'CPU per request and peak RSS: the server’s process tree (the PostgreSQL server’s processes not counted).'
        : 'CPU per request and peak RSS: the server’s process tree (ours includes its embedded PostgreSQL, PGlite: a 128 MiB WebAssembly memory, about 35 MiB of it resident: ADR 054).',
      `Ours runs with npm start’s Node options (${START_NODE_OPTIONS.join(' ')}) and, on Linux, ${startEnvironment} (start.ts relaunches itself with it: ADR 054).`,
      'Other processes share this machine’s 2 cores (and wrk runs on them too): figures are indicative.',
    ],
  }
}
