import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp } from '../test/test-app.ts'

// A prerendered page shows the year it was rendered in (the footer's ©), so it is served in that year
// only, by the server's local clock; before and after it every page is rendered live. Needs the
// production build (npm test builds before these tests).

let ctx: Awaited<ReturnType<typeof createTestApp>>
let year = 0
beforeAll(async () => {
  // The build prerendered its pages with the demo company details: the same here, so they are used.
  ctx = await createTestApp({ ROLES: 'web,api', COMPANY_DEMO: 'true' })
  const manifest = join(ctx.services.config.WEB_BUILD_DIR, 'prerender', 'manifest.json')
  year = (JSON.parse(readFileSync(manifest, 'utf8')) as { year: number }).year
})
afterEach(() => {
  vi.useRealTimers()
})
afterAll(async () => {
  await ctx?.close()
})

describe('the prerendered pages’ year', () => {
  it('serves them from the first to the last millisecond of the year they were rendered in, and never outside it', async () => {
    const start = new Date(year, 0, 1).getTime()
    const end = new Date(year + 1, 0, 1).getTime()
    vi.useFakeTimers({ toFake: ['Date'] })
    for (const [now, render] of [
      [start - 1, undefined],
      [start, 'prerendered'],
      [end - 1, 'prerendered'],
      [end, undefined],
    ] as const) {
      vi.setSystemTime(now)
      const response = await ctx.app.inject({ method: 'GET', url: '/autolaina/' })
      expect(response.statusCode, new Date(now).toString()).toBe(200)
      expect(response.headers['x-lainava-render'], new Date(now).toString()).toBe(render)
    }
  })
})
