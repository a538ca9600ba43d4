import { randomUUID } from 'node:crypto'
import { schema } from '@lainava/db'
import { messagesFor } from '@lainava/i18n/server'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BROAD_CRITERIA, lenderRow } from '../../test/lenders.ts'
import { loginAs, OUR_CLIENT, uniqueEmail } from '../../test/sessions.ts'
import { createTestApp } from '../../test/test-app.ts'
import { ensureAdmin } from './invite-user.ts'

// Issue 15: every admin change writes an audit entry (ids and field names, never personal data or secrets),
// ADMIN_EMAIL's promotion is logged as the system's act, and an accepted offer's application can only be closed.

let ctx: Awaited<ReturnType<typeof createTestApp>>
let admin: Awaited<ReturnType<typeof loginAs>>
let lenderId = ''

beforeAll(async () => {
  ctx = await createTestApp({ LENDER_ALLOW_PRIVATE_NETWORK: 'true' })
  const [lender] = await ctx.database.db
    .insert(schema.lenders)
    .values(lenderRow({ name: 'Gamma Laina' }))
    .returning({ id: schema.lenders.id })
  lenderId = lender?.id ?? ''
  admin = await loginAs(ctx.database.db, { role: 'admin' })
})
afterAll(async () => {
  await ctx.close()
})

const post = (url: string, payload: unknown, cookies: Record<string, string> = admin.cookies) =>
  ctx.app.inject({
    method: 'POST',
    url,
    cookies,
    headers: { ...OUR_CLIENT, 'accept-language': 'en' },
    payload: payload as object,
  })

async function auditOf(subjectId: string) {
  return ctx.database.db
    .select()
    .from(schema.auditLog)
    .where(eq(schema.auditLog.subjectId, subjectId))
    .orderBy(schema.auditLog.at)
}

describe('admin changes in the audit log', () => {
  it('an invitation logs the new account, its role and lender, not the address', async () => {
    const email = uniqueEmail('invitee')
    const invited = await post('/api/v1/admin/invitations', { email, role: 'lender', lenderId })
    expect(invited.statusCode).toBe(201)
    const userId = invited.json().id as string
    const log = await auditOf(userId)
    expect(log).toMatchObject([
      {
        action: 'user.invite',
        actorId: admin.userId,
        actorRole: 'admin',
        subjectType: 'user',
        details: { role: 'lender', lenderId },
      },
    ])
    expect(JSON.stringify(log)).not.toContain(email)

    // A refused invitation (the address has an account) changes nothing and logs nothing.
    const before = await ctx.database.db.select().from(schema.auditLog)
    expect((await post('/api/v1/admin/invitations', { email, role: 'admin' })).statusCode).toBe(409)
    expect(await ctx.database.db.select().from(schema.auditLog)).toHaveLength(before.length)
  })

  it('connecting a lender and rotating its credentials log field names, never the key or the secret', async () => {
    const slug = `lender-${randomUUID().slice(0, 8)}`
    const connected = await post('/api/v1/admin/lenders', {
      slug,
      name: 'Delta Rahoitus',
      endpointUrl: 'http://127.0.0.1:9/offers',
      criteria: BROAD_CRITERIA,
    })
    expect(connected.statusCode).toBe(201)
    const created = connected.json()
    const rotated = await post(`/api/v1/admin/lenders/${created.lenderId}/credentials`, {})
    expect(rotated.statusCode).toBe(200)
    const log = await auditOf(created.lenderId)
    expect(log).toMatchObject([
      {
        action: 'lender.create',
        actorId: admin.userId,
        subjectType: 'lender',
        details: { slug, fields: ['criteria', 'description', 'endpointUrl', 'name', 'slug'] },
      },
      {
        action: 'lender.credentials.rotate',
        actorId: admin.userId,
        subjectType: 'lender',
        details: { fields: ['apiKey', 'signingSecret'] },
      },
    ])
    const text = JSON.stringify(log)
    for (const secret of [
      created.apiKey,
      created.signingSecret,
      rotated.json().apiKey,
      rotated.json().signingSecret,
    ])
      expect(text).not.toContain(secret)

    const missing = randomUUID()
    expect((await post(`/api/v1/admin/lenders/${missing}/credentials`, {})).statusCode).toBe(404)
    expect(await auditOf(missing)).toEqual([])
  })

  it('ADMIN_EMAIL logs creating or promoting an account as the system, and nothing when it is already an admin', async () => {
    const { db } = ctx.database
    const email = uniqueEmail('first-admin')
    expect(await ensureAdmin(db, email)).toEqual({ created: true })
    const [createdUser] = await db.select().from(schema.users).where(eq(schema.users.email, email))
    expect(await auditOf(createdUser?.id ?? '')).toMatchObject([
      { action: 'user.create', actorId: null, actorRole: 'system', details: { role: 'admin' } },
    ])

    const lenderUser = await loginAs(db, { role: 'lender', lenderId })
    expect(await ensureAdmin(db, lenderUser.email)).toEqual({ created: false })
    expect(await ensureAdmin(db, lenderUser.email)).toEqual({ created: false })
    expect(await ensureAdmin(db, email)).toEqual({ created: false })
    const promoted = await auditOf(lenderUser.userId)
    expect(promoted).toMatchObject([
      {
        action: 'user.role',
        actorId: null,
        actorRole: 'system',
        details: { from: 'lender', to: 'admin', lenderId },
      },
    ])
    expect(await auditOf(createdUser?.id ?? '')).toHaveLength(1)
    expect(JSON.stringify(promoted)).not.toContain(lenderUser.email)
  })
})

describe('an application whose offer the applicant accepted', () => {
  async function acceptedApplication() {
    const { db } = ctx.database
    const owner = await loginAs(db)
    const [application] = await db
      .insert(schema.applications)
      .values({
        userId: owner.userId,
        kind: 'consumer-loan',
        idempotencyKey: randomUUID(),
        amount: 10_000,
        periodMonths: 60,
        purpose: 'renovation',
        details: {},
      })
      .returning({ id: schema.applications.id })
    if (!application) throw new Error('not stored')
    const [offer] = await db
      .insert(schema.offers)
      .values({
        applicationId: application.id,
        lenderId,
        amount: 10_000,
        months: 60,
        nominalRate: 0.069,
        openingFee: 50,
        monthlyFee: 3,
        feeFinanced: false,
        monthlyPayment: 200.5,
        apr: 0.075,
        totalCost: 2030,
        totalPayable: 12_030,
        validUntil: new Date(Date.now() + 30 * 86_400_000),
      })
      .returning({ id: schema.offers.id })
    if (!offer) throw new Error('not stored')
    const accepted = await post(`/api/v1/loanOffers/${offer.id}/accept`, {}, owner.cookies)
    expect(accepted.statusCode).toBe(200)
    return application.id
  }

  async function statusOf(id: string) {
    const [row] = await ctx.database.db
      .select({ status: schema.applications.status })
      .from(schema.applications)
      .where(eq(schema.applications.id, id))
    return row?.status
  }

  it('can only be closed, and then not reopened (409 in the admin’s language, nothing logged)', async () => {
    const id = await acceptedApplication()
    expect(await statusOf(id)).toBe('offer-accepted')
    const en = messagesFor('en')
    for (const status of ['submitted', 'in-review', 'waiting-for-applicant']) {
      const refused = await post(`/api/v1/admin/applications/${id}/status`, { status })
      expect(refused.statusCode, status).toBe(409)
      expect(refused.json()).toMatchObject({
        code: 'OFFER_ACCEPTED',
        message: en['admin.statusChange.offerAccepted'],
      })
    }
    expect(await statusOf(id)).toBe('offer-accepted')
    expect(await auditOf(id)).toEqual([])

    const closed = await post(`/api/v1/admin/applications/${id}/status`, { status: 'closed' })
    expect(closed.json()).toEqual({ status: 'closed', changed: true })
    const reopen = await post(`/api/v1/admin/applications/${id}/status`, { status: 'in-review' })
    expect(reopen.statusCode).toBe(409)
    expect(await statusOf(id)).toBe('closed')
    expect(await auditOf(id)).toMatchObject([
      { action: 'application.status', details: { from: 'offer-accepted', to: 'closed' } },
    ])
  })
})
