import { type Database, schema, seedDemoData } from '@lainava/db'
import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { coApplicant, submission, validApplication } from '../../test/applications.ts'
import { loginAs, OUR_CLIENT } from '../../test/sessions.ts'
import { createTestApp } from '../../test/test-app.ts'
import type { Mailer } from '../email/mailer.ts'
import { applicationFactsOf, loadApplicationFacts } from './application-facts.ts'
import { answerManyAsSandbox, type SandboxDelivery } from './marketplace.ts'
import { type NotificationJob, notifyApplicants } from './worker.ts'

// ADR 051: the applicant's offer e-mails sent by batches of jobs (one read, one outbox INSERT, one
// UPDATE), and a submission that works from the rows it just stored. No worker runs here: the test
// hands the batches over itself, including copies of a job and retries.

let ctx: Awaited<ReturnType<typeof createTestApp>>
let db: Database
let cookie = ''
let email = ''

beforeAll(async () => {
  ctx = await createTestApp({ ROLES: 'api', SANDBOX_DELAY_SCALE: '0' })
  db = ctx.database.db
  await seedDemoData(db)
  const user = await loginAs(db)
  email = user.email
  cookie = Object.entries(user.cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ')
})
afterAll(async () => {
  await ctx?.close()
})

async function submit(application: object = validApplication()): Promise<string> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/applications',
    headers: { cookie, ...OUR_CLIENT },
    payload: submission(application) as object,
  })
  expect(response.statusCode).toBe(201)
  return (response.json() as { applicationId: string }).applicationId
}

async function deliveriesOf(applicationId: string): Promise<SandboxDelivery[]> {
  const rows = await db
    .select({ lender: schema.lenders })
    .from(schema.applicationRecipients)
    .innerJoin(schema.lenders, eq(schema.lenders.id, schema.applicationRecipients.lenderId))
    .where(eq(schema.applicationRecipients.applicationId, applicationId))
    .orderBy(schema.lenders.slug)
  return rows.map((row) => ({ applicationId, lenderId: row.lender.id, lender: row.lender }))
}

/** A submitted application with `answered` of its lenders answered (all by default), at least one offer. */
async function answeredApplication(answered?: number): Promise<string> {
  const applicationId = await submit()
  const deliveries = await deliveriesOf(applicationId)
  expect(deliveries.length).toBeGreaterThan(2)
  expect(await answerManyAsSandbox(ctx.services, deliveries.slice(0, answered))).toEqual(new Map())
  const [offer] = await db
    .select({ id: schema.offers.id })
    .from(schema.offers)
    .where(eq(schema.offers.applicationId, applicationId))
  expect(offer).toBeDefined()
  return applicationId
}

const job = (id: string, applicationId: string, kind: NotificationJob['kind']) => ({
  id,
  data: { applicationId, kind },
})

/** The offer e-mails in the outbox for the applications' user, by kind. */
async function mailsOf(): Promise<Record<string, number>> {
  const rows = await db
    .select({ kind: schema.outboxEmails.kind })
    .from(schema.outboxEmails)
    .where(
      and(
        eq(schema.outboxEmails.toAddress, email),
        inArray(schema.outboxEmails.kind, ['offers-first-offers', 'offers-all-answered']),
      ),
    )
  const counts: Record<string, number> = {}
  for (const row of rows) counts[row.kind] = (counts[row.kind] ?? 0) + 1
  return counts
}

async function marks(applicationId: string) {
  const [row] = await db
    .select({
      first: schema.applications.firstOffersNotifiedAt,
      all: schema.applications.allAnsweredNotifiedAt,
    })
    .from(schema.applications)
    .where(eq(schema.applications.id, applicationId))
  return { first: row?.first != null, all: row?.all != null }
}

describe('the applicant’s e-mails by batches of jobs', () => {
  it('sends each e-mail once with copies in a batch, batches sharing applications at once, and retries', async () => {
    const before = await mailsOf()
    const partly = await answeredApplication(2)
    const done = await answeredApplication()
    const batchA = [
      job('a1', partly, 'first-offers'),
      job('a2', done, 'all-answered'),
      // A copy of a job (a retried job fetched with the original).
      job('a3', done, 'all-answered'),
    ]
    // Another batch at once with another job of a shared application. (One job never runs in two
    // batches at once: the queue hands each job to one worker at a time.)
    const batchB = [job('b1', done, 'first-offers')]
    const results = await Promise.all([
      notifyApplicants(ctx.services, batchA),
      notifyApplicants(ctx.services, batchB),
    ])
    expect(results).toEqual([[], []])
    // Retries of both batches (their jobs failed after the e-mails went out): nothing more is sent.
    expect(await notifyApplicants(ctx.services, [...batchA, ...batchB])).toEqual([])
    const after = await mailsOf()
    // The partly answered application's "first offers" once (it is sent while lenders are pending)…
    expect((after['offers-first-offers'] ?? 0) - (before['offers-first-offers'] ?? 0)).toBe(1)
    // …and the answered one's "every lender answered" once, with no "first offers" (nobody pending).
    expect((after['offers-all-answered'] ?? 0) - (before['offers-all-answered'] ?? 0)).toBe(1)
    expect(await marks(partly)).toEqual({ first: true, all: false })
    // "All answered" marks "first offers" done too: the reconciler does not queue it again.
    expect(await marks(done)).toEqual({ first: true, all: true })
  })

  it('fails only the job whose e-mail was not sent, and its retry sends it once', async () => {
    const before = await mailsOf()
    const [sent, refused] = [await answeredApplication(), await answeredApplication()]
    const outbox = ctx.services.mailer
    let refuse = true
    // A mail server that, while `refuse` holds, takes the first e-mail of a batch and refuses the rest.
    const flaky: Mailer = {
      ...outbox,
      async sendMany(emails) {
        const [first, ...rest] = emails
        if (!refuse || !first) return outbox.sendMany(emails)
        return [
          ...(await outbox.sendMany([first])),
          ...rest.map(() => ({ status: 'rejected' as const, reason: new Error('refused') })),
        ]
      },
    }
    const batch = [job('s', sent, 'all-answered'), job('r', refused, 'all-answered')]
    const failures = await notifyApplicants({ ...ctx.services, mailer: flaky }, batch)
    expect(failures.map((failure) => failure.id)).toEqual(['r'])
    expect(await marks(sent)).toEqual({ first: true, all: true })
    // Not marked: the retry sends it.
    expect(await marks(refused)).toEqual({ first: false, all: false })
    refuse = false
    expect(await notifyApplicants({ ...ctx.services, mailer: flaky }, batch)).toEqual([])
    expect(await marks(refused)).toEqual({ first: true, all: true })
    const after = await mailsOf()
    expect((after['offers-all-answered'] ?? 0) - (before['offers-all-answered'] ?? 0)).toBe(2)
  })
})

describe('a submission', () => {
  it('matches on the same facts as read back from the stored rows', async () => {
    const ids = [
      await submit(),
      await submit(validApplication({ hasCoApplicant: true, coApplicant: coApplicant() })),
    ]
    for (const applicationId of ids) {
      const [application] = await db
        .select()
        .from(schema.applications)
        .where(eq(schema.applications.id, applicationId))
      const applicants = await db
        .select()
        .from(schema.applicants)
        .where(eq(schema.applicants.applicationId, applicationId))
      if (!application) throw new Error('stored application')
      const now = new Date()
      const fromRows = applicationFactsOf(ctx.services.cipher, application, applicants, now)
      expect(fromRows).toEqual(await loadApplicationFacts(db, ctx.services.cipher, applicationId, now))
      expect(fromRows?.applicants).toHaveLength(applicants.length)
    }
  })
})
