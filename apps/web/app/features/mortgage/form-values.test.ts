import { mortgageStepSchemas } from '@lainava/domain/mortgage/schemas'
import { describe, expect, it } from 'vitest'
import { calculatorQuery, calculatorValuesOf, readStepForm, valuesOfData } from './form-values.ts'

const form = (entries: Array<[string, string]>) => {
  const data = new FormData()
  for (const [name, value] of entries) data.append(name, value)
  return data
}

describe('reading a mortgage step form', () => {
  it('reads yes/no as booleans, ticks as true and leaves a field that does not apply out', () => {
    const { data } = readStepForm(
      'funding-proposal',
      form([
        ['ownFunds', '40 000'],
        ['ownFundsSources', 'savings'],
        ['ownFundsSources', 'asp-account'],
        ['ownFundsSources', 'not-a-source'],
        ['aspSaving', 'false'],
        ['aspBalance', '12000'],
        ['otherCollateral', 'false'],
        ['stateGuarantee', 'true'],
      ]),
    )
    expect(data).toEqual({
      ownFunds: '40 000',
      ownFundsSources: ['savings', 'asp-account'],
      aspSaving: false,
      otherCollateral: false,
      stateGuarantee: true,
    })
    // What the form sends is what the shared schema accepts ("40 000" is 40 000 euros).
    expect(mortgageStepSchemas['funding-proposal'].safeParse(data).success).toBe(true)
  })

  it('reads consents nested and an unticked one as absent (the schema then names it)', () => {
    const { data } = readStepForm(
      'mortgage-application',
      form([
        ['purpose', 'first-home'],
        ['hasCoApplicant', 'true'],
        ['consents.terms', 'true'],
        ['consents.privacy', 'true'],
      ]),
    )
    expect(data).toEqual({
      purpose: 'first-home',
      hasCoApplicant: true,
      consents: { terms: true, privacy: true },
    })
    const parsed = mortgageStepSchemas['mortgage-application'].safeParse(data)
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['consents.creditCheck'])
  })

  it('keeps the other-loan rows that have something in them, renumbered', () => {
    const { data, values } = readStepForm(
      'other-loans',
      form([
        ['loans.0.type', ''],
        ['loans.0.lender', ''],
        ['loans.0.balance', ''],
        ['loans.0.monthlyPayment', ''],
        ['loans.1.type', 'vehicle-loan'],
        ['loans.1.lender', 'Autorahoitus Oy'],
        ['loans.1.balance', '8000'],
        ['loans.1.monthlyPayment', '250'],
      ]),
    )
    expect(data).toEqual({
      loans: [{ type: 'vehicle-loan', lender: 'Autorahoitus Oy', balance: '8000', monthlyPayment: '250' }],
    })
    expect(values['loans.0.lender']).toBe('Autorahoitus Oy')
    expect(readStepForm('other-loans', form([])).data).toEqual({ loans: [] })
  })

  it('draws saved data back as the form’s text', () => {
    expect(
      valuesOfData('funding-proposal', {
        ownFunds: 40000,
        ownFundsSources: ['savings'],
        aspSaving: true,
        aspBalance: 15000,
        otherCollateral: false,
        stateGuarantee: false,
      }),
    ).toMatchObject({
      ownFunds: '40000',
      ownFundsSources: ['savings'],
      aspSaving: 'true',
      aspBalance: '15000',
      otherCollateral: 'false',
      otherCollateralValue: '',
    })
    expect(
      valuesOfData('co-applicant-other-loans', { loans: [{ type: 'mortgage', balance: 1 }] }),
    ).toMatchObject({
      'loans.0.type': 'mortgage',
      'loans.0.balance': '1',
      'loans.0.lender': '',
    })
  })

  it('takes the calculator’s figures from the address and gives them back', () => {
    const values = calculatorValuesOf(
      new URLSearchParams('price=250000&ownFunds=50000&years=25&repaymentType=annuity&x=1'),
    )
    expect(values).toEqual({ price: '250000', ownFunds: '50000', years: '25', repaymentType: 'annuity' })
    expect(calculatorQuery(values ?? {})).toBe('price=250000&ownFunds=50000&years=25&repaymentType=annuity')
    expect(calculatorValuesOf(new URLSearchParams('amount=1'))).toBeNull()
  })
})
