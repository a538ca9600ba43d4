import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../test/test-app.ts'
import { jobId, QUEUES } from './job-queue.ts'

// ADR 056: a batch loop that came back short waits `gatherMs` before its next fetch, so jobs that
// come one by one meanwhile are handled as one batch instead of one fetch per NOTIFY. No worker
// role runs here: the test starts the one loop itself, on a queue nothing else works.

let ctx: Awaited<ReturnType<typeof createTestApp>>

beforeAll(async () => {
  ctx = await createTestApp({ ROLES: 'api' })
})
afterAll(async () => {
  await ctx?.close()
})

describe('a batch loop with a gathering wait', () => {
  it('handles the jobs that came one by one during its wait as one batch', async () => {
    const jobs = ctx.services.jobs
    if (!jobs) throw new Error('a job queue')
    const batches: number[][] = []
    const first = Promise.withResolvers<void>()
    const all = Promise.withResolvers<void>()
    await jobs.workBatch<{ n: number }>(
      QUEUES.acceptance,
      async (batch) => {
        batches.push(batch.map((job) => job.data.n).sort((a, b) => a - b))
        if (batches.length === 1) first.resolve()
        if (batches.flat().length === 5) all.resolve()
        return []
      },
      // Long enough for four inserts one after another. The test sits out the first wait (the
      // second batch comes when it ends); stopping the queue at its end spares it the second.
      { batchSize: 10, loops: 1, gatherMs: 3000 },
    )
    try {
      await jobs.send(QUEUES.acceptance, 'gather-1', { n: 1 })
      await first.promise
      // The loop now waits after its short batch; these come one by one, each with its NOTIFY.
      for (const n of [2, 3, 4, 5]) await jobs.send(QUEUES.acceptance, `gather-${n}`, { n })
      await all.promise
      expect(batches).toEqual([[1], [2, 3, 4, 5]])
    } finally {
      // The queue is this test's alone; `afterAll` closes the app, whose stop then does nothing.
      await jobs.stop()
    }
  })

  it('ends its wait when the queue stops', async () => {
    const app = await createTestApp({ ROLES: 'api' })
    try {
      const jobs = app.services.jobs
      if (!jobs) throw new Error('a job queue')
      const handled = Promise.withResolvers<void>()
      await jobs.workBatch<{ n: number }>(
        QUEUES.acceptance,
        async () => {
          handled.resolve()
          return []
        },
        { batchSize: 10, loops: 1, gatherMs: 600_000 },
      )
      await jobs.send(QUEUES.acceptance, 'stop-1', { n: 1 })
      await handled.promise
      // The loop's wait begins in the same run of microtasks as the handler's return: one turn of
      // the event loop later it has begun (stopping sooner would skip it and prove nothing).
      await new Promise((resolve) => setImmediate(resolve))
      await jobs.stop()
      // The job is completed after the wait: had stopping not ended the ten-minute wait, the
      // graceful stop would have given up after 5 s and failed the job back to 'retry'.
      const { rows } = (await app.database.db.execute(
        sql`select state::text from pgboss.job where id = ${jobId(QUEUES.acceptance, 'stop-1')}::uuid`,
      )) as unknown as { rows: { state: string }[] }
      expect(rows).toEqual([{ state: 'completed' }])
    } finally {
      await app.close()
    }
  })
})
