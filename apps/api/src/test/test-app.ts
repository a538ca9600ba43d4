import { createTestDatabase } from '@lainava/db/testing'
import { buildApp } from '../app.ts'
import { loadConfig } from '../config.ts'

/** The API in-process against its own fresh database (embedded, or DATABASE_URL's server). */
export async function createTestApp(env: Record<string, string> = {}) {
  const database = await createTestDatabase()
  const config = loadConfig({
    ROLES: 'api',
    LOG_LEVEL: 'silent',
    DATABASE_URL: process.env.DATABASE_URL,
    ...env,
  })
  const app = await buildApp({ config, database })
  return {
    app,
    database,
    async close() {
      await app.close()
      await database.close()
    },
  }
}
