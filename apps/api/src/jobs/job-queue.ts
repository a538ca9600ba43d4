import { createHash } from 'node:crypto'
import type { DbHandle } from '@lainava/db'
import type { FastifyBaseLogger } from 'fastify'
import { fromPglite, type Job, PgBoss, type SendOptions } from 'pg-boss'

// Durable jobs on our own PostgreSQL (pg-boss; ADR 010). A job is retried when
// its handler throws or when its worker dies (the heartbeat lapses). Every job
// has a deterministic id, so sending the same job twice stores it once.

export const QUEUES = {
  /** Ask one lender about one application. */
  delivery: 'lender-delivery',
  /** Tell the lender that the applicant accepted its offer. */
  acceptance: 'lender-acceptance',
  /** E-mail the applicant about offers (first offers / every lender answered). */
  notification: 'offer-notification',
  /** Delete expired rows (login challenges, sessions, rate limits, old outbox mail); cron. */
  housekeeping: 'housekeeping',
} as const
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES]

export type JobHandler<T> = (data: T, job: Job<T>) => Promise<void>

export type JobQueue = {
  /** Stores the job once per `key` (the same key again is a no-op). */
  send(queue: QueueName, key: string, data: object, options?: Pick<SendOptions, 'startAfter'>): Promise<void>
  work<T>(queue: QueueName, handler: JobHandler<T>): Promise<void>
  stop(): Promise<void>
  boss: PgBoss
}

/** A UUID derived from the queue and key: pg-boss ignores an insert whose id exists. */
export function jobId(queue: string, key: string): string {
  const hex = createHash('sha256').update(`${queue}\u0000${key}`).digest('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

export type JobQueueOptions = {
  /** Seconds without a heartbeat before a running job counts as lost and is retried (pg-boss minimum 10). */
  heartbeatSeconds?: number
  pollingIntervalSeconds?: number
  /** Run pg-boss's cron (schedules stored in the database): only in the worker role. */
  schedule?: boolean
}

export async function startJobQueue(
  database: DbHandle,
  log: FastifyBaseLogger,
  options: JobQueueOptions = {},
): Promise<JobQueue> {
  const heartbeatSeconds = options.heartbeatSeconds ?? 15
  const common = { superviseIntervalSeconds: 5, schedule: options.schedule ?? false, migrate: true }
  const boss =
    database.connection.kind === 'server'
      ? new PgBoss({ ...common, connectionString: database.connection.url, max: 4 })
      : new PgBoss({ ...common, db: fromPglite(database.connection.pglite), backend: 'pglite' })
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'))
  await boss.start()
  for (const name of Object.values(QUEUES)) {
    await boss.createQueue(name, {
      retryLimit: 20,
      retryDelay: 2,
      retryBackoff: true,
      retryDelayMax: 300,
      expireInSeconds: 120,
      heartbeatSeconds,
    })
  }
  let stopped = false
  return {
    boss,
    async send(queue, key, data, sendOptions = {}) {
      await boss.send(queue, data, { id: jobId(queue, key), ...sendOptions })
    },
    async work<T>(queue: QueueName, handler: JobHandler<T>) {
      await boss.work<
        T,
        unknown,
        {
          perJobResults: true
          batchSize: number
          burstWhenBatchFull: boolean
          pollingIntervalSeconds: number
          localConcurrency: number
        }
      >(
        queue,
        {
          pollingIntervalSeconds: options.pollingIntervalSeconds ?? 0.5,
          // Up to 8 jobs per fetch, run side by side, each settled on its own; while fetches come
          // back full the worker fetches again at once (no polling gap under load).
          batchSize: 8,
          burstWhenBatchFull: true,
          perJobResults: true,
          localConcurrency: 2,
        },
        async (jobs) =>
          Promise.all(
            jobs.map(async (job) => {
              try {
                await handler(job.data, job)
                return { id: job.id, status: 'completed' as const }
              } catch (error) {
                // No job data in the log: it may identify a person.
                log.warn(
                  { err: error, queue, jobId: job.id, attempt: job.retryCount },
                  'job failed; it will be retried',
                )
                return { id: job.id, status: 'failed' as const, output: { message: String(error) } }
              }
            }),
          ),
      )
    },
    async stop() {
      if (stopped) return
      stopped = true
      await boss.stop({ graceful: true, timeout: 5000 })
    },
  }
}
