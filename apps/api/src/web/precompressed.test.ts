import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { loadContent } from '@lainava/content/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../test/test-app.ts'
import { type ContentCoding, chooseEncoding } from './precompressed.ts'
import { loadPrerendered, precompressPages } from './prerender.ts'

// Issue 19 goal 1, ADR 041: prerendered pages and built files in the coding the request accepts,
// never compressed again per request. Needs the production build (npm test builds first).

describe('chooseEncoding', () => {
  const all: ContentCoding[] = ['br', 'gzip', 'identity']
  it.each([
    ['gzip, deflate, br, zstd', all, 'br'],
    ['gzip', all, 'gzip'],
    ['GZIP', all, 'gzip'],
    ['x-gzip', all, 'gzip'],
    [undefined, all, 'identity'],
    ['', all, 'identity'],
    ['deflate, zstd', all, 'identity'],
    ['br;q=0, gzip', all, 'gzip'],
    ['br;q=0.5, gzip', all, 'gzip'],
    ['br;q=0.9, gzip;q=0.8', all, 'br'],
    ['gzip;q=0.5, identity', all, 'identity'],
    ['br, gzip', ['gzip', 'identity'], 'gzip'],
    ['*', all, 'br'],
    ['*, br;q=0', all, 'gzip'],
    ['identity;q=0, gzip', all, 'gzip'],
    ['br;q=0, gzip;q=0', all, 'identity'],
    // Nothing acceptable: the plain bytes, as RFC 9110 advises rather than a 406.
    ['*;q=0', all, 'identity'],
    ['identity;q=0', ['identity'], 'identity'],
    // A malformed weight voids its entry.
    ['br;q=2, gzip', all, 'gzip'],
    ['br;q=abc', all, 'identity'],
  ] as const)('%j among %j → %s', (header, available, expected) => {
    expect(chooseEncoding(header, available)).toBe(expected)
  })
})

describe('precompressed pages and built files', () => {
  // WEB_BUILD_DIR: a copy of the build, to test while another process rebuilds the shared one.
  const env = { COMPANY_DEMO: 'true', WEB_BUILD_DIR: process.env.WEB_BUILD_DIR ?? '' }
  let ctx: Awaited<ReturnType<typeof createTestApp>>
  let buildDir: string
  let asset: string | undefined

  beforeAll(async () => {
    // An address the build did not compress its pages for: they are compressed in memory.
    ctx = await createTestApp({ ...env, ROLES: 'web,api', PUBLIC_URL: 'http://localhost:3999' })
    buildDir = ctx.services.config.WEB_BUILD_DIR
    // The largest script: certainly compressed by the build.
    asset = readdirSync(join(buildDir, 'client', 'assets'))
      .filter((name) => name.endsWith('.js'))
      .map((name) => ({ name, size: statSync(join(buildDir, 'client', 'assets', name)).size }))
      .sort((a, b) => b.size - a.size)[0]?.name
  })
  afterAll(async () => {
    await ctx?.close()
  })

  const decode = (coding: string | undefined, body: Buffer) =>
    coding === 'br' ? brotliDecompressSync(body) : coding === 'gzip' ? gunzipSync(body) : body

  for (const [kind, url, vary] of [
    ['a prerendered page', '/autolaina/', 'Cookie, Accept-Encoding'],
    ['a built script', () => `/assets/${asset}`, 'Accept-Encoding'],
  ] as const) {
    it(`${kind}: br, gzip or identity by Accept-Encoding, byte-identical, with Vary, ETag, 304 and HEAD`, async () => {
      const path = typeof url === 'function' ? url() : url
      const get = (acceptEncoding?: string, extra: Record<string, string> = {}) =>
        ctx.app.inject({
          method: 'GET',
          url: path,
          headers: {
            ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
            ...extra,
          },
        })
      const plain = await get()
      expect(plain.statusCode).toBe(200)
      expect(plain.headers['content-encoding']).toBeUndefined()
      if (kind === 'a prerendered page') expect(plain.headers['x-lainava-render']).toBe('prerendered')
      const etags = new Set<string>()
      for (const [acceptEncoding, expected] of [
        ['gzip, deflate, br, zstd', 'br'],
        ['gzip', 'gzip'],
        ['identity;q=0, gzip', 'gzip'],
        ['deflate', undefined],
        ['br;q=0, gzip;q=0', undefined],
        [undefined, undefined],
      ] as const) {
        const response = await get(acceptEncoding)
        expect(response.statusCode, String(acceptEncoding)).toBe(200)
        expect(response.headers['content-encoding'], String(acceptEncoding)).toBe(expected)
        expect(response.headers.vary).toBe(vary)
        expect(response.headers['content-type']).toMatch(
          kind === 'a prerendered page' ? /^text\/html; charset=utf-8/ : /^text\/javascript/,
        )
        expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length)
        // Decoded once gives the plain bytes: no coding was applied twice.
        expect(decode(expected, response.rawPayload).equals(plain.rawPayload)).toBe(true)
        etags.add(String(response.headers.etag))

        const again = await get(acceptEncoding, { 'if-none-match': String(response.headers.etag) })
        expect(again.statusCode).toBe(304)
        expect(again.rawPayload.length).toBe(0)

        const head = await ctx.app.inject({
          method: 'HEAD',
          url: path,
          headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
        })
        expect(head.statusCode).toBe(200)
        expect(head.headers['content-encoding']).toBe(expected)
        expect(head.headers['content-length']).toBe(response.headers['content-length'])
        expect(head.rawPayload.length).toBe(0)
      }
      // One validator per variant: br, gzip and plain.
      expect(etags.size).toBe(3)
      if (kind === 'a built script') {
        expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable')
        expect(plain.rawPayload.equals(readFileSync(join(buildDir, 'client', 'assets', asset ?? '')))).toBe(
          true,
        )
      } else {
        expect(plain.headers['cache-control']).toBe('no-cache')
      }
    })
  }

  it('uses the build’s copies of the pages at the address they were made for', async () => {
    // One page of the build, precompressed for an address as `npm run build` does with PUBLIC_URL.
    const dir = mkdtempSync(join(tmpdir(), 'lainava-precompressed-'))
    const origin = 'https://www.lainava.test'
    try {
      const manifest = JSON.parse(readFileSync(join(buildDir, 'prerender', 'manifest.json'), 'utf8'))
      const entry = manifest.pages['/autolaina/']
      mkdirSync(join(dir, 'prerender', dirname(entry.file)), { recursive: true })
      copyFileSync(join(buildDir, 'prerender', entry.file), join(dir, 'prerender', entry.file))
      writeFileSync(
        join(dir, 'prerender', 'manifest.json'),
        JSON.stringify({ ...manifest, pages: { '/autolaina/': entry } }),
      )
      await precompressPages(dir, origin)
      const options = {
        version: manifest.version,
        brandName: ctx.services.config.BRAND_NAME,
        company: ctx.services.config.COMPANY,
        // The build's own content: this checks the copies, not a content edit since the build.
        content: { ...loadContent(), fingerprint: manifest.contentFingerprint },
      }
      const loaded = loadPrerendered(dir, { ...options, publicUrl: origin })
      if ('reason' in loaded) throw new Error(loaded.reason)
      const page = loaded.pages.get('/autolaina/')
      // Nothing left to compress: the copies are there from the start, and they are the page.
      expect(page?.resource.prepare('br')).toBeUndefined()
      const copy = readFileSync(join(dir, 'prerender', `${entry.file}.br`))
      expect(page?.resource.pick('br').variant.body.equals(copy)).toBe(true)
      expect(brotliDecompressSync(copy).equals(page?.resource.identity.body ?? Buffer.alloc(0))).toBe(true)
      // At another address the copies do not fit: compressed on first use instead.
      const elsewhere = loadPrerendered(dir, { ...options, publicUrl: 'https://other.lainava.test' })
      if ('reason' in elsewhere) throw new Error(elsewhere.reason)
      expect(elsewhere.pages.get('/autolaina/')?.resource.prepare('br')).toBeInstanceOf(Promise)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('leaves responses made per request to the per-request compressor (brotli)', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-encoding']).toBe('br')
    expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString())).toHaveProperty('openapi')
  })
})
