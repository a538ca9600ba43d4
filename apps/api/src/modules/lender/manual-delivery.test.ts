import { schema } from '@lainava/db'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { submission, validApplication } from '../../test/applications.ts'
import { lenderRow } from '../../test/lenders.ts'
import { loginAs, OUR_CLIENT } from '../../test/sessions.ts'
import { createListeningTestApp } from '../../test/test-app.ts'

// Issue 17: a manual lender receives applications without a delivery. The worker marks its recipient
// row delivered (so the reconciler stops sending it) and leaves it pending for the portal; an HTTP
// delivery would fail here (no endpoint) and leave the row undelivered, retried.

let ctx: Awaited<ReturnType<typeof createListeningTestApp>>
beforeAll(async () => {
  ctx = await createListeningTestApp()
})
afterAll(async () => {
  await ctx.close()
})

it('the worker hands a manual lender its application without a delivery, and it waits pending', async () => {
  const db = ctx.database.db
  const [manual, sandbox] = await db
    .insert(schema.lenders)
    .values([
      lenderRow({ name: 'Manual Delivery', integration: 'manual', sandbox: null }),
      lenderRow({ name: 'Sandbox Beside' }),
    ])
    .returning({ id: schema.lenders.id })
  if (!manual || !sandbox) throw new Error('lenders missing')
  const applicant = await loginAs(db)
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/applications',
    payload: submission(validApplication()),
    cookies: applicant.cookies,
    headers: OUR_CLIENT,
  })
  expect(response.statusCode).toBe(201)
  const applicationId: string = response.json().applicationId
  const row = (lenderId: string) =>
    db
      .select()
      .from(schema.applicationRecipients)
      .where(
        and(
          eq(schema.applicationRecipients.applicationId, applicationId),
          eq(schema.applicationRecipients.lenderId, lenderId),
        ),
      )
      .then((rows) => rows[0])
  // The sandbox lender beside it answers: the worker has run the application's jobs.
  await expect.poll(async () => (await row(sandbox.id))?.status, { timeout: 20_000 }).not.toBe('pending')
  await expect.poll(async () => (await row(manual.id))?.deliveredAt, { timeout: 20_000 }).toBeTruthy()
  expect((await row(manual.id))?.status).toBe('pending')
})
