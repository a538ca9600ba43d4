import { pathFor } from '@lainava/routing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loginAs } from '../test/sessions.ts'
import { createTestApp } from '../test/test-app.ts'

// Issue 13 item 9: no answer that carries personal data may be kept by a browser or proxy cache.
// Needs the production build (the pages are rendered by the web role).

let ctx: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  ctx = await createTestApp({ ROLES: 'web,api' })
})
afterAll(async () => {
  await ctx.close()
})

describe('Cache-Control: no-store on personal data', () => {
  const api = [
    '/api/v2/user/profile',
    '/api/v1/user/consents',
    '/api/v1/user/export',
    '/api/v1/applications',
    '/api/v1/applications/drafts/consumer-loan',
    '/api/v1/loanOffers',
  ]
  const pages = [
    pathFor('offers', 'fi'),
    pathFor('settings', 'fi'),
    pathFor('consumerLoanForm', 'fi'),
    pathFor('continuousApplication', 'fi'),
    pathFor('offers', 'en'),
  ]
  it.each([...api, ...pages])('%s', async (url) => {
    const { cookies } = await loginAs(ctx.database.db)
    const response = await ctx.app.inject({ method: 'GET', url, cookies })
    expect(response.statusCode).toBeLessThan(500)
    expect(response.headers['cache-control']).toBe('no-store')
  })

  it('lets static content pages be cached by their own rule', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/autolaina/' })
    expect(response.headers['cache-control']).toBe('no-cache')
  })
})
