import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { EMBEDDED_START_PARAMS } from './embedded-settings.ts'
import { acquireDataDirLock } from './lock.ts'
import * as schema from './schema.ts'

export type Schema = typeof schema
export type Database = PgDatabase<PgQueryResultHKT, Schema>

export type DbHandle = {
  db: Database
  /** `embedded`: PGlite in this process; `server`: a PostgreSQL server through DATABASE_URL. */
  kind: 'embedded' | 'server'
  /** Throws when the database cannot answer a trivial query. */
  ping(): Promise<void>
  migrate(): Promise<void>
  close(): Promise<void>
  /** The underlying connection, for pg-boss: its own pool on a server, the same PGlite instance embedded. */
  connection: { kind: 'server'; url: string } | { kind: 'embedded'; pglite: PGlite }
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../migrations', import.meta.url))

// Any fixed number: serialises migrations when several server processes start at once.
const MIGRATION_LOCK_ID = 7_235_118_001

export type OpenDatabaseOptions =
  | {
      url: string
      poolSize?: number
      /**
       * How long a query waits for a connection (a new one, or a free one of a full pool) before it
       * fails with pg's "timeout exceeded when trying to connect"; the API answers that 503 (ADR 065).
       */
      connectTimeoutMs?: number
      dataDir?: undefined
    }
  /** `dataDir` undefined: an in-memory database (tests). */
  | { url?: undefined; dataDir?: string }

export async function openDatabase(options: OpenDatabaseOptions): Promise<DbHandle> {
  if (options.url) return openServer(options.url, options.poolSize ?? 10, options.connectTimeoutMs ?? 10_000)
  return openEmbedded(options.dataDir)
}

async function openServer(url: string, poolSize: number, connectTimeoutMs: number): Promise<DbHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: connectTimeoutMs,
    // ADR 068: no JIT compilation. Our statements take milliseconds; a plan whose estimate passes
    // jit_above_cost (the offer e-mails' read did, once its tables had statistics) spent 190–620 ms
    // compiling itself. A SET on each new connection rather than a startup option: poolers
    // (PgBouncer, Neon's) refuse `options`, and ours would displace PGOPTIONS and the URL's own. If it
    // fails, the connection keeps the server's setting. The pool waits for it before it hands the
    // connection out: a SET sent from the `connect` event was still queued when the first query came,
    // two queries at once on one client, which node-postgres 8.19+ warns of and pg@9 refuses.
    onConnect: async (client) => {
      await client.query('set jit = off').catch(() => {})
    },
  })
  // An idle client's error (server restart) must not crash the process; the next query reports it.
  pool.on('error', () => {})
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Database
  return {
    db,
    kind: 'server',
    connection: { kind: 'server', url },
    async ping() {
      await pool.query('select 1')
    },
    async migrate() {
      const client = await pool.connect()
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID])
        await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER })
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {})
        client.release()
      }
    },
    async close() {
      await pool.end()
    },
  }
}

const INIT_DATA_DIR_SCRIPT = fileURLToPath(new URL('./init-data-dir.ts', import.meta.url))

/**
 * V8 options of the initdb process: WebAssembly by the baseline compiler only. V8's optimising compile
 * of PGlite's hot functions took the process to 1.1 GB; without it, 0.58 GB, and initdb is no slower
 * (ADR 067).
 */
export const INIT_DATA_DIR_NODE_OPTIONS = ['--liftoff-only'] as const

/**
 * Creates a new data folder (initdb) in a short-lived Node process: initdb's WebAssembly memory and
 * compilation in this process left it about 110-150 MiB larger for good (ADR 047).
 */
function initialiseDataDir(dataDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...INIT_DATA_DIR_NODE_OPTIONS, INIT_DATA_DIR_SCRIPT, dataDir], {
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk
    })
    child.on('error', reject)
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`initialising ${dataDir} failed (${code}): ${stderr.trim()}`)),
    )
  })
}

async function openEmbedded(dataDir: string | undefined): Promise<DbHandle> {
  const lock = dataDir ? acquireDataDirLock(dataDir) : undefined
  let client: PGlite
  try {
    if (lock && !existsSync(join(lock.dataDir, 'PG_VERSION'))) await initialiseDataDir(lock.dataDir)
    client = lock
      ? await PGlite.create(lock.dataDir, { startParams: EMBEDDED_START_PARAMS })
      : await PGlite.create({ startParams: EMBEDDED_START_PARAMS })
  } catch (error) {
    lock?.release()
    throw error
  }
  const db = drizzlePglite({ client, schema }) as unknown as Database
  let closed = false
  return {
    db,
    kind: 'embedded',
    connection: { kind: 'embedded', pglite: client },
    async ping() {
      await db.execute(sql`select 1`)
    },
    async migrate() {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER })
    },
    async close() {
      if (closed) return
      closed = true
      try {
        await client.close()
      } finally {
        lock?.release()
      }
    },
  }
}
