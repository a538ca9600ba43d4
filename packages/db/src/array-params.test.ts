import { randomUUID } from 'node:crypto'
import { asc, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from './client.ts'
import { inUuids, schema, seedDemoData, uuidPairs } from './index.ts'
import { createTestDatabase } from './testing.ts'

const { lenders } = schema

// The array forms must select exactly what drizzle's per-item lists select, on both databases.
describe('array parameters', () => {
  let handle: DbHandle
  let ids: string[]
  beforeAll(async () => {
    handle = await createTestDatabase()
    await seedDemoData(handle.db)
    ids = (await handle.db.select({ id: lenders.id }).from(lenders).orderBy(asc(lenders.id))).map(
      (row) => row.id,
    )
  })
  afterAll(async () => {
    await handle.close()
  })

  const lendersWhere = (which: ReturnType<typeof inUuids>) =>
    handle.db.select({ id: lenders.id }).from(lenders).where(which).orderBy(asc(lenders.id))

  it('inUuids matches the rows inArray matches, with one parameter', async () => {
    expect(ids.length).toBeGreaterThan(3)
    const some = [ids[3], ids[0], randomUUID()].filter((id): id is string => id !== undefined)
    const rows = await lendersWhere(inUuids(lenders.id, some))
    expect(rows).toEqual(await lendersWhere(inArray(lenders.id, some)))
    expect(rows.map((row) => row.id)).toEqual([ids[0], ids[3]])
    expect(handle.db.select().from(lenders).where(inUuids(lenders.id, some)).toSQL().params).toHaveLength(1)
  })

  it('inUuids of no ids matches nothing', async () => {
    expect(await lendersWhere(inUuids(lenders.id, []))).toEqual([])
  })

  it('uuidPairs gives the pairs as rows, in their order', async () => {
    const [a = '', b = '', c = ''] = ids
    const pairs: [string, string][] = [
      [c, a],
      [a, b],
      [b, b],
    ]
    const result = await handle.db.execute(
      sql`select p.first::text as first, p.second::text as second, p.n::int as n from ${uuidPairs(pairs)} with ordinality as p (first, second, n)`,
    )
    const rows = (result as unknown as { rows: { first: string; second: string; n: number }[] }).rows
    expect(rows.map((row) => [row.first, row.second])).toEqual(pairs)
    expect(rows.map((row) => row.n)).toEqual([1, 2, 3])
  })
})
