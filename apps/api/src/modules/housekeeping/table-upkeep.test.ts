import { randomUUID } from 'node:crypto'
import { serverAutovacuumWorks } from '@lainava/db'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { QUEUES } from '../../jobs/job-queue.ts'
import { createTestApp } from '../../test/test-app.ts'

// ADR 068: on the embedded database the worker role looks after the statistics of the tables that
// grow, pg-boss's job table first among them; a server is left to its autovacuum, with a warning
// when that is off. The timer is set to an hour here: the test runs the round itself.
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

  it('analyses the embedded job table once jobs pile up; on a server, warns only when autovacuum is off', async () => {
    const warnings = lines.filter((line) => line.msg?.includes('autovacuum is off'))
    if (ctx.database.kind === 'server') {
      expect(ctx.app.tableUpkeep).toBeUndefined()
      expect(warnings.length).toBe((await serverAutovacuumWorks(ctx.services.db)) ? 0 : 1)
      return
    }
    expect(warnings).toEqual([])
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
      sql`select reltuples::float8 as tuples from pg_class where oid = 'pgboss.job_common'::regclass`,
    )
    const [row] = (result as unknown as { rows: { tuples: number }[] }).rows
    expect(row?.tuples).toBeGreaterThanOrEqual(3000)
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
