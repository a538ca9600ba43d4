import { describe, expect, it } from 'vitest'
import { DEFAULT_SME_CONFIG } from '../application/business.ts'
import { priceLoan } from '../loan-math.ts'
import {
  type BusinessFacts,
  businessCriteriaOf,
  businessRequestedCredit,
  deriveBusinessFacts,
  matchBusinessLender,
  monthsSince,
} from './business-lending.ts'
import { BUSINESS_OFFER_LIMITS, evaluateBusinessOffer } from './business-offer-terms.ts'
import { DEFAULT_FILTERING, type LenderCriteria, matchLender } from './criteria.ts'
import { DEMO_BUSINESS_LENDERS } from './demo-business-lenders.ts'
import { businessPricingOf, businessRisk, sandboxBusinessDecision } from './sandbox-business.ts'

const NOW = new Date('2026-11-23T12:00:00Z')

const company = {
  businessId: '2331972-7',
  name: 'Testiyritys Oy',
  legalForm: 'oy',
  registeredOn: '2015-04-20',
  industry: 'C',
  turnover: 850_000,
  result: 60_000,
  employees: 12,
}
const loanApplication = { loan: { amount: 60_000, months: 36, purpose: 'Marketing' }, company }
const factoringApplication = {
  factoring: {
    monthlyInvoiceVolume: 40_000,
    customerCount: 25,
    paymentTermDays: 45,
    largestCustomerShare: 60,
    sellsToPublicSector: true,
  },
  company,
}

const facts = (overrides: Partial<BusinessFacts> = {}): BusinessFacts => ({
  ...deriveBusinessFacts('business-loan', loanApplication, NOW),
  ...overrides,
})

const lender = (slug: string) => {
  const found = DEMO_BUSINESS_LENDERS.find((candidate) => candidate.slug === slug)
  if (!found) throw new Error(slug)
  return found
}

describe('business facts', () => {
  it('counts whole months since registration', () => {
    expect(monthsSince('2026-10-23', NOW)).toBe(1)
    expect(monthsSince('2026-10-24', NOW)).toBe(0)
    expect(monthsSince('2015-04-20', NOW)).toBe(139)
    expect(monthsSince('2030-01-01', NOW)).toBe(0)
    expect(monthsSince('not a date', NOW)).toBe(0)
  })

  it('reads a business loan as asked and factoring as the unpaid invoices over 12 months', () => {
    expect(businessRequestedCredit('business-loan', loanApplication)).toEqual({
      amount: 60_000,
      periodMonths: 36,
      purpose: 'Marketing',
    })
    // 40 000 € a month on 45-day terms: 60 000 € unpaid at a time.
    expect(businessRequestedCredit('factoring', factoringApplication)).toEqual({
      amount: 60_000,
      periodMonths: 12,
      purpose: null,
    })
    expect(deriveBusinessFacts('factoring', factoringApplication, NOW)).toMatchObject({
      product: 'factoring',
      industry: 'C',
      companyAgeMonths: 139,
      factoring: { monthlyInvoiceVolume: 40_000, sellsToPublicSector: true },
    })
    // Missing or mistyped values count as nothing.
    expect(deriveBusinessFacts('business-loan', { company: { industry: 'Ö' } }, NOW)).toMatchObject({
      amount: 0,
      months: 0,
      industry: null,
      turnover: 0,
      companyAgeMonths: 0,
    })
  })
})

describe('matching a business lender', () => {
  const kivijalka = lender('kivijalka-yritysrahoitus').criteria

  it('says why a company does not match', () => {
    const match = (overrides: Partial<BusinessFacts>) =>
      matchBusinessLender(kivijalka, DEFAULT_FILTERING, facts(overrides))
    expect(match({})).toEqual({ matched: true })
    expect(match({ product: 'factoring' })).toEqual({ matched: false, reason: 'product' })
    expect(match({ amount: 4999 })).toEqual({ matched: false, reason: 'amount' })
    expect(match({ months: 5 })).toEqual({ matched: false, reason: 'period' })
    expect(match({ turnover: 99_999 })).toEqual({ matched: false, reason: 'turnover' })
    expect(match({ companyAgeMonths: 23 })).toEqual({ matched: false, reason: 'company-age' })
    expect(match({ industry: 'L' })).toEqual({ matched: false, reason: 'industry' })
    expect(match({ result: -1 })).toEqual({ matched: false, reason: 'loss' })
    // More than the lender's maximum still matches: it may offer less.
    expect(match({ amount: 5_000_000 })).toEqual({ matched: true })
    expect(
      matchBusinessLender(
        kivijalka,
        { acceptingApplications: true, excludedPurposes: ['Marketing'] },
        facts(),
      ),
    ).toEqual({ matched: false, reason: 'purpose' })
    expect(
      matchBusinessLender(kivijalka, { ...DEFAULT_FILTERING, acceptingApplications: false }, facts()),
    ).toEqual({
      matched: false,
      reason: 'paused',
    })
  })

  it('keeps consumer and business lenders apart', () => {
    const consumer: LenderCriteria = { ...kivijalka, products: ['consumer-loan', 'credit-card'] }
    expect(matchBusinessLender(consumer, DEFAULT_FILTERING, facts())).toEqual({
      matched: false,
      reason: 'product',
    })
    const person = {
      product: 'consumer-loan' as const,
      amount: 10_000,
      months: 36,
      age: 40,
      monthlyNetIncome: 3000,
      employmentType: 'permanent',
      hasPaymentDefaults: false,
      purpose: null,
    }
    for (const business of DEMO_BUSINESS_LENDERS) {
      expect(matchLender(business.criteria, DEFAULT_FILTERING, person)).toMatchObject({ matched: false })
    }
  })

  it('reads business criteria and pricing from a lender row only when they are well formed', () => {
    expect(businessCriteriaOf(kivijalka)).toMatchObject({ minTurnover: 100_000 })
    expect(
      businessCriteriaOf({ ...kivijalka, business: { minTurnover: 'lots' } } as LenderCriteria),
    ).toBeNull()
    expect(businessPricingOf(lender('laskuvirta-factoring').sandbox)?.factoring).toEqual({
      advanceRate: 0.85,
      serviceFeePercent: 1.2,
    })
    expect(businessPricingOf({ baseMargin: 1 })).toBeNull()
    expect(businessPricingOf(null)).toBeNull()
  })
})

describe('the sandbox business decision', () => {
  const decide = (slug: string, overrides: Partial<BusinessFacts> = {}, applicationId = 'app-1') => {
    const { criteria, sandbox } = lender(slug)
    return sandboxBusinessDecision(
      { slug, criteria, pricing: sandbox.business },
      { ...facts(overrides), applicationId },
    )
  }

  it('answers the same application the same way, and lenders differ', () => {
    expect(decide('kivijalka-yritysrahoitus')).toEqual(decide('kivijalka-yritysrahoitus'))
    const rates = DEMO_BUSINESS_LENDERS.filter((item) =>
      item.criteria.products.includes('business-loan'),
    ).map((item) => {
      const answer = decide(item.slug)
      return answer.decision === 'offer' ? answer.nominalRate : null
    })
    expect(new Set(rates).size).toBe(rates.length)
  })

  it('prices over the Euribor stand-in or at a fixed rate, plus risk, and lends at most its share of turnover', () => {
    const kivijalka = decide('kivijalka-yritysrahoitus')
    // 2,25 % + 3,5 points + at most 0,3 × 6 points of variation for a sound company.
    expect(kivijalka).toMatchObject({
      decision: 'offer',
      amount: 60_000,
      months: 36,
      personalGuarantee: true,
    })
    if (kivijalka.decision !== 'offer') throw new Error('declined')
    expect(kivijalka.nominalRate).toBeGreaterThanOrEqual(0.0575)
    expect(kivijalka.nominalRate).toBeLessThanOrEqual(0.0575 + 0.018)
    // Pajala lends at most 50 000 € and 36 months; always with a guarantee.
    expect(decide('pajala-pk-rahoitus', { months: 48 })).toMatchObject({
      amount: 50_000,
      months: 36,
      personalGuarantee: true,
      openingFee: 95,
      monthlyFee: 12,
    })
    // 100 000 € turnover: Kivijalka lends at most 30 % of it.
    expect(decide('kivijalka-yritysrahoitus', { turnover: 100_000 })).toMatchObject({
      amount: 30_000,
      personalGuarantee: false,
    })
    // A loss-making company is declined by a lender that takes none, and priced higher by one that does.
    expect(decide('kivijalka-yritysrahoitus', { result: -10_000 })).toEqual({
      decision: 'decline',
      reason: 'criteria',
    })
    const sound = decide('tyrsky-capital')
    const losing = decide('tyrsky-capital', { result: -10_000 })
    if (sound.decision !== 'offer' || losing.decision !== 'offer') throw new Error('declined')
    expect(losing.nominalRate).toBeGreaterThan(sound.nominalRate)
  })

  it('factoring: the advance limit from the unpaid invoices and the service fee on the invoicing', () => {
    const { criteria, sandbox } = lender('laskuvirta-factoring')
    const answer = sandboxBusinessDecision(
      { slug: 'laskuvirta-factoring', criteria, pricing: sandbox.business },
      { ...deriveBusinessFacts('factoring', factoringApplication, NOW), applicationId: 'f-1' },
    )
    // 60 000 € unpaid × 85 % = 51 000 €; 20 € + 1,2 % × 40 000 € = 500 € a month.
    expect(answer).toMatchObject({
      decision: 'offer',
      amount: 51_000,
      months: 12,
      openingFee: 150,
      monthlyFee: 500,
      personalGuarantee: false,
    })
    // A lender without factoring pricing never answers factoring with an offer.
    const loanOnly = lender('kivijalka-yritysrahoitus')
    expect(
      sandboxBusinessDecision(
        {
          slug: 'x',
          criteria: { ...loanOnly.criteria, products: ['factoring'] },
          pricing: loanOnly.sandbox.business,
        },
        { ...deriveBusinessFacts('factoring', factoringApplication, NOW), applicationId: 'f-1' },
      ),
    ).toEqual({ decision: 'decline', reason: 'criteria' })
  })

  it('risk grows with a loss, youth and one big customer; selling to the public sector lowers it', () => {
    const base = { ...facts(), applicationId: 'r' }
    const risk = (overrides: Partial<BusinessFacts>) => businessRisk('s', { ...base, ...overrides })
    expect(risk({ result: -1 })).toBeGreaterThan(risk({}))
    expect(risk({ companyAgeMonths: 12 })).toBeGreaterThan(risk({}))
    const invoices = deriveBusinessFacts('factoring', factoringApplication, NOW).factoring
    if (!invoices) throw new Error('no factoring facts')
    expect(
      risk({ factoring: { ...invoices, largestCustomerShare: 80, sellsToPublicSector: false } }),
    ).toBeGreaterThan(
      risk({ factoring: { ...invoices, largestCustomerShare: 10, sellsToPublicSector: false } }),
    )
  })
})

describe('business offer terms', () => {
  const terms = {
    amount: 50_000,
    months: 36,
    nominalRate: 0.119,
    openingFee: 95,
    monthlyFee: 12,
    feeFinanced: false,
  }

  it('prices by the loan maths with no consumer cap', () => {
    const evaluated = evaluateBusinessOffer({ ...terms, nominalRate: 0.45 })
    const priced = priceLoan({ ...terms, nominalRate: 0.45 })
    expect(priced.ok).toBe(true)
    expect(evaluated).toEqual(priced)
  })

  it('refuses nonsense', () => {
    const bad = [
      { amount: -1 },
      { amount: 0 },
      { amount: BUSINESS_OFFER_LIMITS.maxAmount + 1 },
      { months: 0 },
      { months: 12.5 },
      { months: 601 },
      { nominalRate: -0.01 },
      { nominalRate: 1.01 },
      { openingFee: -5 },
      { monthlyFee: -1 },
      { openingFee: 50_001 },
      { nominalRate: Number.NaN },
    ]
    for (const change of bad) {
      expect(evaluateBusinessOffer({ ...terms, ...change }), JSON.stringify(change)).toEqual({
        ok: false,
        problem: 'NONSENSE_TERMS',
      })
    }
    expect(evaluateBusinessOffer({ ...terms, nominalRate: 1 }).ok).toBe(true)
  })

  it('the SME defaults fit the offer limits', () => {
    expect(DEFAULT_SME_CONFIG.maxAmount).toBeLessThanOrEqual(BUSINESS_OFFER_LIMITS.maxAmount)
    expect(DEFAULT_SME_CONFIG.maxPeriodLarge).toBeLessThanOrEqual(BUSINESS_OFFER_LIMITS.maxMonths)
  })
})
