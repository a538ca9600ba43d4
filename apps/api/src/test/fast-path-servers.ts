import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { createTestDatabase } from '@lainava/db/testing'
import { buildApp } from '../app.ts'
import { loadConfig } from '../config.ts'

/** The web role as the fast paths' tests run it (ADR 041, 069). */
export const FAST_PATH_ENV = {
  ROLES: 'web',
  COMPANY_DEMO: 'true',
  // An address the build did not compress its pages for: the copies are made on first use.
  PUBLIC_URL: 'http://localhost:3999',
  ...(process.env.WEB_BUILD_DIR ? { WEB_BUILD_DIR: process.env.WEB_BUILD_DIR } : {}),
}

/**
 * Two servers on one database, over real HTTP (inject never reaches a server's listener): one with
 * the fast paths, logging at info into `lines`, and one without, to compare answers with. `script`
 * is the largest built script. Needs the production build (npm test builds first).
 */
export async function fastAndPlainServers() {
  const lines: Record<string, unknown>[] = []
  const database = await createTestDatabase()
  const fast = await buildApp({
    config: loadConfig({ ...FAST_PATH_ENV, LOG_LEVEL: 'info' }),
    database,
    logStream: { write: (line) => lines.push(JSON.parse(line)) },
  })
  const plain = await buildApp({
    config: loadConfig({ ...FAST_PATH_ENV, LOG_LEVEL: 'silent' }),
    database,
    fastPath: false,
  })
  const fastOrigin = await fast.listen({ port: 0, host: '127.0.0.1' })
  const plainOrigin = await plain.listen({ port: 0, host: '127.0.0.1' })
  const assets = join(fast.services.config.WEB_BUILD_DIR, 'client', 'assets')
  const script = `/assets/${
    readdirSync(assets)
      .filter((name) => name.endsWith('.js'))
      .sort((a, b) => statSync(join(assets, b)).size - statSync(join(assets, a)).size)[0]
  }`
  async function close() {
    await fast.close()
    await plain.close()
    await database.close()
  }
  return { lines, database, fast, plain, fastOrigin, plainOrigin, script, close }
}
