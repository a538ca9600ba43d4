import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { exampleHetu, exampleMortgageSteps, HETU_CHECK_CHARS } from './example-application.ts'
import { maxYears } from './rules.ts'
import { MORTGAGE_ERROR_CODES, mortgageStepSchemas } from './schemas.ts'
import { MORTGAGE_DATA_STEPS } from './steps.ts'

/** The issues as [path, message] pairs. */
function issuesOf(schema: z.ZodType, value: unknown): Array<[string, string]> {
  const result = schema.safeParse(value)
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message])
}

describe('mortgage step schemas', () => {
  it('have one schema for every step with data, and accept a complete, sound answer to each', () => {
    expect(Object.keys(mortgageStepSchemas).sort()).toEqual([...MORTGAGE_DATA_STEPS].sort())
    for (const step of MORTGAGE_DATA_STEPS)
      expect([step, issuesOf(mortgageStepSchemas[step], exampleMortgageSteps[step])]).toEqual([step, []])
  })

  it('answer every problem with a mortgage.error catalogue key, also for a missing object or a wrong type', () => {
    const known = new Set(MORTGAGE_ERROR_CODES.map((code) => `mortgage.error.${code}`))
    for (const step of MORTGAGE_DATA_STEPS) {
      for (const value of [undefined, null, 'x', {}, { price: 'many', loans: 'none', consents: 3 }]) {
        for (const [, message] of issuesOf(mortgageStepSchemas[step], value)) expect(known).toContain(message)
      }
    }
    expect(issuesOf(mortgageStepSchemas.calculator, undefined)).toEqual([['', 'mortgage.error.required']])
  })

  it('read form text as numbers: spaces and a decimal comma', () => {
    const parsed = mortgageStepSchemas.calculator.parse({
      price: '250 000',
      ownFunds: '50\u00a0000',
      years: '25',
      repaymentType: 'equal-principal',
      margin: '0,006',
    })
    expect(parsed).toEqual({
      price: 250_000,
      ownFunds: 50_000,
      years: 25,
      repaymentType: 'equal-principal',
      margin: 0.006,
    })
  })

  it('take money in whole euros only, within the range', () => {
    const calc = mortgageStepSchemas.calculator
    expect(issuesOf(calc, { ...exampleMortgageSteps.calculator, price: 250_000.5 })).toEqual([
      ['price', 'mortgage.error.wholeEuros'],
    ])
    expect(issuesOf(calc, { ...exampleMortgageSteps.calculator, price: 5_000 })).toContainEqual([
      'price',
      'mortgage.error.moneyRange',
    ])
    expect(issuesOf(calc, { ...exampleMortgageSteps.calculator, ownFunds: -1 })).toContainEqual([
      'ownFunds',
      'mortgage.error.moneyRange',
    ])
    expect(issuesOf(calc, { ...exampleMortgageSteps.calculator, price: '' })).toContainEqual([
      'price',
      'mortgage.error.required',
    ])
    expect(issuesOf(calc, { ...exampleMortgageSteps.calculator, price: Number.NaN })).toContainEqual([
      'price',
      'mortgage.error.moneyRange',
    ])
  })

  it('check the calculator’s loan: own funds not over the price, a loan within the limits', () => {
    const calc = mortgageStepSchemas.calculator
    expect(issuesOf(calc, { ...exampleMortgageSteps.calculator, ownFunds: 260_000 })).toEqual([
      ['ownFunds', 'mortgage.error.ownFundsOverPrice'],
    ])
    expect(issuesOf(calc, { ...exampleMortgageSteps.calculator, ownFunds: 245_000 })).toEqual([
      ['ownFunds', 'mortgage.error.loanTooSmall'],
    ])
    expect(issuesOf(calc, { ...exampleMortgageSteps.calculator, price: 3_000_000, ownFunds: 0 })).toEqual([
      ['ownFunds', 'mortgage.error.loanTooLarge'],
    ])
    expect(issuesOf(calc, { ...exampleMortgageSteps.calculator, margin: 0.06 })).toEqual([
      ['margin', 'mortgage.error.marginRange'],
    ])
  })

  it('allow a period up to the legal maximum of today, and no longer', () => {
    const longest = maxYears(new Date())
    const loan = mortgageStepSchemas['loan-requirement']
    expect(issuesOf(loan, { ...exampleMortgageSteps['loan-requirement'], years: longest })).toEqual([])
    expect(issuesOf(loan, { ...exampleMortgageSteps['loan-requirement'], years: longest + 1 })).toEqual([
      ['years', 'mortgage.error.yearsRange'],
    ])
    expect(issuesOf(loan, { ...exampleMortgageSteps['loan-requirement'], years: 0 })).toEqual([
      ['years', 'mortgage.error.yearsRange'],
    ])
    expect(issuesOf(loan, { ...exampleMortgageSteps['loan-requirement'], years: 12.5 })).toEqual([
      ['years', 'mortgage.error.yearsRange'],
    ])
  })

  it('ask the fixed period only with a fixed rate, and drop a leftover one with the Euribor', () => {
    const loan = mortgageStepSchemas['loan-requirement']
    const fixed = { ...exampleMortgageSteps['loan-requirement'], referenceRate: 'fixed-period' as const }
    expect(issuesOf(loan, fixed)).toEqual([['fixedPeriodYears', 'mortgage.error.required']])
    expect(issuesOf(loan, { ...fixed, fixedPeriodYears: 7 })).toEqual([
      ['fixedPeriodYears', 'mortgage.error.invalid'],
    ])
    expect(loan.parse({ ...fixed, fixedPeriodYears: '5' })).toMatchObject({ fixedPeriodYears: 5 })
    expect(
      loan.parse({ ...exampleMortgageSteps['loan-requirement'], fixedPeriodYears: 5 }),
    ).not.toHaveProperty('fixedPeriodYears')
  })

  it('normalise the person: hetu upper case, e-mail lower case, phone E.164, citizenship a country code', () => {
    const person = mortgageStepSchemas['personal-information'].parse({
      ...exampleMortgageSteps['personal-information'],
      hetu: exampleHetu('131052', '308').toLowerCase(),
    })
    expect(person).toMatchObject({
      hetu: '131052-308T',
      email: 'aino.virtanen@example.fi',
      phone: '+358401234567',
      citizenship: 'FI',
    })
  })

  it('refuse a wrong hetu, a child, a bad postal code, phone, e-mail, name and country', () => {
    const person = mortgageStepSchemas['co-applicant-personal-information']
    const base = exampleMortgageSteps['co-applicant-personal-information']
    const year = String(new Date().getFullYear() - 10).slice(2)
    const child = `0101${year}A123${HETU_CHECK_CHARS[Number(`0101${year}123`) % 31]}`
    expect(issuesOf(person, { ...base, hetu: '131052-308U' })).toEqual([
      ['hetu', 'mortgage.error.hetuInvalid'],
    ])
    expect(issuesOf(person, { ...base, hetu: child })).toEqual([['hetu', 'mortgage.error.adult']])
    expect(issuesOf(person, { ...base, postalCode: '0010' })).toEqual([
      ['postalCode', 'mortgage.error.postalCodeInvalid'],
    ])
    expect(issuesOf(person, { ...base, phone: '12' })).toEqual([['phone', 'mortgage.error.phoneInvalid']])
    expect(issuesOf(person, { ...base, email: 'mikko@' })).toEqual([['email', 'mortgage.error.emailInvalid']])
    expect(issuesOf(person, { ...base, firstName: '<b>' })).toEqual([
      ['firstName', 'mortgage.error.nameInvalid'],
    ])
    expect(issuesOf(person, { ...base, citizenship: 'XX' })).toEqual([
      ['citizenship', 'mortgage.error.invalid'],
    ])
  })

  it('require every consent to be given', () => {
    const start = mortgageStepSchemas['mortgage-application']
    expect(
      issuesOf(start, {
        ...exampleMortgageSteps['mortgage-application'],
        consents: { terms: true, privacy: false },
      }),
    ).toEqual([
      ['consents.privacy', 'mortgage.error.consentRequired'],
      ['consents.creditCheck', 'mortgage.error.consentRequired'],
    ])
  })

  it('check the property: area with one decimal, a plausible build year; no housing company loan means 0', () => {
    const property = mortgageStepSchemas['property-information']
    const base = exampleMortgageSteps['property-information']
    expect(issuesOf(property, { ...base, livingArea: 54.55 })).toEqual([
      ['livingArea', 'mortgage.error.areaRange'],
    ])
    expect(issuesOf(property, { ...base, buildYear: 62 })).toEqual([
      ['buildYear', 'mortgage.error.buildYearRange'],
    ])
    expect(issuesOf(property, { ...base, buildYear: new Date().getUTCFullYear() + 6 })).toEqual([
      ['buildYear', 'mortgage.error.buildYearRange'],
    ])
    const { housingCompanyLoanShare: _share, maintenanceCharge: _charge, ...noCompany } = base
    expect(property.parse({ ...noCompany, propertyType: 'detached-house' })).toMatchObject({
      housingCompanyLoanShare: 0,
      maintenanceCharge: 0,
    })
  })

  it('ask the funding follow-ups only when they apply, and keep no stale answers', () => {
    const funding = mortgageStepSchemas['funding-proposal']
    const base = exampleMortgageSteps['funding-proposal']
    expect(issuesOf(funding, { ...base, ownFundsSources: [] })).toEqual([
      ['ownFundsSources', 'mortgage.error.chooseOne'],
    ])
    expect(issuesOf(funding, { ...base, ownFunds: 0, ownFundsSources: [] })).toEqual([])
    expect(issuesOf(funding, { ...base, ownFundsSources: ['savings', 'savings'] })).toEqual([
      ['ownFundsSources', 'mortgage.error.invalid'],
    ])
    expect(issuesOf(funding, { ...base, aspSaving: true })).toEqual([
      ['aspBalance', 'mortgage.error.required'],
    ])
    expect(issuesOf(funding, { ...base, otherCollateral: true })).toEqual([
      ['otherCollateralDescription', 'mortgage.error.required'],
      ['otherCollateralValue', 'mortgage.error.required'],
    ])
    const parsed = funding.parse({
      ...base,
      aspBalance: 9_000,
      otherCollateralDescription: 'Kesämökki',
      otherCollateralValue: 50_000,
    })
    expect(parsed).not.toHaveProperty('aspBalance')
    expect(parsed).not.toHaveProperty('otherCollateralValue')
  })

  it('ask the employer and the start month only of someone employed', () => {
    const work = mortgageStepSchemas['work-details']
    expect(issuesOf(work, { employmentType: 'fixed-term', occupation: 'Opettaja' })).toEqual([
      ['employer', 'mortgage.error.required'],
      ['employedSince', 'mortgage.error.required'],
    ])
    expect(
      work.parse({ employmentType: 'retired', occupation: 'Eläkeläinen', employer: 'Vanha Oy' }),
    ).not.toHaveProperty('employer')
    const base = exampleMortgageSteps['work-details']
    expect(issuesOf(work, { ...base, employedSince: '2019-13' })).toEqual([
      ['employedSince', 'mortgage.error.monthInvalid'],
    ])
    expect(issuesOf(work, { ...base, employedSince: '2999-01' })).toEqual([
      ['employedSince', 'mortgage.error.monthFuture'],
    ])
  })

  it('refuse net income above gross, and more than 20 other loans', () => {
    expect(
      issuesOf(mortgageStepSchemas['income-and-wealth'], {
        ...exampleMortgageSteps['income-and-wealth'],
        monthlyNetIncome: 5_000,
      }),
    ).toEqual([['monthlyNetIncome', 'mortgage.error.netAboveGross']])
    const loan = { type: 'consumer-loan', lender: 'Laina Oy', balance: 1_000, monthlyPayment: 50 }
    expect(issuesOf(mortgageStepSchemas['other-loans'], { loans: Array(21).fill(loan) })).toEqual([
      ['loans', 'mortgage.error.tooManyLoans'],
    ])
    expect(mortgageStepSchemas['other-loans'].parse({})).toEqual({ loans: [] })
    expect(
      issuesOf(mortgageStepSchemas['household-information'], {
        ...exampleMortgageSteps['household-information'],
        adults: 0,
      }),
    ).toEqual([['adults', 'mortgage.error.numberRange']])
  })
})
