import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  ConsumerLoanApplicationSchema,
  CreditCardApplicationSchema,
  VALIDATION_MESSAGE_KEYS,
  WorkSchema,
} from './schemas.ts'

function valid() {
  return {
    loan: { amount: 15000, period: 5, purpose: 'renovation', refinance: false },
    applicant: {
      firstName: 'Aino',
      lastName: 'Virtanen',
      hetu: '131052-308t',
      email: ' Aino@Example.FI ',
      phone: '040 123 4567',
      address: 'Mannerheimintie 1',
      postcode: '00100',
      city: 'Helsinki',
      citizenship: 'fi',
      maritalStatus: 'married',
      education: 'graduate',
      housing: 'renting',
      homeType: 'apartment',
      housingCostsPerMonth: '850,50',
      adults: '2',
      children: '0',
    },
    work: {
      employmentType: 'permanent',
      jobPosition: 'employee',
      employer: 'Esimerkki Oy',
      employedSince: '2015-03-01',
      monthlyGrossIncome: '4 200',
      monthlyNetIncome: '3100',
    },
    debts: { debts: [], creditCards: [] },
    hasCoApplicant: false,
    consents: {
      termsAccepted: true,
      privacyAccepted: true,
      creditCheckConsent: true,
      shareWithLendersConsent: true,
    },
  }
}

function issuesOf(input: unknown) {
  const result = ConsumerLoanApplicationSchema.safeParse(input)
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message])
}

describe('consumer loan application schema', () => {
  it('accepts a valid application and normalises it', () => {
    const result = ConsumerLoanApplicationSchema.parse(valid())
    expect(result.applicant).toMatchObject({
      hetu: '131052-308T',
      email: 'aino@example.fi',
      phone: '+358401234567',
      citizenship: 'FI',
    })
    expect(result.applicant.housingCostsPerMonth).toBe(850.5)
    expect(result.work.monthlyGrossIncome).toBe(4200)
    expect(result).not.toHaveProperty('coApplicant')
  })

  it.each([
    ['applicant.hetu', { hetu: '131052-308U' }, 'validation.hetu.invalid'],
    ['applicant.hetu', { hetu: '310299-123A' }, 'validation.hetu.invalid'],
    ['applicant.hetu', { hetu: '131052-908T' }, 'validation.hetu.invalid'],
    ['applicant.email', { email: 'aino@example' }, 'validation.email.invalid'],
    ['applicant.phone', { phone: '123' }, 'validation.phone.invalid'],
    ['applicant.postcode', { postcode: '0010' }, 'validation.postcode.invalid'],
    ['applicant.firstName', { firstName: '' }, 'validation.required'],
    ['applicant.housingCostsPerMonth', { housingCostsPerMonth: '-1' }, 'validation.money.range'],
    ['applicant.maritalStatus', { maritalStatus: 'complicated' }, 'validation.required'],
  ])('%s %j → %s', (path, override, key) => {
    const input = valid()
    Object.assign(input.applicant, override)
    expect(issuesOf(input)).toContainEqual([path, key])
  })

  it('refuses a minor', () => {
    const input = valid()
    const year = String((new Date().getFullYear() - 10) % 100).padStart(2, '0')
    // A child born ten years ago (2000s sign A); the check character is computed, not guessed.
    const digits = `0101${year}123`
    input.applicant.hetu = `0101${year}A123${'0123456789ABCDEFHJKLMNPRSTUVWXY'[Number(digits) % 31]}`
    expect(issuesOf(input)).toContainEqual(['applicant.hetu', 'validation.age.adult'])
  })

  it('needs the employer details only from the employed, and net at most gross', () => {
    expect(
      WorkSchema.safeParse({ employmentType: 'retired', monthlyGrossIncome: 2000, monthlyNetIncome: 1700 })
        .success,
    ).toBe(true)
    const employed = WorkSchema.safeParse({
      employmentType: 'permanent',
      monthlyGrossIncome: 2000,
      monthlyNetIncome: 2500,
    })
    const paths = employed.success
      ? []
      : employed.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`)
    expect(paths).toEqual(
      expect.arrayContaining([
        'jobPosition:validation.required',
        'employer:validation.required',
        'employedSince:validation.required',
        'monthlyNetIncome:validation.income.netAboveGross',
      ]),
    )
  })

  it('refuses a start date in the future or one that does not exist', () => {
    const input = valid()
    input.work.employedSince = '2999-01-01'
    expect(issuesOf(input)).toContainEqual(['work.employedSince', 'validation.date.future'])
    input.work.employedSince = '2021-02-29'
    expect(issuesOf(input)).toContainEqual(['work.employedSince', 'validation.date.invalid'])
  })

  it('needs a co-applicant when one is announced, with another identity code', () => {
    const input = { ...valid(), hasCoApplicant: true }
    expect(issuesOf(input)).toContainEqual(['coApplicant', 'validation.required'])
    const same = {
      ...input,
      coApplicant: {
        applicant: valid().applicant,
        work: valid().work,
        debts: { debts: [], creditCards: [] },
      },
    }
    expect(issuesOf(same)).toContainEqual(['coApplicant.applicant.hetu', 'validation.coApplicant.sameHetu'])
  })

  it('needs every required consent', () => {
    const input = valid()
    input.consents.creditCheckConsent = false
    expect(issuesOf(input)).toContainEqual(['consents.creditCheckConsent', 'validation.consent.required'])
  })

  it('uses only the listed message keys', () => {
    const messages = new Set(issuesOf({}).map(([, message]) => message))
    for (const message of messages) expect(VALIDATION_MESSAGE_KEYS).toContain(message)
  })

  it('never throws on arbitrary input (property-based)', () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        const result = ConsumerLoanApplicationSchema.safeParse(input)
        const card = CreditCardApplicationSchema.safeParse(input)
        return !result.success && !card.success
      }),
      { numRuns: 1000 },
    )
  })
})
