import { describe, expect, it } from 'vitest'
import { type ComparableOffer, compareOffers, parseSort, sortOffers } from './compare.ts'

const offer = (
  id: string,
  figures: { apr: number; monthlyPayment: number; totalCost: number; amount?: number },
  overrides: Partial<ComparableOffer> = {},
): ComparableOffer => ({
  id,
  status: 'offered',
  amount: figures.amount ?? 40_000,
  amountAsked: 40_000,
  months: 60,
  monthsAsked: 60,
  card: null,
  product: 'consumer-loan',
  ...figures,
  ...overrides,
})

const ids = (offers: readonly ComparableOffer[]) => offers.map((o) => o.id)

describe('sorting offers', () => {
  const offers = [
    offer('a', { apr: 9, monthlyPayment: 300, totalCost: 3000, amount: 10_000 }),
    offer('b', { apr: 7, monthlyPayment: 320, totalCost: 2500, amount: 9000 }),
    offer('c', { apr: 8, monthlyPayment: 280, totalCost: 2800, amount: 12_000 }),
  ]

  it('sorts by APR by default and by the chosen column otherwise', () => {
    expect(ids(sortOffers(offers, parseSort(null)))).toEqual(['b', 'c', 'a'])
    expect(ids(sortOffers(offers, 'monthlyPayment'))).toEqual(['c', 'a', 'b'])
    expect(ids(sortOffers(offers, 'totalCost'))).toEqual(['b', 'c', 'a'])
    expect(ids(sortOffers(offers, 'amount'))).toEqual(['c', 'a', 'b'])
  })

  it('ignores an unknown sort key', () => {
    expect(parseSort('nonsense')).toBe('apr')
    expect(parseSort('totalCost')).toBe('totalCost')
  })
})

describe('comparing offers against the amount asked', () => {
  // 40 000 € asked; one lender offers only 10 000 €, which is cheaper per month and in total.
  const full1 = offer('full-1', { apr: 8.1, monthlyPayment: 812.4, totalCost: 8744 })
  const full2 = offer('full-2', { apr: 7.4, monthlyPayment: 799.1, totalCost: 7946 })
  const full3 = offer('full-3', { apr: 7.9, monthlyPayment: 795.5, totalCost: 7730 })
  const partial = offer('partial', { apr: 6.9, monthlyPayment: 197.6, totalCost: 1856, amount: 10_000 })
  const offers = [full1, partial, full2, full3]

  it('never ranks an offer for a smaller amount among the offers for the amount asked', () => {
    for (const sort of ['monthlyPayment', 'totalCost', 'apr', 'amount'] as const) {
      const { asked, other } = compareOffers(offers, sort)
      expect(ids(other)).toEqual(['partial'])
      expect(ids(asked)).not.toContain('partial')
      expect(asked).toHaveLength(3)
    }
    expect(ids(compareOffers(offers, 'monthlyPayment').asked)).toEqual(['full-3', 'full-2', 'full-1'])
    expect(ids(compareOffers(offers, 'totalCost').asked)).toEqual(['full-3', 'full-2', 'full-1'])
  })

  it('keeps a larger offer apart too', () => {
    const larger = offer('larger', { apr: 7, monthlyPayment: 900, totalCost: 9000, amount: 45_000 })
    expect(ids(compareOffers([full1, larger], 'apr').other)).toEqual(['larger'])
  })

  it('marks the lowest APR and the lowest total cost among the offers for the amount asked', () => {
    const { lowestApr, lowestTotalCost } = compareOffers(offers, 'apr')
    // The partial offer has the lowest APR and cost of all, but not for the amount asked.
    expect([...lowestApr]).toEqual(['full-2'])
    expect([...lowestTotalCost]).toEqual(['full-3'])
  })

  it('lets offers that tie to the cent share a marker', () => {
    const twin = offer('twin', { apr: 7.4, monthlyPayment: 801, totalCost: 7730.001 })
    const { lowestApr, lowestTotalCost } = compareOffers([...offers, twin], 'apr')
    expect([...lowestApr].sort()).toEqual(['full-2', 'twin'])
    expect([...lowestTotalCost].sort()).toEqual(['full-3', 'twin'])
  })

  it('does not mark an expired or withdrawn offer as the lowest', () => {
    const expired = offer('expired', { apr: 5, monthlyPayment: 700, totalCost: 5000 }, { status: 'expired' })
    const withdrawn = offer(
      'withdrawn',
      { apr: 5, monthlyPayment: 700, totalCost: 5000 },
      { status: 'withdrawn' },
    )
    const accepted = offer(
      'accepted',
      { apr: 7, monthlyPayment: 790, totalCost: 7000 },
      { status: 'accepted' },
    )
    const { asked, lowestApr, lowestTotalCost } = compareOffers(
      [...offers, expired, withdrawn, accepted],
      'apr',
    )
    expect(asked).toHaveLength(6)
    expect([...lowestApr]).toEqual(['accepted'])
    expect([...lowestTotalCost]).toEqual(['accepted'])
  })

  it('marks nothing when there is nothing to compare with', () => {
    const single = compareOffers([full1, partial], 'apr')
    expect(single.lowestApr.size).toBe(0)
    expect(single.lowestTotalCost.size).toBe(0)
    const onlyPartial = compareOffers([partial], 'apr')
    expect(onlyPartial.asked).toEqual([])
    expect(onlyPartial.lowestApr.size).toBe(0)
  })
})

describe('total cost only over the period asked', () => {
  it('does not mark a shorter loan of the amount asked as the lowest total cost', () => {
    // 40 000 € over 5 years asked; a 3-year offer costs less in total only because it is shorter.
    const fiveYears = offer('five', { apr: 7.5, monthlyPayment: 800, totalCost: 8100 })
    const fiveYearsDearer = offer('five-b', { apr: 7.9, monthlyPayment: 810, totalCost: 8600 })
    const threeYears = offer('three', { apr: 7.7, monthlyPayment: 1247, totalCost: 4900 }, { months: 36 })
    const { asked, lowestApr, lowestTotalCost } = compareOffers(
      [threeYears, fiveYears, fiveYearsDearer],
      'apr',
    )
    expect(ids(asked)).toEqual(['five', 'three', 'five-b'])
    expect([...lowestApr]).toEqual(['five'])
    expect([...lowestTotalCost]).toEqual(['five'])
  })
})

describe('card offers', () => {
  const card = { cardType: 'visa', exampleAmount: 1500, annualFee: 0, gracePeriodDays: 45 }
  const cardOffer = (id: string, apr: number, amount: number) =>
    offer(
      id,
      { apr, monthlyPayment: 135, totalCost: 120, amount },
      { amountAsked: 3000, months: 12, monthsAsked: 12, card },
    )

  it('are one group compared by the APR of the example, whatever the limit, with no total-cost marker', () => {
    const { asked, other, lowestApr, lowestTotalCost } = compareOffers(
      [cardOffer('full', 19.9, 3000), cardOffer('lower', 16.2, 2000), cardOffer('dear', 21, 3000)],
      'apr',
    )
    expect(ids(asked)).toEqual(['lower', 'full', 'dear'])
    expect(other).toEqual([])
    expect([...lowestApr]).toEqual(['lower'])
    expect(lowestTotalCost.size).toBe(0)
  })
})

describe('factoring offers', () => {
  // 50 000 € of unpaid invoices offered; each lender advances its own share of them (ADR 023).
  const factoringOffer = (
    id: string,
    apr: number,
    amount: number,
    status: ComparableOffer['status'] = 'offered',
  ) =>
    offer(
      id,
      { apr, monthlyPayment: 400, totalCost: 4000, amount },
      { amountAsked: 50_000, months: 12, monthsAsked: 12, product: 'factoring', status },
    )

  it('are one group compared by APR although every advance limit is below the invoices, with no total-cost marker', () => {
    const { asked, other, lowestApr, lowestTotalCost } = compareOffers(
      [
        factoringOffer('eighty', 12.4, 40_000),
        factoringOffer('ninety', 10.8, 45_000),
        factoringOffer('seventy', 14, 35_000),
      ],
      'apr',
    )
    expect(ids(asked)).toEqual(['ninety', 'eighty', 'seventy'])
    expect(other).toEqual([])
    expect([...lowestApr]).toEqual(['ninety'])
    expect(lowestTotalCost.size).toBe(0)
  })

  it('mark no expired offer and nothing when there is only one to compare', () => {
    const { lowestApr } = compareOffers(
      [
        factoringOffer('gone', 9, 40_000, 'expired'),
        factoringOffer('live', 11, 40_000),
        factoringOffer('dear', 13, 42_000),
      ],
      'apr',
    )
    expect([...lowestApr]).toEqual(['live'])
    expect(compareOffers([factoringOffer('alone', 11, 40_000)], 'apr').lowestApr.size).toBe(0)
  })

  it('leave business-loan offers for a smaller amount flagged apart', () => {
    const loan = (id: string, amount: number) =>
      offer(id, { apr: 9, monthlyPayment: 800, totalCost: 6000, amount }, { product: 'business-loan' })
    expect(ids(compareOffers([loan('full', 40_000), loan('less', 30_000)], 'apr').other)).toEqual(['less'])
  })
})
