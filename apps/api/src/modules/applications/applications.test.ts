import { randomUUID } from 'node:crypto'
import { schema } from '@lainava/db'
import { eq, sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { coApplicant, submission, validApplication } from '../../test/applications.ts'
import { lenderRow } from '../../test/lenders.ts'
import { loginAs, OUR_CLIENT, setCookies } from '../../test/sessions.ts'
import { createTestApp } from '../../test/test-app.ts'

let ctx: Awaited<ReturnType<typeof createTestApp>>

beforeAll(async () => {
  ctx = await createTestApp()
  await ctx.database.db
    .insert(schema.lenders)
    .values([
      lenderRow({ name: 'Alfa Luotto' }),
      lenderRow({ name: 'Beta Pankki' }),
      lenderRow({ name: 'Gamma Rahoitus', active: false }),
    ])
})
afterAll(async () => {
  await ctx.close()
})

const post = (payload: unknown, cookies: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/applications',
    payload: payload as object,
    cookies,
    headers: OUR_CLIENT,
  })

describe('submitting an application', () => {
  it('stores it with its applicants, names the receiving lenders, creates the account and sends the login e-mail', async () => {
    const application = validApplication({ hasCoApplicant: true, coApplicant: coApplicant() })
    const response = await post(submission(application))
    expect(response.statusCode).toBe(201)
    const body = response.json()
    expect(body.lenders.map((lender: { name: string }) => lender.name)).toEqual([
      'Alfa Luotto',
      'Beta Pankki',
    ])
    expect(body.loginEmailSent).toBe(true)

    const rows = await ctx.database.db
      .select()
      .from(schema.applicants)
      .where(eq(schema.applicants.applicationId, body.applicationId))
    expect(rows.map((row) => row.role).sort()).toEqual(['co', 'main'])
    for (const row of rows) {
      // The identity number is encrypted at rest, and nowhere else in clear.
      expect(row.hetuEncrypted).toMatch(/^v1\./)
      expect(JSON.stringify(row)).not.toMatch(/131052-308T|010594Y123W/)
    }
    const [app] = await ctx.database.db
      .select()
      .from(schema.applications)
      .where(eq(schema.applications.id, body.applicationId))
    expect(JSON.stringify(app?.details)).not.toMatch(/131052-308T|010594Y123W/)
    expect(app).toMatchObject({ amount: 15000, periodMonths: 60, purpose: 'renovation' })

    const outbox = await ctx.database.db
      .select()
      .from(schema.outboxEmails)
      .where(eq(schema.outboxEmails.toAddress, application.applicant.email))
    expect(outbox).toHaveLength(1)
  })

  it('creates one application for a retried and for two concurrent identical submissions', async () => {
    const application = validApplication()
    const key = randomUUID()
    const [a, b] = await Promise.all([post(submission(application, key)), post(submission(application, key))])
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201])
    expect(a.json().applicationId).toBe(b.json().applicationId)
    const again = await post(submission(application, key))
    expect(again.statusCode).toBe(200)
    expect(again.json().applicationId).toBe(a.json().applicationId)
    const [count] = await ctx.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(schema.applications)
      .where(eq(schema.applications.idempotencyKey, key))
    expect(count?.count).toBe(1)
  })

  it('answers each invalid field with 400 naming that field', async () => {
    const cases: Array<[string, Record<string, unknown>]> = [
      ['application.applicant.hetu', { applicant: { ...validApplication().applicant, hetu: '131052-308U' } }],
      ['application.applicant.email', { applicant: { ...validApplication().applicant, email: 'aino@' } }],
      ['application.applicant.phone', { applicant: { ...validApplication().applicant, phone: '12' } }],
      [
        'application.applicant.postcode',
        { applicant: { ...validApplication().applicant, postcode: '1000' } },
      ],
      [
        'application.loan.amount',
        { loan: { amount: 100, period: 5, purpose: 'renovation', refinance: false } },
      ],
      [
        'application.work.employedSince',
        { work: { ...validApplication().work, employedSince: '2999-01-01' } },
      ],
      [
        'application.consents.termsAccepted',
        { consents: { ...validApplication().consents, termsAccepted: false } },
      ],
    ]
    for (const [field, override] of cases) {
      const response = await post(submission(validApplication(override)))
      expect(response.statusCode, field).toBe(400)
      const fields = response
        .json()
        .fields.map((field: { path: string }) => field.path.replace(/^body\./, ''))
      expect(fields, field).toContain(field)
    }
  })

  it('never answers 5xx, whatever is posted (property-based)', async () => {
    const anyValue = fc.anything({ maxDepth: 3 })
    const payloads = fc.oneof(
      anyValue,
      fc.record({
        kind: fc.constantFrom('consumer-loan', 'credit-card', 'x'),
        idempotencyKey: fc.uuid(),
        application: anyValue,
      }),
      fc.record({
        kind: fc.constant('consumer-loan'),
        idempotencyKey: fc.uuid(),
        application: fc.record({
          loan: fc.record({
            amount: fc.oneof(fc.integer(), fc.double(), fc.string()),
            period: fc.anything(),
          }),
          applicant: fc.dictionary(fc.constantFrom('hetu', 'email', 'phone', 'firstName'), fc.string()),
          consents: fc.dictionary(fc.string(), fc.boolean()),
        }),
      }),
    )
    await fc.assert(
      fc.asyncProperty(payloads, async (payload) => {
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/applications',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(payload) ?? 'null',
        })
        return response.statusCode < 500
      }),
      { numRuns: 2000 },
    )
  })
})

describe('drafts and ownership', () => {
  it('saves progress for this browser and continues it on another device after login', async () => {
    const user = await loginAs(ctx.database.db)
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/applications/drafts/consumer-loan',
      payload: { step: 'work', data: { loan: { amount: 12000 } } },
      cookies: user.cookies,
      headers: OUR_CLIENT,
    })
    expect(saved.statusCode).toBe(200)
    const browserCookie = setCookies(saved).lv_draft
    expect(browserCookie).toBeDefined()
    const sameBrowser = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/applications/drafts/consumer-loan',
      cookies: { ...user.cookies, lv_draft: browserCookie ?? '' },
    })
    expect(sameBrowser.json()).toMatchObject({ step: 'work', data: { loan: { amount: 12000 } } })
    // Another device: no draft cookie, but the same login.
    const otherDevice = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/applications/drafts/consumer-loan',
      cookies: user.cookies,
    })
    expect(otherDevice.json().step).toBe('work')
    // Someone else sees nothing.
    const stranger = await loginAs(ctx.database.db)
    const theirs = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/applications/drafts/consumer-loan',
      cookies: stranger.cookies,
    })
    expect(theirs.statusCode).toBe(404)
  })

  it('marks the draft of the kind submitted, in the submission’s own statements, and keeps the others', async () => {
    const user = await loginAs(ctx.database.db)
    const save = (kind: string, cookies: Record<string, string>) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/v1/applications/drafts/${kind}`,
        payload: { step: 'applicant', data: { kind } },
        cookies,
        headers: OUR_CLIENT,
      })
    const first = await save('consumer-loan', user.cookies)
    const browser = { ...user.cookies, lv_draft: setCookies(first).lv_draft ?? '' }
    expect((await save('credit-card', browser)).statusCode).toBe(200)
    const draft = (kind: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/v1/applications/drafts/${kind}`, cookies: browser })
    expect((await draft('consumer-loan')).statusCode).toBe(200)

    const created = await post(
      submission(validApplication({ applicant: { ...validApplication().applicant, email: user.email } })),
      browser,
    )
    expect(created.statusCode).toBe(201)
    const [applicant] = await ctx.database.db
      .select()
      .from(schema.applicants)
      .where(eq(schema.applicants.applicationId, created.json().applicationId))
    expect(applicant?.role).toBe('main')
    // A submitted draft is finished: not offered again. The card's draft is another kind's.
    expect((await draft('consumer-loan')).statusCode).toBe(404)
    expect((await draft('credit-card')).json().data).toEqual({ kind: 'credit-card' })
  })

  it('lets a user read only their own applications', async () => {
    const owner = await loginAs(ctx.database.db)
    const created = await post(
      submission(validApplication({ applicant: { ...validApplication().applicant, email: owner.email } })),
      owner.cookies,
    )
    expect(created.statusCode).toBe(201)
    expect(created.json().loginEmailSent).toBe(false)
    const id = created.json().applicationId
    const mine = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/applications/${id}`,
      cookies: owner.cookies,
    })
    expect(mine.statusCode).toBe(200)
    const other = await loginAs(ctx.database.db)
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/v1/applications/${id}`, cookies: other.cookies }))
        .statusCode,
    ).toBe(404)
    const list = await ctx.app.inject({ method: 'GET', url: '/api/v1/applications', cookies: other.cookies })
    expect(list.json().applications).toEqual([])
  })
})

describe('drafts on a shared browser', () => {
  it('does not show a logged-in user’s draft to the next visitor of the same browser', async () => {
    const user = await loginAs(ctx.database.db)
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/applications/drafts/consumer-loan',
      payload: { step: 'applicant', data: { applicant: { hetu: '131052-308T' } } },
      cookies: user.cookies,
      headers: OUR_CLIENT,
    })
    const browser = setCookies(saved).lv_draft ?? ''
    const nextVisitor = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/applications/drafts/consumer-loan',
      cookies: { lv_draft: browser },
    })
    expect(nextVisitor.statusCode).toBe(404)
    const owner = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/applications/drafts/consumer-loan',
      cookies: { ...user.cookies, lv_draft: browser },
    })
    expect(owner.json().data).toEqual({ applicant: { hetu: '131052-308T' } })
  })
})
