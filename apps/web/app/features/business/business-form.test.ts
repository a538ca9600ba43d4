import { DEFAULT_SME_CONFIG } from '@lainava/domain/application/business'
import { describe, expect, it } from 'vitest'
import {
  type BusinessFormData,
  businessFormFromDraft,
  clampLoan,
  emptyBusinessForm,
  setAt,
  stepOfPath,
  toBusinessSubmission,
  validateBusinessStep,
  withSignedInPerson,
} from './business-form.ts'

const config = DEFAULT_SME_CONFIG

function filled(): BusinessFormData {
  const form = emptyBusinessForm({ amount: 25_000, months: 24, purpose: 'Working capital' })
  return {
    ...form,
    factoring: {
      monthlyInvoiceVolume: '40 000',
      customerCount: '12',
      paymentTermDays: '30',
      largestCustomerShare: '25',
      sellsToPublicSector: true,
    },
    company: {
      businessId: '1234567-1',
      name: 'Testi Oy',
      legalForm: 'oy',
      registeredOn: '2015-03-01',
      industry: 'F',
      turnover: '450000',
      result: '-1200',
      employees: '4',
    },
    person: {
      firstName: 'Aino',
      lastName: 'Yrittäjä',
      email: 'aino@example.fi',
      phone: '040 123 4567',
      role: 'ceo',
      canSign: true,
    },
    consents: {
      ...form.consents,
      termsAccepted: true,
      privacyAccepted: true,
      creditCheckConsent: true,
      shareWithLendersConsent: true,
    },
  }
}

describe('the business form helpers', () => {
  it('checks each step with the shared schemas and passes a complete application', () => {
    for (const step of ['calculator', 'email-and-terms', 'company-details']) {
      expect(validateBusinessStep('business-loan', step, filled(), config), step).toEqual({})
    }
    expect(validateBusinessStep('factoring', 'invoices', filled(), config)).toEqual({})
    expect(validateBusinessStep('factoring', 'company-details', filled(), config)).toEqual({})
  })

  it('names a wrong Y-tunnus check digit, a missing purpose and unaccepted terms by field', () => {
    const wrong = setAt(setAt(filled(), 'company.businessId', '1234567-2'), 'loan.purpose', '')
    expect(validateBusinessStep('business-loan', 'company-details', wrong, config)).toEqual({
      'company.businessId': 'validation.businessId.invalid',
    })
    expect(validateBusinessStep('business-loan', 'calculator', wrong, config)).toEqual({
      'loan.purpose': 'validation.required',
    })
    const terms = setAt(filled(), 'consents.termsAccepted', false)
    expect(validateBusinessStep('business-loan', 'email-and-terms', terms, config)).toEqual({
      'consents.termsAccepted': 'validation.consent.required',
    })
  })

  it('allows 120 months only from 100 000 € on (spec §5, §9)', () => {
    const long = setAt(filled(), 'loan.months', 120)
    expect(validateBusinessStep('business-loan', 'calculator', long, config)).toEqual({
      'loan.months': 'validation.sme.period.range',
    })
    expect(
      validateBusinessStep('business-loan', 'calculator', setAt(long, 'loan.amount', 100_000), config),
    ).toEqual({})
    expect(clampLoan(config, { amount: 99_999, months: 120 })).toEqual({ amount: 99_999, months: 60 })
    expect(clampLoan(config, { amount: 20_000_000, months: 0 })).toEqual({ amount: 10_000_000, months: 1 })
  })

  it('fits a stored draft of any shape onto the form, and fills a signed-in person only where empty', () => {
    const base = emptyBusinessForm({ amount: 25_000, months: 6 })
    const fitted = businessFormFromDraft(base, {
      loan: { amount: 'lots', months: 12 },
      company: { name: 'Vanha Oy', extra: 'x' },
      person: null,
    })
    expect(fitted.loan).toEqual({ amount: 25_000, months: 12, purpose: '' })
    expect(fitted.company.name).toBe('Vanha Oy')
    expect(fitted.company).not.toHaveProperty('extra')
    expect(fitted.person).toEqual(base.person)
    const person = withSignedInPerson(setAt(fitted, 'person.firstName', 'Oma'), {
      email: 'a@example.fi',
      firstName: 'Tili',
      lastName: 'Nimi',
    }).person
    expect(person).toMatchObject({ email: 'a@example.fi', firstName: 'Oma', lastName: 'Nimi' })
  })

  it('sends only the kind’s own sections and knows which step owns a field', () => {
    expect(Object.keys(toBusinessSubmission('business-loan', filled()))).toEqual([
      'loan',
      'company',
      'person',
      'consents',
    ])
    expect(Object.keys(toBusinessSubmission('factoring', filled()))).toEqual([
      'factoring',
      'company',
      'person',
      'consents',
    ])
    expect(stepOfPath('loan.months')).toBe('calculator')
    expect(stepOfPath('person.email')).toBe('email-and-terms')
    expect(stepOfPath('person.phone')).toBe('company-details')
    expect(stepOfPath('factoring.customerCount')).toBe('invoices')
  })
})
