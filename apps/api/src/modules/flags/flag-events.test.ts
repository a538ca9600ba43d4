import type { DbHandle } from '@lainava/db'
import { createTestDatabase } from '@lainava/db/testing'
import pg from 'pg'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type FlagChanges, startFlagChanges } from './flag-events.ts'
import { environmentPayload, saveFlag } from './flag-store.ts'

// Issue 18 item 1: the LISTEN connection of a process comes back after it is lost, however long the
// database refuses it, and its return tells the subscribers once that anything may have changed
// (a NOTIFY sent in the gap is never delivered). On a server the test cuts the connection with
// pg_terminate_backend and locks the database for a while; embedded PGlite listens in-process, with
// no connection to lose, so that pass checks only that changes are heard.

let database: DbHandle
let changes: FlagChanges
const logLines: string[] = []
const heard: Array<string | null> = []

beforeAll(async () => {
  database = await createTestDatabase()
  const log = pino({ level: 'info' }, { write: (line: string) => void logLines.push(line) })
  changes = await startFlagChanges(database, log, { firstRetryMs: 50, maxRetryMs: 200 })
  changes.subscribe((environment) => heard.push(environment))
})
afterAll(async () => {
  await changes.close()
  await database.close()
})

async function save(key: string, value: number) {
  await saveFlag(
    database.db,
    { id: null, role: 'system' },
    {
      environment: 'development',
      key,
      flag: { valueType: 'number', description: '', enabled: true, definition: { defaultValue: value } },
    },
  )
}

const waitLong = { timeout: 15_000, interval: 20 }

describe('the flag change listener', () => {
  it('hears a change saved while its connection was lost, once it is back, and every change after', async () => {
    await save('gap', 1)
    await vi.waitFor(() => expect(heard).toContain('development'), waitLong)
    expect(changes.listening()).toBe(true)
    if (database.connection.kind === 'embedded') return

    const name = new URL(database.connection.url).pathname.slice(1)
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await admin.connect()
    try {
      // Lock the database (new connections refused; the pool's open ones stay), then cut the listener.
      await admin.query(`alter database ${name} allow_connections false`)
      const cut = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query ilike 'listen%'`,
        [name],
      )
      expect(cut.rowCount).toBe(1)
      await vi.waitFor(() => expect(changes.listening()).toBe(false), waitLong)
      heard.length = 0
      await save('gap', 2) // its NOTIFY has no listener
      // Still refused: the listener keeps trying (the single retry of before gave up here).
      await vi.waitFor(
        () =>
          expect(logLines.filter((line) => line.includes('could not reconnect')).length).toBeGreaterThan(2),
        waitLong,
      )
      expect(heard).toEqual([])
      await admin.query(`alter database ${name} allow_connections true`)
    } finally {
      await admin.query(`alter database ${name} allow_connections true`)
      await admin.end()
    }

    await vi.waitFor(() => expect(heard).toEqual([null]), waitLong)
    expect(changes.listening()).toBe(true)
    expect((await environmentPayload(database.db, 'development')).features.gap).toEqual({ defaultValue: 2 })
    await save('gap', 3)
    await vi.waitFor(() => expect(heard).toEqual([null, 'development']), waitLong)
  })
})

describe('the payload', () => {
  it('pairs its dateUpdated with the content of that version under concurrent edits (one snapshot)', async () => {
    const environment = 'snapshot'
    const flag = (value: number) => ({
      valueType: 'number' as const,
      description: '',
      enabled: true,
      definition: { defaultValue: value },
    })
    const actor = { id: null, role: 'system' } as const
    const valueAtVersion = new Map<string, number>()
    const first = await saveFlag(database.db, actor, { environment, key: 'snap', flag: flag(0) })
    valueAtVersion.set(first.dateUpdated, 0)

    let editing = true
    const reads: Array<{ version: string; value: unknown }> = []
    const reader = async () => {
      while (editing) {
        const payload = await environmentPayload(database.db, environment)
        reads.push({ version: payload.dateUpdated, value: payload.features.snap?.defaultValue })
      }
    }
    const readers = [reader(), reader(), reader()]
    await Promise.all(
      Array.from({ length: 40 }, async (_, index) => {
        const saved = await saveFlag(database.db, actor, { environment, key: 'snap', flag: flag(index + 1) })
        valueAtVersion.set(saved.dateUpdated, index + 1)
      }),
    ).finally(() => {
      editing = false
    })
    await Promise.all(readers)

    expect(valueAtVersion.size).toBe(41) // every edit its own version
    expect(reads.length).toBeGreaterThan(2)
    for (const read of reads) expect({ ...read, value: valueAtVersion.get(read.version) }).toEqual(read)
  })
})
