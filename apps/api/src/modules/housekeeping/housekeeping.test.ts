import { randomUUID } from 'node:crypto'
import { schema } from '@lainava/db'
import { inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { QUEUES } from '../../jobs/job-queue.ts'
import { uniqueEmail } from '../../test/sessions.ts'
import { createTestApp } from '../../test/test-app.ts'
import { ANALYTICS_RETENTION_MS, HOUSEKEEPING_CRON, runHousekeeping } from './housekeeping-service.ts'

const {
  accessSessions,
  analyticsEvents,
  applicationDrafts,
  loginChallenges,
  outboxEmails,
  rateLimits,
  refreshTokens,
  sessionFamilies,
  users,
} = schema

// The app in the worker role, so the schedule and the job handler are the real ones.
let ctx: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  ctx = await createTestApp({ ROLES: 'api,worker' })
})
afterAll(async () => {
  await ctx.close()
})

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR

/** Rows on both sides of every retention line, relative to `now`; returns their ids by fate. */
async function seedRows(now: Date) {
  const db = ctx.services.db
  const at = (offsetMs: number) => new Date(now.getTime() + offsetMs)
  const tag = randomUUID().slice(0, 8)
  const [user] = await db
    .insert(users)
    .values({ email: uniqueEmail('housekeeping') })
    .returning()
  if (!user) throw new Error('no user')

  const challenge = (name: string, expiresAt: Date) => ({
    email: user.email ?? '',
    tokenHash: `${name}-${tag}`,
    codeHash: 'x',
    expiresAt,
  })
  const challenges = await db
    .insert(loginChallenges)
    .values([
      challenge('expired-long-ago', at(-DAY - HOUR)),
      challenge('expired-within-audit-day', at(-HOUR)),
      challenge('live', at(10 * 60 * 1000)),
    ])
    .returning({ id: loginChallenges.id, tokenHash: loginChallenges.tokenHash })

  const family = async (createdAt: Date, revokedAt: Date | null = null) => {
    const [row] = await db
      .insert(sessionFamilies)
      .values({ userId: user.id, createdAt, revokedAt })
      .returning({ id: sessionFamilies.id })
    if (!row) throw new Error('no family')
    return row.id
  }
  const liveFamily = await family(at(-40 * DAY))
  const revokedLongAgo = await family(at(-10 * DAY), at(-2 * DAY))
  const revokedToday = await family(at(-10 * DAY), at(-HOUR))
  const spentFamily = await family(at(-40 * DAY)) // every token expired more than a day ago
  const newEmptyFamily = await family(at(-HOUR))

  await db.insert(accessSessions).values([
    { tokenHash: `access-old-${tag}`, familyId: liveFamily, expiresAt: at(-DAY - HOUR) },
    { tokenHash: `access-recent-${tag}`, familyId: liveFamily, expiresAt: at(-HOUR) },
    { tokenHash: `access-live-${tag}`, familyId: liveFamily, expiresAt: at(HOUR) },
    { tokenHash: `access-spent-${tag}`, familyId: spentFamily, expiresAt: at(-2 * DAY) },
  ])
  await db.insert(refreshTokens).values([
    {
      tokenHash: `refresh-old-${tag}`,
      familyId: liveFamily,
      expiresAt: at(-DAY - HOUR),
      usedAt: at(-30 * DAY),
    },
    { tokenHash: `refresh-live-${tag}`, familyId: liveFamily, expiresAt: at(20 * DAY) },
    { tokenHash: `refresh-spent-${tag}`, familyId: spentFamily, expiresAt: at(-2 * DAY) },
    { tokenHash: `refresh-revoked-${tag}`, familyId: revokedLongAgo, expiresAt: at(20 * DAY) },
    { tokenHash: `refresh-revoked-today-${tag}`, familyId: revokedToday, expiresAt: at(20 * DAY) },
  ])

  await db.insert(rateLimits).values([
    { key: `test:window-passed:${tag}`, windowStart: at(-HOUR - 60_000), count: 9 },
    { key: `test:window-open:${tag}`, windowStart: at(-10 * 60 * 1000), count: 9 },
  ])

  const mail = (subject: string, createdAt: Date, sentAt: Date | null) => ({
    toAddress: user.email ?? '',
    subject: `${subject} ${tag}`,
    html: '<p>x</p>',
    text: 'x',
    kind: 'login',
    createdAt,
    sentAt,
  })
  const mails = await db
    .insert(outboxEmails)
    .values([
      mail('sent-long-ago', at(-40 * DAY), at(-31 * DAY)),
      mail('sent-recently', at(-40 * DAY), at(-29 * DAY)),
      mail('kept-long-ago', at(-31 * DAY), null),
      mail('kept-recently', at(-2 * DAY), null),
    ])
    .returning({ id: outboxEmails.id, subject: outboxEmails.subject })

  const draft = (name: string, updatedAt: Date, owned: boolean, submittedAt: Date | null = null) => ({
    browserTokenHash: `${name}-${tag}`,
    userId: owned ? user.id : null,
    kind: 'consumer-loan' as const,
    step: 'loan',
    dataEncrypted: 'x',
    updatedAt,
    submittedAt,
  })
  const drafts = await db
    .insert(applicationDrafts)
    .values([
      draft('signed-out-stale', at(-31 * DAY), false),
      draft('signed-out-recent', at(-2 * DAY), false),
      draft('submitted-long-ago', at(-40 * DAY), true, at(-31 * DAY)),
      draft('submitted-recently', at(-3 * DAY), true, at(-2 * DAY)),
      draft('account-open-old', at(-90 * DAY), true),
    ])
    .returning({ id: applicationDrafts.id, browserTokenHash: applicationDrafts.browserTokenHash })

  // Analytics events by the server's receiving time; the browser's time says nothing here.
  const event = (name: string, receivedAt: Date) => ({
    sessionId: `${name}-${tag}`,
    sessionCount: 1,
    type: 'page_view',
    occurredAt: at(0),
    receivedAt,
    url: '/',
    title: 'x',
    language: 'fi',
    screenWidth: 390,
    screenHeight: 844,
    viewportWidth: 390,
    viewportHeight: 700,
    data: {},
  })
  const events = await db
    .insert(analyticsEvents)
    .values([
      event('event-past-retention', at(-ANALYTICS_RETENTION_MS - HOUR)),
      event('event-within-retention', at(-ANALYTICS_RETENTION_MS + HOUR)),
      event('event-today', at(-HOUR)),
    ])
    .returning({ id: analyticsEvents.id })

  const byName = <T extends { id: string }>(rows: T[], label: (row: T) => string, name: string) => {
    const row = rows.find((candidate) => label(candidate).startsWith(name))
    if (!row) throw new Error(`no row ${name}`)
    return row.id
  }
  return {
    tag,
    challenge: (name: string) => byName(challenges, (row) => row.tokenHash, name),
    families: { liveFamily, revokedLongAgo, revokedToday, spentFamily, newEmptyFamily },
    mail: (name: string) => byName(mails, (row) => row.subject, name),
    draftIds: drafts.map((row) => row.id),
    eventIds: events.map((row) => row.id),
  }
}

async function surviving(seeded: Awaited<ReturnType<typeof seedRows>>) {
  const db = ctx.services.db
  const challengeIds = ['expired-long-ago', 'expired-within-audit-day', 'live'].map(seeded.challenge)
  const mailIds = ['sent-long-ago', 'sent-recently', 'kept-long-ago', 'kept-recently'].map(seeded.mail)
  const familyIds = Object.values(seeded.families)
  const names = <T>(rows: T[], pick: (row: T) => string) => rows.map(pick).sort()
  return {
    challenges: names(
      await db
        .select({ tokenHash: loginChallenges.tokenHash })
        .from(loginChallenges)
        .where(inArray(loginChallenges.id, challengeIds)),
      (row) => row.tokenHash.replace(`-${seeded.tag}`, ''),
    ),
    families: names(
      await db
        .select({ id: sessionFamilies.id })
        .from(sessionFamilies)
        .where(inArray(sessionFamilies.id, familyIds)),
      (row) => Object.entries(seeded.families).find(([, id]) => id === row.id)?.[0] ?? 'unknown',
    ),
    access: names(
      await db.select({ tokenHash: accessSessions.tokenHash }).from(accessSessions),
      (row) => row.tokenHash,
    )
      .filter((hash) => hash.endsWith(seeded.tag))
      .map((hash) => hash.replace(`-${seeded.tag}`, '')),
    refresh: names(
      await db.select({ tokenHash: refreshTokens.tokenHash }).from(refreshTokens),
      (row) => row.tokenHash,
    )
      .filter((hash) => hash.endsWith(seeded.tag))
      .map((hash) => hash.replace(`-${seeded.tag}`, '')),
    rateLimits: names(await db.select({ key: rateLimits.key }).from(rateLimits), (row) => row.key)
      .filter((key) => key.endsWith(seeded.tag))
      .map((key) => key.replace(`:${seeded.tag}`, '')),
    mails: names(
      await db
        .select({ subject: outboxEmails.subject })
        .from(outboxEmails)
        .where(inArray(outboxEmails.id, mailIds)),
      (row) => row.subject.replace(` ${seeded.tag}`, ''),
    ),
    drafts: names(
      await db
        .select({ hash: applicationDrafts.browserTokenHash })
        .from(applicationDrafts)
        .where(inArray(applicationDrafts.id, seeded.draftIds)),
      (row) => row.hash.replace(`-${seeded.tag}`, ''),
    ),
    events: names(
      await db
        .select({ sessionId: analyticsEvents.sessionId })
        .from(analyticsEvents)
        .where(inArray(analyticsEvents.id, seeded.eventIds)),
      (row) => row.sessionId.replace(`-${seeded.tag}`, ''),
    ),
  }
}

const LIVE_ONLY = {
  challenges: ['expired-within-audit-day', 'live'],
  families: ['liveFamily', 'newEmptyFamily', 'revokedToday'],
  access: ['access-live', 'access-recent'],
  refresh: ['refresh-live', 'refresh-revoked-today'],
  rateLimits: ['test:window-open'],
  mails: ['kept-recently', 'sent-recently'],
  drafts: ['account-open-old', 'signed-out-recent', 'submitted-recently'],
  events: ['event-today', 'event-within-retention'],
}

describe('housekeeping', () => {
  it('deletes expired rows and keeps live ones (and rows still inside their grace time)', async () => {
    const now = new Date()
    const seeded = await seedRows(now)
    expect((await surviving(seeded)).challenges).toHaveLength(3)
    expect((await surviving(seeded)).events).toHaveLength(3)

    const deleted = await runHousekeeping(ctx.services.db, now)

    expect(await surviving(seeded)).toEqual(LIVE_ONLY)
    expect(deleted.loginChallenges).toBeGreaterThanOrEqual(1)
    expect(deleted.sessionFamilies).toBeGreaterThanOrEqual(2)
    expect(deleted.outboxEmails).toBeGreaterThanOrEqual(2)
    expect(deleted.analyticsEvents).toBeGreaterThanOrEqual(1)

    // Running it again changes nothing.
    await runHousekeeping(ctx.services.db, now)
    expect(await surviving(seeded)).toEqual(LIVE_ONLY)
  })

  it('is scheduled hourly in the worker role and runs as a job', async () => {
    const jobs = ctx.services.jobs
    if (!jobs) throw new Error('the worker role has a job queue')
    const schedules = await jobs.boss.getSchedules(QUEUES.housekeeping)
    expect(schedules.map((schedule) => schedule.cron)).toEqual([HOUSEKEEPING_CRON])

    const seeded = await seedRows(new Date())
    await jobs.send(QUEUES.housekeeping, `test-${seeded.tag}`, {})
    await vi.waitFor(async () => expect(await surviving(seeded)).toEqual(LIVE_ONLY), {
      timeout: 15_000,
      interval: 200,
    })
  })
})
