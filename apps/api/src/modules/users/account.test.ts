import { schema } from '@lainava/db'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lenderRow } from '../../test/lenders.ts'
import { loginAs, OUR_CLIENT, uniqueEmail } from '../../test/sessions.ts'
import { loginDetails, startSmtpServer } from '../../test/smtp.ts'
import { createTestApp } from '../../test/test-app.ts'
import { ensureAdmin } from '../admin/invite-user.ts'

let smtp: Awaited<ReturnType<typeof startSmtpServer>>
let ctx: Awaited<ReturnType<typeof createTestApp>>
let lenderA = ''
let lenderB = ''

beforeAll(async () => {
  smtp = await startSmtpServer()
  ctx = await createTestApp({ SMTP_URL: smtp.url })
  const rows = await ctx.database.db
    .insert(schema.lenders)
    .values([lenderRow({ name: 'Lender A' }), lenderRow({ name: 'Lender B' })])
    .returning({ id: schema.lenders.id })
  lenderA = rows[0]?.id ?? ''
  lenderB = rows[1]?.id ?? ''
})
afterAll(async () => {
  await ctx.close()
  await smtp.close()
})

describe('consents, export and deletion', () => {
  it('stores consents and answers them back', async () => {
    const { cookies } = await loginAs(ctx.database.db)
    const initial = await ctx.app.inject({ method: 'GET', url: '/api/v1/user/consents', cookies })
    expect(initial.json()).toEqual({
      marketingEmail: false,
      sms: false,
      partnerOffers: false,
      analyticsCookies: false,
      offerNotifications: true,
      updatedAt: null,
    })
    const updated = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/user/consents',
      cookies,
      headers: OUR_CLIENT,
      payload: {
        marketingEmail: true,
        sms: false,
        partnerOffers: false,
        analyticsCookies: true,
        offerNotifications: false,
      },
    })
    expect(updated.json()).toMatchObject({
      marketingEmail: true,
      analyticsCookies: true,
      offerNotifications: false,
      updatedAt: expect.any(String),
    })
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/user/consents',
      cookies,
      headers: OUR_CLIENT,
      payload: { sms: 'yes' },
    })
    expect(bad.statusCode).toBe(400)
  })

  it('exports my data as a JSON download', async () => {
    const { cookies, email } = await loginAs(ctx.database.db)
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/user/export', cookies })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-disposition']).toContain('attachment')
    expect(response.json()).toMatchObject({ account: { email }, consents: { marketingEmail: false } })
  })

  it('deletes (anonymises) the account and ends every session', async () => {
    const { cookies, userId } = await loginAs(ctx.database.db)
    expect(
      (
        await ctx.app.inject({
          method: 'DELETE',
          url: '/api/v1/user',
          cookies,
          headers: OUR_CLIENT,
          payload: {},
        })
      ).statusCode,
    ).toBe(400)
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/v1/user',
      cookies,
      headers: OUR_CLIENT,
      payload: { confirm: true },
    })
    expect(response.statusCode).toBe(204)
    const [row] = await ctx.database.db.select().from(schema.users).where(eq(schema.users.id, userId))
    expect(row?.email).toBeNull()
    expect(row?.deletedAt).toBeInstanceOf(Date)
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v2/user/profile', cookies })).statusCode).toBe(
      401,
    )
  })

  it('needs a login for every account call', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/user/consents'],
      ['GET', '/api/v1/user/export'],
    ] as const) {
      expect((await ctx.app.inject({ method, url })).statusCode).toBe(401)
    }
  })
})

describe('roles and ownership', () => {
  it('lets only admins call admin APIs', async () => {
    const consumer = await loginAs(ctx.database.db)
    const lender = await loginAs(ctx.database.db, { role: 'lender', lenderId: lenderA })
    const admin = await loginAs(ctx.database.db, { role: 'admin' })
    const list = (cookies: Record<string, string>) =>
      ctx.app.inject({ method: 'GET', url: '/api/v1/admin/users', cookies })
    expect((await list(consumer.cookies)).statusCode).toBe(403)
    expect((await list(lender.cookies)).statusCode).toBe(403)
    expect((await list({})).statusCode).toBe(401)
    const ok = await list(admin.cookies)
    expect(ok.statusCode).toBe(200)
    expect(ok.json().users.map((user: { email: string }) => user.email)).toContain(consumer.email)
  })

  it('shows a lender user its own organisation only', async () => {
    const lender = await loginAs(ctx.database.db, { role: 'lender', lenderId: lenderA })
    const own = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/lender/organisations/${lenderA}`,
      cookies: lender.cookies,
    })
    expect(own.statusCode).toBe(200)
    expect(own.json().name).toBe('Lender A')
    const other = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/lender/organisations/${lenderB}`,
      cookies: lender.cookies,
    })
    expect(other.statusCode).toBe(403)
    const consumer = await loginAs(ctx.database.db)
    const byConsumer = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/lender/organisations/${lenderA}`,
      cookies: consumer.cookies,
    })
    expect(byConsumer.statusCode).toBe(403)
  })

  it('invites lender users and admins by e-mail; they log in with the link', async () => {
    const admin = await loginAs(ctx.database.db, { role: 'admin' })
    const email = uniqueEmail('lender')
    const before = smtp.inbox.length
    const invited = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/invitations',
      cookies: admin.cookies,
      headers: OUR_CLIENT,
      payload: { email, role: 'lender', lenderId: lenderA, language: 'en' },
    })
    expect(invited.statusCode).toBe(201)
    expect(invited.json()).toMatchObject({ email, role: 'lender', lenderId: lenderA })
    const mail = await smtp.nextFor(email, before)
    expect(mail.subject).toBe('You have been invited to Lainava')
    const { token } = loginDetails(mail)
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/passwordless/verify-link',
      payload: { token },
    })
    expect(login.json().userProfile).toMatchObject({ email, role: 'lender', lenderId: lenderA })

    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/invitations',
      cookies: admin.cookies,
      headers: OUR_CLIENT,
      payload: { email, role: 'admin' },
    })
    expect(again.statusCode).toBe(409)
    const noLender = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/invitations',
      cookies: admin.cookies,
      headers: OUR_CLIENT,
      payload: { email: uniqueEmail(), role: 'lender' },
    })
    expect(noLender.statusCode).toBe(400)
  })
})

describe('the first admin (npm run create-admin)', () => {
  it('creates an admin, or promotes an existing account', async () => {
    const email = uniqueEmail('boss')
    expect(await ensureAdmin(ctx.database.db, email.toUpperCase())).toEqual({ created: true })
    const consumer = await loginAs(ctx.database.db)
    expect(await ensureAdmin(ctx.database.db, consumer.email)).toEqual({ created: false })
    const rows = await ctx.database.db.select().from(schema.users).where(eq(schema.users.email, email))
    expect(rows[0]?.role).toBe('admin')
    const promoted = await ctx.database.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.email, consumer.email))
    expect(promoted[0]?.role).toBe('admin')
  })
})
