import { describe, expect, it } from 'vitest'
import { redactErrorText, serializeError } from './logger.ts'
import { createTestApp } from './test/test-app.ts'

describe('error logging without personal data', () => {
  it('drops the parameters of a failed query and row values of a constraint error', () => {
    const error = Object.assign(
      new Error(
        'Failed query: insert into "users" ("email") values ($1)\nparams: aino@example.fi,131052-308T',
      ),
      { cause: { code: '23505', message: 'Key (email)=(aino@example.fi) already exists.' } },
    )
    const logged = JSON.stringify(serializeError(error))
    expect(logged).not.toContain('aino@example.fi')
    expect(logged).not.toContain('131052-308T')
    expect(logged).toContain('23505')
    expect(redactErrorText('Key (email)=(x@y.fi) already exists.')).toBe('Key (…)=(…) already exists.')
  })
})

describe('request log', () => {
  it('writes one info line per request: method, path without its query, status, time and request id', async () => {
    const lines: string[] = []
    const ctx = await createTestApp(
      { LOG_LEVEL: 'info' },
      { logStream: { write: (line) => lines.push(line) } },
    )
    try {
      lines.length = 0
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/health?token=secret-token&email=aino%40example.fi',
        headers: { 'x-request-id': 'test-request-0001', cookie: 'lainava_session=secret-cookie' },
      })
      expect(response.statusCode).toBe(200)
      const requestLines = lines.map((line) => JSON.parse(line)).filter((entry) => entry.reqId)
      expect(requestLines).toHaveLength(1)
      expect(requestLines[0]).toMatchObject({
        level: 30,
        reqId: 'test-request-0001',
        method: 'GET',
        path: '/api/health',
        status: 200,
      })
      expect(typeof requestLines[0].ms).toBe('number')
      const all = lines.join('\n')
      for (const secret of ['secret-token', 'aino', 'secret-cookie', 'token='])
        expect(all).not.toContain(secret)
    } finally {
      await ctx.close()
    }
  })
})
