import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { submission, validApplication } from '../test/applications.ts'
import { loginAs } from '../test/sessions.ts'
import { createTestApp } from '../test/test-app.ts'

// Issue 14: a signed-in person's e-mail and name are filled in on a new application. Reads the
// form route's own loader data (not the header, which shows the e-mail anyway). Needs the production build.

const ORIGIN = 'http://localhost:3000'
let ctx: Awaited<ReturnType<typeof createTestApp>>

beforeAll(async () => {
  ctx = await createTestApp({ ROLES: 'web,api', PUBLIC_URL: ORIGIN })
})
afterAll(async () => {
  await ctx.close()
})

const formData = (cookies: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url: '/lainahakemus/_.data?_routes=consumerLoanForm.fi', cookies })

describe('the loan form knows who is signed in (issue 14)', () => {
  it('fills in the e-mail of the account (and nothing for a visitor who is not signed in)', async () => {
    const { email, cookies } = await loginAs(ctx.database.db)
    const signedOut = await formData({})
    expect(signedOut.statusCode).toBe(200)
    expect(signedOut.body).not.toContain('@example.fi')
    const response = await formData(cookies)
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain(email)
  })

  it('and the name from the latest application', async () => {
    const { email, cookies } = await loginAs(ctx.database.db)
    const application = validApplication()
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/applications',
      headers: { origin: ORIGIN },
      cookies,
      payload: submission({
        ...application,
        applicant: { ...application.applicant, email, firstName: 'Ainoliina', lastName: 'Kuusikoski' },
      }),
    })
    expect(sent.statusCode).toBe(201)
    const response = await formData(cookies)
    expect(response.body).toContain('Ainoliina')
    expect(response.body).toContain('Kuusikoski')
  })
})
