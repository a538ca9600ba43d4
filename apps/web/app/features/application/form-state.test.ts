import { describe, expect, it } from 'vitest'
import { emptyForm, getAt, setAt, toSubmission } from './form-state.ts'

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
