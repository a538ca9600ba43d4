import { schema } from '@lainava/db'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { submission, validApplication } from '../../test/applications.ts'
import { BROAD_CRITERIA, lenderRow } from '../../test/lenders.ts'
import { type Cookies, loginAs, OUR_CLIENT, uniqueEmail } from '../../test/sessions.ts'
import { createTestApp } from '../../test/test-app.ts'

// Issue 17: the lender portal's API. A lender user sees only its own organisation; a manual lender's
// offers go through the marketplace's own pricing and caps; withdraw and user changes say when nothing
// changed; the henkilötunnus is shown only on request, and that request is in the audit log.

let ctx: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(async () => {
  await ctx.close()
})

const db = () => ctx.database.db

/**
 * A manual lender taking loans from `minAmount` up (a lender may offer less than asked, so there is no
 * upper bound): each test uses amounts above the earlier tests' lenders', so earlier tests see nothing new.
 */
async function lender(name: string, minAmount: number, integration: 'manual' | 'sandbox' = 'manual') {
  const [row] = await db()
    .insert(schema.lenders)
    .values(
      lenderRow({
        name,
        integration,
        sandbox: null,
        criteria: { ...BROAD_CRITERIA, products: ['consumer-loan'], minAmount, maxAmount: minAmount + 999 },
      }),
    )
    .returning({ id: schema.lenders.id })
  if (!row) throw new Error('lender missing')
  return row.id
}

async function apply(amount: number) {
  const applicant = await loginAs(db())
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/applications',
    payload: submission(
      validApplication({ loan: { amount, period: 5, purpose: 'renovation', refinance: false } }),
    ),
    cookies: applicant.cookies,
    headers: OUR_CLIENT,
  })
  expect(response.statusCode).toBe(201)
  return { applicant, applicationId: response.json().applicationId as string }
}

const get = (url: string, cookies: Cookies) => ctx.app.inject({ method: 'GET', url, cookies })
const post = (url: string, cookies: Cookies, payload: object = {}) =>
  ctx.app.inject({ method: 'POST', url, cookies, payload, headers: OUR_CLIENT })

const GOOD_OFFER = { amount: 30_000, months: 60, nominalRate: 7.9, openingFee: 50, monthlyFee: 3 }

describe('lender portal: one organisation only', () => {
  it("lists and opens only its own organisation's applications; another lender's id is not found", async () => {
    const theirs = await lender('Portal Theirs', 30_000)
    const mine = await lender('Portal Mine', 31_000)
    const { applicationId: otherId } = await apply(30_000)
    const { applicationId } = await apply(31_000)
    const user = await loginAs(db(), { role: 'lender', lenderId: mine, lenderRole: 'lender-agent' })

    const list = await get('/api/v1/lender/applications', user.cookies)
    expect(list.statusCode).toBe(200)
    expect(list.json().applications.map((row: { id: string }) => row.id)).toEqual([applicationId])

    const detail = await get(`/api/v1/lender/applications/${applicationId}`, user.cookies)
    expect(detail.statusCode).toBe(200)
    expect(detail.json().application.status).toBe('pending')
    expect(detail.json().canAnswer).toBe(true)

    // The other organisation's application, its hetu and answers: all "not found".
    expect((await get(`/api/v1/lender/applications/${otherId}`, user.cookies)).statusCode).toBe(404)
    expect((await post(`/api/v1/lender/applications/${otherId}/hetu`, user.cookies)).statusCode).toBe(404)
    const offerElsewhere = await post(`/api/v1/lender/applications/${otherId}/manual-offer`, user.cookies, {
      ...GOOD_OFFER,
      amount: 30_000,
    })
    expect(offerElsewhere.statusCode).toBe(404)

    // The other organisation's offer cannot be withdrawn by this one.
    const theirUser = await loginAs(db(), { role: 'lender', lenderId: theirs })
    const theirOffer = await post(`/api/v1/lender/applications/${otherId}/manual-offer`, theirUser.cookies, {
      ...GOOD_OFFER,
      amount: 30_000,
    })
    expect(theirOffer.statusCode).toBe(201)
    const withdraw = await post(
      `/api/v1/lender/portal/offers/${theirOffer.json().offerId}/withdraw`,
      user.cookies,
    )
    expect(withdraw.statusCode).toBe(404)
  })

  it('filters by status, product and day, and pages', async () => {
    const mine = await lender('Portal Filters', 32_000)
    const first = await apply(32_000)
    const second = await apply(32_100)
    const user = await loginAs(db(), { role: 'lender', lenderId: mine })
    await post(`/api/v1/lender/applications/${first.applicationId}/manual-decline`, user.cookies, {
      reason: 'affordability',
    })
    const pending = await get('/api/v1/lender/applications?status=pending', user.cookies)
    expect(pending.json().applications.map((row: { id: string }) => row.id)).toEqual([second.applicationId])
    const all = await get('/api/v1/lender/applications?product=consumer-loan', user.cookies)
    // Newest first.
    expect(all.json().applications.map((row: { id: string }) => row.id)).toEqual([
      second.applicationId,
      first.applicationId,
    ])
    const cards = await get('/api/v1/lender/applications?product=credit-card', user.cookies)
    expect(cards.json().applications).toEqual([])
    const past = await get('/api/v1/lender/applications?to=2020-01-01', user.cookies)
    expect(past.json().applications).toEqual([])
    const bad = await get('/api/v1/lender/applications?from=2026-02-31', user.cookies)
    expect(bad.statusCode).toBe(400)
    expect(bad.json().fields[0].path).toContain('from')
  })

  it('refuses consumers and admins (403) and the signed-out (401)', async () => {
    const consumer = await loginAs(db())
    const admin = await loginAs(db(), { role: 'admin' })
    for (const cookies of [consumer.cookies, admin.cookies]) {
      const response = await get('/api/v1/lender/applications', cookies)
      expect(response.statusCode).toBe(403)
      expect(response.json().code).toBe('NOT_LENDER_USER')
    }
    expect((await get('/api/v1/lender/applications', {})).statusCode).toBe(401)
  })
})

describe('lender portal: manual offers', () => {
  it('an offer over the caps is refused as an API offer is, and kept; a good one reaches the consumer', async () => {
    const mine = await lender('Portal Caps', 33_000)
    const { applicant, applicationId } = await apply(33_000)
    const user = await loginAs(db(), { role: 'lender', lenderId: mine, lenderRole: 'lender-agent' })
    const url = `/api/v1/lender/applications/${applicationId}/manual-offer`

    const overCap = await post(url, user.cookies, { ...GOOD_OFFER, amount: 33_000, nominalRate: 25 })
    expect(overCap.statusCode).toBe(422)
    expect(overCap.json().code).toBe('OFFER_OVER_CAP')
    expect(overCap.json().violations[0].code).toBe('NOMINAL_RATE_OVER_CAP')
    const kept = await db()
      .select()
      .from(schema.offerRejections)
      .where(eq(schema.offerRejections.applicationId, applicationId))
    expect(kept).toHaveLength(1)

    const made = await post(url, user.cookies, { ...GOOD_OFFER, amount: 33_000, secciUrl: '' })
    expect(made.statusCode).toBe(201)
    expect(made.json().apr).toBeGreaterThan(7.9)
    const second = await post(url, user.cookies, { ...GOOD_OFFER, amount: 33_000 })
    expect(second.statusCode).toBe(409)

    // The consumer's offers list has it, priced by us.
    const offers = await get('/api/v1/loanOffers', applicant.cookies)
    const listed = offers.json().applications[0].offers
    expect(listed).toHaveLength(1)
    expect(listed[0].id).toBe(made.json().offerId)
    expect(listed[0].lender.id).toBe(mine)

    const detail = await get(`/api/v1/lender/applications/${applicationId}`, user.cookies)
    expect(detail.json().application.status).toBe('offered')
    expect(detail.json().offers[0]).toMatchObject({ status: 'offered', nominalRate: 7.9, amount: 33_000 })
    expect(detail.json().canAnswer).toBe(false)
  })

  it('withdraw: an accepted offer is refused with 409, and a second withdraw says nothing changed', async () => {
    const mine = await lender('Portal Withdraw', 34_000)
    const accepted = await apply(34_000)
    const open = await apply(34_100)
    const user = await loginAs(db(), { role: 'lender', lenderId: mine })
    const offerOn = async (applicationId: string, amount: number) =>
      (
        await post(`/api/v1/lender/applications/${applicationId}/manual-offer`, user.cookies, {
          ...GOOD_OFFER,
          amount,
        })
      ).json().offerId as string
    const acceptedId = await offerOn(accepted.applicationId, 34_000)
    const openId = await offerOn(open.applicationId, 34_100)
    const accept = await post(`/api/v1/loanOffers/${acceptedId}/accept`, accepted.applicant.cookies)
    expect(accept.statusCode).toBe(200)

    const refused = await post(`/api/v1/lender/portal/offers/${acceptedId}/withdraw`, user.cookies)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().code).toBe('OFFER_ACCEPTED')
    const [still] = await db().select().from(schema.offers).where(eq(schema.offers.id, acceptedId))
    expect(still?.status).toBe('accepted')

    expect((await post(`/api/v1/lender/portal/offers/${openId}/withdraw`, user.cookies)).statusCode).toBe(204)
    const again = await post(`/api/v1/lender/portal/offers/${openId}/withdraw`, user.cookies)
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('OFFER_NOT_ACTIVE')
  })

  it('declines with a catalogue reason only; an API lender answers through its API, not here', async () => {
    const mine = await lender('Portal Decline', 35_000)
    const sandbox = await lender('Portal Sandbox', 35_500, 'sandbox')
    const { applicationId } = await apply(35_000)
    const { applicationId: sandboxApplication } = await apply(35_500)
    const user = await loginAs(db(), { role: 'lender', lenderId: mine })
    const url = `/api/v1/lender/applications/${applicationId}/manual-decline`
    const unknown = await post(url, user.cookies, { reason: 'dislike' })
    expect(unknown.statusCode).toBe(400)
    expect((await post(url, user.cookies, { reason: 'affordability' })).statusCode).toBe(204)
    const [row] = await db()
      .select()
      .from(schema.applicationRecipients)
      .where(
        and(
          eq(schema.applicationRecipients.applicationId, applicationId),
          eq(schema.applicationRecipients.lenderId, mine),
        ),
      )
    expect(row).toMatchObject({ status: 'declined', declineReason: 'affordability' })

    const apiUser = await loginAs(db(), { role: 'lender', lenderId: sandbox })
    const refused = await post(
      `/api/v1/lender/applications/${sandboxApplication}/manual-offer`,
      apiUser.cookies,
      { ...GOOD_OFFER, amount: 35_500 },
    )
    expect(refused.statusCode).toBe(409)
    expect(refused.json().code).toBe('NOT_MANUAL_LENDER')
  })
})

describe('lender portal: the henkilötunnus', () => {
  it('is hidden on the page and shown on a deliberate request, which is audited', async () => {
    const mine = await lender('Portal Hetu', 36_000)
    const { applicationId } = await apply(36_000)
    const user = await loginAs(db(), { role: 'lender', lenderId: mine, lenderRole: 'lender-agent' })
    const detail = await get(`/api/v1/lender/applications/${applicationId}`, user.cookies)
    const main = detail.json().delivery.applicants[0]
    expect(main).toMatchObject({ role: 'main', hetu: null, hetuHidden: true })
    expect(JSON.stringify(detail.json())).not.toContain(validApplication().applicant.hetu)

    const reveal = await post(`/api/v1/lender/applications/${applicationId}/hetu`, user.cookies)
    expect(reveal.statusCode).toBe(200)
    expect(reveal.json().applicants).toEqual([{ role: 'main', hetu: validApplication().applicant.hetu }])
    const audit = await db()
      .select()
      .from(schema.auditLog)
      .where(
        and(
          eq(schema.auditLog.action, 'application.hetu.reveal'),
          eq(schema.auditLog.subjectId, applicationId),
        ),
      )
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ actorId: user.userId, actorRole: 'lender-agent' })
  })
})

describe('lender portal: users', () => {
  it('an agent cannot list, invite, re-role or remove users', async () => {
    const mine = await lender('Portal Agents', 37_000)
    const agent = await loginAs(db(), { role: 'lender', lenderId: mine, lenderRole: 'lender-agent' })
    const admin = await loginAs(db(), { role: 'lender', lenderId: mine })
    const calls = [
      get('/api/v1/lender/users', agent.cookies),
      post('/api/v1/lender/users', agent.cookies, {
        email: uniqueEmail('agent'),
        lenderRole: 'lender-admin',
      }),
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/v1/lender/users/${admin.userId}`,
        cookies: agent.cookies,
        payload: { lenderRole: 'lender-agent' },
        headers: OUR_CLIENT,
      }),
      ctx.app.inject({
        method: 'DELETE',
        url: `/api/v1/lender/users/${admin.userId}`,
        cookies: agent.cookies,
        headers: OUR_CLIENT,
      }),
    ]
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(403)
      expect(response.json().code).toBe('LENDER_ADMIN_ONLY')
    }
  })

  it('an admin invites into its own organisation, changes roles and removes users, never the last admin', async () => {
    const mine = await lender('Portal Users', 38_000)
    const other = await lender('Portal Other Users', 38_500)
    const admin = await loginAs(db(), { role: 'lender', lenderId: mine })
    const stranger = await loginAs(db(), { role: 'lender', lenderId: other })
    const email = uniqueEmail('invited')
    const invited = await post('/api/v1/lender/users', admin.cookies, { email, lenderRole: 'lender-agent' })
    expect(invited.statusCode).toBe(201)
    const [account] = await db().select().from(schema.users).where(eq(schema.users.email, email))
    expect(account).toMatchObject({ role: 'lender', lenderId: mine, lenderRole: 'lender-agent' })
    const listed = await get('/api/v1/lender/users', admin.cookies)
    expect(
      listed
        .json()
        .users.map((user: { email: string }) => user.email)
        .sort(),
    ).toEqual([admin.email, email].sort())

    const patch = (userId: string, lenderRole: string) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/v1/lender/users/${userId}`,
        cookies: admin.cookies,
        payload: { lenderRole },
        headers: OUR_CLIENT,
      })
    const remove = (userId: string) =>
      ctx.app.inject({
        method: 'DELETE',
        url: `/api/v1/lender/users/${userId}`,
        cookies: admin.cookies,
        headers: OUR_CLIENT,
      })
    // The last admin stays; the same role is a conflict, not a silent success; another organisation's user is not found.
    expect((await patch(admin.userId, 'lender-agent')).json().code).toBe('LAST_LENDER_ADMIN')
    expect((await remove(admin.userId)).json().code).toBe('LAST_LENDER_ADMIN')
    expect((await patch(account?.id ?? '', 'lender-agent')).json().code).toBe('ROLE_UNCHANGED')
    expect((await patch(stranger.userId, 'lender-agent')).statusCode).toBe(404)
    expect((await remove(stranger.userId)).statusCode).toBe(404)

    expect((await patch(account?.id ?? '', 'lender-admin')).statusCode).toBe(200)
    expect((await remove(account?.id ?? '')).statusCode).toBe(204)
    const [gone] = await db()
      .select()
      .from(schema.users)
      .where(eq(schema.users.id, account?.id ?? ''))
    expect(gone?.deletedAt).not.toBeNull()
    expect(gone?.email).toBeNull()

    const actions = await db()
      .select({ action: schema.auditLog.action })
      .from(schema.auditLog)
      .where(eq(schema.auditLog.subjectId, account?.id ?? ''))
    expect(actions.map((entry) => entry.action).sort()).toEqual(['user.invite', 'user.remove', 'user.role'])
  })
})
