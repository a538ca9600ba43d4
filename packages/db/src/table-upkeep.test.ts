import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from './client.ts'
import {
  serverAutovacuumWorks,
  tablesDueForUpkeep,
  UPKEEP_GROWTH,
  UPKEEP_MIN_PAGES,
  upkeepTables,
} from './table-upkeep.ts'
import { createTestDatabase } from './testing.ts'

// ADR 068: where no autovacuum runs, the tables that grew get VACUUM (ANALYZE) from us.
describe('table upkeep', () => {
  let handle: DbHandle
  beforeAll(async () => {
    handle = await createTestDatabase()
  })
  afterAll(async () => {
    await handle.close()
  })

  const statistics = async (table: string) => {
    const result = await handle.db.execute(
      sql`select reltuples::float8 as tuples, relpages as pages from pg_class where oid = ${table}::regclass`,
    )
    const [row] = (result as unknown as { rows: { tuples: number; pages: number }[] }).rows
    if (!row) throw new Error(`no table ${table}`)
    return row
  }
  /** Columns with statistics: what ANALYZE leaves and a VACUUM alone does not. */
  const analysedColumns = async (table: string) => {
    const result = await handle.db.execute(
      sql`select count(*)::int as columns from pg_stats where schemaname = 'public' and tablename = ${table}`,
    )
    return (result as unknown as { rows: { columns: number }[] }).rows[0]?.columns
  }
  const due = async () =>
    (await tablesDueForUpkeep(handle.db)).map((table) => `${table.schema}.${table.name}`)

  it('finds a table that holds rows but was never analysed, and leaves it with statistics of them', async () => {
    await handle.db.execute(
      sql`create table upkeep_never (id int primary key, note text) with (autovacuum_enabled = off)`,
    )
    expect(await due()).not.toContain('public.upkeep_never')
    await handle.db.execute(
      sql`insert into upkeep_never select n, repeat('x', 60) from generate_series(1, 4000) n`,
    )
    expect((await statistics('upkeep_never')).tuples).toBe(-1)
    expect(await due()).toContain('public.upkeep_never')

    expect(await analysedColumns('upkeep_never')).toBe(0)
    expect(await upkeepTables(handle.db, await tablesDueForUpkeep(handle.db))).toEqual([])
    expect(await statistics('upkeep_never')).toMatchObject({ tuples: 4000 })
    expect(await analysedColumns('upkeep_never')).toBe(2)
    expect((await statistics('upkeep_never')).pages).toBeGreaterThan(UPKEEP_MIN_PAGES)
    expect(await due()).toEqual([])
  })

  it('does a table again once its heap has grown past the threshold, not before', async () => {
    await handle.db.execute(
      sql`create table upkeep_growing (id int primary key, note text) with (autovacuum_enabled = off)`,
    )
    await handle.db.execute(
      sql`insert into upkeep_growing select n, repeat('y', 60) from generate_series(1, 20000) n`,
    )
    await upkeepTables(handle.db, await tablesDueForUpkeep(handle.db))
    const { pages } = await statistics('upkeep_growing')
    const rowsPerPage = 20000 / pages
    // Under the threshold: still the statistics of 20 000 rows.
    const under = Math.floor((pages * (UPKEEP_GROWTH - 1) * rowsPerPage) / 2)
    await handle.db.execute(
      sql`insert into upkeep_growing select n, repeat('y', 60) from generate_series(20001, ${20000 + under}) n`,
    )
    expect(await due()).not.toContain('public.upkeep_growing')
    // Updates leave dead rows that grow the heap: past the threshold the table is due.
    await handle.db.execute(sql`update upkeep_growing set note = repeat('z', 60) where id <= 10000`)
    expect(await due()).toContain('public.upkeep_growing')
    await upkeepTables(handle.db, await tablesDueForUpkeep(handle.db))
    expect(await statistics('upkeep_growing')).toMatchObject({ tuples: 20000 + under })
    expect(await due()).toEqual([])
  })

  it('finds a table whose row count a CREATE INDEX set, though nothing analysed it', async () => {
    await handle.db.execute(
      sql`create table upkeep_indexed (id int, note text) with (autovacuum_enabled = off)`,
    )
    await handle.db.execute(
      sql`insert into upkeep_indexed select n, repeat('w', 60) from generate_series(1, 4000) n`,
    )
    await handle.db.execute(sql`create index upkeep_indexed_id on upkeep_indexed (id)`)
    // The server's CREATE INDEX sets the row count (4 000); PGlite's leaves it unknown (-1). Either
    // way there are no statistics, and the table is due.
    expect(await analysedColumns('upkeep_indexed')).toBe(0)
    expect(await due()).toContain('public.upkeep_indexed')
    await upkeepTables(handle.db, await tablesDueForUpkeep(handle.db))
    expect(await analysedColumns('upkeep_indexed')).toBe(2)
    expect(await due()).toEqual([])
  })

  it('goes on past a table that fails, and names it', async () => {
    await handle.db.execute(sql`create table upkeep_gone (id int) with (autovacuum_enabled = off)`)
    await handle.db.execute(sql`insert into upkeep_gone select generate_series(1, 3000)`)
    await handle.db.execute(sql`create table upkeep_kept (id int) with (autovacuum_enabled = off)`)
    await handle.db.execute(sql`insert into upkeep_kept select generate_series(1, 3000)`)
    const listed = await tablesDueForUpkeep(handle.db)
    expect(listed.map((table) => table.name)).toEqual(expect.arrayContaining(['upkeep_gone', 'upkeep_kept']))
    // Dropped between the list and its VACUUM, as a pg-boss queue's partition can be.
    await handle.db.execute(sql`drop table upkeep_gone`)
    const failed = await upkeepTables(handle.db, listed)
    expect(failed.map((failure) => failure.table.name)).toEqual(['upkeep_gone'])
    expect(await analysedColumns('upkeep_kept')).toBe(1)
  })

  it("reads whether a server's autovacuum can run", async () => {
    if (handle.kind === 'embedded') return
    const result = await handle.db.execute(
      sql`select current_setting('autovacuum') as autovacuum, current_setting('track_counts') as counts`,
    )
    const [settings] = (result as unknown as { rows: { autovacuum: string; counts: string }[] }).rows
    expect(await serverAutovacuumWorks(handle.db)).toBe(
      settings?.autovacuum === 'on' && settings.counts === 'on',
    )
  })
})
