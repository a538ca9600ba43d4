import type { DbHandle } from '@lainava/db'
import type { FastifyBaseLogger } from 'fastify'
import pg from 'pg'
import { FLAG_CHANNEL } from './flag-store.ts'

// Issue 18 item 1: flag changes reach every API process through PostgreSQL's LISTEN/NOTIFY, so a
// stream opened on one process hears an edit saved on another. Embedded, PGlite's own listen does
// the same within the one process it serves.

export type FlagChanges = {
  /** Calls `listener` with the environment of each committed change; returns the unsubscribe. */
  subscribe(listener: (environment: string) => void): () => void
  close(): Promise<void>
}

export async function startFlagChanges(database: DbHandle, log: FastifyBaseLogger): Promise<FlagChanges> {
  const listeners = new Set<(environment: string) => void>()
  const emit = (environment: string | undefined) => {
    if (!environment) return
    for (const listener of listeners) listener(environment)
  }
  const subscribe = (listener: (environment: string) => void) => {
    listeners.add(listener)
    return () => listeners.delete(listener)
  }

  if (database.connection.kind === 'embedded') {
    const unlisten = await database.connection.pglite.listen(FLAG_CHANNEL, emit)
    return {
      subscribe,
      async close() {
        listeners.clear()
        await unlisten().catch(() => {})
      },
    }
  }

  // A server: one dedicated connection per process holds the LISTEN, and comes back after a drop.
  const url = database.connection.url
  let client: pg.Client | null = null
  let closed = false
  let retry: NodeJS.Timeout | undefined
  const connect = async () => {
    const next = new pg.Client({ connectionString: url })
    next.on('notification', (message) => {
      if (message.channel === FLAG_CHANNEL) emit(message.payload)
    })
    next.on('error', (error) => {
      log.warn({ err: error }, 'flag change listener lost its connection; reconnecting')
      next.end().catch(() => {})
      if (!closed) retry = setTimeout(() => void connect().catch(() => {}), 1000)
    })
    await next.connect()
    await next.query(`LISTEN ${FLAG_CHANNEL}`)
    client = next
  }
  await connect()
  return {
    subscribe,
    async close() {
      closed = true
      listeners.clear()
      clearTimeout(retry)
      await client?.end().catch(() => {})
    },
  }
}
