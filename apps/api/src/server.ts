import { DataDirLockedError, type DbHandle, openDatabase, seedDemoData } from '@lainava/db'
import { type App, buildApp } from './app.ts'
import { type Config, ConfigError, loadConfig } from './config.ts'
import { ensureAdmin } from './modules/admin/invite-user.ts'
import { MissingWebBuildError } from './web/ssr.ts'

export type RunningServer = { app: App; database: DbHandle; url: string; stop(): Promise<void> }

/** Opens the database (embedded or DATABASE_URL), migrates, seeds an empty one, and listens. */
export async function startServer(config: Config): Promise<RunningServer> {
  const database = config.DATABASE_URL
    ? await openDatabase({
        url: config.DATABASE_URL,
        poolSize: config.DATABASE_POOL_SIZE,
        connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
      })
    : await openDatabase({ dataDir: config.DATA_DIR })
  try {
    await database.migrate()
    if (config.SEED_DEMO_DATA) await seedDemoData(database.db)
    if (config.ADMIN_EMAIL) await ensureAdmin(database.db, config.ADMIN_EMAIL)
    const app = await buildApp({ config, database })
    const url = await app.listen({ port: config.PORT, host: config.HOST })
    let stopping: Promise<void> | undefined
    return {
      app,
      database,
      url,
      stop() {
        stopping ??= (async () => {
          try {
            await app.close()
          } finally {
            await database.close()
          }
        })()
        return stopping
      },
    }
  } catch (error) {
    await database.close()
    throw error
  }
}

/** The process entry: readable start-up failures, graceful shutdown on SIGTERM/SIGINT. */
export async function main() {
  let config: Config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
  let server: RunningServer
  try {
    server = await startServer(config)
  } catch (error) {
    if (error instanceof DataDirLockedError || error instanceof MissingWebBuildError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
  server.app.log.info(
    { roles: config.ROLES, database: server.database.kind },
    `${config.BRAND_NAME} is running at ${config.PUBLIC_URL}`,
  )
  const shutdown = (signal: string) => {
    server.app.log.info({ signal }, 'shutting down')
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error)
        process.exit(1)
      },
    )
  }
  process.once('SIGTERM', () => shutdown('SIGTERM'))
  process.once('SIGINT', () => shutdown('SIGINT'))
}
