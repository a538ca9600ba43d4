import { pathFor } from '@lainava/routing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loginAs } from '../test/sessions.ts'
import { createTestApp } from '../test/test-app.ts'

// ADR 019: personal pages are kept out of search engines by the session. A crawler (no session) may fetch
// them and is sent to the login page, which says noindex; robots.txt must not hide that answer from it.
// Needs the production build (the pages are rendered by the web role).

let ctx: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  ctx = await createTestApp({ ROLES: 'web,api' })
})
afterAll(async () => {
  await ctx.close()
})

const NOINDEX = '<meta name="robots" content="noindex"/>'
const PERSONAL = [
  pathFor('offers', 'fi'),
  pathFor('offers', 'en'),
  pathFor('settings', 'fi'),
  pathFor('settings', 'sv'),
]

describe('personal pages and search engines', () => {
  it('robots.txt disallows the API only', async () => {
    const robots = await ctx.app.inject({ method: 'GET', url: '/robots.txt' })
    const disallowed = [...robots.body.matchAll(/^Disallow: (.*)$/gm)].map((match) => match[1])
    expect(disallowed).toEqual(['/api/'])
  })

  it.each(PERSONAL)('%s sends a crawler to a noindex login page', async (path) => {
    const response = await ctx.app.inject({ method: 'GET', url: path })
    expect(response.statusCode).toBeGreaterThanOrEqual(300)
    expect(response.statusCode).toBeLessThan(400)
    const login = await ctx.app.inject({ method: 'GET', url: String(response.headers.location) })
    expect(login.statusCode).toBe(200)
    expect(login.body).toContain(NOINDEX)
  })

  it.each(PERSONAL)('%s signed in is personal: not stored by caches, no robots meta', async (path) => {
    const { cookies } = await loginAs(ctx.database.db)
    const response = await ctx.app.inject({ method: 'GET', url: path, cookies })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.body).not.toContain(NOINDEX)
  })
})
