import type { DbHandle } from '@lainava/db'
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from './config.ts'
import { createFieldCipher, type FieldCipher, loadEncryptionKey } from './crypto/field-encryption.ts'
import type { JobQueue } from './jobs/job-queue.ts'
import { createRateKey } from './modules/auth/rate-limit.ts'
import { createMailer } from './modules/email/mailer.ts'
import type { MarketplaceDeps } from './modules/marketplace/marketplace.ts'

/** What the service functions need, built once per process. */
export type Services = MarketplaceDeps & { database: DbHandle; cipher: FieldCipher }

export function createServices(
  config: Config,
  database: DbHandle,
  log: FastifyBaseLogger,
  jobs: JobQueue | null,
): Services {
  const key = loadEncryptionKey(config)
  return {
    db: database.db,
    database,
    config,
    log,
    mailer: createMailer(config, database.db, log),
    cipher: createFieldCipher(key),
    rateKey: createRateKey(key),
    jobs,
  }
}
