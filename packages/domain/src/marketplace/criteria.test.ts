import { describe, expect, it } from 'vitest'
import { DEFAULT_FILTERING, type LenderCriteria, type MatchFacts, matchLender } from './criteria.ts'

const criteria: LenderCriteria = {
  products: ['consumer-loan'],
  minAmount: 2000,
  maxAmount: 30_000,
  minMonths: 12,
  maxMonths: 120,
  minAge: 20,
  minNetIncome: 1200,
  employmentTypes: ['permanent', 'retired'],
  acceptsPaymentDefaults: false,
}
const facts: MatchFacts = {
  product: 'consumer-loan',
  amount: 10_000,
  months: 60,
  age: 35,
  monthlyNetIncome: 2500,
  employmentType: 'permanent',
  hasPaymentDefaults: false,
  purpose: 'renovation',
}

describe('matching an application to a lender', () => {
  it('matches when every criterion holds, also above the lender maximum (it may offer less)', () => {
    expect(matchLender(criteria, DEFAULT_FILTERING, facts)).toEqual({ matched: true })
    expect(matchLender(criteria, DEFAULT_FILTERING, { ...facts, amount: 50_000, months: 240 }).matched).toBe(
      true,
    )
  })

  it.each([
    [{ product: 'credit-card' as const }, 'product'],
    [{ amount: 1999 }, 'amount'],
    [{ months: 6 }, 'period'],
    [{ age: 19 }, 'age'],
    [{ monthlyNetIncome: 1199 }, 'income'],
    [{ employmentType: 'student' }, 'employment'],
    [{ hasPaymentDefaults: true }, 'payment-defaults'],
  ])('does not match %o (%s)', (change, reason) => {
    expect(matchLender(criteria, DEFAULT_FILTERING, { ...facts, ...change })).toEqual({
      matched: false,
      reason,
    })
  })

  it("follows the lender's own filtering", () => {
    expect(matchLender(criteria, { acceptingApplications: false, excludedPurposes: [] }, facts)).toEqual({
      matched: false,
      reason: 'paused',
    })
    expect(
      matchLender(criteria, { acceptingApplications: true, excludedPurposes: ['renovation'] }, facts),
    ).toEqual({
      matched: false,
      reason: 'purpose',
    })
    expect(
      matchLender({ ...criteria, acceptsPaymentDefaults: true }, DEFAULT_FILTERING, {
        ...facts,
        hasPaymentDefaults: true,
      }).matched,
    ).toBe(true)
  })
})
