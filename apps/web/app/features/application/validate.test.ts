import { describe, expect, it } from 'vitest'
import { emptyForm, type FormData, setAt } from './form-state.ts'
import { validateStep } from './validate.ts'

const person = {
  firstName: 'Aino',
  lastName: 'Virtanen',
  hetu: '131052-308T',
  email: 'aino@example.fi',
  phone: '040 123 4567',
  address: 'Mannerheimintie 1',
  postcode: '00100',
  city: 'Helsinki',
  citizenship: 'FI',
  maritalStatus: 'married',
  education: 'graduate',
  housing: 'renting',
  homeType: 'apartment',
  housingCostsPerMonth: '700',
  adults: '2',
  children: '0',
}
const work = {
  employmentType: 'retired',
  jobPosition: '',
  employer: '',
  employedSince: '',
  monthlyGrossIncome: '2000',
  monthlyNetIncome: '1600',
  otherIncome: '0',
}

function withCoApplicant(hetu: string): FormData {
  const form = emptyForm({ amount: 15000, period: 5, purpose: 'renovation' })
  return {
    ...form,
    applicant: person,
    work,
    hasCoApplicant: true,
    coApplicant: { applicant: { ...person, firstName: 'Eino', hetu }, work, debts: form.debts },
  }
}

describe('the co-applicant step (issue 14)', () => {
  it("catches the applicant's own henkilötunnus on the co-applicant's step", () => {
    expect(validateStep('coApplicant', withCoApplicant('131052-308t '))).toEqual({
      'coApplicant.applicant.hetu': 'validation.coApplicant.sameHetu',
    })
  })

  it("passes another person's henkilötunnus and keeps a malformed one's own message", () => {
    expect(validateStep('coApplicant', withCoApplicant('010170-123F'))).toEqual({})
    expect(validateStep('coApplicant', withCoApplicant('131052-308U'))).toEqual({
      'coApplicant.applicant.hetu': 'validation.hetu.invalid',
    })
  })

  it('has nothing to check without a co-applicant', () => {
    expect(
      validateStep('coApplicant', setAt(withCoApplicant('131052-308T'), 'hasCoApplicant', false)),
    ).toEqual({})
  })
})
