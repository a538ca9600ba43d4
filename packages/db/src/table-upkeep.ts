import { sql } from 'drizzle-orm'
import type { Database } from './client.ts'

// Statistics and dead rows where no autovacuum looks after them (ADR 068). PostgreSQL's planner
// chooses by each table's statistics, which ANALYZE gathers; VACUUM gives the space of updated and
// deleted rows back. A server's autovacuum does both, unless it is switched off. PGlite (one
// process, no background workers) has none: there a table is never analysed, and the rows pg-boss
// updates and deletes are never reclaimed, so its job table only grows; a statement written for an
// index reads every job of a queue instead (pg-boss's completion of a batch: 27 ms against 2.6 ms
// once analysed).

/** A table whose heap has more pages than UPKEEP_GROWTH × those at its last VACUUM or ANALYZE ... */
export const UPKEEP_GROWTH = 1.2
/** ... plus this many (8 KiB each), so that small tables are not done over and over, is done again. */
export const UPKEEP_MIN_PAGES = 8

export type UpkeepTable = { schema: string; name: string; pages: number }

/**
 * Whether a server's autovacuum can run: it is on, and the row counts it reads are kept
 * (`track_counts`). The embedded database has none, whatever its settings say.
 */
export async function serverAutovacuumWorks(db: Database): Promise<boolean> {
  const result = await db.execute(
    sql`select current_setting('autovacuum') = 'on' and current_setting('track_counts') = 'on' as working`,
  )
  const [row] = (result as unknown as { rows: { working: boolean }[] }).rows
  return row?.working === true
}

/**
 * The tables of ours (every schema but the system's, owned by a role whose rights we have) that
 * hold rows but have no statistics, or whose heap has grown by more than UPKEEP_GROWTH and
 * UPKEEP_MIN_PAGES since it was last done. `relpages` is what the last VACUUM, ANALYZE or CREATE
 * INDEX found; `pg_relation_size` is the heap now. Dead rows grow the heap too, so the same rule
 * brings the VACUUM that reclaims them. "No statistics" is read from `pg_stats`, not `reltuples`: a
 * CREATE INDEX (a migration's) sets the row count of a table it never analysed.
 */
export async function tablesDueForUpkeep(db: Database): Promise<UpkeepTable[]> {
  const result = await db.execute(sql`
    select n.nspname as schema, c.relname as name,
      (pg_relation_size(c.oid) / current_setting('block_size')::int)::int as pages
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'r'
      and n.nspname <> 'information_schema'
      and n.nspname !~ '^pg_'
      and pg_has_role(c.relowner, 'USAGE')
      and pg_relation_size(c.oid) > 0
      and (
        c.reltuples < 0
        or (c.reltuples > 0 and not exists (
          select 1 from pg_stats s where s.schemaname = n.nspname and s.tablename = c.relname))
        or pg_relation_size(c.oid) / current_setting('block_size')::int >
          c.relpages * ${UPKEEP_GROWTH}::float8 + ${UPKEEP_MIN_PAGES}
      )
    order by 1, 2`)
  return (result as unknown as { rows: UpkeepTable[] }).rows
}

/**
 * VACUUM (ANALYZE) of each table, one statement at a time so that other work gets the connection
 * in between (the embedded database has one). SKIP_LOCKED: a table another process is vacuuming,
 * or locked by a migration, is left for the next round instead of waited for. A table that fails
 * (dropped since it was listed, say) does not stop the others; the tables that failed are returned.
 */
export async function upkeepTables(
  db: Database,
  tables: readonly UpkeepTable[],
): Promise<{ table: UpkeepTable; error: unknown }[]> {
  const failed: { table: UpkeepTable; error: unknown }[] = []
  for (const table of tables) {
    try {
      await db.execute(
        sql`vacuum (analyze, skip_locked) ${sql.identifier(table.schema)}.${sql.identifier(table.name)}`,
      )
    } catch (error) {
      failed.push({ table, error })
    }
  }
  return failed
}
