import { randomUUID } from 'node:crypto'
import { schema } from '@lainava/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { coApplicant, validApplication } from '../test/applications.ts'
import { BROAD_CRITERIA, lenderRow } from '../test/lenders.ts'
import { createTestApp } from '../test/test-app.ts'
import { createWebServices } from './web-services.ts'

// Issue 14 ("Truthful pages"): the review step lists exactly the lenders the application then
// goes to. Both sides through the services the form's action calls, against real PostgreSQL.

let ctx: Awaited<ReturnType<typeof createTestApp>>
let web: ReturnType<typeof createWebServices>

beforeAll(async () => {
  ctx = await createTestApp()
  web = createWebServices(ctx.services)
  const only = (criteria: Partial<typeof BROAD_CRITERIA>) => ({ ...BROAD_CRITERIA, ...criteria })
  await ctx.database.db.insert(schema.lenders).values([
    lenderRow({
      name: 'Palkansaajat Oy',
      criteria: only({ employmentTypes: ['permanent', 'temporary', 'part-time', 'retired'] }),
    }),
    lenderRow({ name: 'Isot Lainat Oy', criteria: only({ minAmount: 20_000 }) }),
    lenderRow({ name: 'Hyvätuloiset Oy', criteria: only({ minNetIncome: 5_000 }) }),
    lenderRow({ name: 'Tauolla Oy', filtering: { acceptingApplications: false, excludedPurposes: [] } }),
    lenderRow({
      name: 'Ei Remontteja Oy',
      filtering: { acceptingApplications: true, excludedPurposes: ['renovation'] },
    }),
    lenderRow({ name: 'Vain Kortit Oy', criteria: only({ products: ['credit-card'], cardTypes: ['visa'] }) }),
    lenderRow({
      name: 'Vain Mastercard Oy',
      criteria: only({ products: ['credit-card'], cardTypes: ['mastercard'] }),
    }),
    lenderRow({ name: 'Yrittäjärahoitus Oy', criteria: only({ employmentTypes: ['entrepreneur'] }) }),
    lenderRow({ name: 'Ei Merkintöjä Oy', criteria: only({ acceptsPaymentDefaults: false }) }),
    lenderRow({ name: 'Pitkät Lainat Oy', criteria: only({ minMonths: 120 }) }),
    lenderRow({ name: 'Seniorit Oy', criteria: only({ minAge: 80 }) }),
    lenderRow({ name: 'Suljettu Oy', active: false }),
  ])
})
afterAll(async () => {
  await ctx.close()
})

/** The review step's question with the form's data, then the submission of the same data. */
async function previewThenSubmit(
  kind: 'consumer-loan' | 'credit-card',
  application: Record<string, unknown>,
) {
  // The review step asks before the consents are ticked: they decide nothing about who receives it.
  const preview = await web.applications.recipients({
    kind,
    language: 'fi',
    application: { ...application, consents: undefined },
  })
  if (!preview.ok) throw new Error(`preview failed: ${preview.message}`)
  const submitted = await web.applications.submit({
    cookieHeader: null,
    kind,
    idempotencyKey: randomUUID(),
    language: 'fi',
    application,
    ip: '127.0.0.1',
  })
  if (!submitted.ok) throw new Error(`submit failed: ${submitted.message}`)
  return { shown: preview.lenders, received: submitted.lenders }
}

const names = (lenders: Array<{ name: string }>) => lenders.map((lender) => lender.name)

describe('the recipients shown before sending', () => {
  it('are exactly the lenders a consumer loan application then goes to', async () => {
    // 15 000 € over 5 years for renovation, 3 100 € net, permanent job; the co-applicant declares a payment default.
    const co = coApplicant()
    const application = validApplication({
      hasCoApplicant: true,
      coApplicant: { ...co, debts: { ...co.debts, paymentDefaults: true } },
    })
    const { shown, received } = await previewThenSubmit('consumer-loan', application)
    expect(names(shown)).toEqual(['Palkansaajat Oy'])
    expect(shown.map((lender) => lender.id)).toEqual(received.map((lender) => lender.id))
  })

  it('follow the application: a bigger, longer loan without defaults reaches more lenders', async () => {
    const application = validApplication({
      loan: { amount: 25_000, period: 10, purpose: 'car/boat/motorcycle', refinance: false },
    })
    const { shown, received } = await previewThenSubmit('consumer-loan', application)
    expect(names(shown)).toEqual([
      'Ei Merkintöjä Oy',
      'Ei Remontteja Oy',
      'Isot Lainat Oy',
      'Palkansaajat Oy',
      'Pitkät Lainat Oy',
    ])
    expect(shown.map((lender) => lender.id)).toEqual(received.map((lender) => lender.id))
  })

  it('are exactly the lenders a credit card application then goes to', async () => {
    const base = validApplication()
    const application = {
      applicant: base.applicant,
      work: { employmentType: 'permanent', monthlyGrossIncome: '4200', monthlyNetIncome: '3100' },
      cardTypePreference: 'visa',
      limitWished: '3000',
      consents: base.consents,
    }
    const { shown, received } = await previewThenSubmit('credit-card', application)
    // The chosen card type is used (issue 14): only the issuer of Visa cards.
    expect(names(shown)).toEqual(['Vain Kortit Oy'])
    expect(shown.map((lender) => lender.id)).toEqual(received.map((lender) => lender.id))

    // "Other" takes any issuer; a card's limit is asked over a nominal year: the 120-month lender does not take it.
    const any = await previewThenSubmit('credit-card', { ...application, cardTypePreference: 'other' })
    expect(names(any.shown)).toEqual([
      'Ei Merkintöjä Oy',
      'Ei Remontteja Oy',
      'Palkansaajat Oy',
      'Vain Kortit Oy',
      'Vain Mastercard Oy',
    ])
    expect(any.shown.map((lender) => lender.id)).toEqual(any.received.map((lender) => lender.id))
  })

  it('are none when no lender matches, and the application then goes to none', async () => {
    const application = validApplication({
      loan: { amount: 15_000, period: 5, purpose: 'renovation', refinance: false },
      work: { ...validApplication().work, employmentType: 'unemployed', jobPosition: undefined },
      debts: { debts: [], creditCards: [], paymentDefaults: true },
    })
    const { shown, received } = await previewThenSubmit('consumer-loan', application)
    expect(shown).toEqual([])
    expect(received).toEqual([])
  })

  it('answers the field problems when the data is not complete enough to match', async () => {
    const preview = await web.applications.recipients({
      kind: 'consumer-loan',
      language: 'en',
      application: { ...validApplication(), applicant: { ...validApplication().applicant, hetu: 'x' } },
    })
    expect(preview.ok).toBe(false)
    if (preview.ok) return
    expect(preview.status).toBe(400)
    expect(preview.fields?.map((field) => field.path)).toContain('applicant.hetu')
  })
})
