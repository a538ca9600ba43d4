import { schema } from '@lainava/db'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { submission, validApplication } from '../../test/applications.ts'
import { lenderRow } from '../../test/lenders.ts'
import { loginAs, OUR_CLIENT, setCookies, uniqueEmail } from '../../test/sessions.ts'
import { startSmtpServer } from '../../test/smtp.ts'
import { createTestApp } from '../../test/test-app.ts'

// Issue 13 item 8: an application must not tell a stranger which addresses belong to staff.

let smtp: Awaited<ReturnType<typeof startSmtpServer>>
let ctx: Awaited<ReturnType<typeof createTestApp>>
let lenderId = ''

beforeAll(async () => {
  smtp = await startSmtpServer()
  ctx = await createTestApp({ SMTP_URL: smtp.url })
  const [lender] = await ctx.database.db
    .insert(schema.lenders)
    .values([lenderRow({ name: 'Alfa Luotto' })])
    .returning({ id: schema.lenders.id })
  lenderId = lender?.id ?? ''
})
afterAll(async () => {
  await ctx.close()
  await smtp.close()
})

function applicationFrom(email: string) {
  const application = validApplication()
  return { ...application, applicant: { ...application.applicant, email } }
}

const post = (payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/applications', payload: payload as object })

function shape(response: Awaited<ReturnType<typeof post>>) {
  const body = response.json()
  return {
    status: response.statusCode,
    keys: Object.keys(body).sort(),
    lenders: body.lenders,
    loginEmailSent: body.loginEmailSent,
    headers: Object.keys(response.headers).sort(),
  }
}

describe('an application with a staff address', () => {
  it('rolls back the draft’s “submitted” mark with the rest (one statement with the applicants’ INSERT)', async () => {
    const staff = await loginAs(ctx.database.db, { role: 'admin', email: uniqueEmail('admin') })
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/applications/drafts/consumer-loan',
      payload: { step: 'applicant', data: { step: 'applicant' } },
      headers: OUR_CLIENT,
    })
    const browser = { lv_draft: setCookies(saved).lv_draft ?? '' }
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/applications',
      payload: submission(applicationFrom(staff.email)) as object,
      cookies: browser,
    })
    expect(response.statusCode).toBe(201)
    const applicantRows = await ctx.database.db
      .select({ id: schema.applicants.id })
      .from(schema.applicants)
      .where(eq(schema.applicants.email, staff.email))
    expect(applicantRows).toHaveLength(0)
    // Nothing was kept, so the browser's draft is still open.
    const draft = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/applications/drafts/consumer-loan',
      cookies: browser,
    })
    expect(draft.statusCode).toBe(200)
  })

  it.each(['admin', 'lender'] as const)(
    'answers as for any other address (%s), keeps nothing and tells the address why',
    async (role) => {
      const staff = await loginAs(ctx.database.db, {
        role,
        email: uniqueEmail(role),
        ...(role === 'lender' ? { lenderId } : {}),
      })
      const consumerAddress = uniqueEmail('someone')
      const other = await post(submission(applicationFrom(consumerAddress)))
      const before = smtp.inbox.length
      const response = await post(submission(applicationFrom(staff.email)))
      expect(shape(response)).toEqual(shape(other))
      expect(response.statusCode).toBe(201)

      const stored = await ctx.database.db
        .select()
        .from(schema.applications)
        .where(eq(schema.applications.userId, staff.userId))
      expect(stored).toHaveLength(0)
      const [row] = await ctx.database.db
        .select({ role: schema.users.role })
        .from(schema.users)
        .where(eq(schema.users.id, staff.userId))
      expect(row?.role).toBe(role)

      const applicantRows = await ctx.database.db
        .select({ id: schema.applicants.id })
        .from(schema.applicants)
        .where(eq(schema.applicants.email, staff.email))
      expect(applicantRows).toHaveLength(0)

      const mail = await smtp.nextFor(staff.email, before)
      expect(mail.text).toContain('Hakemusta ei otettu vastaan')
      expect(mail.text).not.toContain('autologin')
    },
  )
})
