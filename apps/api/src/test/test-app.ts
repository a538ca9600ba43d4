import { createTestDatabase } from '@lainava/db/testing'
import { buildApp } from '../app.ts'
import { loadConfig } from '../config.ts'

/**
 * The API in-process against its own fresh database (embedded, or DATABASE_URL's server).
 * `logStream` receives the log lines (set LOG_LEVEL in `env` to have any).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { logStream?: { write(line: string): void } } = {},
) {
  const database = await createTestDatabase()
  const config = loadConfig({
    ROLES: 'api',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: process.env.DATABASE_URL,
    ...env,
  })
  const app = await buildApp({ config, database, logStream: options.logStream })
  return {
    app,
    database,
    services: app.services,
    async close() {
      await app.close()
      await database.close()
    },
  }
}

/** A free TCP port on the loopback (for a server that must know its own URL before it listens). */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net')
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

/** The API and the worker listening on a real port (lenders call it back over HTTP). */
export async function createListeningTestApp(env: Record<string, string> = {}) {
  const port = await freePort()
  const ctx = await createTestApp({
    ROLES: 'api,worker',
    SANDBOX_DELAY_SCALE: '0',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...env,
  })
  await ctx.app.listen({ port, host: '127.0.0.1' })
  return { ...ctx, url: `http://127.0.0.1:${port}` }
}
