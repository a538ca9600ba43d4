import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { type DbHandle, openDatabase } from './client.ts'

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or with
 * DATABASE_URL a new database on that server, dropped again on close.
 */
export async function createTestDatabase(databaseUrl = process.env.DATABASE_URL): Promise<DbHandle> {
  if (!databaseUrl) {
    const handle = await openDatabase({})
    await handle.migrate()
    return handle
  }
  const name = `lainava_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: databaseUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(databaseUrl)
  url.pathname = `/${name}`
  const handle = await openDatabase({ url: url.toString(), poolSize: 4 })
  await handle.migrate()
  return {
    ...handle,
    async close() {
      await handle.close()
      const dropper = new pg.Client({ connectionString: databaseUrl })
      await dropper.connect()
      await dropper.query(`drop database if exists ${name} with (force)`)
      await dropper.end()
    },
  }
}
