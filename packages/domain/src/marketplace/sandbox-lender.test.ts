import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkConsumerCaps } from '../credit-caps.ts'
import { type ApplicationFacts, type SandboxLenderProfile, sandboxDecision } from './sandbox-lender.ts'

const lender: SandboxLenderProfile = {
  slug: 'aurora-rahoitus',
  minAmount: 1000,
  maxAmount: 50000,
  minMonths: 12,
  maxMonths: 180,
  minAge: 20,
  minNetIncome: 1200,
  employmentTypes: ['permanent', 'temporary', 'part-time', 'entrepreneur', 'retired'],
  baseMargin: 2,
  openingFee: 90,
  monthlyFee: 5,
  maxDebtServiceRatio: 0.45,
  delaySeconds: 0,
}

const facts: ApplicationFacts = {
  applicationId: 'a1',
  amount: 15000,
  months: 60,
  age: 40,
  employmentType: 'permanent',
  monthlyNetIncome: 3100,
  housingCostsPerMonth: 850,
  existingDebtPayments: 250,
  householdSize: 2,
  hasCoApplicant: false,
}
const day = new Date('2026-11-22T12:00:00Z')

describe('sandbox lender decisions', () => {
  it('offers a good applicant the amount asked, within the caps', () => {
    const decision = sandboxDecision(lender, facts, day)
    expect(decision).toMatchObject({ decision: 'offer', amount: 15000, months: 60 })
    if (decision.decision === 'offer') expect(checkConsumerCaps(decision, day).ok).toBe(true)
  })

  it('is deterministic: the same application gets the same answer', () => {
    expect(sandboxDecision(lender, facts, day)).toEqual(sandboxDecision(lender, facts, day))
  })

  it('declines outside its criteria', () => {
    expect(sandboxDecision(lender, { ...facts, age: 19 }, day)).toEqual({
      decision: 'decline',
      reason: 'criteria',
    })
    expect(sandboxDecision(lender, { ...facts, employmentType: 'student' }, day)).toMatchObject({
      decision: 'decline',
    })
    expect(sandboxDecision(lender, { ...facts, monthlyNetIncome: 900 }, day)).toMatchObject({
      decision: 'decline',
    })
  })

  it('offers less than asked when the full amount is not affordable, or above its maximum', () => {
    const stretched = sandboxDecision(
      lender,
      { ...facts, amount: 70000, months: 48, existingDebtPayments: 600 },
      day,
    )
    expect(stretched.decision).toBe('offer')
    if (stretched.decision === 'offer') expect(stretched.amount).toBeLessThan(50000)
    const overMax = sandboxDecision(
      lender,
      { ...facts, amount: 70000, months: 180, existingDebtPayments: 0 },
      day,
    )
    if (overMax.decision === 'offer') expect(overMax.amount).toBeLessThanOrEqual(50000)
  })

  it('declines when nothing is affordable', () => {
    expect(
      sandboxDecision(lender, { ...facts, monthlyNetIncome: 1300, existingDebtPayments: 900 }, day),
    ).toMatchObject({
      decision: 'decline',
    })
  })

  it('never makes an offer that breaks the Finnish caps (property-based)', () => {
    fc.assert(
      fc.property(
        fc.record({
          applicationId: fc.string(),
          amount: fc.integer({ min: 1000, max: 70000 }),
          months: fc.integer({ min: 12, max: 240 }),
          age: fc.integer({ min: 18, max: 90 }),
          employmentType: fc.constantFrom('permanent', 'temporary', 'retired', 'student'),
          monthlyNetIncome: fc.integer({ min: 0, max: 15000 }),
          housingCostsPerMonth: fc.integer({ min: 0, max: 3000 }),
          existingDebtPayments: fc.integer({ min: 0, max: 5000 }),
          householdSize: fc.integer({ min: 1, max: 8 }),
          hasCoApplicant: fc.boolean(),
        }),
        (input) => {
          const decision = sandboxDecision(lender, input, day)
          return decision.decision === 'decline' || checkConsumerCaps(decision, day).ok
        },
      ),
      { numRuns: 2000 },
    )
  })
})
