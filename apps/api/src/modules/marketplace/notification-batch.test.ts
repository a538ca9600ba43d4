import { type Database, schema, seedDemoData } from '@lainava/db'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { coApplicant, postApplication, submission, validApplication } from '../../test/applications.ts'
import { businessSubmission, validBusinessLoan, validFactoring } from '../../test/business.ts'
import { deliveriesOf } from '../../test/deliveries.ts'
import { cookieHeader, loginAs } from '../../test/sessions.ts'
import { createTestApp } from '../../test/test-app.ts'
import type { Mailer } from '../email/mailer.ts'
import type { MortgageStatusJob } from '../mortgage/mortgage-answers.ts'
import { loadApplicationFacts, type StoredApplication } from './application-facts.ts'
import { answerManyAsSandbox } from './marketplace.ts'
import { type NotificationJob, notifyApplicants } from './worker.ts'

// ADR 051: the applicant's offer e-mails sent by batches of jobs (one read, one outbox INSERT, one
// UPDATE), and a submission that works from the rows it just stored. No worker runs here: the test
// hands the batches over itself, including copies of a job and retries.

// Every call of `applicationFactsOf` during a submission, with the facts it derived from the rows
// the INSERTs returned (the submission passes them in; nothing is read back).
const derived = vi.hoisted(() => [] as { facts: unknown; now: Date }[])
vi.mock('./application-facts.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('./application-facts.ts')>()
  return {
    ...real,
    applicationFactsOf: (...args: Parameters<typeof real.applicationFactsOf>) => {
      const now = args[3] ?? new Date()
      const facts = real.applicationFactsOf(args[0], args[1], args[2], now)
      derived.push({ facts, now })
      return facts
    },
  }
})

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
  cookie = cookieHeader(user.cookies)
})
afterAll(async () => {
  await ctx?.close()
})

async function submit(application: object = validApplication()): Promise<string> {
  return postApplication(ctx.app, cookie, submission(application) as object)
}

/** A submitted application with `answered` of its lenders answered (all by default), at least one offer. */
async function answeredApplication(answered?: number): Promise<string> {
  const applicationId = await submit()
  const deliveries = await deliveriesOf(db, [applicationId])
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
  it('sends "first offers" while lenders are pending, and only "all answered" once all answered', async () => {
    const before = await mailsOf()
    const partly = await answeredApplication(2)
    const done = await answeredApplication()
    // The answered application's "first offers" job (queued before the last answer) sends nothing:
    // nobody is pending, and "all answered" says it all.
    const batch = [
      job('a1', partly, 'first-offers'),
      job('a2', done, 'all-answered'),
      job('a3', done, 'first-offers'),
    ]
    expect(await notifyApplicants(ctx.services, batch)).toEqual([])
    const after = await mailsOf()
    expect((after['offers-first-offers'] ?? 0) - (before['offers-first-offers'] ?? 0)).toBe(1)
    expect((after['offers-all-answered'] ?? 0) - (before['offers-all-answered'] ?? 0)).toBe(1)
    expect(await marks(partly)).toEqual({ first: true, all: false })
    // "All answered" marks "first offers" done too: the reconciler does not queue it again.
    expect(await marks(done)).toEqual({ first: true, all: true })
    // A retry of the batch (its jobs failed after the e-mails went out) sends nothing more.
    expect(await notifyApplicants(ctx.services, batch)).toEqual([])
    expect(await mailsOf()).toEqual(after)
  })

  it('sends the same e-mail once when a batch holds it twice', async () => {
    // Defensive: job ids derive from the key, so the queue does not hand out two such jobs today.
    const before = await mailsOf()
    const done = await answeredApplication()
    const batch = [job('c1', done, 'all-answered'), job('c2', done, 'all-answered')]
    expect(await notifyApplicants(ctx.services, batch)).toEqual([])
    const after = await mailsOf()
    expect((after['offers-all-answered'] ?? 0) - (before['offers-all-answered'] ?? 0)).toBe(1)
  })

  it('fails only the offer jobs when their marks cannot be stored, and sends no mortgage e-mail again', async () => {
    const done = await answeredApplication()
    const [lender] = await db.select({ id: schema.lenders.id }).from(schema.lenders).limit(1)
    if (!lender) throw new Error('a lender')
    const mortgage: { id: string; data: MortgageStatusJob } = {
      id: 'm',
      data: { applicationId: done, kind: 'mortgage-status', lenderId: lender.id, status: 'processing' },
    }
    const mortgageMails = async () =>
      (
        await db
          .select({ kind: schema.outboxEmails.kind })
          .from(schema.outboxEmails)
          .where(
            and(
              eq(schema.outboxEmails.toAddress, email),
              eq(schema.outboxEmails.kind, 'mortgage-processing'),
            ),
          )
      ).length
    const [beforeOffers, beforeMortgage] = [await mailsOf(), await mortgageMails()]
    await db.execute(
      sql.raw(`create function refuse_notified_marks() returns trigger language plpgsql as $$
        begin raise exception 'notified marks refused'; end $$`),
    )
    await db.execute(
      sql.raw(`create trigger refuse_notified_marks before update of all_answered_notified_at on applications
        for each statement execute function refuse_notified_marks()`),
    )
    let failures: string[]
    try {
      failures = (await notifyApplicants(ctx.services, [job('o', done, 'all-answered'), mortgage])).map(
        (failure) => failure.id,
      )
    } finally {
      await db.execute(sql.raw('drop trigger refuse_notified_marks on applications'))
      await db.execute(sql.raw('drop function refuse_notified_marks()'))
    }
    // The mortgage e-mail went out and its job is done; the offer job is retried.
    expect(failures).toEqual(['o'])
    expect(await mortgageMails()).toBe(beforeMortgage + 1)
    // In the outbox the offer e-mail and its mark are one transaction: neither was kept.
    expect(await mailsOf()).toEqual(beforeOffers)
    expect(await marks(done)).toEqual({ first: false, all: false })
    // The retry (only the failed job) sends it once.
    expect(await notifyApplicants(ctx.services, [job('o', done, 'all-answered')])).toEqual([])
    const after = await mailsOf()
    expect((after['offers-all-answered'] ?? 0) - (beforeOffers['offers-all-answered'] ?? 0)).toBe(1)
    expect(await mortgageMails()).toBe(beforeMortgage + 1)
  })

  it('fails only the job whose e-mail was not sent, and its retry sends it once', async () => {
    const before = await mailsOf()
    const [sent, refused] = [await answeredApplication(), await answeredApplication()]
    const outbox = ctx.services.mailer
    let refuse = true
    // A mail server that, while `refuse` holds, takes the first e-mail of a batch and refuses the rest.
    const flaky: Mailer = {
      ...outbox,
      async sendMany(emails, within) {
        const [first, ...rest] = emails
        if (!refuse || !first) return outbox.sendMany(emails, within)
        return [
          ...(await outbox.sendMany([first], within)),
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
  it('matches on the facts of the rows it stored, the same as read back (every kind)', async () => {
    const card = validApplication()
    const payloads = [
      submission(validApplication()),
      submission(validApplication({ hasCoApplicant: true, coApplicant: coApplicant() })),
      {
        kind: 'credit-card',
        idempotencyKey: crypto.randomUUID(),
        language: 'fi',
        application: {
          applicant: card.applicant,
          work: { employmentType: 'permanent', monthlyGrossIncome: '4200', monthlyNetIncome: '3100' },
          cardTypePreference: 'visa',
          limitWished: '3000',
          consents: card.consents,
        },
      },
      businessSubmission('business-loan', validBusinessLoan()),
      businessSubmission('factoring', validFactoring()),
    ]
    const kinds = new Set<string>()
    for (const payload of payloads) {
      derived.length = 0
      const applicationId = await postApplication(ctx.app, cookie, payload as object)
      // The submission derived its facts once, from the rows its INSERTs returned.
      expect(derived).toHaveLength(1)
      const [call] = derived
      const fromInsert = call?.facts as StoredApplication | null
      expect(fromInsert?.id).toBe(applicationId)
      const readBack = await loadApplicationFacts(db, ctx.services.cipher, applicationId, call?.now)
      expect(fromInsert).toEqual(readBack)
      if (fromInsert) kinds.add(fromInsert.kind)
    }
    expect([...kinds].sort()).toEqual(['business-loan', 'consumer-loan', 'credit-card', 'factoring'])
  })
})
