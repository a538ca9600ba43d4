import { randomUUID } from 'node:crypto'
import { serverAutovacuumWorks } from '@lainava/db'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { QUEUES } from '../../jobs/job-queue.ts'
import { createTestApp } from '../../test/test-app.ts'

// ADR 068: where no autovacuum runs (the embedded database, a server with it off) the worker role
// looks after the statistics of the tables that grow, pg-boss's job table first among them; a server
// whose autovacuum works is left to it. The timer is set to an hour here: the test runs the round.
describe('table upkeep in the worker role', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>
  const lines: { level?: number; msg?: string }[] = []
  beforeAll(async () => {
    ctx = await createTestApp(
      { ROLES: 'api,worker', LOG_LEVEL: 'info', TABLE_UPKEEP_SECONDS: '3600' },
      { logStream: { write: (line) => void lines.push(JSON.parse(line)) } },
    )
  })
  afterAll(async () => {
    await ctx.close()
  })

  it('analyses the job table once jobs pile up where no autovacuum works, and warns on a server without it', async () => {
    const warnings = lines.filter((line) => line.msg?.includes('autovacuum is off'))
    if (ctx.database.kind === 'server' && (await serverAutovacuumWorks(ctx.services.db))) {
      expect(ctx.app.tableUpkeep).toBeUndefined()
      expect(warnings).toEqual([])
      return
    }
    expect(warnings.length).toBe(ctx.database.kind === 'server' ? 1 : 0)
    const upkeep = ctx.app.tableUpkeep
    if (!upkeep) throw new Error('no table upkeep')
    await upkeep.runOnce()

    // Deliveries due tomorrow: they stay queued, as a backlog would.
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000)
    const jobs = Array.from({ length: 3000 }, () => ({
      key: randomUUID(),
      data: { applicationId: randomUUID(), lenderId: randomUUID() },
      startAfter: tomorrow,
    }))
    await ctx.services.jobs?.sendMany(QUEUES.delivery, jobs)

    expect(await upkeep.runOnce()).toContain('pgboss.job_common')
    const result = await ctx.services.db.execute(
      sql`select reltuples::float8 as tuples,
        (select count(*)::int from pg_stats where schemaname = 'pgboss' and tablename = 'job_common') as columns
        from pg_class where oid = 'pgboss.job_common'::regclass`,
    )
    const [row] = (result as unknown as { rows: { tuples: number; columns: number }[] }).rows
    expect(row?.tuples).toBeGreaterThanOrEqual(3000)
    // ANALYZE's statistics, not only a VACUUM's row count.
    expect(row?.columns).toBeGreaterThan(0)
    expect(await upkeep.runOnce()).toEqual([])
  })

  it('is off with TABLE_UPKEEP_SECONDS=0', async () => {
    const off = await createTestApp({ ROLES: 'worker', TABLE_UPKEEP_SECONDS: '0' })
    try {
      expect(off.app.tableUpkeep).toBeUndefined()
    } finally {
      await off.close()
    }
  })
})
