import type { AddressInfo } from 'node:net'
import { type ApiError, createApiClient } from '@lainava/api-client'
import { schema } from '@lainava/db'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loginAs } from '../../test/sessions.ts'
import { createTestApp } from '../../test/test-app.ts'

// The generic client (packages/api-client) against the real API over real HTTP.
// Node's fetch keeps no cookies, so each "browser" here is a fetch with a cookie jar.

let ctx: Awaited<ReturnType<typeof createTestApp>>
let baseUrl = ''

beforeAll(async () => {
  ctx = await createTestApp()
  await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await ctx.close()
})

function browser(initial: Record<string, string>) {
  const jar = new Map(Object.entries(initial))
  const calls: string[] = []
  const fetchWithCookies: typeof fetch = async (input, init) => {
    const url = new URL(String(input))
    calls.push(`${init?.method ?? 'GET'} ${url.pathname}`)
    const headers = new Headers(init?.headers)
    headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '))
    const response = await fetch(input, { ...init, headers })
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';')
      const [name = '', value = ''] = pair.split('=')
      if (value === '' || /Max-Age=0/.test(cookie)) jar.delete(name)
      else jar.set(name, value)
    }
    return response
  }
  const events = { forbidden: 0, profiles: [] as unknown[] }
  const client = createApiClient({
    baseUrl,
    fetch: fetchWithCookies,
    onForbidden: () => {
      events.forbidden++
    },
    onProfile: (profile) => events.profiles.push(profile),
  })
  return { client, calls, events, jar }
}

async function expireAccess(familyOfUser: string) {
  await ctx.database.db.execute(sql`
    update access_sessions set expires_at = now() - interval '1 second'
    where family_id in (select id from session_families where user_id = ${familyOfUser})`)
}

describe('API client against the real API (spec §7, §8)', () => {
  it('on 401 refreshes once, retries once, then loads the profile', async () => {
    const user = await loginAs(ctx.database.db)
    await expireAccess(user.userId)
    const { client, calls, events } = browser(user.cookies)
    const consents = await client.get<{ marketingEmail: boolean }>('/api/v1/user/consents')
    expect(consents).toMatchObject({ marketingEmail: false })
    expect(calls).toEqual([
      'GET /api/v1/user/consents',
      'POST /api/v3/user/token/refresh',
      'GET /api/v1/user/consents',
      'GET /api/v2/user/profile',
    ])
    expect(events.profiles).toEqual([
      expect.objectContaining({ userProfile: expect.objectContaining({ email: user.email }) }),
    ])
    expect(events.forbidden).toBe(0)
  })

  it('treats a failed refresh as forbidden', async () => {
    const user = await loginAs(ctx.database.db)
    await expireAccess(user.userId)
    await ctx.database.db
      .update(schema.sessionFamilies)
      .set({ revokedAt: new Date() })
      .where(eq(schema.sessionFamilies.userId, user.userId))
    const { client, calls, events } = browser(user.cookies)
    expect(await client.get('/api/v1/user/consents')).toBeUndefined()
    expect(events.forbidden).toBe(1)
    expect(calls).toEqual(['GET /api/v1/user/consents', 'POST /api/v3/user/token/refresh'])
  })

  it('a 403 on a protected path is forbidden; elsewhere it just returns nothing', async () => {
    const consumer = await loginAs(ctx.database.db)
    const asConsumer = browser(consumer.cookies)
    expect(await asConsumer.client.get('/api/v1/admin/users')).toBeUndefined()
    expect(asConsumer.events.forbidden).toBe(1)

    const admin = await loginAs(ctx.database.db, { role: 'admin' })
    const asAdmin = browser(admin.cookies)
    // Consents are for consumer accounts: the API answers an admin 403 on a path that is not protected.
    expect(await asAdmin.client.get('/api/v1/user/consents')).toBeUndefined()
    expect(asAdmin.events.forbidden).toBe(0)
    expect(await asAdmin.client.get<{ users: unknown[] }>('/api/v1/admin/users')).toMatchObject({
      users: expect.any(Array),
    })
  })

  it('throws an error with status text, code and JSON body for other failures', async () => {
    const user = await loginAs(ctx.database.db)
    const { client } = browser(user.cookies)
    await expect(client.put('/api/v1/user/consents', { sms: 'yes' })).rejects.toMatchObject({
      statusCode: 400,
      statusText: 'Bad Request',
      body: expect.objectContaining({ code: 'VALIDATION_FAILED' }),
    })
    const error = await client.put('/api/v1/user/consents', { sms: 'yes' }).catch((caught: unknown) => caught)
    // The client reads the API's error body: the invalid field, with its message in Finnish.
    expect((error as ApiError).problem?.fields).toContainEqual({
      path: 'body.sms',
      code: 'invalid_type',
      message: 'Tarkista tämä tieto.',
    })
  })

  it('returns nothing for an empty response (logout answers 204)', async () => {
    const user = await loginAs(ctx.database.db)
    const { client, jar } = browser(user.cookies)
    expect(await client.postJson('/api/v2/user/logout')).toBeUndefined()
    expect(jar.size).toBe(0)
  })
})
