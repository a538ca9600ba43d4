import { schema } from '@lainava/db'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Cookies, loginAs, OUR_CLIENT, setCookies, uniqueEmail } from '../../test/sessions.ts'
import { loginDetails, startSmtpServer } from '../../test/smtp.ts'
import { createTestApp } from '../../test/test-app.ts'
import { DRAFT_COOKIE } from '../applications/routes.ts'
import { LOGIN_LIMITS, MAX_CODE_ATTEMPTS } from './login-service.ts'

// Issue 13: the login holes found by trying to break in (items 1–3).

let smtp: Awaited<ReturnType<typeof startSmtpServer>>
let ctx: Awaited<ReturnType<typeof createTestApp>>

beforeAll(async () => {
  smtp = await startSmtpServer()
  ctx = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://localhost:3000' })
})
afterAll(async () => {
  await ctx.close()
  await smtp.close()
})

const ATTACKER = '203.0.113.66'
const OWNER = '198.51.100.7'

const start = (email: string, ip: string, extra: Record<string, unknown> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v2/passwordless/start',
    payload: { email, ...extra },
    remoteAddress: ip,
  })
const verifyCode = (email: string, code: string, ip: string, cookies: Cookies = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v2/passwordless/verify',
    payload: { email, code },
    remoteAddress: ip,
    cookies,
    headers: OUR_CLIENT,
  })
const verifyLink = (token: string, extra: Record<string, unknown> = {}, cookies: Cookies = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v2/passwordless/verify-link',
    payload: { token, ...extra },
    cookies,
    headers: OUR_CLIENT,
  })
const profile = (cookies: Cookies) => ctx.app.inject({ method: 'GET', url: '/api/v2/user/profile', cookies })

async function requestLogin(email: string, ip: string, extra: Record<string, unknown> = {}) {
  const before = smtp.inbox.length
  const response = await start(email, ip, extra)
  expect(response.statusCode).toBe(200)
  return loginDetails(await smtp.nextFor(email, before))
}

describe('open redirect after login (item 2)', () => {
  const hostile = [
    '/%09/evil.example/x',
    '/\t/evil.example/x',
    '/%0a/x',
    '//evil',
    '/\\evil',
    '/.//evil.example',
  ]
  it.each(hostile)('a login started with returnTo %j returns to /', async (returnTo) => {
    const email = uniqueEmail()
    const { code } = await requestLogin(email, OWNER, { returnTo })
    const response = await verifyCode(email, code, OWNER)
    expect(response.statusCode).toBe(200)
    expect(response.json().returnTo).toBe('/')
  })

  it('re-checks a return path stored before the check existed', async () => {
    const email = uniqueEmail()
    const { token } = await requestLogin(email, OWNER)
    await ctx.database.db
      .update(schema.loginChallenges)
      .set({ returnTo: '/\t/evil.example/' })
      .where(eq(schema.loginChallenges.email, email))
    const response = await verifyLink(token)
    expect(response.statusCode).toBe(200)
    expect(response.json().returnTo).toBe('/')
  })
})

describe('nobody can lock another person out (item 3)', () => {
  it('limits login e-mails per address and client, not per address alone', async () => {
    const victim = uniqueEmail('victim')
    const limit = LOGIN_LIMITS.startPerAddressAndClient.limit
    for (let attempt = 1; attempt <= limit; attempt++) {
      expect((await start(victim, ATTACKER)).statusCode).toBe(200)
    }
    expect((await start(victim, ATTACKER)).statusCode).toBe(429)
    // The owner, from their own connection, still gets a login e-mail and can log in with it.
    const { code } = await requestLogin(victim, OWNER)
    const response = await verifyCode(victim, code, OWNER)
    expect(response.statusCode).toBe(200)
    expect(response.json().userProfile.email).toBe(victim)
  })

  it('limits one client across addresses', async () => {
    const client = '192.0.2.55'
    for (let attempt = 1; attempt <= LOGIN_LIMITS.startPerClient.limit; attempt++) {
      expect((await start(uniqueEmail('spray'), client)).statusCode).toBe(200)
    }
    expect((await start(uniqueEmail('spray'), client)).statusCode).toBe(429)
  })

  it('a stranger’s wrong codes do not spoil the owner’s link', async () => {
    const victim = uniqueEmail('victim')
    const { code, token } = await requestLogin(victim, OWNER)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let attempt = 1; attempt <= MAX_CODE_ATTEMPTS; attempt++) {
      expect((await verifyCode(victim, wrong, ATTACKER)).statusCode).toBe(400)
    }
    // The code is closed after the streak …
    const byCode = await verifyCode(victim, code, ATTACKER)
    expect(byCode.statusCode).toBe(429)
    expect(byCode.json().code).toBe('TOO_MANY_ATTEMPTS')
    // … but the link in the owner's e-mail still logs them in.
    const byLink = await verifyLink(token)
    expect(byLink.statusCode).toBe(200)
    expect(byLink.json().userProfile.email).toBe(victim)
  })

  it('a stranger starting another login does not spoil the code the owner is typing', async () => {
    const victim = uniqueEmail('victim')
    const { code } = await requestLogin(victim, OWNER)
    await requestLogin(victim, ATTACKER)
    const response = await verifyCode(victim, code, OWNER)
    expect(response.statusCode).toBe(200)
  })
})

describe('a login link from someone else (item 1)', () => {
  async function anonymousDraft(): Promise<string> {
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/applications/drafts/consumer-loan',
      payload: { step: 'applicant', data: { applicant: { hetu: '131052-308T', firstName: 'Victim' } } },
    })
    expect(response.statusCode).toBe(200)
    const token = setCookies(response)[DRAFT_COOKIE]
    if (!token) throw new Error('no draft cookie')
    return token
  }
  const draftRows = (userId: string) =>
    ctx.database.db.select().from(schema.applicationDrafts).where(eq(schema.applicationDrafts.userId, userId))

  it('does not move this browser’s signed-out draft into the link’s account unless asked', async () => {
    const draftToken = await anonymousDraft()
    const attacker = uniqueEmail('attacker')
    const { token } = await requestLogin(attacker, ATTACKER)
    const response = await verifyLink(token, {}, { [DRAFT_COOKIE]: draftToken })
    expect(response.statusCode).toBe(200)
    const userId = response.json().userProfile.id as string
    expect(await draftRows(userId)).toHaveLength(0)
    // Signed in as the link's account, the draft is not shown; nor is it saved into that account.
    const session = { ...setCookies(response), [DRAFT_COOKIE]: draftToken }
    const shown = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/applications/drafts/consumer-loan',
      cookies: session,
    })
    expect(shown.statusCode).toBe(404)
    // Signed out again, the browser's own draft is still there.
    const signedOut = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/applications/drafts/consumer-loan',
      cookies: { [DRAFT_COOKIE]: draftToken },
    })
    expect(signedOut.statusCode).toBe(200)
    expect(signedOut.json().data.applicant.firstName).toBe('Victim')
  })

  it('moves the draft when the person confirms the account and asks for it', async () => {
    const draftToken = await anonymousDraft()
    const email = uniqueEmail('owner')
    const { token } = await requestLogin(email, OWNER)
    const response = await verifyLink(token, { adoptDraft: true }, { [DRAFT_COOKIE]: draftToken })
    expect(response.statusCode).toBe(200)
    const rows = await draftRows(response.json().userProfile.id)
    expect(rows).toHaveLength(1)
    const shown = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/applications/drafts/consumer-loan',
      cookies: setCookies(response),
    })
    expect(shown.json().data.applicant.firstName).toBe('Victim')
  })

  it('ends the session of the person who was signed in before', async () => {
    const earlier = await loginAs(ctx.database.db)
    const { token } = await requestLogin(uniqueEmail('other'), ATTACKER)
    const response = await verifyLink(token, {}, earlier.cookies)
    expect(response.statusCode).toBe(200)
    expect((await profile(earlier.cookies)).statusCode).toBe(401)
  })
})
