import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { submission, validApplication } from '../../test/applications.ts'
import { uniqueEmail } from '../../test/sessions.ts'
import { createTestApp, freePort } from '../../test/test-app.ts'

// A mail server that is down is an outage, not a crash: a clear 503 in the user's language for a
// login, and a submitted application is kept and answered as received.

let ctx: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  // Nothing listens on this port: every SMTP connection is refused.
  ctx = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${await freePort()}` })
})
afterAll(async () => {
  await ctx.close()
})

describe('when the mail server is down', () => {
  it('a login start answers 503 with a translated message', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/passwordless/start',
      payload: { email: uniqueEmail() },
      headers: { 'accept-language': 'sv' },
    })
    expect(response.statusCode).toBe(503)
    expect(response.json()).toMatchObject({
      code: 'MAIL_UNAVAILABLE',
      message: 'E-post kan inte skickas just nu. Försök igen om en stund.',
    })
  })

  it('an application is still stored and answered, without the login e-mail', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/applications',
      payload: submission(validApplication()),
    })
    expect(response.statusCode).toBe(201)
    expect(response.json().loginEmailSent).toBe(false)
  })
})
