import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { OUR_CLIENT, uniqueEmail } from './sessions.ts'

/** A complete, valid consumer loan application (unique e-mail), with overrides per section. */
export function validApplication(overrides: Record<string, unknown> = {}) {
  const applicant = {
    firstName: 'Aino',
    lastName: 'Virtanen',
    hetu: '131052-308T',
    email: uniqueEmail('applicant'),
    phone: '040 123 4567',
    address: 'Mannerheimintie 1 A 2',
    postcode: '00100',
    city: 'Helsinki',
    citizenship: 'FI',
    maritalStatus: 'married',
    education: 'graduate',
    housing: 'renting',
    homeType: 'apartment',
    housingCostsPerMonth: '850',
    adults: '2',
    children: '1',
  }
  const work = {
    employmentType: 'permanent',
    jobPosition: 'employee',
    employer: 'Esimerkki Oy',
    employedSince: '2015-03-01',
    monthlyGrossIncome: '4200',
    monthlyNetIncome: '3100',
    otherIncome: '0',
  }
  return {
    loan: { amount: 15000, period: 5, purpose: 'renovation', refinance: false },
    applicant,
    work,
    debts: {
      debts: [{ type: 'vehicle loan', remaining: '8000', monthlyPayment: '250', refinance: true }],
      creditCards: [{ cardType: 'visa', limit: '2000' }],
    },
    hasCoApplicant: false,
    consents: {
      termsAccepted: true,
      privacyAccepted: true,
      creditCheckConsent: true,
      shareWithLendersConsent: true,
      marketingEmail: false,
      marketingSms: false,
    },
    ...overrides,
  }
}

export function coApplicant() {
  const base = validApplication()
  return {
    applicant: { ...base.applicant, firstName: 'Eero', hetu: '010594Y123W', email: uniqueEmail('co') },
    work: base.work,
    debts: { debts: [], creditCards: [] },
  }
}

export const submission = (application: unknown, idempotencyKey: string = randomUUID()) => ({
  kind: 'consumer-loan',
  idempotencyKey,
  language: 'fi',
  application,
})

/**
 * Sends a submission over the API as the session whose cookie is given; the new application's id.
 * Anything but 201 throws with the answer, so a test fails on the submission, not later.
 */
export async function postApplication(
  app: Pick<FastifyInstance, 'inject'>,
  cookie: string,
  payload: object,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/applications',
    headers: { cookie, ...OUR_CLIENT },
    payload,
  })
  if (response.statusCode !== 201) {
    throw new Error(`POST /api/v1/applications answered ${response.statusCode}: ${response.body}`)
  }
  return (response.json() as { applicationId: string }).applicationId
}
