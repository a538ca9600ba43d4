import { type DbHandle, serverAutovacuumWorks, tablesDueForUpkeep, upkeepTables } from '@lainava/db'
import type { FastifyBaseLogger } from 'fastify'

// The worker's VACUUM (ANALYZE) of the embedded database's tables that grew (ADR 068): PGlite has
// no autovacuum. A server's own autovacuum does this better (it knows the dead rows); a server
// where it is off gets a warning at start-up, not our upkeep.

export type TableUpkeep = {
  /** One round now: the tables done (the timer runs the same). */
  runOnce(): Promise<string[]>
  stop(): Promise<void>
}

export async function startTableUpkeep(deps: {
  database: Pick<DbHandle, 'db' | 'kind'>
  log: FastifyBaseLogger
  intervalSeconds: number
}): Promise<TableUpkeep | undefined> {
  const { database, log } = deps
  if (database.kind === 'server') {
    if (!(await serverAutovacuumWorks(database.db))) {
      log.warn(
        "the database server's autovacuum is off (or track_counts is): tables are never analysed or vacuumed, so queries slow down as they grow; turn it on (ADR 068)",
      )
    }
    return undefined
  }
  if (deps.intervalSeconds === 0) return undefined
  let running: Promise<string[]> | undefined
  let stopped = false
  const round = async () => {
    const due = await tablesDueForUpkeep(database.db)
    if (due.length === 0) return []
    const started = performance.now()
    await upkeepTables(database.db, due)
    const tables = due.map((table) => `${table.schema}.${table.name}`)
    log.debug({ tables, ms: Math.round(performance.now() - started) }, 'tables vacuumed and analysed')
    return tables
  }
  const runOnce = () => {
    // A round still under way is the one a caller gets: two never overlap.
    running ??= round().finally(() => {
      running = undefined
    })
    return running
  }
  const timer = setInterval(() => {
    if (stopped || running) return
    runOnce().catch((error: unknown) =>
      log.warn({ err: error }, 'table upkeep failed; it is tried again at the next check'),
    )
  }, deps.intervalSeconds * 1000)
  timer.unref()
  return {
    runOnce,
    async stop() {
      stopped = true
      clearInterval(timer)
      await running?.catch(() => {})
    },
  }
}
