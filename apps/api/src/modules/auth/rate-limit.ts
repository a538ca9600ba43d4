import { createHmac } from 'node:crypto'
import type { Database } from '@lainava/db'
import { sql } from 'drizzle-orm'

export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number }

/**
 * The longest window any limit may use. Housekeeping deletes rows whose window
 * started longer ago than this, so a longer window would be cut short.
 */
export const RATE_LIMIT_MAX_WINDOW_SECONDS = 60 * 60

/**
 * Builds a rate-limit key: the scope in clear, then a keyed hash (HMAC-SHA-256) of
 * the parts. A client IP or an e-mail address is never stored in clear, and a leaked
 * table cannot be reversed by hashing every IPv4 address, as a plain hash could be.
 */
export type RateKey = (scope: string, ...parts: string[]) => string

/** `secret` is the server's key material (the field-encryption key); a subkey is derived from it. */
export function createRateKey(secret: Buffer): RateKey {
  const subkey = createHmac('sha256', secret).update('rate-limit-key').digest()
  return (scope, ...parts) =>
    // JSON keeps the parts apart: ('a:b', 'c') and ('a', 'b:c') hash differently.
    `${scope}:${createHmac('sha256', subkey).update(JSON.stringify(parts)).digest('hex').slice(0, 32)}`
}

/**
 * A fixed-window counter in PostgreSQL, so every server process agrees: one
 * atomic upsert per hit. Build `key` with a `RateKey` (no personal data in clear).
 */
export async function hitRateLimit(
  db: Database,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<RateLimitResult> {
  if (windowSeconds > RATE_LIMIT_MAX_WINDOW_SECONDS) {
    throw new Error(`A rate-limit window may be at most ${RATE_LIMIT_MAX_WINDOW_SECONDS} seconds`)
  }
  const result = await db.execute(sql`
    insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds}) then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds}) then now() else rate_limits.window_start end
    returning count, ceil(extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now())))::int as retry_after
  `)
  const row = (result as unknown as { rows: Array<{ count: number; retry_after: number }> }).rows[0]
  const count = Number(row?.count ?? 1)
  return {
    allowed: count <= limit,
    retryAfterSeconds: Math.max(1, Number(row?.retry_after ?? windowSeconds)),
  }
}
