import { AppError } from '../../app-error.ts'

// Issue 18 item 9 (review): limits on the public SDK endpoints, per client address and per process.
// They live in memory: a stream is held by one process anyway, and a remote evaluation is cheap
// enough that a per-process window (not one shared through PostgreSQL, which would cost a write per
// evaluation) is what keeps one client from occupying a process.

/** Remote evaluations per client per minute; the SDK asks once per page and attribute change. */
export const EVAL_RATE = { limit: 120, windowSeconds: 60 }
/** Open change streams per client (one per open tab); more is someone holding connections. */
export const STREAMS_PER_CLIENT = 20
/** How many clients a limiter remembers before it forgets the finished ones. */
const REMEMBERED = 10_000

export function tooMany(retryAfterSeconds: number, what: string): AppError {
  return new AppError('TOO_MANY_REQUESTS', `Too many ${what}.`, {
    reason: 'RATE_LIMITED',
    messageKey: 'api.rateLimited',
    params: { minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)) },
    retryAfterSeconds,
  })
}

/** A fixed window per key: `hit(key)` tells whether one more is allowed, and when to come back. */
export function fixedWindow(limit: number, windowSeconds: number, now: () => number = Date.now) {
  const windows = new Map<string, { start: number; count: number }>()
  const windowMs = windowSeconds * 1000
  return {
    hit(key: string): { allowed: boolean; retryAfterSeconds: number } {
      const at = now()
      if (windows.size >= REMEMBERED) {
        for (const [known, window] of windows) if (at - window.start >= windowMs) windows.delete(known)
      }
      let window = windows.get(key)
      if (!window || at - window.start >= windowMs) {
        window = { start: at, count: 0 }
        windows.set(key, window)
      }
      window.count += 1
      const retryAfterSeconds = Math.max(1, Math.ceil((window.start + windowMs - at) / 1000))
      return { allowed: window.count <= limit, retryAfterSeconds }
    },
  }
}

/** Open connections per key: `open(key)` gives the release, or null when the key holds `max`. */
export function connectionLimit(max: number) {
  const open = new Map<string, number>()
  return {
    open(key: string): (() => void) | null {
      const count = open.get(key) ?? 0
      if (count >= max) return null
      open.set(key, count + 1)
      let released = false
      return () => {
        if (released) return
        released = true
        const left = (open.get(key) ?? 1) - 1
        if (left > 0) open.set(key, left)
        else open.delete(key)
      }
    },
  }
}
