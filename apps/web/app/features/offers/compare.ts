// How the offers page compares offers (issue 14): an offer for another amount than the one asked has a
// smaller monthly payment and total cost because it lends less, so it is never ranked among the offers
// for the amount asked, and the "lowest" markers only look at those. A total cost is comparable only
// over the same period, so "lowest total cost" looks only at offers of the amount AND period asked.
// Card offers are compared by the APR of their representative example (the same drawn amount and 12
// instalments whatever the limit), so they are one group, flagged when the limit differs.
// Factoring offers (ADR 023) are one group too: their amount is the advance limit, a share of the unpaid
// invoices offered, never the amount asked, so they are compared by APR and have no total-cost marker
// (the limits, and so the costs, differ by lender).

/** The fields of an offer the comparison reads. */
export type ComparableOffer = {
  id: string
  status: 'offered' | 'accepted' | 'expired' | 'withdrawn'
  amount: number
  amountAsked: number
  months: number
  monthsAsked: number
  /** Card offers: the figures are the representative example's. */
  card: object | null
  /** The application's kind: factoring offers are compared among themselves. */
  product: string
  apr: number
  monthlyPayment: number
  totalCost: number
}

export const SORT_KEYS = ['apr', 'monthlyPayment', 'totalCost', 'amount'] as const
export type SortKey = (typeof SORT_KEYS)[number]

export function parseSort(value: string | null): SortKey {
  return (SORT_KEYS as readonly string[]).includes(value ?? '') ? (value as SortKey) : 'apr'
}

/** Lowest first, except the amount (largest first); ties by APR. */
export function sortOffers<T extends ComparableOffer>(offers: readonly T[], key: SortKey): T[] {
  const direction = key === 'amount' ? -1 : 1
  return [...offers].sort((a, b) => direction * (a[key] - b[key]) || a.apr - b.apr)
}

export type OfferComparison<T> = {
  /** Offers for exactly the amount asked, in the chosen order. */
  asked: T[]
  /** Offers for another amount (usually less), in the chosen order, shown apart and flagged. */
  other: T[]
  /** Ids of the offers for the amount asked with the lowest APR (ties share it). */
  lowestApr: ReadonlySet<string>
  /** Ids of the offers for the amount and period asked with the lowest total cost (ties share it; none for cards). */
  lowestTotalCost: ReadonlySet<string>
}

/** Offers that can still be, or have been, taken: an expired or withdrawn offer is nobody's best. */
const isLive = (offer: ComparableOffer) => offer.status === 'offered' || offer.status === 'accepted'

const cents = (value: number) => Math.round(value * 100)

function lowest<T extends ComparableOffer>(offers: readonly T[], figure: (offer: T) => number): Set<string> {
  // "Lowest" of a single offer says nothing: a marker needs something to be compared with.
  if (offers.length < 2) return new Set()
  const best = Math.min(...offers.map((offer) => cents(figure(offer))))
  return new Set(offers.filter((offer) => cents(figure(offer)) === best).map((offer) => offer.id))
}

export function compareOffers<T extends ComparableOffer>(
  offers: readonly T[],
  sort: SortKey,
): OfferComparison<T> {
  const sorted = sortOffers(offers, sort)
  const cards = sorted.filter((offer) => offer.card !== null)
  const factoring = sorted.filter((offer) => offer.product === 'factoring')
  // Cards: one example for all, 1 500 € (or a smaller limit) drawn and repaid in 12 instalments.
  // Factoring: each lender's advance limit is its own share of the invoices, so only the APR compares.
  const oneGroup = [cards, factoring].find((group) => group.length > 0 && group.length === sorted.length)
  if (oneGroup) {
    return {
      asked: oneGroup,
      other: [],
      lowestApr: lowest(oneGroup.filter(isLive), (offer) => offer.apr),
      lowestTotalCost: new Set(),
    }
  }
  const asked = sorted.filter((offer) => offer.amount === offer.amountAsked)
  const other = sorted.filter((offer) => offer.amount !== offer.amountAsked)
  const live = asked.filter(isLive)
  return {
    asked,
    other,
    lowestApr: lowest(live, (offer) => offer.apr),
    lowestTotalCost: lowest(
      live.filter((offer) => offer.months === offer.monthsAsked),
      (offer) => offer.totalCost,
    ),
  }
}
