import { type Database, schema } from '@lainava/db'
import { ANALYTICS_EVENT_TYPES } from '@lainava/domain/analytics'
import { and, inArray, isNull, lt, notExists, or, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { type JobQueue, QUEUES } from '../../jobs/job-queue.ts'
import { RATE_LIMIT_MAX_WINDOW_SECONDS } from '../auth/rate-limit.ts'

const {
  accessSessions,
  analyticsEvents,
  applicationDrafts,
  loginChallenges,
  outboxEmails,
  rateLimits,
  refreshTokens,
  sessionFamilies,
} = schema

// Housekeeping (issue 13, "Production behaviour"): rows that have done their job are
// deleted on a schedule instead of piling up. Retention, counted from `now`:
// - login challenges: a day after they expired (the day is for looking into a complaint);
// - sessions: access sessions and refresh tokens a day after they expired; a login (token
//   family) a day after it was revoked, or once it is a day old and holds no token that
//   expired less than a day ago;
// - rate-limit rows: once their window has passed (no window is longer than
//   RATE_LIMIT_MAX_WINDOW_SECONDS; a deleted row counts from 1 again, as a passed window does);
// - outbox e-mails: 30 days after they were sent, or, never sent (kept for the local
//   mailbox without SMTP), 30 days after they were written;
// - application drafts: a signed-out draft 30 days after its last save (its browser cookie has
//   expired by then, so nobody can reach it), a submitted draft 30 days after submission (the
//   application holds the data). An account's open draft stays until the account is deleted.
// - analytics events (issue 18, ADR 037): 13 months after the server received them (a year and a
//   month, so a month can still be compared with the same month a year before; the figure data
//   protection authorities give for audience measurement). Counted from `received_at`, the server's
//   clock, never the browser's `occurred_at`.

const DAY_MS = 24 * 60 * 60 * 1000
export const AUDIT_GRACE_MS = DAY_MS
export const OUTBOX_RETENTION_MS = 30 * DAY_MS
export const DRAFT_RETENTION_MS = 30 * DAY_MS
/** 13 months, as 395 days (13 × 30.4, rounded up). */
export const ANALYTICS_RETENTION_MS = 395 * DAY_MS
/** Every hour, at 17 minutes past (away from the top of the hour, when other cron work runs). */
export const HOUSEKEEPING_CRON = '17 * * * *'

export type HousekeepingResult = {
  loginChallenges: number
  accessSessions: number
  refreshTokens: number
  sessionFamilies: number
  rateLimits: number
  outboxEmails: number
  applicationDrafts: number
  analyticsEvents: number
}

/** Deletes every expired row; returns how many of each kind went. Safe to run at any time, twice. */
export async function runHousekeeping(db: Database, now: Date): Promise<HousekeepingResult> {
  const auditCutoff = new Date(now.getTime() - AUDIT_GRACE_MS)
  const rateCutoff = new Date(now.getTime() - RATE_LIMIT_MAX_WINDOW_SECONDS * 1000)
  const outboxCutoff = new Date(now.getTime() - OUTBOX_RETENTION_MS)
  const draftCutoff = new Date(now.getTime() - DRAFT_RETENTION_MS)
  const analyticsCutoff = new Date(now.getTime() - ANALYTICS_RETENTION_MS)

  const challenges = await db
    .delete(loginChallenges)
    .where(lt(loginChallenges.expiresAt, auditCutoff))
    .returning({ id: loginChallenges.id })
  const access = await db
    .delete(accessSessions)
    .where(lt(accessSessions.expiresAt, auditCutoff))
    .returning({ id: accessSessions.tokenHash })
  const refresh = await db
    .delete(refreshTokens)
    .where(lt(refreshTokens.expiresAt, auditCutoff))
    .returning({ id: refreshTokens.tokenHash })
  // After the tokens above: a family left with no token that counts is over.
  const families = await db
    .delete(sessionFamilies)
    .where(
      or(
        lt(sessionFamilies.revokedAt, auditCutoff),
        and(
          lt(sessionFamilies.createdAt, auditCutoff),
          notExists(
            db
              .select({ one: sql`1` })
              .from(accessSessions)
              .where(sql`${accessSessions.familyId} = ${sessionFamilies.id}`),
          ),
          notExists(
            db
              .select({ one: sql`1` })
              .from(refreshTokens)
              .where(sql`${refreshTokens.familyId} = ${sessionFamilies.id}`),
          ),
        ),
      ),
    )
    .returning({ id: sessionFamilies.id })
  const limits = await db
    .delete(rateLimits)
    .where(lt(rateLimits.windowStart, rateCutoff))
    .returning({ key: rateLimits.key })
  const outbox = await db
    .delete(outboxEmails)
    .where(
      sql`coalesce(${outboxEmails.sentAt}, ${outboxEmails.createdAt}) < ${outboxCutoff.toISOString()}::timestamptz`,
    )
    .returning({ id: outboxEmails.id })
  const drafts = await db
    .delete(applicationDrafts)
    .where(
      or(
        and(isNull(applicationDrafts.userId), lt(applicationDrafts.updatedAt, draftCutoff)),
        lt(applicationDrafts.submittedAt, draftCutoff),
      ),
    )
    .returning({ id: applicationDrafts.id })
  // Every stored event has one of these types (the endpoint's schema is strict); naming them lets the
  // (type, received_at) index find the old rows instead of reading the whole table every hour.
  const events = await db
    .delete(analyticsEvents)
    .where(
      and(
        inArray(analyticsEvents.type, [...ANALYTICS_EVENT_TYPES]),
        lt(analyticsEvents.receivedAt, analyticsCutoff),
      ),
    )
    .returning({ id: analyticsEvents.id })

  return {
    loginChallenges: challenges.length,
    accessSessions: access.length,
    refreshTokens: refresh.length,
    sessionFamilies: families.length,
    rateLimits: limits.length,
    outboxEmails: outbox.length,
    applicationDrafts: drafts.length,
    analyticsEvents: events.length,
  }
}

/**
 * The worker role: a pg-boss cron schedule (stored in the database, so several
 * workers send one job per occurrence) and the handler that runs it.
 */
export async function startHousekeeping(deps: {
  db: Database
  log: FastifyBaseLogger
  jobs: JobQueue
}): Promise<void> {
  await deps.jobs.work(QUEUES.housekeeping, async () => {
    const deleted = await runHousekeeping(deps.db, new Date())
    deps.log.info({ deleted }, 'housekeeping done')
  })
  // A worker that was down when an occurrence came due runs once on its return.
  await deps.jobs.boss.schedule(QUEUES.housekeeping, HOUSEKEEPING_CRON, null, { missed: 'once' })
}
