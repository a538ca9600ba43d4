import type { OfferView } from '@lainava/api-client'
import { formatCurrency, formatPercent, type Translate } from '@lainava/i18n'

/** Business credit (issue 15): consumer-credit caps do not apply, the APR is shown as market practice. */
export const isBusinessOffer = (offer: Pick<OfferView, 'product'>) =>
  offer.product === 'business-loan' || offer.product === 'factoring'

/** Every figure of an offer formatted for the user's language (percentages arrive in percent). */
export function offerFigures(offer: OfferView, intlLocale: string) {
  const money = (value: number) => formatCurrency(intlLocale, value)
  return {
    amount: formatCurrency(intlLocale, offer.amount, { cents: false }),
    amountAsked: formatCurrency(intlLocale, offer.amountAsked, { cents: false }),
    nominalRate: formatPercent(intlLocale, offer.nominalRate / 100, 2),
    apr: formatPercent(intlLocale, offer.apr / 100, 2),
    monthlyPayment: money(offer.monthlyPayment),
    openingFee: money(offer.openingFee),
    monthlyFee: money(offer.monthlyFee),
    totalCost: money(offer.totalCost),
    totalPayable: money(offer.totalPayable),
    annualFee: money(offer.card?.annualFee ?? 0),
    exampleAmount: formatCurrency(intlLocale, offer.card?.exampleAmount ?? 0, { cents: false }),
    validUntil: new Intl.DateTimeFormat(intlLocale, {
      dateStyle: 'medium',
      timeZone: 'Europe/Helsinki',
    }).format(new Date(offer.validUntil)),
  }
}

/** A card's interest-free period: "45 päivää", or that it has none. */
export function gracePeriodText(offer: OfferView, t: Translate): string {
  const days = offer.card?.gracePeriodDays ?? 0
  return days > 0 ? t('cards.gracePeriod', { days }) : t('cards.noGracePeriod')
}

/** The representative example of one offer (regulation.md "Marketing and presentation"), per product. */
export function offerExample(offer: OfferView, intlLocale: string, t: Translate, brand: string): string {
  const figures = offerFigures(offer, intlLocale)
  if (offer.card) {
    return t('cards.example', {
      lender: offer.lender.name,
      card: t(`enum.cardType.${offer.card.cardType}`),
      limit: figures.amount,
      drawn: figures.exampleAmount,
      nominalRate: figures.nominalRate,
      annualFee: figures.annualFee,
      monthlyFee: figures.monthlyFee,
      monthlyPayment: figures.monthlyPayment,
      apr: figures.apr,
      totalCost: figures.totalCost,
      totalPayable: figures.totalPayable,
      grace: gracePeriodText(offer, t),
      brand,
    })
  }
  const shared = {
    lender: offer.lender.name,
    amount: figures.amount,
    nominalRate: figures.nominalRate,
    openingFee: figures.openingFee,
    monthlyFee: figures.monthlyFee,
    months: offer.months,
    apr: figures.apr,
    monthlyPayment: figures.monthlyPayment,
    totalCost: figures.totalCost,
    totalPayable: figures.totalPayable,
    brand,
  }
  return isBusinessOffer(offer) ? t('cards.business.example', shared) : t('offers.example', shared)
}
