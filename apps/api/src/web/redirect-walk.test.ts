import { LANGUAGES, REDIRECTS, type RedirectRow, SERVED_LANGUAGES } from '@lainava/routing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Cookies, loginAs } from '../test/sessions.ts'
import { createTestApp } from '../test/test-app.ts'

// Issue 14: every old path, under every language prefix, lands in one hop on a page that
// answers. The web role in-process: needs the production build (npm test builds first).
let ctx: Awaited<ReturnType<typeof createTestApp>>
let signedIn: Cookies
beforeAll(async () => {
  ctx = await createTestApp({ ROLES: 'web,api' })
  signedIn = (await loginAs(ctx.database.db)).cookies
})
afterAll(async () => {
  await ctx.close()
})

// Pages of a signed-in person: the walk follows these with a session, as their owner would.
const SIGNED_IN_SCREENS = new Set(['offers', 'settings'])

/** What the page after the redirect must answer: the maintenance screen is a deliberate 503 (spec §2). */
function expectedStatus(row: RedirectRow): number {
  return 'screen' in row.to && row.to.screen === 'maintenance' ? 503 : 200
}

describe('the redirect table, walked under every language prefix', () => {
  for (const row of REDIRECTS) {
    it(`${row.from} ends in one hop on a page that answers ${expectedStatus(row)}`, async () => {
      const problems: string[] = []
      for (const language of SERVED_LANGUAGES) {
        const from = `${LANGUAGES[language].prefix}${row.from}`
        const first = await ctx.app.inject({ method: 'GET', url: from })
        const location = first.headers.location
        if (![301, 302].includes(first.statusCode) || typeof location !== 'string') {
          problems.push(`${from} answered ${first.statusCode} without a redirect`)
          continue
        }
        // Another site's page is not ours to fetch; its address is checked in web.test.ts.
        if (/^https?:\/\//.test(location)) continue
        const cookies = 'screen' in row.to && SIGNED_IN_SCREENS.has(row.to.screen) ? signedIn : {}
        const target = await ctx.app.inject({ method: 'GET', url: location, cookies })
        if (target.statusCode !== expectedStatus(row)) {
          const next = target.headers.location ? ` → ${target.headers.location}` : ''
          problems.push(`${from} → ${location} answered ${target.statusCode}${next}`)
        }
      }
      expect(problems).toEqual([])
    })
  }
})

describe('the business forms that old paths lead to (issue 15)', () => {
  it('are the forms themselves: /factoring-hakemus/ no longer waits on the maintenance page', async () => {
    for (const [path, title] of [
      ['/factoring-hakemus/', 'Factoring-hakemus'],
      ['/sv/factoring-hakemus/', 'Ansökan om factoring'],
      ['/yrityslainahakemus/', 'Yrityslainahakemus'],
      ['/en/yrityslainahakemus/', 'Business loan application'],
    ] as const) {
      const response = await ctx.app.inject({ method: 'GET', url: path })
      expect(response.statusCode, path).toBe(200)
      expect(response.body, path).toContain(`<h1 class="`)
      expect(response.body, path).toContain(title)
      expect(response.body, path).not.toContain('<meta name="robots" content="noindex"/>')
    }
  })
})

describe('the mortgage form that old paths lead to (issue 16)', () => {
  it('is the form itself, for search engines too', async () => {
    for (const [path, title] of [
      ['/asuntolainahakemus/', 'Asuntolainahakemus'],
      ['/en/mortgage-form/', 'Mortgage application'],
    ] as const) {
      const response = await ctx.app.inject({ method: 'GET', url: path })
      expect(response.statusCode, path).toBe(200)
      expect(response.body, path).toContain(title)
      expect(response.body, path).not.toContain('<meta name="robots" content="noindex"/>')
    }
  })
})

describe('pages of flows that do not exist yet', () => {
  it('say plainly what is possible today, answer 200 and stay out of search engines', async () => {
    for (const [path, heading, link] of [
      ['/sv/arvonnat/', 'Inga utlottningar pågår just nu', 'href="/sv/"'],
    ] as const) {
      const response = await ctx.app.inject({ method: 'GET', url: path })
      expect(response.statusCode, path).toBe(200)
      expect(response.body, path).toContain(heading)
      expect(response.body, path).toContain(link)
      expect(response.body, path).toContain('<meta name="robots" content="noindex"/>')
    }
  })

  it('answers 404 for an old page with no successor itself, without a redirect', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/testi-sivu/' })
    expect(response.statusCode).toBe(404)
    expect(response.headers.location).toBeUndefined()
  })
})
