import { randomUUID } from 'node:crypto'
import { schema, seedDemoData } from '@lainava/db'
import { DEMO_BUSINESS_LENDERS } from '@lainava/domain/marketplace/demo-business-lenders'
import { DEMO_LENDERS } from '@lainava/domain/marketplace/demo-lenders'
import { messagesFor } from '@lainava/i18n/server'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { submission, validApplication } from '../../test/applications.ts'
import { businessSubmission, validBusinessLoan, validFactoring } from '../../test/business.ts'
import { type Cookies, loginAs, OUR_CLIENT } from '../../test/sessions.ts'
import { createTestApp } from '../../test/test-app.ts'
import { createWebServices } from '../../web/web-services.ts'

// Issue 15: business loan and factoring applications through the applications API: validation in the
// user's language, the SME limits in force, idempotent submit, and matching on the company so that
// business lenders alone receive business applications.

let ctx: Awaited<ReturnType<typeof createTestApp>>

beforeAll(async () => {
  ctx = await createTestApp()
  await seedDemoData(ctx.database.db)
})
afterAll(async () => {
  await ctx.close()
})

const post = (payload: unknown, cookies: Cookies = {}, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/applications',
    payload: payload as object,
    cookies,
    headers: { ...OUR_CLIENT, ...headers },
  })

type Field = { path: string; code: string; message: string }
const fieldsOf = (body: { fields: Field[] }) =>
  Object.fromEntries(body.fields.map((field) => [field.path, field]))

const names = (lenders: Array<{ name: string }>) => lenders.map((lender) => lender.name).sort()
const businessNames = (product: 'business-loan' | 'factoring') =>
  DEMO_BUSINESS_LENDERS.filter((lender) => lender.criteria.products.includes(product)).map(
    (lender) => lender.name,
  )
const consumerNames = DEMO_LENDERS.map((lender) => lender.name)

describe('business applications: validation', () => {
  it('answers 400 naming each missing field, in Finnish and in English', async () => {
    const empty = { loan: {}, company: {}, person: {}, consents: {} }
    const finnish = await post(businessSubmission('business-loan', empty, randomUUID(), 'fi'))
    const english = await post(businessSubmission('business-loan', empty, randomUUID(), 'en'))
    expect(finnish.statusCode).toBe(400)
    expect(english.statusCode).toBe(400)
    const fi = fieldsOf(finnish.json())
    const en = fieldsOf(english.json())
    const expected = [
      'loan.amount',
      'loan.months',
      'loan.purpose',
      'company.businessId',
      'company.name',
      'company.legalForm',
      'company.registeredOn',
      'company.industry',
      'company.turnover',
      'company.result',
      'company.employees',
      'person.firstName',
      'person.lastName',
      'person.email',
      'person.phone',
      'person.role',
      'person.canSign',
    ].map((path) => `body.application.${path}`)
    for (const path of expected) {
      expect(fi[path], path).toMatchObject({ code: 'validation.required' })
      expect(fi[path]?.message).toBe(messagesFor('fi')['validation.required'])
      expect(en[path]?.message).toBe(messagesFor('en')['validation.required'])
    }
    expect(messagesFor('fi')['validation.required']).not.toBe(messagesFor('en')['validation.required'])
  })

  it('says what is wrong with a bad Y-tunnus, a future registration date and an unknown industry', async () => {
    const application = validBusinessLoan({
      company: { businessId: '2331972-8', registeredOn: '2999-01-01', industry: 'Z' },
    })
    for (const language of ['fi', 'en'] as const) {
      const response = await post(businessSubmission('business-loan', application, randomUUID(), language))
      expect(response.statusCode).toBe(400)
      const fields = fieldsOf(response.json())
      const t = messagesFor(language)
      expect(fields['body.application.company.businessId']).toEqual({
        path: 'body.application.company.businessId',
        code: 'validation.businessId.invalid',
        message: t['validation.businessId.invalid'],
      })
      expect(fields['body.application.company.registeredOn']?.message).toBe(t['validation.date.future'])
      expect(fields['body.application.company.industry']).toBeDefined()
    }
  })

  it('factoring: names the invoice fields', async () => {
    const application = validFactoring({
      factoring: { monthlyInvoiceVolume: '0', customerCount: '', largestCustomerShare: '101' },
    })
    const response = await post(businessSubmission('factoring', application, randomUUID(), 'en'))
    expect(response.statusCode).toBe(400)
    const fields = fieldsOf(response.json())
    expect(Object.keys(fields).sort()).toEqual([
      'body.application.factoring.customerCount',
      'body.application.factoring.largestCustomerShare',
      'body.application.factoring.monthlyInvoiceVolume',
    ])
    expect(fields['body.application.factoring.customerCount']?.message).toBe(
      messagesFor('en')['validation.required'],
    )
  })

  it('checks the SME limits in force: an admin lowers the maximum and a larger loan is refused', async () => {
    const admin = await loginAs(ctx.database.db, { role: 'admin' })
    const user = await loginAs(ctx.database.db)
    const put = (payload: object) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/v1/admin/config/sme',
        payload,
        cookies: admin.cookies,
        headers: OUR_CLIENT,
      })
    const lowered = {
      minAmount: 500,
      maxAmount: 50_000,
      minPeriod: 1,
      maxPeriod: 60,
      largeAmountFrom: 100_000,
      maxPeriodLarge: 120,
    }
    expect((await put(lowered)).statusCode).toBe(200)
    try {
      const response = await post(
        businessSubmission(
          'business-loan',
          validBusinessLoan({ loan: { amount: 60_000 } }),
          randomUUID(),
          'en',
        ),
        user.cookies,
      )
      expect(response.statusCode).toBe(400)
      expect(fieldsOf(response.json())['body.application.loan.amount']).toEqual({
        path: 'body.application.loan.amount',
        code: 'validation.sme.amount.range',
        message: messagesFor('en')['validation.sme.amount.range'],
      })
      // The period maximum depends on the amount: 61 months only from largeAmountFrom on.
      const longSmall = await post(
        businessSubmission('business-loan', validBusinessLoan({ loan: { amount: 40_000, months: 61 } })),
        user.cookies,
      )
      expect(fieldsOf(longSmall.json())['body.application.loan.months']?.code).toBe(
        'validation.sme.period.range',
      )
    } finally {
      expect((await put({ ...lowered, maxAmount: 10_000_000 })).statusCode).toBe(200)
    }
  })
})

describe('business applications: submit', () => {
  it('stores the company in its columns and the contact person without an identity number, once per key', async () => {
    const application = validBusinessLoan()
    const key = randomUUID()
    const [first, second] = await Promise.all([
      post(businessSubmission('business-loan', application, key)),
      post(businessSubmission('business-loan', application, key)),
    ])
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 201])
    const { applicationId, loginEmailSent } = (first.statusCode === 201 ? first : second).json()
    expect(second.json().applicationId).toBe(first.json().applicationId)
    expect(loginEmailSent).toBe(true)
    const again = await post(businessSubmission('business-loan', application, key))
    expect(again.statusCode).toBe(200)
    expect(again.json().applicationId).toBe(applicationId)

    const rows = await ctx.database.db
      .select()
      .from(schema.applications)
      .where(eq(schema.applications.idempotencyKey, key))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      kind: 'business-loan',
      amount: 60_000,
      periodMonths: 36,
      purpose: 'Buying equipment',
      businessId: '2331972-7',
      companyName: 'Testiyritys Oy',
    })
    expect(JSON.stringify(rows[0]?.details)).not.toContain(application.person.email)
    const people = await ctx.database.db
      .select()
      .from(schema.applicants)
      .where(eq(schema.applicants.applicationId, applicationId))
    expect(people).toHaveLength(1)
    expect(people[0]).toMatchObject({
      role: 'main',
      firstName: 'Kaisa',
      email: application.person.email,
      hetuEncrypted: null,
      details: { role: 'ceo', canSign: true },
    })
    // The person gets an account and one login e-mail, like a consumer applicant.
    const [account] = await ctx.database.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.email, application.person.email))
    expect(account?.role).toBe('consumer')
    const outbox = await ctx.database.db
      .select()
      .from(schema.outboxEmails)
      .where(eq(schema.outboxEmails.toAddress, application.person.email))
    expect(outbox).toHaveLength(1)
  })

  it('a factoring application asks for the unpaid invoices (volume × term / 30) over 12 months', async () => {
    const user = await loginAs(ctx.database.db)
    const application = validFactoring({
      factoring: { monthlyInvoiceVolume: '40000', paymentTermDays: '45' },
    })
    const response = await post(businessSubmission('factoring', application), user.cookies)
    expect(response.statusCode).toBe(201)
    const [row] = await ctx.database.db
      .select()
      .from(schema.applications)
      .where(eq(schema.applications.id, response.json().applicationId))
    expect(row).toMatchObject({ kind: 'factoring', amount: 60_000, periodMonths: 12, purpose: null })
  })

  it('keeps a signed-in person’s business draft on the server, found again after login', async () => {
    const user = await loginAs(ctx.database.db)
    const draft = { step: 'company-details', data: { loan: { amount: 30_000, months: 12 } } }
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/applications/drafts/business-loan',
      payload: draft,
      cookies: user.cookies,
      headers: OUR_CLIENT,
    })
    expect(saved.statusCode).toBe(200)
    // Another browser (no draft cookie), the same account.
    const loaded = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/applications/drafts/business-loan',
      cookies: user.cookies,
    })
    expect(loaded.statusCode).toBe(200)
    expect(loaded.json()).toMatchObject({ kind: 'business-loan', step: 'company-details', data: draft.data })
    const factoring = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/applications/drafts/factoring',
      cookies: user.cookies,
    })
    expect(factoring.statusCode).toBe(404)
  })
})

describe('business applications: matching', () => {
  it('goes to the business lenders whose criteria the company meets, never to consumer lenders', async () => {
    const user = await loginAs(ctx.database.db)
    const response = await post(businessSubmission('business-loan', validBusinessLoan()), user.cookies)
    expect(response.statusCode).toBe(201)
    const lenders = names(response.json().lenders)
    expect(lenders).toEqual(businessNames('business-loan').sort())
    expect(lenders.some((name) => consumerNames.includes(name))).toBe(false)
  })

  it('factoring goes to factoring companies only', async () => {
    const user = await loginAs(ctx.database.db)
    const response = await post(businessSubmission('factoring', validFactoring()), user.cookies)
    expect(names(response.json().lenders)).toEqual(businessNames('factoring').sort())
  })

  it('turnover, company age, industry and losses decide', async () => {
    const user = await loginAs(ctx.database.db)
    const send = async (company: Record<string, unknown>) => {
      const response = await post(
        businessSubmission('business-loan', validBusinessLoan({ company })),
        user.cookies,
      )
      expect(response.statusCode).toBe(201)
      return names(response.json().lenders)
    }
    const recent = new Date(Date.now() - 200 * 86_400_000).toISOString().slice(0, 10)
    // Finance (K) is excluded by every business lender.
    expect(await send({ industry: 'K' })).toEqual([])
    // A seven-month-old company: only the lender taking companies from six months.
    expect(await send({ registeredOn: recent })).toEqual(['Pajala PK-rahoitus'])
    // 40 000 € turnover: only the lender asking 30 000 €.
    expect(await send({ turnover: '40000' })).toEqual(['Pajala PK-rahoitus'])
    // A loss: the lenders that accept one.
    expect(await send({ result: '-5000' })).toEqual(['Pajala PK-rahoitus', 'Tyrsky Capital'])
  })

  it('a consumer application never goes to a business lender', async () => {
    const user = await loginAs(ctx.database.db)
    const response = await post(submission(validApplication()), user.cookies)
    expect(response.statusCode).toBe(201)
    const lenders = names(response.json().lenders)
    expect(lenders.length).toBeGreaterThan(0)
    expect(lenders.some((name) => businessNames('business-loan').includes(name))).toBe(false)
    expect(lenders.some((name) => businessNames('factoring').includes(name))).toBe(false)
  })

  it('the review step’s preview names exactly the lenders the application then goes to', async () => {
    const user = await loginAs(ctx.database.db)
    const application = validBusinessLoan({ company: { result: '-100' } })
    const { consents: _, ...form } = application
    const preview = await createWebServices(ctx.services).applications.recipients({
      kind: 'business-loan',
      language: 'fi',
      application: form,
    })
    expect(preview.ok).toBe(true)
    const response = await post(businessSubmission('business-loan', application), user.cookies)
    const sent = response.json().lenders
    expect(preview.ok && names(preview.lenders)).toEqual(names(sent))
    const recipients = await ctx.database.db
      .select({ lenderId: schema.applicationRecipients.lenderId })
      .from(schema.applicationRecipients)
      .where(and(eq(schema.applicationRecipients.applicationId, response.json().applicationId)))
    expect(recipients).toHaveLength(sent.length)
  })
})
