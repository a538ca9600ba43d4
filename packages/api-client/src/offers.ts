// The applicant's view of the marketplace, as the offers API returns it (apps/api marketplace/offers.ts).

import type { ApplicationKind, CardType } from '@lainava/domain'
export type OfferStatus = 'offered' | 'accepted' | 'expired' | 'withdrawn'
export type LenderAnswerStatus = 'pending' | 'declined' | OfferStatus

export type OfferView = {
  id: string
  applicationId: string
  lender: { id: string; name: string; slug: string }
  status: OfferStatus
  amount: number
  amountAsked: number
  months: number
  /** The period asked for, in months (a card: 12). */
  monthsAsked: number
  /** The product, from the application's kind. */
  product: ApplicationKind
  /** Percent. */
  nominalRate: number
  openingFee: number
  monthlyFee: number
  feeFinanced: boolean
  monthlyPayment: number
  /** Percent, rounded half up to two decimals (the figure we show). */
  apr: number
  totalCost: number
  totalPayable: number
  repaymentType: 'annuity'
  validUntil: string
  secciUrl: string | null
  createdAt: string
  acceptedAt: string | null
  /**
   * Card offers (issue 14): `amount` is the credit limit; the instalment, APR and totals are those of the
   * representative example (`exampleAmount` drawn at once, repaid in 12 monthly instalments).
   */
  card: { cardType: CardType; exampleAmount: number; annualFee: number; gracePeriodDays: number } | null
  /** Business offers: the lender asks for the owner's personal guarantee. */
  personalGuarantee: boolean
}

export type ApplicationOffersView = {
  id: string
  kind: ApplicationKind
  status: string
  amount: number
  periodMonths: number
  purpose: string | null
  createdAt: string
  summary: { asked: number; answered: number; offered: number; pending: number }
  lenders: Array<{ id: string; name: string; status: LenderAnswerStatus; offerId: string | null }>
  offers: OfferView[]
}
