import { AppError } from './app-error.ts'

/**
 * Whether an error says the database (or another server we connect to) cannot be reached or takes no
 * more connections right now, as opposed to a statement that failed. Such a request may succeed if
 * sent again a few seconds later, so it is answered 503 with Retry-After instead of 500 (ADR 065).
 *
 * Looks through the causes (Drizzle wraps the driver's error as `cause`) and an AggregateError's
 * errors (Node's connect to a name with several addresses).
 */
export function isTemporarilyUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>()
  const pending: unknown[] = [error]
  while (pending.length > 0) {
    const current = pending.pop()
    if (!current || typeof current !== 'object' || seen.has(current)) continue
    seen.add(current)
    const { code, message, cause, errors } = current as {
      code?: unknown
      message?: unknown
      cause?: unknown
      errors?: unknown
    }
    if (typeof code === 'string' && UNAVAILABLE_CODE.test(code)) return true
    if (typeof message === 'string' && DRIVER_CONNECTION_MESSAGE.test(message)) return true
    pending.push(cause)
    if (Array.isArray(errors)) pending.push(...errors)
  }
  return false
}

/** The seconds a client is told to wait before it sends the request again. */
export const RETRY_AFTER_SECONDS = 5

/**
 * Such an error as the AppError the API's error handler and the web forms already answer (503,
 * `TEMPORARILY_UNAVAILABLE`, the message in the request's language, Retry-After); undefined for
 * any other error.
 */
export function unavailableAsAppError(error: unknown): AppError | undefined {
  if (!isTemporarilyUnavailable(error)) return undefined
  return new AppError('SERVICE_UNAVAILABLE', 'The database is unavailable.', {
    reason: 'TEMPORARILY_UNAVAILABLE',
    messageKey: 'api.temporarilyUnavailable',
    retryAfterSeconds: RETRY_AFTER_SECONDS,
  })
}

// PostgreSQL's SQLSTATEs: class 08 (connection exception) except 08P01 (a protocol violation, a bug),
// 53300 too_many_connections, 57P01–57P03 (the server shutting down, crashed, or starting up).
// Node's socket errors for a server that refuses, resets, times out, or whose name does not resolve.
const UNAVAILABLE_CODE =
  /^(?:08(?:000|001|003|004|006)|53300|57P0[123]|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH)$/

// node-postgres's own errors when a connection ends or cannot be made in time (they carry no code).
const DRIVER_CONNECTION_MESSAGE =
  /^(?:Connection terminated(?: unexpectedly| due to connection timeout)?|timeout exceeded when trying to connect)$/
