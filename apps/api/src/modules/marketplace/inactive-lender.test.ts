import { type Database, schema, seedDemoData } from '@lainava/db'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postApplication, submission, validApplication } from '../../test/applications.ts'
import { cookieHeader, loginAs } from '../../test/sessions.ts'
import { createTestApp } from '../../test/test-app.ts'
import { loadApplicationFacts } from './application-facts.ts'
import { activeLenders, storeRecipients } from './lender-matching.ts'
import { LENDER_INACTIVE } from './marketplace.ts'
import { deliverBatch } from './worker.ts'

// A lender deactivated between an application's submission and its delivery: the delivery does not
// send it there and closes its place as a decline (LENDER_INACTIVE), so nothing waits for its answer;
// a capped lender deactivated before the submission's lock is not chosen at all. No worker runs here:
// the test hands the deliveries over itself, after the deactivation.

let ctx: Awaited<ReturnType<typeof createTestApp>>
let db: Database
let cookie = ''

beforeAll(async () => {
  ctx = await createTestApp({ ROLES: 'api', SANDBOX_DELAY_SCALE: '0' })
  db = ctx.database.db
  await seedDemoData(db)
  const user = await loginAs(db)
  cookie = cookieHeader(user.cookies)
})
afterAll(async () => {
  await ctx?.close()
})

async function recipientsOf(applicationId: string) {
  return db
    .select({
      lenderId: schema.applicationRecipients.lenderId,
      status: schema.applicationRecipients.status,
      declineReason: schema.applicationRecipients.declineReason,
      deliveredAt: schema.applicationRecipients.deliveredAt,
    })
    .from(schema.applicationRecipients)
    .where(eq(schema.applicationRecipients.applicationId, applicationId))
}

describe('a lender deactivated during a submission', () => {
  it('is not delivered to: its place is declined as LENDER_INACTIVE, the others answer', async () => {
    const applicationId = await postApplication(ctx.app, cookie, submission(validApplication()))
    const before = await recipientsOf(applicationId)
    expect(before.length).toBeGreaterThan(1)
    expect(before.every((row) => row.status === 'pending')).toBe(true)
    const [gone, ...others] = before.map((row) => row.lenderId)
    if (!gone) throw new Error('no recipient')
    await db.update(schema.lenders).set({ active: false }).where(eq(schema.lenders.id, gone))
    try {
      const jobs = before.map((row, index) => ({
        id: String(index),
        data: { applicationId, lenderId: row.lenderId },
      }))
      expect(await deliverBatch(ctx.services, jobs)).toEqual([])
      const after = new Map((await recipientsOf(applicationId)).map((row) => [row.lenderId, row]))
      expect(after.get(gone)).toMatchObject({ status: 'declined', declineReason: LENDER_INACTIVE })
      const offersFromGone = await db
        .select()
        .from(schema.offers)
        .where(and(eq(schema.offers.applicationId, applicationId), eq(schema.offers.lenderId, gone)))
      expect(offersFromGone).toEqual([])
      // Nobody is left pending: the others answered as sandbox lenders do.
      for (const lenderId of others) expect(after.get(lenderId)?.status).not.toBe('pending')
      // A retried delivery of the deactivated lender does nothing more.
      expect(await deliverBatch(ctx.services, jobs.slice(0, 1))).toEqual([])
      expect((await recipientsOf(applicationId)).find((row) => row.lenderId === gone)?.status).toBe(
        'declined',
      )
    } finally {
      await db.update(schema.lenders).set({ active: true }).where(eq(schema.lenders.id, gone))
    }
  })

  it('a capped lender deactivated after the active lenders were read is left out under the lock', async () => {
    const applicationId = await postApplication(ctx.app, cookie, submission(validApplication()))
    const facts = await loadApplicationFacts(db, ctx.services.cipher, applicationId)
    if (!facts) throw new Error('no facts')
    const match = { side: 'consumer', facts: facts.match } as const
    // One of the lenders this application matched (its recipients), given a daily cap it is far from.
    const [recipient] = await recipientsOf(applicationId)
    const [capped] = await db
      .select()
      .from(schema.lenders)
      .where(eq(schema.lenders.id, recipient?.lenderId ?? crypto.randomUUID()))
    if (!capped) throw new Error('no lender')
    const filtering = { ...(capped.filtering ?? {}), dailyCap: 100_000 }
    await db.update(schema.lenders).set({ filtering }).where(eq(schema.lenders.id, capped.id))
    try {
      // The submission's read of the active lenders, then the deactivation, then the lock.
      const read = await activeLenders(db)
      expect(read.some((lender) => lender.id === capped.id)).toBe(true)
      await db.update(schema.lenders).set({ active: false }).where(eq(schema.lenders.id, capped.id))
      const chosen = await db.transaction((tx) => storeRecipients(tx, applicationId, match, read))
      expect(chosen.length).toBeGreaterThan(0)
      // Every other lender the application matched is still chosen.
      expect(chosen).toHaveLength((await recipientsOf(applicationId)).length - 1)
      expect(chosen.some((lender) => lender.id === capped.id)).toBe(false)
    } finally {
      await db
        .update(schema.lenders)
        .set({ active: true, filtering: capped.filtering })
        .where(eq(schema.lenders.id, capped.id))
    }
  })
})
