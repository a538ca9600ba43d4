import { randomUUID } from 'node:crypto'
import { schema } from '@lainava/db'
import { DEFAULT_FILTERING } from '@lainava/domain'
import { DEMO_MORTGAGE_BANKS } from '@lainava/domain/mortgage/demo-banks'
import { exampleMortgageSteps } from '@lainava/domain/mortgage/example-application'
import { and, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Cookies, loginAs, OUR_CLIENT } from '../../test/sessions.ts'
import { createTestApp } from '../../test/test-app.ts'
import { createHttpLender } from '../marketplace/lender-credentials.ts'
import { submittedMortgage } from '../mortgage/mortgage-test-helpers.ts'

// Issue 17 review (L5): mortgage applications in the lender portal. A bank's user sees what the bank
// received (the mortgage section of the partner delivery) and may reveal the applicants' henkilötunnus
// (audited); a manual lender never receives mortgages (it could not answer them in the portal).

let ctx: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(async () => {
  await ctx.close()
})

const db = () => ctx.database.db
const demo = DEMO_MORTGAGE_BANKS[0]
if (!demo) throw new Error('no demo banks')

const get = (url: string, cookies: Cookies) => ctx.app.inject({ method: 'GET', url, cookies })
const post = (url: string, cookies: Cookies, payload: object = {}) =>
  ctx.app.inject({ method: 'POST', url, cookies, payload, headers: OUR_CLIENT })

/** An HTTP bank (its endpoint is never reached here: the test app runs no worker) and a manual one, both with mortgage criteria. */
async function banks() {
  const http = await createHttpLender(db(), ctx.services.cipher, {
    slug: `test-bank-http-${randomUUID().slice(0, 8)}`,
    name: 'Portaalin Pankki',
    description: 'HTTP test bank',
    endpointUrl: 'http://127.0.0.1:9/unset',
    criteria: demo?.criteria,
  })
  const [manual] = await db()
    .insert(schema.lenders)
    .values({
      ...demo,
      slug: `test-bank-manual-${randomUUID().slice(0, 8)}`,
      name: 'Käsin Vastaava Pankki',
      integration: 'manual',
      sandbox: null,
      filtering: DEFAULT_FILTERING,
    })
    .returning({ id: schema.lenders.id })
  if (!manual) throw new Error('no manual bank')
  // Only this test's banks: the seeded demo banks are paused.
  await db()
    .update(schema.lenders)
    .set({ filtering: { acceptingApplications: false, excludedPurposes: [] } })
    .where(like(schema.lenders.slug, 'demo-%'))
  return { http, manualId: manual.id }
}

describe('a mortgage application in the lender portal', () => {
  it('shows what the bank received, reveals the henkilötunnus (audited); a manual lender gets none', async () => {
    const { http, manualId } = await banks()
    const applicant = await loginAs(db())
    const { applicationId } = await submittedMortgage(ctx, applicant)

    const recipients = await db()
      .select({ lenderId: schema.applicationRecipients.lenderId })
      .from(schema.applicationRecipients)
      .where(eq(schema.applicationRecipients.applicationId, applicationId))
    const ids = recipients.map((row) => row.lenderId)
    expect(ids).toContain(http.lenderId)
    expect(ids).not.toContain(manualId)

    const agent = await loginAs(db(), { role: 'lender', lenderId: http.lenderId, lenderRole: 'lender-agent' })
    const detail = await get(`/api/v1/lender/applications/${applicationId}`, agent.cookies)
    expect(detail.statusCode).toBe(200)
    const body = detail.json()
    expect(body.application).toMatchObject({ kind: 'mortgage', purpose: 'first-home' })
    expect(body.canAnswer).toBe(false)
    const steps = exampleMortgageSteps
    expect(body.delivery).toMatchObject({
      product: 'mortgage',
      loan: {
        amount: steps['loan-requirement'].loanAmount,
        months: steps['loan-requirement'].years * 12,
        purpose: 'first-home',
      },
      mortgage: {
        purpose: 'first-home',
        property: {
          streetAddress: steps['property-information'].streetAddress,
          price: steps['property-information'].price,
        },
        identification: { method: expect.any(String) },
      },
    })
    expect(body.delivery.applicants.map((person: { role: string }) => person.role)).toEqual(['main', 'co'])
    for (const person of body.delivery.applicants)
      expect(person).toMatchObject({ hetu: null, hetuHidden: true })
    expect(detail.body).not.toContain(steps['personal-information'].hetu)

    const reveal = await post(`/api/v1/lender/applications/${applicationId}/hetu`, agent.cookies)
    expect(reveal.statusCode).toBe(200)
    expect(reveal.json().applicants).toEqual([
      { role: 'main', hetu: steps['personal-information'].hetu },
      { role: 'co', hetu: steps['co-applicant-personal-information'].hetu },
    ])
    const audit = await db()
      .select()
      .from(schema.auditLog)
      .where(
        and(
          eq(schema.auditLog.action, 'application.hetu.reveal'),
          eq(schema.auditLog.subjectId, applicationId),
        ),
      )
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ actorId: agent.userId, actorRole: 'lender-agent' })
  })

  it('a loan-terms offer on a mortgage application is refused with a message about mortgage terms', async () => {
    const { http } = await banks()
    const applicant = await loginAs(db())
    const { applicationId } = await submittedMortgage(ctx, applicant)
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/lender/applications/${applicationId}/offers`,
      headers: { authorization: `Bearer ${http.apiKey}`, 'accept-language': 'fi' },
      payload: { amount: 200_000, months: 300, nominalRate: 3, feeFinanced: false },
    })
    expect(refused.statusCode).toBe(422)
    expect(refused.json().code).toBe('OFFER_WRONG_PRODUCT')
    expect(refused.json().message).toMatch(/^Asuntolainahakemukseen vastataan asuntolainan ehdoilla/)
  })
})
