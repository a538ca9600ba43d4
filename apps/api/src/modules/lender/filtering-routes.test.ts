import { schema } from '@lainava/db'
import { MATCHED_APPLICATION_SCHEMAS } from '@lainava/domain'
import type {
  LenderFilter,
  LenderFilterPreview,
  LenderFilterSaved,
  LenderFilterView,
} from '@lainava/domain/marketplace/lender-filter'
import { and, count, eq, inArray, ne } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { submission, validApplication } from '../../test/applications.ts'
import { lenderRow } from '../../test/lenders.ts'
import { type Cookies, loginAs, OUR_CLIENT } from '../../test/sessions.ts'
import { createTestApp } from '../../test/test-app.ts'
import { previewRecipients } from '../marketplace/marketplace.ts'

// Issue 17: the lender filter over the API and the marketplace: the preview counts what the
// marketplace then does, a saved filter applies to the next application, versions and audit entries
// are written, the daily cap holds under concurrent submissions, and only lender-admins get in.

let ctx: Awaited<ReturnType<typeof createTestApp>>

beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(async () => {
  await ctx.close()
})

const db = () => ctx.database.db

async function newLender(name: string, filtering = { acceptingApplications: true, excludedPurposes: [] }) {
  const [lender] = await db()
    .insert(schema.lenders)
    .values(lenderRow({ name, filtering }))
    .returning({ id: schema.lenders.id })
  if (!lender) throw new Error('no lender')
  return lender.id
}

function call(
  cookies: Cookies,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: Record<string, unknown>,
) {
  return ctx.app.inject({
    method,
    url,
    cookies,
    headers: { ...OUR_CLIENT, 'accept-language': 'fi' },
    ...(payload === undefined ? {} : { payload }),
  })
}

async function view(cookies: Cookies): Promise<LenderFilterView> {
  const response = await call(cookies, 'GET', '/api/v1/lender/filtering')
  expect(response.statusCode).toBe(200)
  return response.json()
}

async function preview(cookies: Cookies, filter: LenderFilter): Promise<LenderFilterPreview> {
  const response = await call(cookies, 'POST', '/api/v1/lender/filtering/preview', { filter })
  expect(response.statusCode).toBe(200)
  return response.json()
}

/** Six applications: two in Uusimaa or Pirkanmaa, renting, with little unsecured debt and a good income. */
function applicationSet() {
  const base = validApplication()
  const withApplicant = (applicant: Record<string, unknown>) =>
    validApplication({ applicant: { ...base.applicant, ...applicant } })
  return [
    validApplication(),
    withApplicant({ postcode: '33100', city: 'Tampere' }),
    withApplicant({ postcode: '96100', city: 'Rovaniemi' }),
    withApplicant({ housing: 'self owned' }),
    validApplication({
      debts: {
        debts: [{ type: 'unsecured loan', remaining: '9000', monthlyPayment: '300' }],
        creditCards: [],
      },
    }),
    validApplication({
      work: { ...base.work, monthlyGrossIncome: '2000', monthlyNetIncome: '1500' },
    }),
  ]
}

async function submitAll(applications: unknown[]): Promise<string[]> {
  const consumer = await loginAs(db())
  const ids: string[] = []
  for (const application of applications) {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/applications',
      payload: submission(application),
      cookies: consumer.cookies,
      headers: OUR_CLIENT,
    })
    expect(response.statusCode).toBe(201)
    ids.push(response.json().applicationId)
  }
  return ids
}

async function recipientCount(lenderId: string, applicationIds?: string[]): Promise<number> {
  const [row] = await db()
    .select({ n: count() })
    .from(schema.applicationRecipients)
    .where(
      and(
        eq(schema.applicationRecipients.lenderId, lenderId),
        applicationIds ? inArray(schema.applicationRecipients.applicationId, applicationIds) : undefined,
      ),
    )
  return row?.n ?? 0
}

describe('the lender filter', () => {
  it('previews exactly what the marketplace then does, and a saved filter stops the next applications', async () => {
    const lenderId = await newLender('Suodatin Rahoitus')
    const admin = await loginAs(db(), { role: 'lender', lenderId, lenderRole: 'lender-admin' })
    const first = await submitAll(applicationSet())

    const before = await view(admin.cookies)
    expect(before.version).toBe(0)
    expect(before.versions).toEqual([])
    expect(before.receivedToday).toBe(await recipientCount(lenderId))

    const narrowed: LenderFilter = {
      ...before.filter,
      regions: ['uusimaa', 'pirkanmaa'],
      housingTypes: ['renting'],
      maxUnsecuredDebt: 5000,
      minNetIncome: 2000,
    } as LenderFilter
    const counted = await preview(admin.cookies, narrowed)
    // The current filter's count is the lender's recipient rows: every application so far came under it.
    expect(counted.currentMatched).toBe(await recipientCount(lenderId))
    expect(counted.currentMatched).toBeGreaterThanOrEqual(first.length)
    expect(counted.draftMatched).toBe(2)
    expect(counted.applications).toBeGreaterThanOrEqual(first.length)

    const saved = await call(admin.cookies, 'PUT', '/api/v1/lender/filtering', {
      filter: narrowed,
      version: before.version,
    })
    expect(saved.statusCode).toBe(200)
    const after: LenderFilterSaved = saved.json()
    expect(after.changed).toBe(true)
    expect(after.version).toBe(2)
    expect(after.filter).toMatchObject({ regions: ['uusimaa', 'pirkanmaa'], maxUnsecuredDebt: 5000 })
    // Who and when, and what changed; version 1 is the filter as it was before the portal.
    expect(after.versions.map((version) => [version.version, version.changedBy])).toEqual([
      [2, admin.email],
      [1, null],
    ])
    expect(after.versions[0]?.changes.map((change) => change.field).sort()).toEqual(
      ['housingTypes', 'maxUnsecuredDebt', 'minNetIncome', 'regions'].sort(),
    )
    expect(after.versions[0]?.changes).toContainEqual({ field: 'minNetIncome', from: 0, to: 2000 })
    expect(Date.now() - Date.parse(after.versions[0]?.createdAt ?? '')).toBeLessThan(60_000)

    // The same applications again: the marketplace now passes the lender just the ones the preview counted.
    const second = await submitAll(applicationSet())
    expect(await recipientCount(lenderId, second)).toBe(counted.draftMatched)
    const again = await preview(admin.cookies, narrowed)
    expect(again.draftMatched).toBe(2 * counted.draftMatched)
    expect(again.currentMatched).toBe(again.draftMatched)

    const audit = await db()
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, 'lender.filter.update'), eq(schema.auditLog.subjectId, lenderId)))
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ actorId: admin.userId, actorRole: 'lender-admin' })
    expect(audit[0]?.details).toMatchObject({ version: 2 })

    // Saving the same filter writes nothing; saving on an old version is a conflict.
    const same = await call(admin.cookies, 'PUT', '/api/v1/lender/filtering', {
      filter: narrowed,
      version: 2,
    })
    expect(same.json()).toMatchObject({ changed: false, version: 2 })
    const stale = await call(admin.cookies, 'PUT', '/api/v1/lender/filtering', {
      filter: { ...narrowed, minAge: 30 },
      version: 0,
    })
    expect(stale.statusCode).toBe(409)
    expect(stale.json()).toMatchObject({ code: 'FILTER_VERSION_CONFLICT' })
    expect(stale.json().message).toMatch(/Suodatusta on muutettu/)
  })

  it('refuses a filter out of range with the fields named, in the request language, and changes nothing', async () => {
    const lenderId = await newLender('Rajat Rahoitus')
    const admin = await loginAs(db(), { role: 'lender', lenderId })
    const { filter } = await view(admin.cookies)
    const response = await call(admin.cookies, 'PUT', '/api/v1/lender/filtering', {
      filter: { ...filter, minAmount: 90_000, regions: ['atlantis'], dailyCap: 0 },
      version: 0,
    })
    expect(response.statusCode).toBe(400)
    const body = response.json()
    expect(body.code).toBe('VALIDATION_FAILED')
    const paths = body.fields.map((field: { path: string }) => field.path)
    expect(paths).toEqual(expect.arrayContaining(['body.filter.regions.0', 'body.filter.dailyCap']))
    const preview = await call(admin.cookies, 'POST', '/api/v1/lender/filtering/preview', {
      filter: { ...filter, minAmount: 90_000 },
    })
    expect(preview.statusCode).toBe(400)
    expect(preview.json().fields).toContainEqual({
      path: 'body.filter.maxAmount',
      code: 'lenderFiltering.validation.minAboveMax',
      message: 'Ylärajan on oltava vähintään yhtä suuri kuin alaraja.',
    })
    expect((await view(admin.cookies)).version).toBe(0)
  })

  it('refuses a filter with no product for a lender that is no mortgage bank, and changes nothing', async () => {
    const lenderId = await newLender('Tuotteeton Rahoitus')
    const admin = await loginAs(db(), { role: 'lender', lenderId })
    const { filter } = await view(admin.cookies)
    const response = await call(admin.cookies, 'PUT', '/api/v1/lender/filtering', {
      filter: { ...filter, products: [] },
      version: 0,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'FILTER_NO_PRODUCT' })
    expect((await view(admin.cookies)).version).toBe(0)
  })

  it('is for lender-admins of their own organisation only', async () => {
    const lenderId = await newLender('Oma Rahoitus')
    const otherId = await newLender('Toinen Rahoitus', {
      acceptingApplications: false,
      excludedPurposes: [],
    })
    const admin = await loginAs(db(), { role: 'lender', lenderId, lenderRole: 'lender-admin' })
    const { filter } = await view(admin.cookies)
    // The organisation is the session's: the other lender's paused filter is never what this admin sees.
    expect(filter.acceptingApplications).toBe(true)
    const otherAdmin = await loginAs(db(), { role: 'lender', lenderId: otherId })
    expect((await view(otherAdmin.cookies)).filter.acceptingApplications).toBe(false)

    const agent = await loginAs(db(), { role: 'lender', lenderId, lenderRole: 'lender-agent' })
    const consumer = await loginAs(db())
    const staff = await loginAs(db(), { role: 'admin' })
    for (const who of [agent, consumer, staff]) {
      expect((await call(who.cookies, 'GET', '/api/v1/lender/filtering')).statusCode).toBe(403)
      expect(
        (await call(who.cookies, 'POST', '/api/v1/lender/filtering/preview', { filter })).statusCode,
      ).toBe(403)
      expect(
        (await call(who.cookies, 'PUT', '/api/v1/lender/filtering', { filter, version: 0 })).statusCode,
      ).toBe(403)
    }
    expect((await call({}, 'GET', '/api/v1/lender/filtering')).statusCode).toBe(401)
    expect((await view(admin.cookies)).version).toBe(0)
  })
})

describe('the daily cap', () => {
  it('passes a lender no more applications in a day than its cap, also when they arrive at once', async () => {
    const lenderId = await newLender('Katto Rahoitus')
    const admin = await loginAs(db(), { role: 'lender', lenderId })
    const { filter, version } = await view(admin.cookies)
    const saved = await call(admin.cookies, 'PUT', '/api/v1/lender/filtering', {
      filter: { ...filter, dailyCap: (await recipientCount(lenderId)) + 3 },
      version,
    })
    expect(saved.statusCode).toBe(200)

    const consumers = await Promise.all(Array.from({ length: 8 }, () => loginAs(db())))
    const responses = await Promise.all(
      consumers.map((consumer) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/v1/applications',
          payload: submission(validApplication()),
          cookies: consumer.cookies,
          headers: OUR_CLIENT,
        }),
      ),
    )
    expect(responses.map((response) => response.statusCode)).toEqual(Array(8).fill(201))
    const ids = responses.map((response) => response.json().applicationId as string)
    expect(await recipientCount(lenderId, ids)).toBe(3)
    // The others still reached the other lenders that take them: only this lender is full.
    for (const id of ids) {
      const [others] = await db()
        .select({ n: count() })
        .from(schema.applicationRecipients)
        .where(
          and(
            eq(schema.applicationRecipients.applicationId, id),
            ne(schema.applicationRecipients.lenderId, lenderId),
          ),
        )
      expect(others?.n).toBeGreaterThan(0)
    }
    expect((await view(admin.cookies)).receivedToday).toBe(3)

    // The review step's preview of the recipients leaves the full lender out too.
    const application = MATCHED_APPLICATION_SCHEMAS['consumer-loan'].parse(validApplication())
    const shown = await previewRecipients(db(), 'consumer-loan', application)
    expect(shown.length).toBeGreaterThan(0)
    expect(shown.map((lender) => lender.id)).not.toContain(lenderId)
  })
})
