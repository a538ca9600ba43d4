import { describe, expect, it } from 'vitest'
import { checkMortgageApplication } from './checks.ts'
import { exampleMortgageSteps } from './example-application.ts'
import { type MortgageApplicationData, mortgageStepSchemas } from './schemas.ts'
import { MORTGAGE_DATA_STEPS } from './steps.ts'

const today = new Date('2026-11-24T12:00:00Z')

/** The example application as the server stores it (each step through its schema). */
function stored(): MortgageApplicationData {
  const data: Record<string, unknown> = {}
  for (const step of MORTGAGE_DATA_STEPS)
    data[step] = mortgageStepSchemas[step].parse(exampleMortgageSteps[step])
  return data as MortgageApplicationData
}

type Data = Required<MortgageApplicationData>

describe('checkMortgageApplication', () => {
  it('finds nothing wrong with a sound application', () => {
    expect(checkMortgageApplication(stored(), today)).toEqual({ errors: [], warnings: [] })
    expect(checkMortgageApplication({}, today)).toEqual({ errors: [], warnings: [] })
  })

  it('refuses a co-applicant with the applicant’s own identity code, on the co-applicant’s step', () => {
    const data = stored() as Data
    data['co-applicant-personal-information'] = {
      ...data['co-applicant-personal-information'],
      hetu: data['personal-information'].hetu,
    }
    expect(checkMortgageApplication(data, today).errors).toEqual([
      { step: 'co-applicant-personal-information', path: 'hetu', code: 'mortgage.error.sameHetu' },
    ])
    // Without a co-applicant, left-over co-applicant data is not checked.
    data['mortgage-application'] = { ...data['mortgage-application'], hasCoApplicant: false }
    expect(checkMortgageApplication(data, today).errors).toEqual([])
  })

  it('refuses a period over the legal maximum of the day it is checked', () => {
    const data = stored() as Data
    data['loan-requirement'] = { ...data['loan-requirement'], years: 31 }
    expect(checkMortgageApplication(data, today).errors).toEqual([
      { step: 'loan-requirement', path: 'years', code: 'mortgage.error.yearsRange', values: { max: 30 } },
    ])
  })

  it('warns on the loan and funding steps when the loan is over the cap, with the missing euros', () => {
    const data = stored() as Data
    // Next home 250 000 €, loan 240 000 €: 90 % → 225 000 €; 15 000 € missing, or collateral
    // worth 15 000 / 0,9 = 16 666,67 → 16 667 €.
    data['mortgage-application'] = { ...data['mortgage-application'], purpose: 'next-home' }
    data['loan-requirement'] = { ...data['loan-requirement'], loanAmount: 240_000 }
    data['funding-proposal'] = { ...data['funding-proposal'], ownFunds: 10_000 }
    const values = {
      cap: 0.9,
      capPercent: 90,
      maxLoan: 225_000,
      missingOwnFunds: 15_000,
      missingCollateral: 16_667,
    }
    const { errors, warnings } = checkMortgageApplication(data, today)
    expect(errors).toEqual([])
    expect(warnings).toEqual([
      { step: 'loan-requirement', path: 'loanAmount', code: 'mortgage.warning.ltvOverCap', values },
      { step: 'funding-proposal', path: 'ownFunds', code: 'mortgage.warning.ltvOverCap', values },
    ])
  })

  it('warns on the calculator from its own figures before the later steps exist', () => {
    const data: MortgageApplicationData = {
      calculator: { price: 250_000, ownFunds: 10_000, years: 25, repaymentType: 'annuity' },
      'mortgage-application': {
        purpose: 'first-home',
        hasCoApplicant: false,
        consents: { terms: true, privacy: true, creditCheck: true },
      },
    }
    // First home: 95 % of 250 000 € = 237 500 €; the loan is 240 000 €.
    expect(checkMortgageApplication(data, today).warnings).toEqual([
      {
        step: 'calculator',
        path: 'ownFunds',
        code: 'mortgage.warning.ltvOverCap',
        values: {
          cap: 0.95,
          capPercent: 95,
          maxLoan: 237_500,
          missingOwnFunds: 2_500,
          missingCollateral: 2_632,
        },
      },
    ])
  })

  it('warns when own funds and the loan do not cover the price of a purchase', () => {
    const data = stored() as Data
    data['funding-proposal'] = { ...data['funding-proposal'], ownFunds: 30_000 }
    expect(checkMortgageApplication(data, today).warnings).toEqual([
      {
        step: 'funding-proposal',
        path: 'ownFunds',
        code: 'mortgage.warning.fundingGap',
        values: { gap: 20_000 },
      },
    ])
    data['mortgage-application'] = { ...data['mortgage-application'], purpose: 'renovation' }
    expect(checkMortgageApplication(data, today).warnings).toEqual([])
  })

  it('warns that ASP saving gives an ASP loan only for a first home', () => {
    const data = stored() as Data
    data['mortgage-application'] = { ...data['mortgage-application'], purpose: 'holiday-home' }
    data['funding-proposal'] = { ...data['funding-proposal'], aspSaving: true, aspBalance: 12_000 }
    expect(checkMortgageApplication(data, today).warnings).toContainEqual({
      step: 'funding-proposal',
      path: 'aspSaving',
      code: 'mortgage.warning.aspFirstHomeOnly',
    })
  })
})
