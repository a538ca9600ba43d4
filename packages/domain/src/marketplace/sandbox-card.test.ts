import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CARD_TYPES } from '../application/enums.ts'
import { evaluateCardOffer } from './card-offer-terms.ts'
import { DEFAULT_FILTERING, matchLender } from './criteria.ts'
import { DEMO_LENDERS } from './demo-lenders.ts'
import { type CardApplicationFacts, type SandboxCardIssuer, sandboxCardDecision } from './sandbox-card.ts'

const issuer: SandboxCardIssuer = {
  slug: 'test-issuer',
  minAge: 20,
  minNetIncome: 1000,
  employmentTypes: ['permanent', 'temporary'],
  cardTypes: ['visa', 'mastercard'],
  card: {
    rateMargin: 6,
    annualFee: 30,
    monthlyFee: 0,
    gracePeriodDays: 45,
    maxLimit: 10_000,
    limitToIncome: 2,
  },
}

const facts: CardApplicationFacts = {
  applicationId: 'card-1',
  amount: 3000,
  months: 12,
  age: 35,
  employmentType: 'permanent',
  monthlyNetIncome: 2500,
  housingCostsPerMonth: 700,
  existingDebtPayments: 0,
  householdSize: 1,
  hasCoApplicant: false,
  cardType: 'visa',
}
const day = new Date('2026-11-22T12:00:00Z')

describe('sandbox card decisions', () => {
  it('offers the card type asked, with the limit wished for and the issuer’s fees and grace period', () => {
    const decision = sandboxCardDecision(issuer, facts, day)
    expect(decision).toMatchObject({
      decision: 'offer',
      cardType: 'visa',
      creditLimit: 3000,
      annualFee: 30,
      monthlyFee: 0,
      gracePeriodDays: 45,
    })
    expect(sandboxCardDecision(issuer, facts, day)).toEqual(decision)
  })

  it('gives its first card type when any card will do, and declines a type it does not issue', () => {
    expect(sandboxCardDecision(issuer, { ...facts, cardType: 'other' }, day)).toMatchObject({
      cardType: 'visa',
    })
    expect(sandboxCardDecision(issuer, { ...facts, cardType: 'mastercard' }, day)).toMatchObject({
      cardType: 'mastercard',
    })
    expect(sandboxCardDecision(issuer, { ...facts, cardType: 'amex' }, day)).toEqual({
      decision: 'decline',
      reason: 'criteria',
    })
  })

  it('scales the limit by income and debts, never above the wish or its maximum', () => {
    // 1 200 €/month × 2 = 2 400 € at most.
    expect(
      sandboxCardDecision(issuer, { ...facts, monthlyNetIncome: 1200, housingCostsPerMonth: 300 }, day),
    ).toMatchObject({ creditLimit: 2400 })
    // A quarter of the income to debts: 2 500 × 2 × 0,75 = 3 750 €, below the wish of 5 000 €.
    expect(
      sandboxCardDecision(issuer, { ...facts, amount: 5000, existingDebtPayments: 625 }, day),
    ).toMatchObject({ creditLimit: 3700 })
    expect(
      sandboxCardDecision(issuer, { ...facts, amount: 50_000, monthlyNetIncome: 9000 }, day),
    ).toMatchObject({
      creditLimit: 10_000,
    })
  })

  it('lowers the annual fee to the cost cap of a small limit', () => {
    // A 500 € limit allows 18,25 € of costs a year.
    const decision = sandboxCardDecision(issuer, { ...facts, amount: 500 }, day)
    expect(decision).toMatchObject({ creditLimit: 500, annualFee: 18.25 })
  })

  it('declines outside its criteria or when no limit is affordable', () => {
    expect(sandboxCardDecision(issuer, { ...facts, age: 19 }, day)).toMatchObject({ reason: 'criteria' })
    expect(sandboxCardDecision(issuer, { ...facts, employmentType: 'student' }, day)).toMatchObject({
      reason: 'criteria',
    })
    expect(sandboxCardDecision(issuer, { ...facts, existingDebtPayments: 2400 }, day)).toMatchObject({
      reason: 'affordability',
    })
  })

  it('never makes an offer over a cap (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 500, max: 50_000 }),
        fc.integer({ min: 1000, max: 20_000 }),
        fc.integer({ min: 0, max: 3000 }),
        fc.constantFrom(...CARD_TYPES),
        fc.string(),
        (amount, income, debts, cardType, id) => {
          const decision = sandboxCardDecision(
            issuer,
            {
              ...facts,
              applicationId: id,
              amount,
              monthlyNetIncome: income,
              existingDebtPayments: debts,
              cardType,
            },
            day,
          )
          if (decision.decision !== 'offer') return
          const { decision: _, ...terms } = decision
          expect(evaluateCardOffer(terms, day).ok).toBe(true)
          expect(terms.creditLimit).toBeLessThanOrEqual(amount)
        },
      ),
    )
  })
})

describe('the demo card issuers', () => {
  const issuers = DEMO_LENDERS.filter((lender) => lender.criteria.products.includes('credit-card'))

  it('each say which card types they issue and price their cards', () => {
    expect(issuers.length).toBeGreaterThanOrEqual(3)
    for (const lender of issuers) {
      expect(lender.criteria.cardTypes?.length).toBeGreaterThan(0)
      expect(lender.sandbox.card).toBeDefined()
    }
  })

  it('receive a card application only for a card type they issue; "other" goes to every issuer', () => {
    const match = (cardType: (typeof CARD_TYPES)[number]) =>
      DEMO_LENDERS.filter(
        (lender) =>
          matchLender(lender.criteria, DEFAULT_FILTERING, {
            product: 'credit-card',
            amount: 3000,
            months: 12,
            age: 35,
            monthlyNetIncome: 3000,
            employmentType: 'permanent',
            hasPaymentDefaults: false,
            purpose: null,
            cardType,
          }).matched,
      ).map((lender) => lender.slug)
    for (const cardType of ['visa', 'mastercard', 'diners', 'amex'] as const) {
      const slugs = match(cardType)
      expect(slugs.length).toBeGreaterThan(0)
      for (const slug of slugs) {
        expect(DEMO_LENDERS.find((lender) => lender.slug === slug)?.criteria.cardTypes).toContain(cardType)
      }
    }
    expect(match('other').sort()).toEqual(issuers.map((lender) => lender.slug).sort())
  })
})
