import { randomUUID } from 'node:crypto'
import { seedDemoData } from '@lainava/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { validApplication } from '../../test/applications.ts'
import { validBusinessLoan, validFactoring } from '../../test/business.ts'
import { uniqueEmail } from '../../test/sessions.ts'
import { createTestApp } from '../../test/test-app.ts'
import { createWebServices } from '../../web/web-services.ts'

// Review of ADR 051: the recipients a submission stores carry each lender's pricing and credit model.
// A submission's result (which the web form's action sends to the browser as it is) names each
// lender by its id and name only, for every kind of application.

let ctx: Awaited<ReturnType<typeof createTestApp>>

beforeAll(async () => {
  ctx = await createTestApp({ ROLES: 'api', SANDBOX_DELAY_SCALE: '0' })
  await seedDemoData(ctx.database.db)
})
afterAll(async () => {
  await ctx?.close()
})

function card() {
  const base = validApplication()
  return {
    applicant: { ...base.applicant, email: uniqueEmail('card') },
    work: { employmentType: 'permanent', monthlyGrossIncome: '4200', monthlyNetIncome: '3100' },
    cardTypePreference: 'visa',
    limitWished: '3000',
    consents: base.consents,
  }
}

const applications = {
  'consumer-loan': () => validApplication(),
  'credit-card': card,
  'business-loan': () => validBusinessLoan(),
  factoring: () => validFactoring(),
} as const

const kinds = Object.keys(applications) as (keyof typeof applications)[]

function expectOnlyIdAndName(lenders: readonly object[]) {
  expect(lenders.length).toBeGreaterThan(0)
  for (const lender of lenders) expect(Object.keys(lender).sort()).toEqual(['id', 'name'])
}

describe('a submission’s lenders', () => {
  // Through the web services: they parse the form's data as the action does and pass
  // `submitApplication`'s lenders on untouched.
  it.each(kinds)('are only ids and names in what the web form’s action returns (%s)', async (kind) => {
    const result = await createWebServices(ctx.services).applications.submit({
      cookieHeader: null,
      kind,
      idempotencyKey: randomUUID(),
      language: 'fi',
      application: applications[kind](),
      ip: '127.0.0.1',
    })
    if (!result.ok) throw new Error(`not sent: ${result.message}`)
    // The action sends this object to the browser: no lender's pricing in its text.
    expectOnlyIdAndName(result.lenders)
    expect(JSON.stringify(result)).not.toMatch(/sandbox|integration|createdAt/)
  })
})
