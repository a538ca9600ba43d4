// The applicant's view of the marketplace, as the offers API returns it (apps/api marketplace/offers.ts).

import type { ApplicationKind } from '@lainava/domain'
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
