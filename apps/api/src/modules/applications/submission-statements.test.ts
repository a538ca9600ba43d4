import { schema } from '@lainava/db'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { submission, validApplication } from '../../test/applications.ts'
import { lenderRow } from '../../test/lenders.ts'
import { loginAs, OUR_CLIENT, setCookies } from '../../test/sessions.ts'
import { createTestApp } from '../../test/test-app.ts'

// ADR 055: the applicants' INSERT and the draft's mark go with the recipients' INSERT. With no lender
// to receive the application there is no such INSERT: they must be stored all the same.

let ctx: Awaited<ReturnType<typeof createTestApp>>

beforeAll(async () => {
  ctx = await createTestApp()
  await ctx.database.db.insert(schema.lenders).values([
    lenderRow({
      name: 'Suljettu Luotto',
      filtering: { acceptingApplications: false, excludedPurposes: [] },
    }),
    lenderRow({ name: 'Passiivinen Pankki', active: false }),
  ])
})
afterAll(async () => {
  await ctx.close()
})

describe('a submission no lender receives', () => {
  it('stores the application with its applicants and marks the draft, with no recipients', async () => {
    const user = await loginAs(ctx.database.db)
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/applications/drafts/consumer-loan',
      payload: { step: 'applicant', data: {} },
      cookies: user.cookies,
      headers: OUR_CLIENT,
    })
    const browser = { ...user.cookies, lv_draft: setCookies(saved).lv_draft ?? '' }
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/applications',
      payload: submission(validApplication()),
      cookies: browser,
      headers: OUR_CLIENT,
    })
    expect(response.statusCode).toBe(201)
    expect(response.json().lenders).toEqual([])
    const applicationId = response.json().applicationId
    const people = await ctx.database.db
      .select({ role: schema.applicants.role, hetu: schema.applicants.hetuEncrypted })
      .from(schema.applicants)
      .where(eq(schema.applicants.applicationId, applicationId))
    expect(people).toEqual([{ role: 'main', hetu: expect.stringMatching(/^v1\./) }])
    const recipients = await ctx.database.db
      .select()
      .from(schema.applicationRecipients)
      .where(eq(schema.applicationRecipients.applicationId, applicationId))
    expect(recipients).toEqual([])
    const draft = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/applications/drafts/consumer-loan',
      cookies: browser,
    })
    expect(draft.statusCode).toBe(404)
  })
})
