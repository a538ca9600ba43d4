// Marketplace throughput on this machine: applications per second through the
// API (real HTTP, validation, encryption, matching, job fan-out) and the time
// from submission to the last sandbox lender's answer (p50, p95), with the 12
// demo sandbox lenders answering at once (SANDBOX_DELAY_SCALE=0).
// Usage: node bench/marketplace.ts [applications] [concurrency]
//        DATABASE_URL=postgres://… node bench/marketplace.ts   (a server instead of the embedded database)
import { performance } from 'node:perf_hooks'
import { seedDemoData } from '@lainava/db'
import { inArray, sql } from 'drizzle-orm'
import { submission, validApplication } from '../apps/api/src/test/applications.ts'
import { loginAs, OUR_CLIENT } from '../apps/api/src/test/sessions.ts'
import { createListeningTestApp } from '../apps/api/src/test/test-app.ts'
import { schema } from '../packages/db/src/index.ts'

const total = Number(process.argv[2] ?? 200)
const concurrency = Number(process.argv[3] ?? 8)
const ctx = await createListeningTestApp({ LOG_LEVEL: 'silent' })
await seedDemoData(ctx.database.db)
const user = await loginAs(ctx.database.db)
const cookie = Object.entries(user.cookies)
  .map(([name, value]) => `${name}=${value}`)
  .join('; ')

const ids: string[] = []
let next = 0
const started = performance.now()
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < total) {
      next++
      const response = await fetch(`${ctx.url}/api/v1/applications`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, ...OUR_CLIENT },
        body: JSON.stringify(submission(validApplication())),
      })
      if (response.status !== 201) throw new Error(`submission failed: HTTP ${response.status}`)
      ids.push(((await response.json()) as { applicationId: string }).applicationId)
    }
  }),
)
const submitSeconds = (performance.now() - started) / 1000

// Wait until every lender has answered every application.
const { applicationRecipients, applications } = schema
for (;;) {
  const [row] = await ctx.database.db
    .select({ pending: sql<number>`count(*)::int` })
    .from(applicationRecipients)
    .where(sql`${applicationRecipients.status} = 'pending'`)
  if ((row?.pending ?? 0) === 0) break
  await new Promise((resolve) => setTimeout(resolve, 200))
}
const drainedSeconds = (performance.now() - started) / 1000

const latencies = await ctx.database.db
  .select({
    ms: sql<number>`extract(epoch from max(${applicationRecipients.answeredAt}) - ${applications.createdAt}) * 1000`,
  })
  .from(applications)
  .innerJoin(applicationRecipients, sql`${applicationRecipients.applicationId} = ${applications.id}`)
  .where(inArray(applications.id, ids))
  .groupBy(applications.id)
const sorted = latencies.map((row) => Number(row.ms)).sort((a, b) => a - b)
const percentile = (p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
const [answers] = await ctx.database.db
  .select({ count: sql<number>`count(*)::int` })
  .from(applicationRecipients)
  .where(inArray(applicationRecipients.applicationId, ids))

console.warn(
  `database: ${ctx.database.kind}; ${total} applications, ${concurrency} at a time, ${answers?.count} lender answers`,
)
console.warn(
  `submission: ${(total / submitSeconds).toFixed(1)} applications/s (${submitSeconds.toFixed(1)} s)`,
)
console.warn(
  `all answered after ${drainedSeconds.toFixed(1)} s: ${((answers?.count ?? 0) / drainedSeconds).toFixed(0)} answers/s`,
)
console.warn(
  `submission → last sandbox answer: p50 ${percentile(50).toFixed(0)} ms, p95 ${percentile(95).toFixed(0)} ms, max ${(sorted.at(-1) ?? 0).toFixed(0)} ms`,
)
await ctx.close()
