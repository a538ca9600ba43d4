import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getConsents, updateConsents } from '../modules/users/user-service.ts'
import { loginAs } from '../test/sessions.ts'
import { createTestApp } from '../test/test-app.ts'

// Issue 18: a consent choice made without JavaScript, as the browser posts the pages' forms. The cookie
// banner's form (the root action at `/`) changes a signed-in consumer's account consent as the banner
// does with JavaScript; signed out it sets the cookies only. The settings page's consents and the banner
// write the same cookies: the deviceId's lifetime follows the choice. Needs the production build.

const ORIGIN = 'http://localhost:3000'
const DEVICE_ID = 'consentchoicetest000001'
let ctx: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  ctx = await createTestApp({ ROLES: 'web,api', PUBLIC_URL: ORIGIN })
})
afterAll(async () => {
  await ctx.close()
})

/** A page form's post as a browser without JavaScript sends it. */
function post(url: string, fields: Record<string, string>, cookies: Record<string, string>) {
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    cookies: { lainava_device_id: DEVICE_ID, ...cookies },
    payload: new URLSearchParams(fields).toString(),
  })
}

function setCookieList(response: { headers: Record<string, unknown> }): string[] {
  const header = response.headers['set-cookie']
  return Array.isArray(header) ? header.map(String) : header ? [String(header)] : []
}

const cookieNamed = (list: string[], name: string) => list.find((cookie) => cookie.startsWith(`${name}=`))

describe('the cookie banner without JavaScript', () => {
  it("changes a signed-in consumer's account consent, keeping the other consents", async () => {
    const person = await loginAs(ctx.database.db)
    const before = await getConsents(ctx.database.db, person.userId)
    await updateConsents(ctx.database.db, person.userId, { ...before, sms: true, analyticsCookies: false })

    const allowed = await post(
      '/',
      { intent: 'cookie-consent', choice: 'all', returnTo: '/' },
      person.cookies,
    )
    expect(allowed.statusCode).toBe(303)
    expect(cookieNamed(setCookieList(allowed), 'lainava_marketing')).toMatch(/^lainava_marketing=true;/)
    expect(await getConsents(ctx.database.db, person.userId)).toMatchObject({
      analyticsCookies: true,
      sms: true,
    })

    const refused = await post('/', { intent: 'cookie-consent', choice: 'necessary' }, person.cookies)
    expect(refused.statusCode).toBe(303)
    expect(await getConsents(ctx.database.db, person.userId)).toMatchObject({
      analyticsCookies: false,
      sms: true,
    })
  })

  it('signed out sets the cookies only; staff accounts have no consents to change', async () => {
    const anonymous = await post('/', { intent: 'cookie-consent', choice: 'all' }, {})
    expect(anonymous.statusCode).toBe(303)
    const cookies = setCookieList(anonymous)
    expect(cookieNamed(cookies, 'lainava_marketing')).toMatch(/^lainava_marketing=true;/)
    expect(cookieNamed(cookies, 'lainava_device_id')).toMatch(/; Max-Age=\d+;/)

    // A first visit answered without JavaScript: the deviceId made for this request follows the answer.
    const first = await ctx.app.inject({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      payload: new URLSearchParams({ intent: 'cookie-consent', choice: 'all' }).toString(),
    })
    expect(first.statusCode).toBe(303)
    expect(cookieNamed(setCookieList(first), 'lainava_device_id')).toMatch(
      /^lainava_device_id=[\w-]+; Path=\/; Max-Age=\d+;/,
    )
    expect(cookieNamed(setCookieList(first), 'lainava_random_id')).not.toMatch(/Max-Age/)

    const admin = await loginAs(ctx.database.db, { role: 'admin' })
    const answered = await post('/', { intent: 'cookie-consent', choice: 'all' }, admin.cookies)
    expect(answered.statusCode).toBe(303)
    expect((await getConsents(ctx.database.db, admin.userId)).updatedAt).toBeNull()
  })
})

describe("the settings page's consents", () => {
  it("rewrite the deviceId cookie's lifetime as the banner does", async () => {
    const person = await loginAs(ctx.database.db)
    const given = await post('/asetukset/', { intent: 'consents', analyticsCookies: 'on' }, person.cookies)
    expect(given.statusCode).toBe(200)
    expect(cookieNamed(setCookieList(given), 'lainava_marketing')).toMatch(/^lainava_marketing=true;/)
    expect(cookieNamed(setCookieList(given), 'lainava_device_id')).toMatch(
      new RegExp(`^lainava_device_id=${DEVICE_ID}; Path=/; Max-Age=\\d+; SameSite=Lax$`),
    )
    expect(await getConsents(ctx.database.db, person.userId)).toMatchObject({ analyticsCookies: true })

    const withdrawn = await post('/asetukset/', { intent: 'consents' }, person.cookies)
    expect(withdrawn.statusCode).toBe(200)
    expect(cookieNamed(setCookieList(withdrawn), 'lainava_marketing')).toMatch(/^lainava_marketing=false;/)
    expect(cookieNamed(setCookieList(withdrawn), 'lainava_device_id')).toBe(
      `lainava_device_id=${DEVICE_ID}; Path=/; SameSite=Lax`,
    )
  })
})
