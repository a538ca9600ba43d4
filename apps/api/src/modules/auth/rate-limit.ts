import type { Database } from '@lainava/db'
import { sql } from 'drizzle-orm'

export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number }

/**
 * A fixed-window counter in PostgreSQL, so every server process agrees: one
 * atomic upsert per hit. `key` must not contain personal data in clear (hash it).
 */
export async function hitRateLimit(
  db: Database,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<RateLimitResult> {
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
