import { randomUUID } from 'node:crypto'
import { schema } from '@lainava/db'
import { exampleMortgageSteps } from '@lainava/domain/mortgage/example-application'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lenderRow } from '../../test/lenders.ts'
import { loginAs, OUR_CLIENT } from '../../test/sessions.ts'
import { createTestApp } from '../../test/test-app.ts'
import { submittedMortgage } from '../mortgage/mortgage-test-helpers.ts'
import { csvCell } from './admin-applications.ts'

// Issue 15 item 6: the admin lists, an application's page, notes, status, CSV, and the audit log.
// Business applications are inserted through the database, as the business form stores them.

let ctx: Awaited<ReturnType<typeof createTestApp>>
let lenderA = ''
let lenderB = ''
let admin: Awaited<ReturnType<typeof loginAs>>

beforeAll(async () => {
  ctx = await createTestApp()
  const rows = await ctx.database.db
    .insert(schema.lenders)
    .values([lenderRow({ name: 'Alpha Rahoitus' }), lenderRow({ name: 'Beta Factoring' })])
    .returning({ id: schema.lenders.id })
  lenderA = rows[0]?.id ?? ''
  lenderB = rows[1]?.id ?? ''
  admin = await loginAs(ctx.database.db, { role: 'admin' })
})
afterAll(async () => {
  await ctx.close()
})

/** A random Y-tunnus with a right check digit (weights 7 9 10 5 8 4 2; remainder 1 is never issued). */
function businessId(): string {
  for (;;) {
    const digits = String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')
    const sum = [7, 9, 10, 5, 8, 4, 2].reduce((total, weight, i) => total + weight * Number(digits[i]), 0)
    const remainder = sum % 11
    if (remainder === 1) continue
    return `${digits}-${remainder === 0 ? 0 : 11 - remainder}`
  }
}

type Answer = 'pending' | 'offered' | 'declined' | 'processing' | 'info-requested'

async function insertApplication(options: {
  kind?: 'business-loan' | 'factoring' | 'credit-card' | 'consumer-loan' | 'mortgage'
  companyName?: string
  businessId?: string
  industry?: string
  amount?: number
  answers?: Answer[]
  contact?: { firstName: string; lastName: string; email: string; phone: string }
  hetu?: string
}) {
  const { db } = ctx.database
  const owner = await loginAs(db)
  const kind = options.kind ?? 'business-loan'
  const business = kind === 'business-loan' || kind === 'factoring'
  const [application] = await db
    .insert(schema.applications)
    .values({
      userId: owner.userId,
      kind,
      idempotencyKey: randomUUID(),
      amount: options.amount ?? 50_000,
      periodMonths: 36,
      purpose: business ? 'working-capital' : kind === 'mortgage' ? 'first-home' : 'renovation',
      businessId: business ? (options.businessId ?? businessId()) : null,
      companyName: business ? (options.companyName ?? `Testi ${randomUUID().slice(0, 6)} Oy`) : null,
      details: business
        ? {
            company: {
              legalForm: 'oy',
              registeredOn: '2015-04-01',
              industry: options.industry ?? 'C',
              turnover: 800_000,
              result: 40_000,
              employees: 12,
            },
          }
        : {},
    })
    .returning({ id: schema.applications.id })
  if (!application) throw new Error('not stored')
  const contact = options.contact ?? {
    firstName: 'Maija',
    lastName: 'Meikäläinen',
    email: owner.email,
    phone: '+358401234567',
  }
  await db.insert(schema.applicants).values({
    applicationId: application.id,
    role: 'main',
    ...contact,
    hetuEncrypted: options.hetu ? ctx.services.cipher.encrypt(options.hetu) : null,
    hetuHash: options.hetu ? ctx.services.cipher.fingerprint(options.hetu) : null,
    details: {},
  })
  const answers = options.answers ?? []
  for (const [index, status] of answers.entries()) {
    const lenderId = index === 0 ? lenderA : lenderB
    await db.insert(schema.applicationRecipients).values({
      applicationId: application.id,
      lenderId,
      status,
      answeredAt: status === 'pending' ? null : new Date(),
      declineReason: status === 'declined' ? 'turnover too low' : null,
    })
    if (status === 'offered') {
      await db.insert(schema.offers).values({
        applicationId: application.id,
        lenderId,
        amount: 50_000,
        months: 36,
        nominalRate: 0.069,
        openingFee: 250,
        monthlyFee: 10,
        feeFinanced: false,
        monthlyPayment: 1551.23,
        apr: 0.0791,
        totalCost: 6194.28,
        totalPayable: 56_194.28,
        validUntil: new Date(Date.now() + 30 * 86_400_000),
        personalGuarantee: true,
      })
    }
  }
  return application.id
}

const get = (url: string, cookies: Record<string, string> = admin.cookies) =>
  ctx.app.inject({ method: 'GET', url, cookies })
const post = (url: string, payload: unknown, cookies: Record<string, string> = admin.cookies) =>
  ctx.app.inject({ method: 'POST', url, cookies, headers: OUR_CLIENT, payload: payload as object })

async function auditOf(subjectId: string) {
  return ctx.database.db
    .select()
    .from(schema.auditLog)
    .where(eq(schema.auditLog.subjectId, subjectId))
    .orderBy(schema.auditLog.at)
}

describe('the business application list', () => {
  it('finds an application by Y-tunnus, typed with spaces or in the old short form', async () => {
    const id = businessId()
    const wanted = await insertApplication({ businessId: id, companyName: 'Hakutesti Oy' })
    await insertApplication({})
    const typed = [id, ` ${id.slice(0, 4)} ${id.slice(4)} `, ...(id.startsWith('0') ? [id.slice(1)] : [])]
    for (const q of typed) {
      const response = await get(`/api/v1/admin/applications?segment=sme&q=${encodeURIComponent(q)}`)
      expect(response.statusCode).toBe(200)
      expect(response.json().applications.map((row: { id: string }) => row.id)).toEqual([wanted])
    }
    const byName = await get('/api/v1/admin/applications?segment=sme&q=hakutesti')
    expect(byName.json().applications).toMatchObject([
      { id: wanted, companyName: 'Hakutesti Oy', businessId: id, industry: 'C' },
    ])
    // A search is text, never a pattern.
    const wildcard = await get('/api/v1/admin/applications?segment=sme&q=%25')
    expect(wildcard.json().total).toBe(0)
  })

  it('filters by status, amount, industry, period and the lenders’ answers', async () => {
    const tag = `Suodatin ${randomUUID().slice(0, 6)}`
    const offered = await insertApplication({
      companyName: `${tag} A Oy`,
      amount: 120_000,
      industry: 'F',
      answers: ['offered', 'declined'],
    })
    const declined = await insertApplication({
      companyName: `${tag} B Oy`,
      amount: 40_000,
      industry: 'F',
      answers: ['declined', 'declined'],
    })
    const waiting = await insertApplication({
      kind: 'factoring',
      companyName: `${tag} C Oy`,
      amount: 40_000,
      industry: 'G',
      answers: ['declined', 'pending'],
    })
    const ids = async (query: string) => {
      const response = await get(
        `/api/v1/admin/applications?segment=sme&q=${encodeURIComponent(tag)}&${query}`,
      )
      expect(response.statusCode).toBe(200)
      return (response.json().applications as Array<{ id: string }>).map((row) => row.id).sort()
    }
    expect(await ids('answer=any-offer')).toEqual([offered])
    expect(await ids('answer=all-declined')).toEqual([declined])
    expect(await ids('answer=waiting')).toEqual([waiting])
    expect(await ids('industry=F')).toEqual([offered, declined].sort())
    expect(await ids('minAmount=100000')).toEqual([offered])
    expect(await ids('maxAmount=50000')).toEqual([declined, waiting].sort())
    expect(await ids('kind=factoring')).toEqual([waiting])
    const today = new Date().toISOString().slice(0, 10)
    expect(await ids(`from=${today}&to=${today}`)).toHaveLength(3)
    expect(await ids('to=2000-01-01')).toEqual([])
    await post(`/api/v1/admin/applications/${declined}/status`, { status: 'closed' })
    expect(await ids('status=closed')).toEqual([declined])

    const counts = await get(`/api/v1/admin/applications?segment=sme&q=${encodeURIComponent(`${tag} A`)}`)
    expect(counts.json().applications[0].answers).toEqual({ lenders: 2, offered: 1, declined: 1, pending: 0 })
  })

  it('pages 25 at a time, newest first, and keeps business and one-page applications apart', async () => {
    const tag = `Sivutus ${randomUUID().slice(0, 6)}`
    for (let i = 0; i < 27; i++) await insertApplication({ companyName: `${tag} ${i} Oy` })
    const first = await get(`/api/v1/admin/applications?segment=sme&q=${encodeURIComponent(tag)}`)
    expect(first.json()).toMatchObject({ total: 27, page: 1, pageSize: 25 })
    expect(first.json().applications).toHaveLength(25)
    const second = await get(`/api/v1/admin/applications?segment=sme&q=${encodeURIComponent(tag)}&page=2`)
    expect(second.json().applications).toHaveLength(2)
    const card = await insertApplication({ kind: 'credit-card', hetu: '131052-308T' })
    const onePage = await get('/api/v1/admin/applications?segment=one-page&kind=credit-card')
    expect(onePage.json().applications.map((row: { id: string }) => row.id)).toContain(card)
    const sme = await get('/api/v1/admin/applications?segment=sme&kind=credit-card')
    expect(sme.json().applications.map((row: { id: string }) => row.id)).not.toContain(card)
    // One-page applications are found by the applicant's e-mail or surname, not by a company.
    const contact = {
      firstName: 'Onni',
      lastName: 'Haettava',
      email: 'onni.haettava@example.fi',
      phone: '+358401111111',
    }
    const loan = await insertApplication({ kind: 'consumer-loan', contact })
    for (const q of ['ONNI.haettava@example.fi', 'haettav']) {
      const found = await get(`/api/v1/admin/applications?segment=one-page&q=${encodeURIComponent(q)}`)
      expect(found.json().applications.map((row: { id: string }) => row.id)).toEqual([loan])
    }
  })

  it('lists mortgage applications on their own, found by the applicant, waiting while banks process, and opens one', async () => {
    const contact = {
      firstName: 'Aino',
      lastName: 'Asuntolainaaja',
      email: `aino.${randomUUID().slice(0, 6)}@example.fi`,
      phone: '+358402222222',
    }
    const mortgage = await insertApplication({
      kind: 'mortgage',
      amount: 240_000,
      contact,
      // The banks' intermediate answers: neither has offered nor declined yet.
      answers: ['processing', 'info-requested'],
    })
    const ids = async (query: string) =>
      (await get(`/api/v1/admin/applications?${query}`))
        .json()
        .applications.map((row: { id: string }) => row.id)
    expect(await ids('segment=mortgage')).toContain(mortgage)
    expect(await ids('segment=one-page')).not.toContain(mortgage)
    expect(await ids('segment=sme')).not.toContain(mortgage)
    // Only mortgages in this list, whatever kind is asked for.
    expect(await ids('segment=mortgage&kind=consumer-loan')).toContain(mortgage)
    for (const q of [contact.email, 'asuntolainaaj']) {
      expect(await ids(`segment=mortgage&q=${encodeURIComponent(q)}`)).toEqual([mortgage])
    }
    const list = await get(
      `/api/v1/admin/applications?segment=mortgage&q=${encodeURIComponent(contact.email)}`,
    )
    expect(list.json().applications[0]).toMatchObject({
      kind: 'mortgage',
      amount: 240_000,
      answers: { lenders: 2, offered: 0, declined: 0, pending: 2 },
    })
    expect(await ids(`segment=mortgage&answer=waiting&q=${encodeURIComponent(contact.email)}`)).toEqual([
      mortgage,
    ])
    const page = await get(`/api/v1/admin/applications/${mortgage}`)
    expect(page.statusCode).toBe(200)
    expect(page.json()).toMatchObject({ id: mortgage, kind: 'mortgage', amount: 240_000 })
    // Another admin exports (the CSV test below reads the first export this admin logged).
    const another = await loginAs(ctx.database.db, { role: 'admin' })
    const csv = await get(
      `/api/v1/admin/applications/export.csv?segment=mortgage&q=${encodeURIComponent(contact.email)}`,
      another.cookies,
    )
    expect(csv.statusCode).toBe(200)
    expect(csv.body).toContain(mortgage)
  })

  it('answers bad filters with 400 and field errors in the user’s language', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/admin/applications?segment=sme&minAmount=lots&from=yesterday&answer=maybe',
      cookies: admin.cookies,
      headers: { 'accept-language': 'en' },
    })
    expect(response.statusCode).toBe(400)
    const paths = (response.json().fields as Array<{ path: string; message: string }>).map((f) => f.path)
    expect(paths).toEqual(expect.arrayContaining(['query.minAmount', 'query.from', 'query.answer']))
  })
})

describe('hostile input from an admin session', () => {
  it.each([
    '/api/v1/admin/applications?segment=sme&q=%00',
    `/api/v1/admin/applications?segment=sme&q=${'x'.repeat(5000)}`,
    '/api/v1/admin/applications?segment=sme&page=99999999999999',
    '/api/v1/admin/applications?segment=sme&minAmount=1e400',
    '/api/v1/admin/applications?segment=sme&from=2026-02-31',
    '/api/v1/admin/applications?segment=nobody',
    '/api/v1/admin/applications/export.csv?segment=sme&industry=%27%3B--',
    '/api/v1/admin/applications/not-a-uuid',
    `/api/v1/admin/applications/${randomUUID()}/applicants/boss/hetu`,
    '/api/v1/admin/audit-log?actorId=nobody',
    '/api/v1/admin/audit-log?page=0',
  ])('%s answers 400', async (url) => {
    const response = await get(url)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: expect.any(String), fields: expect.any(Array) })
  })

  it('takes a broken UTF-8 search as text (the decoder replaces it) and finds nothing', async () => {
    const response = await get('/api/v1/admin/applications?segment=one-page&q=%ED%A0%80')
    expect(response.statusCode).toBe(200)
    expect(response.json().total).toBe(0)
  })
})

describe("an application's page", () => {
  it('shows the company, the contact person, every lender’s answer and offer, and logs the read', async () => {
    const id = await insertApplication({ answers: ['offered', 'declined'], industry: 'J' })
    const response = await get(`/api/v1/admin/applications/${id}`)
    expect(response.statusCode).toBe(200)
    const page = response.json()
    expect(page.company).toMatchObject({ industry: 'J', legalForm: 'oy', employees: 12 })
    expect(page.people).toMatchObject([{ role: 'main', firstName: 'Maija', hasHetu: false }])
    expect(page.answers).toMatchObject([
      {
        lenderName: 'Alpha Rahoitus',
        status: 'offered',
        offer: {
          nominalRatePercent: 6.9,
          aprPercent: 7.91,
          monthlyPayment: 1551.23,
          personalGuarantee: true,
        },
      },
      { lenderName: 'Beta Factoring', status: 'declined', declineReason: 'turnover too low', offer: null },
    ])
    const log = await auditOf(id)
    expect(log).toMatchObject([
      { action: 'application.read', actorId: admin.userId, actorRole: 'admin', subjectType: 'application' },
    ])
    // The page's history shows the read itself.
    expect(page.history).toMatchObject([
      { action: 'application.read', actorId: admin.userId, actorEmail: admin.email },
    ])
  })

  it('adds a note (encrypted at rest) and logs it without its text', async () => {
    const id = await insertApplication({})
    const added = await post(`/api/v1/admin/applications/${id}/notes`, {
      text: 'Soitettu Maijalle, odottaa tilinpäätöstä',
    })
    expect(added.statusCode).toBe(201)
    expect(added.json()).toMatchObject({
      text: 'Soitettu Maijalle, odottaa tilinpäätöstä',
      authorEmail: admin.email,
    })
    const [stored] = await ctx.database.db
      .select()
      .from(schema.applicationNotes)
      .where(eq(schema.applicationNotes.applicationId, id))
    expect(stored?.textEncrypted).not.toContain('Maija')
    const page = (await get(`/api/v1/admin/applications/${id}`)).json()
    expect(page.notes).toMatchObject([{ text: 'Soitettu Maijalle, odottaa tilinpäätöstä' }])
    const log = await auditOf(id)
    expect(log.map((entry) => entry.action)).toEqual(['application.note', 'application.read'])
    expect(JSON.stringify(log)).not.toContain('Maija')

    const empty = await post(`/api/v1/admin/applications/${id}/notes`, { text: '   ' })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().fields[0]).toMatchObject({ path: 'body.text', code: 'validation.required' })
  })

  it('changes the status and logs the old and the new one; the same status again changes nothing', async () => {
    const id = await insertApplication({})
    const changed = await post(`/api/v1/admin/applications/${id}/status`, { status: 'in-review' })
    expect(changed.json()).toEqual({ status: 'in-review', changed: true })
    const again = await post(`/api/v1/admin/applications/${id}/status`, { status: 'in-review' })
    expect(again.json()).toEqual({ status: 'in-review', changed: false })
    const [row] = await ctx.database.db
      .select({ status: schema.applications.status })
      .from(schema.applications)
      .where(eq(schema.applications.id, id))
    expect(row?.status).toBe('in-review')
    const log = await auditOf(id)
    expect(log).toMatchObject([
      { action: 'application.status', details: { from: 'submitted', to: 'in-review' } },
    ])
    // offer-accepted comes only from the applicant's acceptance.
    const refused = await post(`/api/v1/admin/applications/${id}/status`, { status: 'offer-accepted' })
    expect(refused.statusCode).toBe(400)
  })

  it('shows a henkilötunnus only on request, and logs that', async () => {
    const id = await insertApplication({ kind: 'credit-card', hetu: '131052-308T' })
    const page = (await get(`/api/v1/admin/applications/${id}`)).json()
    expect(JSON.stringify(page)).not.toContain('131052')
    expect(page.people[0].hasHetu).toBe(true)
    const shown = await get(`/api/v1/admin/applications/${id}/applicants/main/hetu`)
    expect(shown.json()).toEqual({ hetu: '131052-308T' })
    const log = await auditOf(id)
    expect(log.map((entry) => entry.action)).toEqual(['application.read', 'applicant.hetu.read'])
    expect(JSON.stringify(log)).not.toContain('131052')
  })

  // The example application's sections as the admin page shows them.
  const PROPERTY = {
    propertyType: 'apartment',
    postalCode: '00530',
    city: 'Helsinki',
    price: 250_000,
    livingArea: 54.5,
    buildYear: 1962,
    housingCompanyLoanShare: 0,
    maintenanceCharge: 250,
  }
  const LOAN = {
    loanAmount: 200_000,
    years: 25,
    repaymentType: 'annuity',
    referenceRate: 'euribor-12',
    fixedPeriodYears: null,
  }
  const FUNDING = {
    ownFunds: 50_000,
    ownFundsSources: ['savings'],
    aspSaving: false,
    aspBalance: null,
    otherCollateral: false,
    otherCollateralDescription: null,
    otherCollateralValue: null,
    stateGuarantee: false,
  }
  const MAIN_APPLICANT = {
    employmentType: 'permanent',
    occupation: 'Sairaanhoitaja',
    employer: 'Esimerkki Oy',
    employedSince: '2019-08',
    monthlyGrossIncome: 4_200,
    monthlyNetIncome: 3_000,
    otherMonthlyIncome: 0,
    savings: 20_000,
    investments: 5_000,
    otherLoans: [{ type: 'student-loan', lender: 'Pankki', balance: 8_000, monthlyPayment: 120 }],
  }

  it('shows a mortgage’s property, loan, funding and household, no henkilötunnus or home address; admins only', async () => {
    const applicant = await loginAs(ctx.database.db)
    const { applicationId } = await submittedMortgage(ctx, applicant)
    const url = `/api/v1/admin/applications/${applicationId}`
    const response = await get(url)
    expect(response.statusCode).toBe(200)
    const page = response.json()
    expect(page.mortgage).toEqual({
      hasCoApplicant: true,
      property: PROPERTY,
      loan: LOAN,
      funding: FUNDING,
      household: { adults: 2, children: 1, childMaintenanceCosts: 0, otherHousingCosts: 80 },
      applicants: [
        { role: 'main', details: MAIN_APPLICANT },
        {
          role: 'co',
          details: {
            employmentType: 'student',
            occupation: 'Opiskelija',
            employer: null,
            employedSince: null,
            monthlyGrossIncome: 900,
            monthlyNetIncome: 800,
            otherMonthlyIncome: 250,
            savings: 0,
            investments: 0,
            otherLoans: [],
          },
        },
      ],
    })
    expect(page.people).toMatchObject([
      { role: 'main', hasHetu: true },
      { role: 'co', hasHetu: true },
    ])
    // The henkilötunnus only on request (audited); the home and property street addresses not at all.
    const text = JSON.stringify(page)
    for (const hidden of [
      exampleMortgageSteps['personal-information'].hetu,
      exampleMortgageSteps['co-applicant-personal-information'].hetu,
      exampleMortgageSteps['personal-information'].streetAddress,
      exampleMortgageSteps['property-information'].streetAddress,
    ])
      expect(text).not.toContain(hidden)
    // Neither the applicant, a lender user nor a stranger reads it.
    const lender = await loginAs(ctx.database.db, { role: 'lender', lenderId: lenderA })
    expect((await get(url, applicant.cookies)).statusCode).toBe(403)
    expect((await get(url, lender.cookies)).statusCode).toBe(403)
    expect((await get(url, {})).statusCode).toBe(401)
    expect(
      (await auditOf(applicationId)).filter((entry) => entry.action === 'application.read'),
    ).toMatchObject([{ actorId: admin.userId }])
  })

  it('shows the sections it reads of a mortgage with one section in an older or broken shape', async () => {
    const { db } = ctx.database
    const { applicationId } = await submittedMortgage(ctx, await loginAs(db))
    const [stored] = await db
      .select({ details: schema.applications.details })
      .from(schema.applications)
      .where(eq(schema.applications.id, applicationId))
    const details = stored?.details as { household: Record<string, unknown> }
    // An older shape: the household without its child maintenance costs.
    const { childMaintenanceCosts: _, ...household } = details.household
    await db
      .update(schema.applications)
      .set({ details: { ...details, household } })
      .where(eq(schema.applications.id, applicationId))
    // The co-applicant's income stored as something this version does not read.
    await db
      .update(schema.applicants)
      .set({ details: sql`jsonb_set(${schema.applicants.details}, '{income}', '"much"')` })
      .where(and(eq(schema.applicants.applicationId, applicationId), eq(schema.applicants.role, 'co')))
    const page = await get(`/api/v1/admin/applications/${applicationId}`)
    expect(page.statusCode).toBe(200)
    expect(page.json().mortgage).toEqual({
      hasCoApplicant: true,
      property: PROPERTY,
      loan: LOAN,
      funding: FUNDING,
      household: null,
      applicants: [
        { role: 'main', details: MAIN_APPLICANT },
        { role: 'co', details: null },
      ],
    })
  })

  it('shows no mortgage section for another kind of application', async () => {
    const id = await insertApplication({ kind: 'consumer-loan' })
    expect((await get(`/api/v1/admin/applications/${id}`)).json().mortgage).toBeNull()
  })

  it('opens a mortgage whose stored details are not objects (scalars, arrays) with no mortgage section, not a 500', async () => {
    const { db } = ctx.database
    const shapes: unknown[] = [
      { property: 1, loan: 'fixed', funding: true, household: [1] },
      { property: {}, loan: 'fixed', funding: {}, household: {} },
      'details',
      [1, 2],
    ]
    for (const details of shapes) {
      const id = await insertApplication({ kind: 'mortgage', amount: 200_000 })
      await db.update(schema.applications).set({ details }).where(eq(schema.applications.id, id))
      await db
        .update(schema.applicants)
        .set({ details: { work: 5, income: 'much', otherLoans: 'none' } })
        .where(eq(schema.applicants.applicationId, id))
      const page = await get(`/api/v1/admin/applications/${id}`)
      expect(page.statusCode).toBe(200)
      expect(page.json()).toMatchObject({ id, kind: 'mortgage', mortgage: null })
    }
  })

  it('answers 404 for an application that does not exist, and logs nothing', async () => {
    const missing = randomUUID()
    expect((await get(`/api/v1/admin/applications/${missing}`)).statusCode).toBe(404)
    expect((await post(`/api/v1/admin/applications/${missing}/notes`, { text: 'x' })).statusCode).toBe(404)
    expect(await auditOf(missing)).toEqual([])
  })
})

describe('the CSV export', () => {
  it('holds the filtered list with the contact person, no henkilötunnus, formulas defused, and is logged', async () => {
    const tag = `Vienti ${randomUUID().slice(0, 6)}`
    const id = await insertApplication({
      companyName: `=HYPERLINK("http://evil.example")${tag}`,
      contact: { firstName: '+Kalle', lastName: '@Virtanen', email: 'kalle@example.fi', phone: '-401234' },
      answers: ['offered'],
      hetu: '131052-308T',
    })
    await insertApplication({ companyName: `Muu ${randomUUID().slice(0, 6)} Oy` })
    const response = await get(
      `/api/v1/admin/applications/export.csv?segment=sme&q=${encodeURIComponent(tag)}`,
    )
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/csv/)
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="applications-sme-/)
    expect(response.headers['cache-control']).toBe('no-store')
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines).toHaveLength(2)
    expect(lines[0]).toMatch(/^id,created_at,kind,status,amount,/)
    expect(lines[1]).toContain(id)
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"")${tag}"`)
    expect(lines[1]).toContain(",'+Kalle,'@Virtanen,kalle@example.fi,'-401234,")
    expect(response.body).not.toContain('131052')
    const [entry] = await ctx.database.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, 'application.export'), eq(schema.auditLog.actorId, admin.userId)))
    expect(entry).toMatchObject({
      subjectType: 'application-list',
      subjectId: 'sme',
      details: { rows: 1, filters: ['q'] },
    })
    expect(JSON.stringify(entry)).not.toContain(tag)
  })

  it('escapes cells', () => {
    expect(csvCell('=1+1')).toBe("'=1+1")
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell(-5)).toBe('-5')
    expect(csvCell(null)).toBe('')
  })
})

describe('access', () => {
  it('answers 403 to consumers and lender users and 401 to strangers, on every admin route', async () => {
    const consumer = await loginAs(ctx.database.db)
    const lender = await loginAs(ctx.database.db, { role: 'lender', lenderId: lenderA })
    const id = await insertApplication({ hetu: '131052-308T' })
    const mortgage = await insertApplication({ kind: 'mortgage' })
    const reads = [
      `/api/v1/admin/applications/${mortgage}`,
      '/api/v1/admin/applications?segment=sme',
      '/api/v1/admin/applications?segment=mortgage',
      '/api/v1/admin/applications/export.csv?segment=mortgage',
      '/api/v1/admin/applications/export.csv?segment=one-page',
      `/api/v1/admin/applications/${id}`,
      `/api/v1/admin/applications/${id}/applicants/main/hetu`,
      '/api/v1/admin/audit-log',
    ]
    for (const who of [consumer, lender]) {
      for (const url of reads) expect((await get(url, who.cookies)).statusCode, url).toBe(403)
      expect(
        (await post(`/api/v1/admin/applications/${id}/notes`, { text: 'x' }, who.cookies)).statusCode,
      ).toBe(403)
      expect(
        (await post(`/api/v1/admin/applications/${id}/status`, { status: 'closed' }, who.cookies)).statusCode,
      ).toBe(403)
    }
    for (const url of reads) expect((await get(url, {})).statusCode, url).toBe(401)
    expect(await auditOf(id)).toEqual([])
    expect(await auditOf(mortgage)).toEqual([])
  })
})

describe('the audit log', () => {
  it('is read by filters, newest first, in pages', async () => {
    const id = await insertApplication({})
    await get(`/api/v1/admin/applications/${id}`)
    await post(`/api/v1/admin/applications/${id}/status`, { status: 'in-review' })
    await post(`/api/v1/admin/applications/${id}/notes`, { text: 'muistiinpano' })
    const all = await get(`/api/v1/admin/audit-log?subjectType=application&subjectId=${id}`)
    expect(all.statusCode).toBe(200)
    expect(all.json().entries.map((entry: { action: string }) => entry.action)).toEqual([
      'application.note',
      'application.status',
      'application.read',
    ])
    const byAction = await get(`/api/v1/admin/audit-log?subjectId=${id}&action=application.status`)
    expect(byAction.json().entries).toHaveLength(1)
    const byActor = await get(`/api/v1/admin/audit-log?actorId=${admin.userId}&subjectId=${id}`)
    expect(byActor.json().entries).toHaveLength(3)
    const other = await loginAs(ctx.database.db, { role: 'admin' })
    const byOther = await get(`/api/v1/admin/audit-log?actorId=${other.userId}`)
    expect(byOther.json()).toMatchObject({ entries: [], hasMore: false })
    const past = await get(`/api/v1/admin/audit-log?subjectId=${id}&to=2000-01-01`)
    expect(past.json().entries).toEqual([])

    for (let i = 0; i < 50; i++) await get(`/api/v1/admin/applications/${id}`)
    const first = await get(`/api/v1/admin/audit-log?subjectId=${id}`)
    expect(first.json()).toMatchObject({ page: 1, pageSize: 50, hasMore: true })
    const second = await get(`/api/v1/admin/audit-log?subjectId=${id}&page=2`)
    // 3 + 50 entries: 50 on the first page, 3 on the second (reading the log is not itself logged).
    expect(second.json().entries).toHaveLength(3)
    expect(second.json().hasMore).toBe(false)
  })

  it('offers no route that edits or deletes an entry, and the database refuses both', async () => {
    const id = await insertApplication({})
    await get(`/api/v1/admin/applications/${id}`)
    const [entry] = await auditOf(id)
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of ['/api/v1/admin/audit-log', `/api/v1/admin/audit-log/${entry?.id}`]) {
        const response = await ctx.app.inject({
          method,
          url,
          cookies: admin.cookies,
          headers: OUR_CLIENT,
          payload: {},
        })
        expect(response.statusCode, `${method} ${url}`).toBe(404)
      }
    }
    const refused = (query: Promise<unknown>) =>
      query.then(
        () => 'accepted',
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      )
    const { db } = ctx.database
    expect(await refused(db.execute(sql`update audit_log set action = 'x' where id = ${entry?.id}`))).toMatch(
      /append-only: UPDATE refused/,
    )
    expect(await refused(db.execute(sql`delete from audit_log where id = ${entry?.id}`))).toMatch(
      /append-only: DELETE refused/,
    )
    expect(await auditOf(id)).toMatchObject([{ id: entry?.id, action: 'application.read' }])
  })
})
