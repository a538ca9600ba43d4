import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp } from '../test/test-app.ts'

// ADR 053 amendment: a prerendered page's calculator states figures from the domain's dated tables
// as they stood at the build, so it is served only until the next dated row comes into force (or
// its year ends, prerender-year.test.ts). Today's tables have no row after the build, so the domain's
// function is replaced by one that puts a change an hour after the instant it is asked about; the
// server must ask about the build's time (the manifest's write time). Needs the production build.

const HOUR_MS = 3_600_000
// The instants the server asked about (a plain array: the setup clears a vi.fn's calls between hooks and tests).
const asked = vi.hoisted((): Date[] => [])
vi.mock('@lainava/domain/dated-changes', () => ({
  nextDatedChangeAfter: (instant: Date): Date | undefined => {
    asked.push(instant)
    return new Date(instant.getTime() + 3_600_000)
  },
}))

let ctx: Awaited<ReturnType<typeof createTestApp>>
let year = 0
let built = 0
beforeAll(async () => {
  // The build prerendered its pages with the demo company details: the same here, so they are used.
  ctx = await createTestApp({ ROLES: 'web,api', COMPANY_DEMO: 'true' })
  const manifest = join(ctx.services.config.WEB_BUILD_DIR, 'prerender', 'manifest.json')
  year = (JSON.parse(readFileSync(manifest, 'utf8')) as { year: number }).year
  built = statSync(manifest).mtime.getTime()
})
afterEach(() => {
  vi.useRealTimers()
})
afterAll(async () => {
  await ctx?.close()
})

describe('the prerendered pages’ next dated change', () => {
  it('serves them up to the last millisecond before the first dated row after the build, and live from it', async () => {
    expect(asked).toEqual([new Date(built)])
    const start = new Date(year, 0, 1).getTime()
    const validUntil = Math.min(built + HOUR_MS, new Date(year + 1, 0, 1).getTime())
    vi.useFakeTimers({ toFake: ['Date'] })
    for (const [now, render] of [
      [start, 'prerendered'],
      [validUntil - 1, 'prerendered'],
      [validUntil, undefined],
      [validUntil + 30 * 24 * HOUR_MS, undefined],
    ] as const) {
      vi.setSystemTime(now)
      const response = await ctx.app.inject({ method: 'GET', url: '/autolaina/' })
      expect(response.statusCode, new Date(now).toISOString()).toBe(200)
      expect(response.headers['x-lainava-render'], new Date(now).toISOString()).toBe(render)
    }
  })
})
