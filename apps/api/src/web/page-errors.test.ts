import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COMPANY_ENV } from '../test/company-env.ts'
import { createTestApp } from '../test/test-app.ts'

// ADR 016: an error in a page's loader goes to the server's redacting logger with the request id,
// never to the console (the test setup fails a test on any console.error).

const lines: string[] = []
let ctx: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  ctx = await createTestApp(
    {
      ROLES: 'web,api',
      LOG_LEVEL: 'error',
      PUBLIC_URL: 'https://lainava.test',
      // An https site must have SMTP (no worker runs here, so nothing is sent).
      SMTP_URL: 'smtp://127.0.0.1:2525',
      ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
      ...COMPANY_ENV,
    },
    { logStream: { write: (line) => void lines.push(line) } },
  )
})
afterAll(async () => {
  await ctx.close()
})

describe('server errors in pages', () => {
  it('logs a failing loader through the server logger with the request id', async () => {
    // The lender list's loader reads the lenders table: without it the loader throws.
    await ctx.database.db.execute(sql`ALTER TABLE lenders RENAME TO lenders_gone`)
    try {
      const requestId = 'page-error-test-0001'
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/lainanantajat/',
        headers: { 'x-request-id': requestId },
      })
      expect(response.statusCode).toBe(500)
      const logged = lines.map((line) => JSON.parse(line)).filter((entry) => entry.reqId === requestId)
      expect(logged).toContainEqual(
        expect.objectContaining({
          level: 50,
          msg: 'page request failed',
          err: expect.objectContaining({ message: expect.stringContaining('lenders') }),
        }),
      )
    } finally {
      await ctx.database.db.execute(sql`ALTER TABLE lenders_gone RENAME TO lenders`)
    }
  })
})
