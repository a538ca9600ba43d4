import type { OfferView } from '@lainava/api-client'
import { formatCurrency, formatPercent, type Translate } from '@lainava/i18n'

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
    validUntil: new Intl.DateTimeFormat(intlLocale, {
      dateStyle: 'medium',
      timeZone: 'Europe/Helsinki',
    }).format(new Date(offer.validUntil)),
  }
}

/** The representative example of one offer (regulation.md "Marketing and presentation"). */
export function offerExample(offer: OfferView, intlLocale: string, t: Translate, brand: string): string {
  const figures = offerFigures(offer, intlLocale)
  return t('offers.example', {
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
  })
}
