import { describe, expect, it } from 'vitest'
import { checkConsumerCaps } from './credit-caps.ts'
import { MORTGAGE_MARGIN_SURVEY, SME_LOAN_MARGIN } from './market-rates.ts'
import { DEMO_LENDERS } from './marketplace/demo-lenders.ts'
import {
  businessExamplePricing,
  consumerExamplePricing,
  latestEuribor,
  maxPeriodFor,
  mortgageExamplePricing,
  productLimits,
} from './pricing-profiles.ts'
import { productExample, representativeExample } from './representative-example.ts'

const day = new Date('2026-11-22T12:00:00Z')
// The latest month of content/data/euribor.json when this was written: 2,245 % (January 2026).
const euribor = { month: '2026-01', rate: 0.02245 }

describe('product limits (issue 14: each product its own)', () => {
  it('gives the mortgage a mortgage range up to the legal maximum period', () => {
    const limits = productLimits('mortgage', day)
    expect(limits).toMatchObject({ periodUnit: 'years', maxPeriod: 30, defaultAmount: 200_000 })
    expect(limits.maxAmount).toBeGreaterThan(productLimits('consumer', day).maxAmount)
  })

  it('gives the business products the SME limits in months (spec §9)', () => {
    expect(productLimits('business', day)).toMatchObject({
      minAmount: 500,
      maxAmount: 10_000_000,
      defaultAmount: 25_000,
      periodUnit: 'months',
      minPeriod: 1,
      defaultPeriod: 6,
    })
    expect(maxPeriodFor('business', 99_999)).toBe(60)
    expect(maxPeriodFor('business', 100_000)).toBe(120)
    expect(maxPeriodFor('consumer', 100_000)).toBe(20)
  })

  it('reads the latest Euribor month as a fraction', () => {
    expect(
      latestEuribor([
        { month: '2026-01', rate: 2.245 },
        { month: '2025-11', rate: 2.217 },
      ]),
    ).toEqual(euribor)
    expect(latestEuribor([])).toBeNull()
  })
})

describe('consumer example from the sandbox lenders’ pricing', () => {
  it('averages the demo lenders: 4,5 % + mean margin 4,475 + 1,125 variation = 10,10 %', () => {
    // Margins 3,5 1,9 6,5 2,4 4,9 2,9 3,2 4,2 2,7 8,5 5,5 7,5 → 53,7 / 12 = 4,475 points;
    // opening fees 513 € / 12 = 42,75 €; monthly fees 55,55 € / 12 = 4,63 €.
    expect(DEMO_LENDERS).toHaveLength(12)
    expect(consumerExamplePricing()).toEqual({
      nominalRate: 0.101,
      openingFee: 42.75,
      monthlyFee: 4.63,
      source: { kind: 'sandbox-lenders', lenders: 12 },
    })
  })

  it('follows the lenders’ data, not a constant', () => {
    const pricing = consumerExamplePricing([
      { baseMargin: 1, openingFee: 10, monthlyFee: 2, maxDebtServiceRatio: 0.4, delaySeconds: 0 },
      { baseMargin: 3, openingFee: 30, monthlyFee: 4, maxDebtServiceRatio: 0.4, delaySeconds: 0 },
    ])
    // 4,5 % + 2 points + 1,125 points = 7,625 %, to 0,01 points 7,63 %.
    expect(pricing).toMatchObject({ nominalRate: 0.0763, openingFee: 20, monthlyFee: 3 })
    expect(pricing.source).toEqual({ kind: 'sandbox-lenders', lenders: 2 })
  })

  it('prices 20 000 € over 4 years by hand', () => {
    const example = representativeExample(20_000, 4, day)
    // r = 0,101 / 12; annuity 20 000 · r / (1 − (1 + r)^−48) = 508,21 €; + 4,63 € fee = 512,84 €.
    expect(example).toMatchObject({ nominalRate: 0.101, openingFee: 42.75, monthlyFee: 4.63, months: 48 })
    expect(example.monthlyPayment).toBe(512.84)
    expect(example.aprPercent).toBe(11.23)
    expect(example.source.kind).toBe('sandbox-lenders')
    expect(checkConsumerCaps(example, day)).toEqual({ ok: true })
  })
})

describe('mortgage example: 12-month Euribor + the survey’s margin', () => {
  it('uses the survey’s average margin and costs', () => {
    // Margins 7 × 0,60 + 0,70 + 0,80 = 5,70 / 9 = 0,633 → 0,63 %; costs 10 378 € / 9 = 1 153,11 €.
    const pricing = mortgageExamplePricing(euribor)
    expect(pricing.nominalRate).toBe(0.02875)
    expect(pricing).toMatchObject({ openingFee: 1153.11, monthlyFee: 0 })
    expect(pricing.source).toEqual({
      kind: 'mortgage-survey',
      euribor,
      margin: 0.0063,
      banks: 9,
      source: MORTGAGE_MARGIN_SURVEY.source,
    })
  })

  it('prices 200 000 € over 25 years by hand', () => {
    const example = productExample('mortgage', mortgageExamplePricing(euribor), 200_000, 300, day)
    // r = 0,02875 / 12; 200 000 · r / (1 − (1 + r)^−300) = 935,47 €. APR: 200 000 = 1 153,11 +
    // Σ 935,47 (1 + X)^−k/12 → X = 2,967 % (solved by bisection outside the code).
    expect(example.monthlyPayment).toBe(935.47)
    expect(example.aprPercent).toBe(2.97)
    expect(example.totalCost).toBeCloseTo(80_641 + 1153.11, 0)
    expect(example.years).toBe(25)
  })

  it('never goes below the margin when Euribor is negative', () => {
    expect(mortgageExamplePricing({ month: '2021-12', rate: -0.005 }).nominalRate).toBe(0.0063)
  })
})

describe('business example: 12-month Euribor + the SME margin', () => {
  it('prices 25 000 € over 6 months by hand', () => {
    const pricing = businessExamplePricing(euribor)
    // 2,245 % + 1,51 % = 3,755 %; annuity 25 000 · r / (1 − (1 + r)^−6) = 4 212,42 €; no fees, so
    // the APR is the effective rate (1 + 0,03755 / 12)^12 − 1 = 3,82 %.
    expect(pricing).toMatchObject({ nominalRate: 0.03755, openingFee: 0, monthlyFee: 0 })
    expect(pricing.source).toEqual({
      kind: 'sme-margin',
      euribor,
      margin: 0.0151,
      source: SME_LOAN_MARGIN.source,
    })
    const example = productExample('business', pricing, 25_000, 6, day)
    expect(example.monthlyPayment).toBe(4212.42)
    expect(example.aprPercent).toBe(3.82)
  })
})
