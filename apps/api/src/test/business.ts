import { randomUUID } from 'node:crypto'
import { uniqueEmail } from './sessions.ts'

// Issue 15: complete, valid business applications for tests (a unique e-mail each), with overrides
// per section. The company is fictional; its Y-tunnus passes the check digit.

type Overrides = Record<string, Record<string, unknown>>

export function validCompany(overrides: Record<string, unknown> = {}) {
  return {
    businessId: '2331972-7',
    name: 'Testiyritys Oy',
    legalForm: 'oy',
    registeredOn: '2015-04-20',
    industry: 'C',
    turnover: '850000',
    result: '60000',
    employees: '12',
    ...overrides,
  }
}

export function validContact(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Kaisa',
    lastName: 'Yrittäjä',
    email: uniqueEmail('company'),
    phone: '040 765 4321',
    role: 'ceo',
    canSign: true,
    ...overrides,
  }
}

const CONSENTS = {
  termsAccepted: true,
  privacyAccepted: true,
  creditCheckConsent: true,
  shareWithLendersConsent: true,
  marketingEmail: false,
  marketingSms: false,
}

export function validBusinessLoan(overrides: Overrides = {}) {
  return {
    loan: { amount: 60_000, months: 36, purpose: 'Buying equipment', ...overrides.loan },
    company: validCompany(overrides.company),
    person: validContact(overrides.person),
    consents: { ...CONSENTS, ...overrides.consents },
  }
}

export function validFactoring(overrides: Overrides = {}) {
  return {
    factoring: {
      monthlyInvoiceVolume: '40000',
      customerCount: '25',
      paymentTermDays: '30',
      largestCustomerShare: '20',
      sellsToPublicSector: false,
      ...overrides.factoring,
    },
    company: validCompany(overrides.company),
    person: validContact(overrides.person),
    consents: { ...CONSENTS, ...overrides.consents },
  }
}

export const businessSubmission = (
  kind: 'business-loan' | 'factoring',
  application: unknown,
  idempotencyKey: string = randomUUID(),
  language = 'fi',
) => ({ kind, idempotencyKey, language, application })
