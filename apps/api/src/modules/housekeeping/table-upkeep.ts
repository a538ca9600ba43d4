import { type DbHandle, serverAutovacuumWorks, tablesDueForUpkeep, upkeepTables } from '@lainava/db'
import type { FastifyBaseLogger } from 'fastify'

// The worker's VACUUM (ANALYZE) of the tables that grew, where no autovacuum does it (ADR 068): the
// embedded database (PGlite has none) and a server whose autovacuum is off, which also gets a warning.
// A server's own autovacuum does this better (it counts the dead rows), so with it on nothing runs.
// With several workers each checks on its own; SKIP_LOCKED keeps one from waiting on another's VACUUM.

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
    if (await serverAutovacuumWorks(database.db)) return undefined
    log.warn(
      { tableUpkeepSeconds: deps.intervalSeconds },
      "the database server's autovacuum is off (or track_counts is): the worker analyses and vacuums the tables that grow in its stead, but the server's own is better; turn it on (ADR 068)",
    )
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
