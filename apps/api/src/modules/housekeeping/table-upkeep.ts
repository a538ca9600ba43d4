import { type DbHandle, serverAutovacuumWorks, tablesDueForUpkeep, upkeepTables } from '@lainava/db'
import type { FastifyBaseLogger } from 'fastify'

// The worker's VACUUM (ANALYZE) of the tables that grew, where no autovacuum does it (ADR 068): the
// embedded database (PGlite has none) and a server whose autovacuum is off, which also gets a warning.
// A server's own autovacuum does this better (it counts the dead rows), so with it on nothing runs.
// With several workers each checks on its own; SKIP_LOCKED keeps one from waiting on another's VACUUM.

export type TableUpkeep = {
  /** One round now: the tables it tried (the timer runs the same). */
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
      deps.intervalSeconds === 0
        ? "the database server's autovacuum is off (or track_counts is), and so is the worker's table upkeep (TABLE_UPKEEP_SECONDS=0): no table is analysed or vacuumed; turn autovacuum on (ADR 068)"
        : "the database server's autovacuum is off (or track_counts is): the worker analyses and vacuums the tables that grow in its stead, but the server's own is better; turn it on (ADR 068)",
    )
  }
  if (deps.intervalSeconds === 0) return undefined
  let running: Promise<string[]> | undefined
  const round = async () => {
    const due = await tablesDueForUpkeep(database.db)
    if (due.length === 0) return []
    const started = performance.now()
    const failed = await upkeepTables(database.db, due)
    const name = (table: { schema: string; name: string }) => `${table.schema}.${table.name}`
    for (const { table, error } of failed) {
      log.warn(
        { err: error, table: name(table) },
        'table upkeep: VACUUM (ANALYZE) failed; tried again next round',
      )
    }
    const tables = due.map(name)
    // SKIP_LOCKED passes over a locked table without an error: "attempted", not "done".
    log.debug(
      { tables, failed: failed.length, ms: Math.round(performance.now() - started) },
      'table upkeep round',
    )
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
    if (running) return
    runOnce().catch((error: unknown) =>
      log.warn({ err: error }, 'table upkeep failed; it is tried again at the next check'),
    )
  }, deps.intervalSeconds * 1000)
  timer.unref()
  return {
    runOnce,
    async stop() {
      clearInterval(timer)
      await running?.catch(() => {})
    },
  }
}
