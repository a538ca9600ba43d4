import {
  cpSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { loadContent } from '@lainava/content/server'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { loadConfig } from '../config.ts'
import { createTestApp } from '../test/test-app.ts'
import { loadPrerendered, type Manifest } from './prerender.ts'

// ADR 053 amendment: a prerendered page's calculator states figures from the domain's dated tables
// as they stood at the build, so it is served only until the next dated row comes into force (or
// its year ends, prerender-year.test.ts). Today's tables have no row after the build, so the domain's
// function is replaced by one that puts a change an hour after the instant it is asked about; the
// server must ask about the build's time: the manifest's renderedAt, not the file's mtime, which a
// copy of the build that does not keep timestamps moves later. Needs the production build.

const HOUR_MS = 3_600_000
const SERVER_ENTRY_MTIME = new Date('2020-02-03T04:05:06.000Z')
// The instants the server asked about (a plain array: the setup clears a vi.fn's calls between hooks and tests).
const asked = vi.hoisted((): Date[] => [])
vi.mock('@lainava/domain/dated-changes', () => ({
  nextDatedChangeAfter: (instant: Date): Date | undefined => {
    asked.push(instant)
    return new Date(instant.getTime() + 3_600_000)
  },
}))

const root = fileURLToPath(new URL('../../../../', import.meta.url))
let tmp = ''
let buildDir = ''
let manifest: Manifest
let ctx: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  // A copy of the build as `cp -r` makes it: every file's mtime is the copy's time. The server build
  // imports its packages from node_modules, found through a link beside the copy.
  tmp = mkdtempSync(join(tmpdir(), 'lainava-prerender-copy-'))
  symlinkSync(join(root, 'node_modules'), join(tmp, 'node_modules'))
  buildDir = join(tmp, 'build')
  cpSync(loadConfig({ WEB_BUILD_DIR: process.env.WEB_BUILD_DIR }).WEB_BUILD_DIR, buildDir, {
    recursive: true,
  })
  // A server entry with a time of its own, years before the build: the sitemap must not take it.
  utimesSync(join(buildDir, 'server', 'index.js'), SERVER_ENTRY_MTIME, SERVER_ENTRY_MTIME)
  manifest = JSON.parse(readFileSync(join(buildDir, 'prerender', 'manifest.json'), 'utf8')) as Manifest
  // The build prerendered its pages with the demo company details: the same here, so they are used.
  ctx = await createTestApp({ ROLES: 'web,api', COMPANY_DEMO: 'true', WEB_BUILD_DIR: buildDir })
})
afterEach(() => {
  vi.useRealTimers()
})
afterAll(async () => {
  await ctx?.close()
  if (tmp) rmSync(tmp, { recursive: true, force: true })
})

describe('the prerendered pages’ next dated change', () => {
  it('serves them up to the last millisecond before the first dated row after the build, and live from it', async () => {
    // The prerender step wrote when it began rendering; the copy's manifest is younger than that.
    expect(manifest.renderedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
    const built = Date.parse(manifest.renderedAt ?? '')
    expect(statSync(join(buildDir, 'prerender', 'manifest.json')).mtime.getTime()).toBeGreaterThan(built)
    expect(asked).toEqual([new Date(built)])
    const year = manifest.year
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

  it('dates the sitemap’s pages without a date of their own by the manifest’s renderedAt, not a file’s mtime', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/sitemap/sitemap-0.xml' })
    expect(response.statusCode).toBe(200)
    const entry = response.body
      .split('<url>')
      .find((url) => url.includes(`<loc>${ctx.services.config.PUBLIC_URL}/lainanantajat/</loc>`))
    expect(entry).toContain(`<lastmod>${manifest.renderedAt?.slice(0, 10)}</lastmod>`)
    expect(entry).not.toContain(SERVER_ENTRY_MTIME.toISOString().slice(0, 10))
  })

  it('takes the manifest’s mtime only from an older manifest without renderedAt, and refuses a malformed one', () => {
    const file = join(buildDir, 'prerender', 'manifest.json')
    const options = {
      version: manifest.version,
      publicUrl: ctx.services.config.PUBLIC_URL,
      brandName: ctx.services.config.BRAND_NAME,
      company: ctx.services.config.COMPANY,
      // The build's own content: this checks the build's time, not a content edit since the build.
      content: { ...loadContent(), fingerprint: manifest.contentFingerprint },
    }
    const { renderedAt: _, ...older } = manifest
    writeFileSync(file, JSON.stringify(older))
    const written = new Date('2026-03-04T05:06:07.000Z')
    utimesSync(file, written, written)
    const loaded = loadPrerendered(buildDir, options)
    if ('reason' in loaded) throw new Error(loaded.reason)
    expect(loaded.renderedAt).toEqual(written)

    // `new Date` takes each of these (null as 0, a number, a year, a day without a time); the server must
    // take only the ISO form the build writes.
    for (const renderedAt of [
      null,
      true,
      1_700_000_000_000,
      'yesterday',
      '1',
      '2026',
      'Dec 31',
      '2026-03-04',
    ]) {
      writeFileSync(file, JSON.stringify({ ...manifest, renderedAt }))
      expect(loadPrerendered(buildDir, options), JSON.stringify(renderedAt)).toEqual({
        reason: 'the manifest’s renderedAt is not an ISO instant as the build writes it',
      })
    }
    // An ISO instant after the server's clock (a build machine ahead, or a forged far-future value): no build
    // rendered its pages then, so it is taken as the server's now; the pages still end at the next dated change.
    for (const renderedAt of ['9999-12-31T00:00:00.000Z', new Date(Date.now() + 60_000).toISOString()]) {
      writeFileSync(file, JSON.stringify({ ...manifest, renderedAt }))
      const before = Date.now()
      const loaded = loadPrerendered(buildDir, options)
      const after = Date.now()
      if ('reason' in loaded) throw new Error(`${renderedAt}: ${loaded.reason}`)
      expect(loaded.renderedAt.getTime(), renderedAt).toBeGreaterThanOrEqual(before)
      expect(loaded.renderedAt.getTime(), renderedAt).toBeLessThanOrEqual(after)
    }
    // The build's own form, a moment ago, is taken as it stands.
    const earlier = new Date(Date.now() - 60_000).toISOString()
    writeFileSync(file, JSON.stringify({ ...manifest, renderedAt: earlier }))
    const taken = loadPrerendered(buildDir, options)
    if ('reason' in taken) throw new Error(taken.reason)
    expect(taken.renderedAt.toISOString()).toBe(earlier)

    // A manifest cut short (a copy that stopped part-way) turns prerendering off instead of stopping the server.
    writeFileSync(file, JSON.stringify(manifest).slice(0, 100))
    expect(loadPrerendered(buildDir, options)).toEqual({
      reason: expect.stringMatching(/^the prerendered pages’ manifest is not JSON \(.+\)$/),
    })
    writeFileSync(file, 'null')
    expect(loadPrerendered(buildDir, options)).toEqual({
      reason: 'the prerendered pages’ manifest is not a manifest',
    })
  })

  it('starts a server on a manifest cut short, every page rendered live and the reason logged', async () => {
    writeFileSync(join(buildDir, 'prerender', 'manifest.json'), JSON.stringify(manifest).slice(0, 100))
    const lines: string[] = []
    const cut = await createTestApp(
      { ROLES: 'web,api', COMPANY_DEMO: 'true', WEB_BUILD_DIR: buildDir, LOG_LEVEL: 'warn' },
      { logStream: { write: (line) => lines.push(line) } },
    )
    try {
      expect(lines.join('')).toContain(
        'Prerendered pages are not used: the prerendered pages’ manifest is not JSON (',
      )
      const response = await cut.app.inject({ method: 'GET', url: '/autolaina/' })
      expect(response.statusCode).toBe(200)
      expect(response.headers['x-lainava-render']).toBeUndefined()
      // Without the build's record the sitemap falls back to the server entry's mtime.
      const sitemap = await cut.app.inject({ method: 'GET', url: '/sitemap/sitemap-0.xml' })
      expect(sitemap.body).toContain(`<lastmod>${SERVER_ENTRY_MTIME.toISOString().slice(0, 10)}</lastmod>`)
    } finally {
      await cut.close()
    }
  })
})
