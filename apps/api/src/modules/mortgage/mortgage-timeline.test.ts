import { randomUUID } from 'node:crypto'
import { schema } from '@lainava/db'
import { mortgageTimeline } from '@lainava/domain/mortgage/bank-pricing'
import { DEMO_MORTGAGE_BANKS, type DemoMortgageBank } from '@lainava/domain/mortgage/demo-banks'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loginAs } from '../../test/sessions.ts'
import { createTestApp } from '../../test/test-app.ts'
import { sendMortgageStatusEmail } from './mortgage-answers.ts'
import { deliverMortgage } from './mortgage-delivery.ts'
import { submittedMortgage } from './mortgage-test-helpers.ts'

// Issue 16: a sandbox bank answers along its timeline (hours to days): each delivery job does what is
// due by the clock and no more. The jobs are run here by hand at chosen moments (no worker, no waiting).

let ctx: Awaited<ReturnType<typeof createTestApp>>

beforeAll(async () => {
  // The API role only: the delivery jobs are stored but nothing runs them.
  ctx = await createTestApp({ ROLES: 'api', MORTGAGE_DELAY_SCALE: '1' })
})
afterAll(async () => {
  await ctx?.close()
})

function firstBank(): DemoMortgageBank {
  const [bank] = DEMO_MORTGAGE_BANKS
  if (!bank) throw new Error('no demo banks')
  return bank
}

describe('a sandbox bank’s timeline', () => {
  it('processing, then any request for information, then the offer, each at its time and once', async () => {
    const demo = firstBank()
    const values: typeof schema.lenders.$inferInsert = {
      ...demo,
      slug: `test-bank-${randomUUID().slice(0, 8)}`,
      integration: 'sandbox',
      filtering: { acceptingApplications: true, excludedPurposes: [] },
    }
    const [bank] = await ctx.database.db.insert(schema.lenders).values(values).returning()
    if (!bank) throw new Error('no bank')
    const user = await loginAs(ctx.database.db)
    const { applicationId } = await submittedMortgage(ctx, user)
    const job = { applicationId, lenderId: bank.id }
    const [recipient] = await ctx.database.db
      .select()
      .from(schema.applicationRecipients)
      .where(
        and(
          eq(schema.applicationRecipients.applicationId, applicationId),
          eq(schema.applicationRecipients.lenderId, bank.id),
        ),
      )
    if (!recipient) throw new Error('the bank did not receive the application')
    const timeline = mortgageTimeline(
      { slug: bank.slug, criteria: demo.criteria.mortgage, pricing: demo.sandbox.mortgage },
      applicationId,
    )
    const at = (seconds: number) => new Date(recipient.createdAt.getTime() + seconds * 1000)
    const status = async () => {
      const [row] = await ctx.database.db
        .select({ status: schema.applicationRecipients.status })
        .from(schema.applicationRecipients)
        .where(
          and(
            eq(schema.applicationRecipients.applicationId, applicationId),
            eq(schema.applicationRecipients.lenderId, bank.id),
          ),
        )
      return row?.status
    }
    const offers = () =>
      ctx.database.db.select().from(schema.offers).where(eq(schema.offers.applicationId, applicationId))

    // Too early (a re-sent first job, say): nothing happens.
    await deliverMortgage(ctx.services, job, at(timeline.processing - 60))
    expect(await status()).toBe('pending')
    await deliverMortgage(ctx.services, job, at(timeline.processing))
    expect(await status()).toBe('processing')
    if (timeline.infoRequest !== null) {
      await deliverMortgage(ctx.services, job, at(timeline.infoRequest))
      expect(await status()).toBe('info-requested')
    }
    await deliverMortgage(ctx.services, job, at(timeline.answer - 60))
    expect(await offers()).toHaveLength(0)
    await deliverMortgage(ctx.services, job, at(timeline.answer))
    expect(await status()).toBe('offered')
    // A retried job after the answer stores nothing.
    await deliverMortgage(ctx.services, job, at(timeline.answer + 3600))
    const stored = await offers()
    expect(stored).toHaveLength(1)
    expect(stored[0]).toMatchObject({ repaymentType: 'annuity', referenceRate: 'euribor-12', months: 300 })
    // Hours to days, as seeded.
    expect(timeline.answer).toBeGreaterThanOrEqual(20 * 3600)
    expect(timeline.answer).toBeLessThanOrEqual(48 * 3600)
  })

  it('the e-mail of a change goes to the applicant unless offer e-mails are turned off', async () => {
    const demo = firstBank()
    const values: typeof schema.lenders.$inferInsert = {
      ...demo,
      slug: `test-bank-${randomUUID().slice(0, 8)}`,
      integration: 'sandbox',
      filtering: { acceptingApplications: true, excludedPurposes: [] },
    }
    const [bank] = await ctx.database.db.insert(schema.lenders).values(values).returning()
    if (!bank) throw new Error('no bank')
    const wants = await loginAs(ctx.database.db)
    const refuses = await loginAs(ctx.database.db)
    await ctx.database.db
      .insert(schema.consents)
      .values({ userId: refuses.userId, offerNotifications: false })
    for (const user of [wants, refuses]) {
      const { applicationId } = await submittedMortgage(ctx, user)
      await sendMortgageStatusEmail(ctx.services, {
        applicationId,
        kind: 'mortgage-status',
        lenderId: bank.id,
        status: 'processing',
      })
    }
    const mail = (email: string) =>
      ctx.database.db
        .select({ kind: schema.outboxEmails.kind, subject: schema.outboxEmails.subject })
        .from(schema.outboxEmails)
        .where(eq(schema.outboxEmails.toAddress, email))
    expect(await mail(wants.email)).toEqual([
      { kind: 'mortgage-processing', subject: `${bank.name} käsittelee asuntolainahakemustasi – Lainava` },
    ])
    expect(await mail(refuses.email)).toEqual([])
  })
})
