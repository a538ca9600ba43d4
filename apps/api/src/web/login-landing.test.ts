import { schema } from '@lainava/db'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACCESS_COOKIE, LOGIN_HINT_COOKIE, REFRESH_COOKIE } from '../modules/auth/cookies.ts'
import { hashSecret } from '../modules/auth/tokens.ts'
import { submission, validApplication } from '../test/applications.ts'
import { type Cookies, loginAs, setCookies, uniqueEmail } from '../test/sessions.ts'
import { loginDetails, startSmtpServer } from '../test/smtp.ts'
import { createTestApp } from '../test/test-app.ts'

// Issue 14: after logging in by code the person lands where they were going, and after an
// application that is its offers. The pages as a browser without JavaScript posts them; needs
// the production build.

const ORIGIN = 'http://localhost:3000'
let smtp: Awaited<ReturnType<typeof startSmtpServer>>
let ctx: Awaited<ReturnType<typeof createTestApp>>

beforeAll(async () => {
  smtp = await startSmtpServer()
  ctx = await createTestApp({ ROLES: 'web,api', PUBLIC_URL: ORIGIN, SMTP_URL: smtp.url })
})
afterAll(async () => {
  await ctx.close()
  await smtp.close()
})

/** Sends an application signed out; answers the code of the login e-mail it brings. */
async function applySignedOut(email: string) {
  const before = smtp.inbox.length
  const application = validApplication()
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/applications',
    payload: submission({ ...application, applicant: { ...application.applicant, email } }),
  })
  expect(response.statusCode).toBe(201)
  return loginDetails(await smtp.nextFor(email, before)).code
}

const typeCode = (page: string, fields: Record<string, string>) =>
  ctx.app.inject({
    method: 'POST',
    url: page,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    payload: new URLSearchParams({ intent: 'verify', language: 'fi', ...fields }).toString(),
  })

describe('login by code lands where the person was going (issue 14)', () => {
  it('from a page that asked for a login: the login page it sent them to returns them there', async () => {
    const email = uniqueEmail('settings')
    const code = await applySignedOut(email)
    const settings = await ctx.app.inject({ method: 'GET', url: '/asetukset/?menu=consents' })
    expect(settings.statusCode).toBe(302)
    const login = String(settings.headers.location)
    expect(login).toBe('/kirjaudu/?returnTo=%2Fasetukset%2F%3Fmenu%3Dconsents')

    // The code of the application's e-mail (which itself leads to the offers): this page's destination wins.
    const response = await typeCode(login, { email, code, returnTo: '/asetukset/?menu=consents' })
    expect(response.statusCode).toBe(302)
    expect(response.headers.location).toBe('/asetukset/?menu=consents')
    expect(String(response.headers['set-cookie'])).toContain('lv_session=')
  })

  it("with the application e-mail's code on a plain login page: to the application's offers", async () => {
    const email = uniqueEmail('apply')
    const code = await applySignedOut(email)
    const response = await typeCode('/en/login/', { email, code, returnTo: '', language: 'en' })
    expect(response.statusCode).toBe(302)
    // The e-mail was written in Finnish (the application's language): the Finnish offers page.
    expect(response.headers.location).toBe('/offers/')
  })

  it('from the offers page, and never off-site whatever the form says', async () => {
    const offers = await ctx.app.inject({ method: 'GET', url: '/offers/' })
    expect(offers.headers.location).toBe('/kirjaudu/?returnTo=%2Foffers%2F')
    const email = uniqueEmail('hostile')
    const code = await applySignedOut(email)
    const response = await typeCode('/kirjaudu/', { email, code, returnTo: '//evil.example/x' })
    expect(response.statusCode).toBe(302)
    expect(response.headers.location).toBe('/offers/')
  })
})

describe('an expired short session is renewed before the login form shows (issue 14)', () => {
  async function lapsedLogin() {
    const login = await loginAs(ctx.database.db)
    await ctx.database.db
      .update(schema.accessSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.accessSessions.tokenHash, hashSecret(login.cookies[ACCESS_COOKIE] ?? '')))
    // What a browser sends: the refresh cookie only to /api/ (its Path), the hint everywhere.
    const page = { [ACCESS_COOKIE]: login.cookies[ACCESS_COOKIE] ?? '', [LOGIN_HINT_COOKIE]: '1' }
    const api = { ...page, [REFRESH_COOKIE]: login.cookies[REFRESH_COOKIE] ?? '' }
    return { page, api }
  }
  const get = (url: string, cookies: Cookies) => ctx.app.inject({ method: 'GET', url, cookies })

  it('goes through the refresh endpoint and back to the page, signed in', async () => {
    const cookies = await lapsedLogin()
    const offers = await get('/offers/', cookies.page)
    expect(offers.headers.location).toBe('/kirjaudu/?returnTo=%2Foffers%2F')

    const login = await get('/kirjaudu/?returnTo=%2Foffers%2F', cookies.page)
    expect(login.statusCode).toBe(302)
    expect(login.headers.location).toBe('/api/v3/user/token/refresh?returnTo=%2Foffers%2F')
    expect(login.body).not.toContain('Sähköpostiosoite')

    const refresh = await get(String(login.headers.location), cookies.api)
    expect(refresh.statusCode).toBe(303)
    expect(refresh.headers.location).toBe('/offers/')
    const renewed = setCookies(refresh)
    expect(renewed[ACCESS_COOKIE]).toBeDefined()
    expect(renewed[REFRESH_COOKIE]).not.toBe(cookies.api[REFRESH_COOKIE])

    const back = await get('/offers/', { ...cookies.page, [ACCESS_COOKIE]: renewed[ACCESS_COOKIE] ?? '' })
    expect(back.statusCode).toBe(200)
    expect(back.body).toContain('Tarjoukset')
  })

  it('shows the login form, once, when the browser brings no refresh token', async () => {
    const { page } = await lapsedLogin()
    const refresh = await get('/api/v3/user/token/refresh?returnTo=%2Foffers%2F', page)
    expect(refresh.statusCode).toBe(303)
    expect(refresh.headers.location).toBe('/kirjaudu/?returnTo=%2Foffers%2F&refresh=no')
    expect(refresh.headers['set-cookie']).toBeUndefined()
    const login = await get(String(refresh.headers.location), page)
    expect(login.statusCode).toBe(200)
    expect(login.body).toContain('Sähköpostiosoite')
  })

  it('ends the login when the refresh token is refused, and never leaves the site', async () => {
    const { api } = await lapsedLogin()
    const first = await get('/api/v3/user/token/refresh?returnTo=%2Fen%2Foffers%2F', api)
    expect(first.headers.location).toBe('/en/offers/')
    // The same refresh token again is a replay: refused, the cookies cleared, on to the login form.
    const replay = await get('/api/v3/user/token/refresh?returnTo=%2F%2Fevil.example%2F', api)
    expect(replay.statusCode).toBe(303)
    expect(replay.headers.location).toBe('/kirjaudu/?returnTo=%2F&refresh=no')
    expect(String(replay.headers['set-cookie'])).toContain(`${LOGIN_HINT_COOKIE}=;`)
  })
})
