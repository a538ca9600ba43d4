import { type Database, schema } from '@lainava/db'
import { AnalyticsBatchSchema } from '@lainava/domain/analytics'
import type { FieldProblem } from '@lainava/domain/api-error'
import type { CatalogueLocale } from '@lainava/i18n'
import { AppError } from '../../app-error.ts'
import { fieldProblems } from '../../field-problems.ts'
import { translatorFor } from '../../language.ts'
import { hitRateLimit, type RateKey } from '../auth/rate-limit.ts'

// Issue 18 item 5 (ADR 037): batches of analytics events from browsers with marketing consent. The
// session id is random and is the only link between events: no user, no IP (the rate limit keeps a
// keyed hash of the client for its window only).

export type AnalyticsDeps = { db: Database; rateKey: RateKey }

/** Per client: a browser sends a batch on every hidden page or every 10 events, far below this. */
export const ANALYTICS_RATE = { limit: 60, windowSeconds: 60 }

export type AnalyticsOutcome = { ok: true; accepted: number } | { ok: false; fields: FieldProblem[] }

export async function recordAnalyticsBatch(
  deps: AnalyticsDeps,
  input: { body: unknown; ip: string; language: CatalogueLocale },
): Promise<AnalyticsOutcome> {
  const limit = await hitRateLimit(
    deps.db,
    deps.rateKey('analytics:client', input.ip),
    ANALYTICS_RATE.limit,
    ANALYTICS_RATE.windowSeconds,
  )
  if (!limit.allowed) {
    throw new AppError('TOO_MANY_REQUESTS', 'Too many analytics batches.', {
      reason: 'RATE_LIMITED',
      messageKey: 'api.rateLimited',
      params: { minutes: Math.ceil(limit.retryAfterSeconds / 60) },
      retryAfterSeconds: limit.retryAfterSeconds,
    })
  }
  const parsed = AnalyticsBatchSchema.safeParse(input.body)
  if (!parsed.success) {
    return {
      ok: false,
      fields: fieldProblems(parsed.error.issues, translatorFor(input.language), { input: input.body }),
    }
  }
  const batch = parsed.data
  await deps.db.insert(schema.analyticsEvents).values(
    batch.events.map((event) => ({
      sessionId: batch.sessionId,
      sessionCount: batch.sessionCount,
      type: event.type,
      occurredAt: new Date(event.at),
      url: event.context.url,
      referrer: event.context.referrer,
      title: event.context.title,
      language: event.context.language,
      screenWidth: event.context.screen.width,
      screenHeight: event.context.screen.height,
      viewportWidth: event.context.viewport.width,
      viewportHeight: event.context.viewport.height,
      data: 'data' in event ? event.data : {},
    })),
  )
  return { ok: true, accepted: batch.events.length }
}
