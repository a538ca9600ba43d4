import { createHash, randomBytes } from 'node:crypto'
import { schema } from '@lainava/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { submission, validApplication } from '../../test/applications.ts'
import { uniqueEmail } from '../../test/sessions.ts'
import { createTestApp } from '../../test/test-app.ts'
import { createRateKey } from './rate-limit.ts'

// Issue 13: raw client IPs are not stored; rate-limit keys carry a keyed hash only.

let ctx: Awaited<ReturnType<typeof createTestApp>>
let sameSite: { origin: string }
beforeAll(async () => {
  ctx = await createTestApp()
  sameSite = { origin: new URL(ctx.services.config.PUBLIC_URL).origin }
})
afterAll(async () => {
  await ctx.close()
})

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/** Everything a key must not contain: the value itself and its plain (unkeyed) hashes, which a table of every IPv4 address reverses. */
function traces(value: string): string[] {
  return [value, ...[value, `:${value}`, `rate:${value}`].map((text) => sha256(text).slice(0, 16))]
}

describe('rate-limit keys', () => {
  it('hold no client IP or e-mail address, in clear or as a plain hash, at any call site', async () => {
    const ips = ['192.0.2.55', '2001:db8::77']
    for (const ip of ips) {
      const email = uniqueEmail('ratekey')
      const inject = (url: string, payload: object) =>
        ctx.app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers: sameSite })

      expect((await inject('/api/v2/passwordless/start', { email })).statusCode).toBe(200)
      expect((await inject('/api/v2/passwordless/verify', { email, code: '000000' })).statusCode).toBe(400)
      const contact = await inject('/api/v1/contact', {
        name: 'Rate Key',
        email,
        topic: 'general',
        message: 'A question about the rate-limit keys.',
      })
      expect(contact.statusCode).toBeLessThan(300)
      const application = validApplication()
      application.applicant.email = email
      expect((await inject('/api/v1/applications', submission(application))).statusCode).toBe(201)

      const keys = (await ctx.services.db.select({ key: schema.rateLimits.key }).from(schema.rateLimits)).map(
        (row) => row.key,
      )
      const scopes = new Set(keys.map((key) => key.slice(0, key.lastIndexOf(':'))))
      expect([...scopes].sort()).toEqual([
        'application-submit:client',
        'contact:client',
        'contact:email',
        'login-start:address-client',
        'login-start:client',
        'login-verify:address-client',
        'login-verify:client',
      ])
      for (const key of keys) {
        for (const trace of [...traces(ip), ...traces(email)]) expect(key).not.toContain(trace)
      }
    }
  })

  it('depend on the server key, and keep the parts apart', () => {
    const first = createRateKey(randomBytes(32))
    const second = createRateKey(randomBytes(32))
    expect(first('login-start:client', '192.0.2.55')).toBe(first('login-start:client', '192.0.2.55'))
    expect(first('login-start:client', '192.0.2.55')).not.toBe(second('login-start:client', '192.0.2.55'))
    expect(first('scope', 'a:b', 'c')).not.toBe(first('scope', 'a', 'b:c'))
    expect(first('scope', 'x')).toMatch(/^scope:[0-9a-f]{32}$/)
  })
})
