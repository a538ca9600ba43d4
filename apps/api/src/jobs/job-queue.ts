import { createHash } from 'node:crypto'
import type { Database, DbHandle } from '@lainava/db'
import { type SQL, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { fromDrizzle, fromPglite, type Job, PgBoss } from 'pg-boss'

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

/** A job of a batch that failed (it is retried); every other job of the batch counts as done. */
export type JobFailure = { id: string; error: unknown }
/**
 * Handles a batch of jobs at once (ADR 048: one transaction and a few statements for many jobs) and
 * names the jobs that failed. It throws only when it did none of them: every job is then retried.
 */
export type BatchHandler<T> = (jobs: readonly Job<T>[]) => Promise<readonly JobFailure[]>

/** One job to store: its key (the same key again stores nothing), its data and when it may run. */
export type JobToSend = { key: string; data: object; startAfter?: Date | undefined }

export type SendManyOptions = {
  /**
   * The caller's transaction: the jobs are stored with its other rows, or not at all if it rolls
   * back (ADR 043). Without it they are stored at once, on their own.
   */
  tx?: Database
}

export type WorkOptions = {
  /** Jobs this process runs side by side on the queue (WORKER_CONCURRENCY; ADR 043). */
  concurrency?: number
}

export type BatchWorkOptions = {
  /** Jobs fetched and handed to the handler at once. */
  batchSize: number
  /** Batches this process handles side by side on the queue. */
  loops: number
  /**
   * After a batch that came back short, the loop waits this long (ms) before it fetches again, so
   * that under load the next fetch finds a fuller batch: a batch's statements are paid per batch,
   * not per job (ADR 056). The jobs fetched are handled at once; only the loop's next fetch waits,
   * so a job waits at most this long more when every loop is waiting. 0 or none: no wait.
   */
  gatherMs?: number
}

export type JobQueue = {
  /** Stores the job once per `key` (the same key again is a no-op). */
  send(
    queue: QueueName,
    key: string,
    data: object,
    options?: { startAfter?: Date | undefined } & SendManyOptions,
  ): Promise<void>
  /** Stores many jobs of one queue in one INSERT statement, each once per key. */
  sendMany(queue: QueueName, jobs: readonly JobToSend[], options?: SendManyOptions): Promise<void>
  work<T>(queue: QueueName, handler: JobHandler<T>, options?: WorkOptions): Promise<void>
  /** Like `work`, but the handler takes a whole fetched batch; the batch is completed in one statement. */
  workBatch<T>(queue: QueueName, handler: BatchHandler<T>, options: BatchWorkOptions): Promise<void>
  stop(): Promise<void>
  boss: PgBoss
}

/** Jobs fetched per worker loop: concurrency / batch loops fetch side by side. */
const BATCH_SIZE = 8

/**
 * Seconds a job may stay active before pg-boss fails it (to be retried): a batch must complete
 * within it, or its done jobs are retried (ADR 056, amendment of 2026-11-24).
 */
export const JOB_EXPIRE_SECONDS = 120

/** A UUID derived from the queue and key: pg-boss ignores an insert whose id exists. */
export function jobId(queue: string, key: string): string {
  const hex = createHash('sha256').update(`${queue}\u0000${key}`).digest('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

/** pg-boss's statements run in our transaction (both of our drivers answer `{ rows }`). */
function inTransaction(tx: Database) {
  return fromDrizzle(
    {
      execute: async (query: unknown) =>
        (await tx.execute(query as SQL)) as unknown as { rows: Record<string, unknown>[] },
    },
    sql,
  )
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
  // LISTEN/NOTIFY: a new job wakes the workers at once instead of at their next poll (ADR 043).
  const common = {
    superviseIntervalSeconds: 5,
    schedule: options.schedule ?? false,
    migrate: true,
    useListenNotify: true,
  }
  const boss =
    database.connection.kind === 'server'
      ? new PgBoss({ ...common, connectionString: database.connection.url, max: 4 })
      : new PgBoss({ ...common, db: fromPglite(database.connection.pglite), backend: 'pglite' })
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'))
  boss.on('warning', (warning) => log.warn({ warning }, 'job queue warning'))
  await boss.start()
  const queueOptions = {
    retryLimit: 20,
    retryDelay: 2,
    retryBackoff: true,
    retryDelayMax: 300,
    expireInSeconds: JOB_EXPIRE_SECONDS,
    heartbeatSeconds,
    notify: true,
  }
  for (const name of Object.values(QUEUES)) {
    await boss.createQueue(name, queueOptions)
    // createQueue leaves an existing queue as it was: a database from before `notify` gets it here.
    await boss.updateQueue(name, { notify: true })
    // An insert of nothing loads the queue into pg-boss's cache now. A later insert inside a
    // transaction then needs no lookup of its own, which on the embedded database's single
    // connection would wait for that very transaction.
    await boss.insert(name, [])
  }
  let stopped = false
  /** The gathering waits of the work loops (ADR 056); `stop` ends them at once. */
  const waits = new Set<() => void>()
  const gather = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer)
        waits.delete(done)
        resolve()
      }
      const timer = setTimeout(done, ms)
      waits.add(done)
    })
  const sendMany: JobQueue['sendMany'] = async (queue, jobs, sendOptions = {}) => {
    if (jobs.length === 0) return
    await boss.insert(
      queue,
      jobs.map((job) => ({
        id: jobId(queue, job.key),
        data: job.data,
        ...(job.startAfter && job.startAfter.getTime() > Date.now() ? { startAfter: job.startAfter } : {}),
      })),
      sendOptions.tx ? { db: inTransaction(sendOptions.tx) } : {},
    )
  }
  /**
   * `loops` fetch loops of up to `batchSize` jobs each, side by side. While fetches come back full a
   * loop fetches again at once (no polling gap under load), and a NOTIFY wakes an idle one. The
   * batch's jobs are settled in one statement each for the completed and the failed ones.
   */
  const workLoops = async <T>(queue: QueueName, shape: BatchWorkOptions, handle: BatchHandler<T>) => {
    await boss.work<
      T,
      unknown,
      {
        perJobResults: true
        batchSize: number
        burstWhenBatchFull: boolean
        pollingIntervalSeconds: number
        notifyPollingIntervalSeconds: number
        localConcurrency: number
      }
    >(
      queue,
      {
        pollingIntervalSeconds: options.pollingIntervalSeconds ?? 0.5,
        // With LISTEN/NOTIFY up a poll is only the backstop for a missed notice.
        notifyPollingIntervalSeconds: 2,
        batchSize: shape.batchSize,
        burstWhenBatchFull: true,
        perJobResults: true,
        localConcurrency: shape.loops,
      },
      async (jobs) => {
        const failed = new Map((await handle(jobs)).map((failure) => [failure.id, failure.error]))
        // ADR 056: a short batch means the queue was drained; the jobs that come meanwhile are
        // fetched together after the wait instead of one fetch (and batch) per NOTIFY.
        if (shape.gatherMs && jobs.length < shape.batchSize && !stopped) await gather(shape.gatherMs)
        return jobs.map((job) => {
          if (!failed.has(job.id)) return { id: job.id, status: 'completed' as const }
          const error = failed.get(job.id)
          // No job data in the log: it may identify a person.
          log.warn(
            { err: error, queue, jobId: job.id, attempt: job.retryCount },
            'job failed; it will be retried',
          )
          return { id: job.id, status: 'failed' as const, output: { message: String(error) } }
        })
      },
    )
  }
  return {
    boss,
    sendMany,
    async send(queue, key, data, sendOptions = {}) {
      await sendMany(queue, [{ key, data, startAfter: sendOptions.startAfter }], sendOptions)
    },
    async work<T>(queue: QueueName, handler: JobHandler<T>, workOptions: WorkOptions = {}) {
      const concurrency = Math.max(1, workOptions.concurrency ?? BATCH_SIZE)
      const batchSize = Math.min(BATCH_SIZE, concurrency)
      // `concurrency` jobs at once: loops of up to 8 jobs per fetch, run side by side, each settled
      // on its own.
      await workLoops<T>(queue, { batchSize, loops: Math.ceil(concurrency / batchSize) }, async (jobs) => {
        const failures: JobFailure[] = []
        await Promise.all(
          jobs.map(async (job) => {
            try {
              await handler(job.data, job)
            } catch (error) {
              failures.push({ id: job.id, error })
            }
          }),
        )
        return failures
      })
    },
    async workBatch<T>(queue: QueueName, handler: BatchHandler<T>, workOptions: BatchWorkOptions) {
      await workLoops<T>(
        queue,
        {
          batchSize: Math.max(1, workOptions.batchSize),
          loops: Math.max(1, workOptions.loops),
          gatherMs: Math.max(0, workOptions.gatherMs ?? 0),
        },
        async (jobs) => {
          try {
            return await handler(jobs)
          } catch (error) {
            // Only for a handler that settled none of its jobs: one that has done some names the
            // failed ones instead (ADR 048, amendment of 2026-11-24), so done work is not retried.
            return jobs.map((job) => ({ id: job.id, error }))
          }
        },
      )
    },
    async stop() {
      if (stopped) return
      stopped = true
      for (const done of [...waits]) done()
      await boss.stop({ graceful: true, timeout: 5000 })
    },
  }
}
