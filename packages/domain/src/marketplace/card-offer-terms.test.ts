import { describe, expect, it } from 'vitest'
import { type CardOfferTerms, cardExampleAmount, evaluateCardOffer } from './card-offer-terms.ts'

const day = new Date('2026-11-22T12:00:00Z')
const card: CardOfferTerms = {
  cardType: 'visa',
  creditLimit: 3000,
  nominalRate: 0.15,
  annualFee: 30,
  monthlyFee: 0,
  gracePeriodDays: 45,
}

describe('the representative example of a card offer', () => {
  it('draws 1 500 € or the whole limit when it is smaller', () => {
    expect(cardExampleAmount(3000)).toBe(1500)
    expect(cardExampleAmount(1500)).toBe(1500)
    expect(cardExampleAmount(800)).toBe(800)
  })

  it('prices 1 500 € at 15 % with a 30 € annual fee, repaid in 12 instalments', () => {
    // By hand: r = 0,0125; 1 500 · r / (1 − 1,0125^−12) = 18,75 / 0,138494 = 135,39 €/month; the
    // twelfth instalment settles the cent rounding at 135,35 €. Paid: 11 · 135,39 + 135,35 + 30 =
    // 1 654,64 €, of which 154,64 € is cost. APR: the rate X with 30 + Σ 135,39·(1+X)^−k/12 … = 1 500,
    // 20,60 % (bisection in a spreadsheet: 20,6041 %).
    const result = evaluateCardOffer(card, day)
    if (!result.ok) throw new Error('expected a priced offer')
    const { example } = result
    expect(example.exampleAmount).toBe(1500)
    expect(example.months).toBe(12)
    expect(example.monthlyPayment).toBe(135.39)
    expect(example.lastPayment).toBe(135.35)
    expect(example.totalPayable).toBe(1654.64)
    expect(example.totalCost).toBe(154.64)
    expect(example.aprPercent).toBe(20.6)
    expect(example.apr).toBeCloseTo(0.206041, 5)
  })

  it('prices a small limit on the limit, with a monthly fee on every instalment', () => {
    // 1 000 € at 12 %, 2 €/month, no annual fee: 88,85 € + 2 € = 90,85 €/month, last 90,84 €;
    // 1 090,19 € in all, APR 17,52 % (17,5167 %).
    const result = evaluateCardOffer(
      { ...card, creditLimit: 1000, nominalRate: 0.12, annualFee: 0, monthlyFee: 2 },
      day,
    )
    if (!result.ok) throw new Error('expected a priced offer')
    expect(result.example.exampleAmount).toBe(1000)
    expect(result.example.monthlyPayment).toBe(90.85)
    expect(result.example.totalPayable).toBe(1090.19)
    expect(result.example.aprPercent).toBe(17.52)
  })

  it('does not lower the example by the grace period', () => {
    const a = evaluateCardOffer({ ...card, gracePeriodDays: 0 }, day)
    const b = evaluateCardOffer({ ...card, gracePeriodDays: 60 }, day)
    expect(a).toEqual(b)
  })
})

describe('consumer-credit caps on a card offer', () => {
  it('refuses a nominal rate over the cap (reference 2,5 % + 15 points in late 2026)', () => {
    expect(evaluateCardOffer({ ...card, nominalRate: 0.18 }, day)).toEqual({
      ok: false,
      violations: [{ code: 'NOMINAL_RATE_OVER_CAP', limit: 0.175, actual: 0.18 }],
    })
  })

  it('holds the fees to 0,01 % a day of the credit limit', () => {
    // A 1 000 € limit allows 36,50 € a year; 30 € + 12 × 1 € = 42 € is too much, 24 € is fine.
    expect(evaluateCardOffer({ ...card, creditLimit: 1000, annualFee: 30, monthlyFee: 1 }, day)).toEqual({
      ok: false,
      violations: [{ code: 'COSTS_OVER_CAP', limit: 36.5, actual: 42 }],
    })
    expect(evaluateCardOffer({ ...card, creditLimit: 1000, annualFee: 24, monthlyFee: 0 }, day).ok).toBe(true)
  })

  it('holds the fees to 150 € a year however large the limit', () => {
    const big = { ...card, creditLimit: 20_000, annualFee: 120, monthlyFee: 3 }
    expect(evaluateCardOffer(big, day)).toEqual({
      ok: false,
      violations: [{ code: 'COSTS_OVER_CAP', limit: 150, actual: 156 }],
    })
    expect(evaluateCardOffer({ ...big, monthlyFee: 2.5 }, day).ok).toBe(true)
  })

  it('reports terms with no price instead of throwing', () => {
    expect(evaluateCardOffer({ ...card, creditLimit: 0 }, day)).toEqual({
      ok: false,
      problem: 'INVALID_TERMS',
    })
    expect(evaluateCardOffer({ ...card, gracePeriodDays: 1.5 }, day)).toEqual({
      ok: false,
      problem: 'INVALID_TERMS',
    })
    expect(evaluateCardOffer({ ...card, annualFee: Number.NaN }, day)).toEqual({
      ok: false,
      problem: 'INVALID_TERMS',
    })
  })
})
