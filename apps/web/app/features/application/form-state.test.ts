import { describe, expect, it } from 'vitest'
import {
  emptyForm,
  formFromDraft,
  getAt,
  inFormOrder,
  setAt,
  stepOfPath,
  toSubmission,
  withPerson,
} from './form-state.ts'

describe('form state helpers', () => {
  it('reads and writes by dotted path without touching the original', () => {
    const form = emptyForm({ amount: 15000, period: 5, purpose: 'renovation' })
    const changed = setAt(form, 'applicant.firstName', 'Aino')
    expect(getAt(changed, 'applicant.firstName')).toBe('Aino')
    expect(form.applicant.firstName).toBe('')
    const withDebt = setAt(changed, 'debts.debts', [
      { type: 'vehicle loan', remaining: '5000', monthlyPayment: '200', refinance: true },
    ])
    expect(getAt(setAt(withDebt, 'debts.debts.0.remaining', '4000'), 'debts.debts.0.remaining')).toBe('4000')
  })

  it('leaves the co-applicant out unless there is one, and drops empty optional work fields', () => {
    const form = emptyForm({ amount: 20000, period: 4 })
    const submission = toSubmission(form)
    expect(submission).not.toHaveProperty('coApplicant')
    expect(submission.work).toEqual({ otherIncome: '0' })
    expect(toSubmission({ ...form, hasCoApplicant: true })).toHaveProperty('coApplicant.applicant')
  })
})

describe('a stored draft on the form (issue 13)', () => {
  const base = emptyForm({ amount: 15000, period: 5 })

  it('keeps what fits and falls back to the empty form for a draft without a loan period', () => {
    const form = formFromDraft(base, { loan: { amount: 12000 }, applicant: { firstName: 'Aino' } })
    expect(form.loan).toEqual({ ...base.loan, amount: 12000 })
    expect(form.applicant).toEqual({ ...base.applicant, firstName: 'Aino' })
    expect(form.work).toEqual(base.work)
  })

  it('drops mistyped, unknown and prototype-polluting values and fits list rows', () => {
    const stored = JSON.parse(
      '{"loan":"x","applicant":null,"work":{"employer":5,"otherIncome":"100"},' +
        '"debts":{"debts":[{"type":"car","remaining":"5000"},7,null],"creditCards":{},"paymentDefaults":true},' +
        '"hasCoApplicant":"yes","consents":{"termsAccepted":true,"__proto__":{"polluted":true}},"extra":1}',
    )
    const form = formFromDraft(base, stored)
    expect(form.loan).toEqual(base.loan)
    expect(form.applicant).toEqual(base.applicant)
    expect(form.work).toEqual({ ...base.work, otherIncome: '100' })
    expect(form.debts).toEqual({
      debts: [{ rowId: 'draft-0', type: 'car', remaining: '5000', monthlyPayment: '', refinance: false }],
      creditCards: [],
      paymentDefaults: true,
    })
    expect(form.hasCoApplicant).toBe(false)
    expect(form.consents.termsAccepted).toBe(true)
    expect(form).not.toHaveProperty('extra')
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('answers the empty form for no draft or a draft that is not an object', () => {
    for (const draft of [undefined, null, 'x', 5, []]) expect(formFromDraft(base, draft)).toEqual(base)
  })
})

describe("a signed-in person's details on a new application (issue 14)", () => {
  const person = { email: 'aino@example.fi', firstName: 'Aino', lastName: 'Virtanen' }

  it('fills in the e-mail and the name', () => {
    const form = withPerson(emptyForm({ amount: 15000, period: 5 }), person)
    expect(form.applicant).toMatchObject(person)
    expect(form.coApplicant.applicant.email).toBe('')
  })

  it('keeps what the draft holds, fills only what is empty, and leaves a signed-out form alone', () => {
    const draft = setAt(emptyForm({ amount: 15000, period: 5 }), 'applicant.email', 'other@example.fi')
    expect(withPerson(draft, { ...person, lastName: '' }).applicant).toMatchObject({
      email: 'other@example.fi',
      firstName: 'Aino',
      lastName: '',
    })
    expect(withPerson(draft, null)).toBe(draft)
  })

  it('names the step a field error belongs to, for the server’s errors as for the browser’s', () => {
    expect(stepOfPath('loan.purpose')).toBe('loan')
    expect(stepOfPath('applicant.hetu')).toBe('applicant')
    expect(stepOfPath('work.monthlyNetIncome')).toBe('work')
    expect(stepOfPath('debts.debts.0.type')).toBe('debts')
    expect(stepOfPath('coApplicant.applicant.hetu')).toBe('coApplicant')
    expect(stepOfPath('consents.termsAccepted')).toBe('review')
    // A prefix of a name is not the step: `loanX` is no field of the loan step.
    expect(stepOfPath('loanX')).toBe('review')
  })

  it('puts the errors of the earliest step in form order first, whatever order the server answered in', () => {
    const found = {
      'consents.termsAccepted': 'validation.required',
      'work.employer': 'validation.required',
      'applicant.hetu': 'validation.hetu',
      'loan.purpose': 'validation.required',
      'applicant.email': 'validation.email',
    }
    const ordered = inFormOrder(found)
    expect(Object.keys(ordered)).toEqual([
      'loan.purpose',
      'applicant.hetu',
      'applicant.email',
      'work.employer',
      'consents.termsAccepted',
    ])
    expect(ordered).toEqual(found)
    expect(
      stepOfPath(Object.keys(inFormOrder({ 'debts.debts.0.type': 'x', 'applicant.hetu': 'y' }))[0] ?? ''),
    ).toBe('applicant')
    expect(inFormOrder({})).toEqual({})
  })
})
