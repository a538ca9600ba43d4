import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { submission, validApplication } from '../test/applications.ts'
import { loginAs } from '../test/sessions.ts'
import { createTestApp } from '../test/test-app.ts'

// Issue 14: the credit card form fills in a signed-in person's e-mail and name, as the loan form does
// (signed-in-form.test.ts). Reads the card form route's own loader data. Needs the production build.

const ORIGIN = 'http://localhost:3000'
let ctx: Awaited<ReturnType<typeof createTestApp>>

beforeAll(async () => {
  ctx = await createTestApp({ ROLES: 'web,api', PUBLIC_URL: ORIGIN })
})
afterAll(async () => {
  await ctx.close()
})

const cardFormData = (cookies: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url: '/luottokorttihakemus/_.data?_routes=creditCardForm.fi', cookies })

describe('the credit card form knows who is signed in (issue 14)', () => {
  it('fills in the e-mail and the name from the latest application, and nothing for a visitor', async () => {
    const signedOut = await cardFormData({})
    expect(signedOut.statusCode).toBe(200)
    expect(signedOut.body).not.toContain('@example.fi')

    const { email, cookies } = await loginAs(ctx.database.db)
    const withEmail = await cardFormData(cookies)
    expect(withEmail.statusCode).toBe(200)
    expect(withEmail.body).toContain(email)

    const application = validApplication()
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/applications',
      headers: { origin: ORIGIN },
      cookies,
      payload: submission({
        ...application,
        applicant: { ...application.applicant, email, firstName: 'Kaarina', lastName: 'Korttila' },
      }),
    })
    expect(sent.statusCode).toBe(201)
    const withName = await cardFormData(cookies)
    expect(withName.body).toContain('Kaarina')
    expect(withName.body).toContain('Korttila')
  })
})
