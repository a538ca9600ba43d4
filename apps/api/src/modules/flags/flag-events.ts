import type { DbHandle } from '@lainava/db'
import type { FastifyBaseLogger } from 'fastify'
import pg from 'pg'
import { FLAG_CHANNEL } from './flag-store.ts'

// Issue 18 item 1: flag changes reach every API process through PostgreSQL's LISTEN/NOTIFY, so a
// stream opened on one process hears an edit saved on another. Embedded, PGlite's own listen does
// the same within the one process it serves.

/** What a listener hears: the environment that changed, or `null` for "any may have changed". */
export type FlagChangeListener = (environment: string | null) => void

export type FlagChanges = {
  /**
   * Calls `listener` with the environment of each committed change, and with `null` once after the
   * listening connection came back from a loss (a NOTIFY sent in the gap is never delivered, so
   * everything may have changed); returns the unsubscribe.
   */
  subscribe(listener: FlagChangeListener): () => void
  /** Whether changes are heard right now (false while the connection is being re-made). */
  listening(): boolean
  close(): Promise<void>
}

/** Reconnection delays: doubling from `firstRetryMs` up to `maxRetryMs`, for as long as it takes. */
export type FlagChangeOptions = { firstRetryMs?: number; maxRetryMs?: number }

export async function startFlagChanges(
  database: DbHandle,
  log: FastifyBaseLogger,
  options: FlagChangeOptions = {},
): Promise<FlagChanges> {
  const listeners = new Set<FlagChangeListener>()
  const emit = (environment: string | null | undefined) => {
    if (environment === undefined || environment === '') return
    for (const listener of listeners) listener(environment)
  }
  const subscribe = (listener: FlagChangeListener) => {
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  }

  if (database.connection.kind === 'embedded') {
    // In-process: there is no connection to lose.
    const unlisten = await database.connection.pglite.listen(FLAG_CHANNEL, emit)
    return {
      subscribe,
      listening: () => true,
      async close() {
        listeners.clear()
        await unlisten().catch(() => {})
      },
    }
  }

  // A server: one dedicated connection per process holds the LISTEN. When it is lost (an error, or
  // an end without one), it is made again with a capped backoff until it works or we are closed.
  const url = database.connection.url
  const firstRetryMs = options.firstRetryMs ?? 500
  const maxRetryMs = options.maxRetryMs ?? 30_000
  let client: pg.Client | null = null
  let closed = false
  let retry: NodeJS.Timeout | undefined
  let failures = 0

  const scheduleReconnect = () => {
    if (closed || retry) return
    const delay = Math.min(maxRetryMs, firstRetryMs * 2 ** Math.min(failures, 20))
    retry = setTimeout(() => {
      retry = undefined
      open().then(
        () => {
          failures = 0
          log.info('flag change listener reconnected')
          emit(null)
        },
        (error: unknown) => {
          failures += 1
          log.warn({ err: error, failures }, 'flag change listener could not reconnect; retrying')
          scheduleReconnect()
        },
      )
    }, delay)
  }

  /** Opens a listening connection; rejects when it cannot (the caller decides what follows). */
  const open = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url })
    let established = false
    let gone = false
    const lost = (error?: Error) => {
      if (gone) return
      gone = true
      if (client === next) client = null
      next.end().catch(() => {})
      // A failure while connecting is reported by the rejection of open() instead.
      if (!established || closed) return
      log.warn({ err: error }, 'flag change listener lost its connection; reconnecting')
      scheduleReconnect()
    }
    next.on('notification', (message) => {
      if (message.channel === FLAG_CHANNEL) emit(message.payload)
    })
    next.on('error', lost)
    next.on('end', () => lost())
    try {
      await next.connect()
      await next.query(`LISTEN ${FLAG_CHANNEL}`)
    } catch (error) {
      gone = true
      next.end().catch(() => {})
      throw error
    }
    if (gone) throw new Error('the flag change listener closed while it was starting')
    if (closed) {
      await next.end().catch(() => {})
      return
    }
    established = true
    client = next
  }

  await open()
  return {
    subscribe,
    listening: () => client !== null,
    async close() {
      closed = true
      listeners.clear()
      clearTimeout(retry)
      await client?.end().catch(() => {})
    },
  }
}
