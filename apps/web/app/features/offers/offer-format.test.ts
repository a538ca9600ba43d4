import type { OfferView } from '@lainava/api-client'
import { describe, expect, it } from 'vitest'
import { parseSort, sortOffers } from './offer-format.ts'

const offer = (id: string, apr: number, monthlyPayment: number, totalCost: number, amount: number) =>
  ({ id, apr, monthlyPayment, totalCost, amount }) as OfferView

describe('sorting offers', () => {
  const offers = [
    offer('a', 9, 300, 3000, 10_000),
    offer('b', 7, 320, 2500, 9000),
    offer('c', 8, 280, 2800, 12_000),
  ]

  it('sorts by APR by default and by the chosen column otherwise', () => {
    expect(sortOffers(offers, parseSort(null)).map((o) => o.id)).toEqual(['b', 'c', 'a'])
    expect(sortOffers(offers, 'monthlyPayment').map((o) => o.id)).toEqual(['c', 'a', 'b'])
    expect(sortOffers(offers, 'totalCost').map((o) => o.id)).toEqual(['b', 'c', 'a'])
    expect(sortOffers(offers, 'amount').map((o) => o.id)).toEqual(['c', 'a', 'b'])
  })

  it('ignores an unknown sort key', () => {
    expect(parseSort('nonsense')).toBe('apr')
    expect(parseSort('totalCost')).toBe('totalCost')
  })
})
