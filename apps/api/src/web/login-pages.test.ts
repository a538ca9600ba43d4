import { schema } from '@lainava/db'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Cookies, loginAs, setCookies, uniqueEmail } from '../test/sessions.ts'
import { loginDetails, startSmtpServer } from '../test/smtp.ts'
import { createTestApp } from '../test/test-app.ts'

// The login pages as a browser meets them (issue 13 items 1 and 2). Needs the production build.

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

async function loginLink(email: string) {
  const before = smtp.inbox.length
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v2/passwordless/start',
    payload: { email, language: 'en' },
  })
  expect(response.statusCode).toBe(200)
  return loginDetails(await smtp.nextFor(email, before))
}

const page = (url: string, cookies: Cookies = {}) => ctx.app.inject({ method: 'GET', url, cookies })
const challengeUsed = async (email: string) => {
  const [row] = await ctx.database.db
    .select({ usedAt: schema.loginChallenges.usedAt })
    .from(schema.loginChallenges)
    .where(eq(schema.loginChallenges.email, email))
  return row?.usedAt !== null
}

describe('the login link page', () => {
  it('shows whose account the link opens and logs nobody in by being opened', async () => {
    const email = uniqueEmail('owner')
    const { token } = await loginLink(email)
    const response = await page(`/en/autologin/?token=${token}`)
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain(`This link logs you in to the account ${email}`)
    expect(response.body).toContain('Log in to this account')
    expect(String(response.headers['set-cookie'] ?? '')).not.toContain('lv_session=')
    expect(await challengeUsed(email)).toBe(false)
  })

  it('says so when another person is logged in on this browser, and asks about the draft here', async () => {
    const earlier = await loginAs(ctx.database.db)
    const draft = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/applications/drafts/consumer-loan',
      payload: { step: 'loan', data: { loan: { amount: 5000 } } },
    })
    const email = uniqueEmail('link')
    const { token } = await loginLink(email)
    const response = await page(`/autologin/?token=${token}`, { ...earlier.cookies, ...setCookies(draft) })
    expect(response.body).toContain(
      `Tässä selaimessa on nyt kirjautuneena ${earlier.email}. Jos jatkat, se kirjataan ulos`,
    )
    expect(response.body).toContain('Siirrä tässä selaimessa kesken oleva hakemus tälle tilille')
    expect(response.body).toMatch(/<input[^>]*type="checkbox"[^>]*>/)
    expect(response.body).not.toMatch(/<input[^>]*type="checkbox"[^>]*checked/)
  })

  it('logs in when the person presses the button', async () => {
    const email = uniqueEmail('owner')
    const { token } = await loginLink(email)
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/en/autologin/',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      payload: new URLSearchParams({ token }).toString(),
    })
    expect(response.statusCode).toBe(302)
    expect(String(response.headers['set-cookie'])).toContain('lv_session=')
    expect(await challengeUsed(email)).toBe(true)
  })

  it('answers an unknown link with a clear message and a way to ask for a new one', async () => {
    const response = await page(`/en/autologin/?token=${'x'.repeat(43)}`)
    expect(response.body).toContain('The login link is not valid')
    expect(response.body).toContain('Ask for a new login link')
  })
})

describe('the login page never sends a signed-in browser off-site', () => {
  const hostile = ['/%09/evil.example/x', '/%0a/x', '//evil', '/%5Cevil', '/.//evil.example']
  it.each(hostile)('returnTo=%s', async (returnTo) => {
    const { cookies } = await loginAs(ctx.database.db)
    const response = await page(`/kirjaudu/?returnTo=${returnTo}`, cookies)
    expect(response.statusCode).toBe(302)
    expect(response.headers.location).toBe('/')
  })

  it('keeps a return path on this site', async () => {
    const { cookies } = await loginAs(ctx.database.db)
    const response = await page(
      `/kirjaudu/?returnTo=${encodeURIComponent('/asetukset/?menu=consents')}`,
      cookies,
    )
    expect(response.headers.location).toBe('/asetukset/?menu=consents')
  })
})
