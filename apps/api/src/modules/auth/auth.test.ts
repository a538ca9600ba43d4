import { schema } from '@lainava/db'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type Cookies, loginAs, OUR_CLIENT, setCookies, uniqueEmail } from '../../test/sessions.ts'
import { loginDetails, startSmtpServer } from '../../test/smtp.ts'
import { createTestApp } from '../../test/test-app.ts'
import { ACCESS_COOKIE, ACCESS_TTL_SECONDS, REFRESH_COOKIE } from './cookies.ts'

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

const start = (email: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/api/v2/passwordless/start', payload: { email, ...extra }, headers })
const profile = (cookies: Cookies) => ctx.app.inject({ method: 'GET', url: '/api/v2/user/profile', cookies })

async function requestLogin(email: string, extra: Record<string, unknown> = {}) {
  const before = smtp.inbox.length
  const response = await start(email, extra)
  expect(response.statusCode).toBe(200)
  return loginDetails(await smtp.nextFor(email, before))
}

describe('passwordless login', () => {
  it('e-mails a one-time link and a 6-digit code over SMTP', async () => {
    const email = uniqueEmail()
    const before = smtp.inbox.length
    const response = await start(email, { language: 'en', returnTo: '/en/' })
    expect(response.json()).toEqual({ status: 'sent' })
    const mail = await smtp.nextFor(email, before)
    expect(mail.subject).toBe('Your login link for Lainava')
    expect(mail.subject).not.toMatch(/\d{6}/)
    const { link, code } = loginDetails(mail)
    expect(link).toMatch(/^http:\/\/localhost:3000\/en\/autologin\/\?token=[\w-]{40,}$/)
    expect(mail.text).toContain(code)
    expect(mail.raw).toMatch(/Content-Type: text\/html/)
    // Only hashes are stored.
    const [row] = await ctx.database.db
      .select()
      .from(schema.loginChallenges)
      .where(eq(schema.loginChallenges.email, email))
    expect(row?.codeHash).not.toContain(code)
    expect(row?.tokenHash).not.toContain(new URL(link).searchParams.get('token'))
  })

  it('answers known and unknown addresses identically', async () => {
    const known = await loginAs(ctx.database.db)
    const unknown = uniqueEmail('nobody')
    const a = await start(known.email)
    const b = await start(unknown)
    expect(a.statusCode).toBe(b.statusCode)
    expect(a.json()).toEqual(b.json())
    expect(Object.keys(a.headers).sort()).toEqual(Object.keys(b.headers).sort())
  })

  it('logs in with the code: HttpOnly cookies, then the profile', async () => {
    const email = uniqueEmail()
    const { code } = await requestLogin(email, { returnTo: '/asetukset/' })
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/passwordless/verify',
      payload: { email, code },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      status: 'LOGGED_IN',
      returnTo: '/asetukset/',
      userProfile: { email, role: 'consumer' },
    })
    const raw = [response.headers['set-cookie']].flat().join('\n')
    expect(raw).toMatch(new RegExp(`${ACCESS_COOKIE}=[^;]+; Path=/; Max-Age=900; SameSite=Lax; HttpOnly`))
    expect(raw).toMatch(
      new RegExp(`${REFRESH_COOKIE}=[^;]+; Path=/api/; Max-Age=\\d+; SameSite=Strict; HttpOnly`),
    )
    const me = await profile(setCookies(response))
    expect(me.statusCode).toBe(200)
    expect(me.json().userProfile.email).toBe(email)
  })

  it('logs in with the link once; a used link fails with a clear message', async () => {
    const email = uniqueEmail()
    const { token } = await requestLogin(email)
    const first = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/passwordless/verify-link',
      payload: { token },
    })
    expect(first.statusCode).toBe(200)
    expect((await profile(setCookies(first))).statusCode).toBe(200)
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/passwordless/verify-link',
      payload: { token, language: 'fi' },
    })
    expect(again.statusCode).toBe(400)
    expect(again.json()).toMatchObject({
      code: 'LINK_INVALID',
      message: 'Kirjautumislinkki on vanhentunut tai jo käytetty. Pyydä uusi linkki.',
    })
  })

  it('refuses an expired link and an expired code', async () => {
    const email = uniqueEmail()
    const { token, code } = await requestLogin(email)
    await ctx.database.db
      .update(schema.loginChallenges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(schema.loginChallenges.email, email))
    const link = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/passwordless/verify-link',
      payload: { token, language: 'en' },
    })
    expect(link.json()).toMatchObject({ code: 'LINK_INVALID', message: expect.stringMatching(/expired/) })
    const byCode = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/passwordless/verify',
      payload: { email, code },
    })
    expect(byCode.statusCode).toBe(400)
    expect(byCode.json().code).toBe('CODE_EXPIRED')
  })

  it('refuses a wrong code, and locks the login after 5 wrong codes', async () => {
    const email = uniqueEmail()
    const { code } = await requestLogin(email)
    const wrong = code === '000000' ? '111111' : '000000'
    const verify = (value: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v2/passwordless/verify',
        payload: { email, code: value, language: 'sv' },
      })
    const first = await verify(wrong)
    expect(first.statusCode).toBe(400)
    expect(first.json()).toMatchObject({
      code: 'INVALID_CODE',
      message: 'Koden är fel. Kontrollera koden i e-postmeddelandet och försök igen.',
    })
    for (let attempt = 2; attempt <= 5; attempt++) expect((await verify(wrong)).statusCode).toBe(400)
    const locked = await verify(code)
    expect(locked.statusCode).toBe(429)
    expect(locked.json().code).toBe('TOO_MANY_ATTEMPTS')
  })

  it('rate-limits login e-mails per address: 429, Retry-After and a message in the user’s language', async () => {
    const email = uniqueEmail()
    for (let attempt = 1; attempt <= 5; attempt++) expect((await start(email)).statusCode).toBe(200)
    const limited = await start(email, {}, { 'accept-language': 'en-GB,en;q=0.9' })
    expect(limited.statusCode).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect(limited.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many attempts/),
    })
  })

  it('answers bad input with 400 and the field', async () => {
    const response = await start('not-an-address')
    expect(response.statusCode).toBe(400)
    expect(response.json().fields.map((field: { path: string }) => field.path)).toEqual(['body.email'])
  })

  it('never sends a user back to another site', async () => {
    const email = uniqueEmail()
    const { code } = await requestLogin(email, { returnTo: '//evil.example/steal' })
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/passwordless/verify',
      payload: { email, code },
    })
    expect(response.json().returnTo).toBe('/')
  })
})

describe('sessions', () => {
  it('answers the profile with 401 when logged out', async () => {
    const response = await profile({})
    expect(response.statusCode).toBe(401)
    expect(response.json().code).toBe('UNAUTHORIZED')
  })

  it('rotates the refresh token; reusing an old one revokes the whole login', async () => {
    const { cookies } = await loginAs(ctx.database.db)
    const refresh = (jar: Cookies) =>
      ctx.app.inject({ method: 'POST', url: '/api/v3/user/token/refresh', cookies: jar, headers: OUR_CLIENT })
    const rotated = await refresh(cookies)
    expect(rotated.statusCode).toBe(200)
    const next = setCookies(rotated)
    expect(next[REFRESH_COOKIE]).toBeDefined()
    expect(next[REFRESH_COOKIE]).not.toBe(cookies[REFRESH_COOKIE])
    expect((await profile(next)).statusCode).toBe(200)

    // The old refresh token again: theft is assumed, so every session of the login ends.
    const reused = await refresh(cookies)
    expect(reused.statusCode).toBe(401)
    expect(reused.json().code).toBe('REUSED')
    expect((await profile(next)).statusCode).toBe(401)
    expect((await refresh(next)).statusCode).toBe(401)
  })

  it('reads each request’s own session: a deleted account is no login, nor a session past its time', async () => {
    const first = await loginAs(ctx.database.db)
    const second = await loginAs(ctx.database.db)
    expect((await profile(first.cookies)).json().userProfile.email).toBe(first.email)
    expect((await profile(second.cookies)).json().userProfile.email).toBe(second.email)
    await ctx.database.db
      .update(schema.users)
      .set({ deletedAt: new Date() })
      .where(eq(schema.users.id, second.userId))
    expect((await profile(second.cookies)).statusCode).toBe(401)
    expect((await profile(first.cookies)).json().userProfile.email).toBe(first.email)
    // Only the clock moves, the row stays: a read that took its "now" once would still let this in.
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(Date.now() + (ACCESS_TTL_SECONDS + 60) * 1000)
      expect((await profile(first.cookies)).statusCode).toBe(401)
    } finally {
      vi.useRealTimers()
    }
  })

  it('logout revokes the session and clears the cookies', async () => {
    const { cookies } = await loginAs(ctx.database.db)
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/user/logout',
      cookies,
      headers: OUR_CLIENT,
    })
    expect(response.statusCode).toBe(204)
    expect([response.headers['set-cookie']].flat().join('\n')).toContain(
      `${ACCESS_COOKIE}=; Path=/; SameSite=Lax; HttpOnly; Max-Age=0`,
    )
    expect((await profile(cookies)).statusCode).toBe(401)
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/v3/user/token/refresh',
          cookies,
          headers: OUR_CLIENT,
        })
      ).statusCode,
    ).toBe(401)
  })
})
