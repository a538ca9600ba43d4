import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../test/test-app.ts'

// Issue 19 goal 2: live pages compressed per request (web/compression.ts), on the production build.
let ctx: Awaited<ReturnType<typeof createTestApp>>

beforeAll(async () => {
  ctx = await createTestApp({ ROLES: 'web,api' })
})
afterAll(async () => {
  await ctx.close()
})

const form = (acceptEncoding?: string) =>
  ctx.app.inject({
    method: 'GET',
    url: '/lainahakemus/',
    headers: { accept: 'text/html', ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
  })

/** The page without what differs per response: its nonce and the flag SDK's random ids. */
function normalised(html: string, headers: Record<string, unknown>): string {
  const nonce = /'nonce-([^']+)'/.exec(String(headers['content-security-policy']))?.[1] ?? '\u0000'
  return html.replaceAll(nonce, 'NONCE').replace(/(\\"(?:deviceId|randomId)\\",\\")[^\\]*/g, '$1ID')
}

/** The window a brotli stream declares in its first bits (RFC 7932 §9.1). */
function brotliWindowBits(stream: Buffer): number {
  const first = stream[0] ?? 0
  if ((first & 1) === 0) return 16
  const n = (first >> 1) & 7
  if (n !== 0) return 17 + n
  return 0 // 10–15 or 17: a smaller window than we ask for
}

describe('live pages compressed per request (issue 19)', () => {
  it('follows Accept-Encoding and decodes to the same page as the uncompressed response', async () => {
    const plain = await form()
    expect(plain.statusCode).toBe(200)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toContain('id="field-loan-amount"')

    const br = await form('gzip, deflate, br, zstd')
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toContain('accept-encoding')
    const brHtml = brotliDecompressSync(br.rawPayload).toString('utf8')
    expect(normalised(brHtml, br.headers)).toBe(normalised(plain.body, plain.headers))
    // The 256 KiB window (not brotli's 4 MiB default): the cheap encoder per response.
    expect(brotliWindowBits(br.rawPayload)).toBe(18)
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3)

    const gzip = await form('gzip, deflate')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(normalised(gunzipSync(gzip.rawPayload).toString('utf8'), gzip.headers)).toBe(
      normalised(plain.body, plain.headers),
    )

    const identity = await form('identity')
    expect(identity.headers['content-encoding']).toBeUndefined()
    expect(normalised(identity.body, identity.headers)).toBe(normalised(plain.body, plain.headers))
  })
})
