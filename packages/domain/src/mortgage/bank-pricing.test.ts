import { describe, expect, it } from 'vitest'
import {
  type MortgageFacts,
  matchMortgageBank,
  mortgageCriteriaOf,
  mortgageFigures,
  mortgagePricingOf,
  mortgageTimeline,
  SANDBOX_EURIBOR_12M,
  sandboxMortgageDecision,
  stressedInstalments,
} from './bank-pricing.ts'
import { DEMO_MORTGAGE_BANKS } from './demo-banks.ts'

const day = new Date('2026-02-01T10:00:00Z')
const [demo] = DEMO_MORTGAGE_BANKS
if (!demo) throw new Error('no demo banks')
const bank = { slug: demo.slug, criteria: demo.criteria.mortgage, pricing: demo.sandbox.mortgage }

const facts: MortgageFacts = {
  applicationId: '00000000-0000-4000-8000-000000000001',
  purpose: 'first-home',
  loanAmount: 200_000,
  months: 300,
  repaymentType: 'annuity',
  referenceRate: 'euribor-12',
  fixedPeriodYears: null,
  price: 250_000,
  housingCompanyLoanShare: 0,
  otherCollateralValue: 0,
  aspLoan: false,
  stateGuarantee: false,
  netIncome: 5_800,
  grossIncome: 8_000,
  otherDebt: 8_000,
  otherDebtPayments: 120,
  leadEmployment: 'permanent',
  borrowers: 2,
}

describe('mortgage figures', () => {
  it('equal principal by hand: 120 000 € over 10 years at 3 %, 3 €/month, 500 € at signing', () => {
    // Principal 1 000 € a month. Month 1: interest 120 000 × 0,03 / 12 = 300 €, + 1 000 + 3 = 1 303 €.
    // Month 120: interest 1 000 × 0,0025 = 2,50 €, + 1 000 + 3 = 1 005,50 €.
    // Interest in all: 2,50 € × (1 + 2 + … + 120) = 2,50 × 7 260 = 18 150 €; fees 500 + 120 × 3 = 860 €.
    const figures = mortgageFigures({
      amount: 120_000,
      months: 120,
      repaymentType: 'equal-principal',
      nominalRate: 0.03,
      openingFee: 500,
      monthlyFee: 3,
    })
    expect(figures).toMatchObject({
      firstInstalment: 1_303,
      lastInstalment: 1_005.5,
      numberOfInstalments: 120,
      totalInterest: 18_150,
      totalFees: 860,
      totalCost: 19_010,
      totalPayable: 139_010,
    })
    // Fees push the APR above the nominal rate.
    expect(figures?.apr).toBeGreaterThan(0.03)
    expect(figures?.apr).toBeLessThan(0.035)
  })

  it('annuity at 0 %: the amount in equal parts, the APR 0', () => {
    const figures = mortgageFigures({
      amount: 120_000,
      months: 120,
      repaymentType: 'annuity',
      nominalRate: 0,
      openingFee: 0,
      monthlyFee: 0,
    })
    expect(figures).toMatchObject({ firstInstalment: 1_000, lastInstalment: 1_000, totalCost: 0 })
    expect(figures?.apr).toBeCloseTo(0, 8)
  })

  it('no figures for terms that make no sense', () => {
    const base = { amount: 1000, months: 12, repaymentType: 'annuity', openingFee: 0, monthlyFee: 0 } as const
    expect(mortgageFigures({ ...base, nominalRate: -0.01 })).toBeNull()
    expect(mortgageFigures({ ...base, months: 0, nominalRate: 0.03 })).toBeNull()
  })

  it('stress rows: a rate 2 and 5 points higher raises an annuity; a fixed instalment stays', () => {
    const terms = {
      amount: 200_000,
      months: 300,
      nominalRate: 0.03,
      openingFee: 0,
      monthlyFee: 0,
    }
    const annuity = stressedInstalments({ ...terms, repaymentType: 'annuity' })
    // 200 000 € at 5 % over 25 years: 1 169,18 €; at 8 %: 1 543,63 € (the annuity formula).
    expect(annuity.map((row) => row.firstInstalment)).toEqual([1_169.18, 1_543.63])
    const fixed = stressedInstalments({ ...terms, repaymentType: 'fixed-instalment' })
    // At 3 %: 948,42 € — the same instalment whatever the rate does.
    expect(fixed.map((row) => row.firstInstalment)).toEqual([948.42, 948.42])
  })
})

describe('sandbox bank decision', () => {
  it('offers the amount asked at Euribor + the margin of its loan-to-value band', () => {
    const decision = sandboxMortgageDecision(bank, facts, day)
    expect(decision.decision).toBe('offer')
    if (decision.decision !== 'offer') return
    expect(decision.amount).toBe(200_000)
    expect(decision.referenceRateValue).toBe(SANDBOX_EURIBOR_12M.rate)
    // LTV 80 %: the ≤ 80 % band's 0,55 points, ± 0,05 points of variation.
    expect(decision.margin).toBeGreaterThanOrEqual(0.005)
    expect(decision.margin).toBeLessThanOrEqual(0.006)
    expect(decision.nominalRate).toBeCloseTo(decision.referenceRateValue + decision.margin, 6)
    expect(sandboxMortgageDecision(bank, facts, day)).toEqual(decision)
  })

  it('adds the fixed period’s premium to the reference rate', () => {
    const decision = sandboxMortgageDecision(
      bank,
      { ...facts, referenceRate: 'fixed-period', fixedPeriodYears: 5 },
      day,
    )
    if (decision.decision !== 'offer') throw new Error('expected an offer')
    expect(decision.referenceRateValue).toBeCloseTo(
      SANDBOX_EURIBOR_12M.rate + bank.pricing.fixedPremium[5],
      6,
    )
    expect(decision.fixedPeriodYears).toBe(5)
  })

  it('declines over the LTV cap, over the debt-to-income limit and when the stress test fails', () => {
    // First home: 95 % of 250 000 € = 237 500 €.
    expect(sandboxMortgageDecision(bank, { ...facts, loanAmount: 240_000 }, day)).toEqual({
      decision: 'decline',
      reason: 'loan-to-value',
    })
    // 208 000 € of debt over 5 × 3 000 € × 12 = 180 000 €.
    expect(sandboxMortgageDecision(bank, { ...facts, grossIncome: 3_000 }, day)).toEqual({
      decision: 'decline',
      reason: 'debt-to-income',
    })
    // At 6 % over 25 years 200 000 € costs 1 288,60 € a month, + 120 € > 60 % of 2 000 €.
    expect(sandboxMortgageDecision(bank, { ...facts, netIncome: 2_000 }, day)).toEqual({
      decision: 'decline',
      reason: 'affordability',
    })
    expect(
      sandboxMortgageDecision(bank, { ...facts, borrowers: 1, leadEmployment: 'unemployed' }, day),
    ).toEqual({ decision: 'decline', reason: 'criteria' })
  })
})

describe('criteria, matching and timeline', () => {
  it('reads a bank’s criteria and pricing back from the lender row; others have none', () => {
    expect(mortgageCriteriaOf(demo.criteria)).toEqual(demo.criteria.mortgage)
    expect(mortgagePricingOf(demo.sandbox)).toEqual(demo.sandbox.mortgage)
    expect(mortgageCriteriaOf({ products: ['consumer-loan'] })).toBeNull()
    expect(mortgagePricingOf(null)).toBeNull()
  })

  it('matches on the purposes a bank finances and its minimum loan only', () => {
    const tupa = DEMO_MORTGAGE_BANKS.find((row) => row.slug === 'tupa-osuuspankki')
    if (!tupa) throw new Error('no Tupa')
    expect(matchMortgageBank(tupa.criteria.mortgage, facts)).toEqual({ matched: true })
    expect(matchMortgageBank(tupa.criteria.mortgage, { ...facts, purpose: 'investment' })).toEqual({
      matched: false,
      reason: 'purpose',
    })
    expect(matchMortgageBank(tupa.criteria.mortgage, { ...facts, loanAmount: 20_000 })).toEqual({
      matched: false,
      reason: 'amount',
    })
    // Income is the bank's decision, not a reason never to ask it.
    expect(matchMortgageBank(tupa.criteria.mortgage, { ...facts, netIncome: 0 }).matched).toBe(true)
  })

  it('answers over hours to days: processing first, any request for information before the answer', () => {
    for (const profile of DEMO_MORTGAGE_BANKS) {
      const timeline = mortgageTimeline(
        { slug: profile.slug, criteria: profile.criteria.mortgage, pricing: profile.sandbox.mortgage },
        facts.applicationId,
      )
      expect(timeline.processing).toBeLessThanOrEqual(timeline.answer)
      if (timeline.infoRequest !== null) expect(timeline.infoRequest).toBeLessThanOrEqual(timeline.answer)
      expect(timeline.answer).toBeGreaterThanOrEqual(4 * 3600)
      expect(timeline.answer).toBeLessThanOrEqual(3 * 24 * 3600)
    }
  })
})
