import type { MortgageOffer } from '@lainava/domain/mortgage/api'
import { formatCurrency, formatPercent, type Translate } from '@lainava/i18n'

// Issue 16: a mortgage offer's figures as the status page and the ESIS sheet show them. Rates
// arrive as fractions (the API's unit) and are formatted as percents here, once.

export function formatDay(intlLocale: string, iso: string): string {
  return new Intl.DateTimeFormat(intlLocale, { dateStyle: 'medium', timeZone: 'Europe/Helsinki' }).format(
    new Date(iso),
  )
}

export function mortgageFigures(offer: MortgageOffer, intlLocale: string, t: Translate) {
  const money = (value: number) => formatCurrency(intlLocale, value)
  const percent = (fraction: number) => formatPercent(intlLocale, fraction, 2)
  const years = offer.months / 12
  const rateValues = {
    reference: t(`mortgageStatus.reference.${offer.referenceRate}`),
    value: percent(offer.referenceRateValue),
    margin: percent(offer.margin),
    years: offer.fixedPeriodYears ?? 0,
  }
  return {
    amount: formatCurrency(intlLocale, offer.amount, { cents: false }),
    // Mortgage periods are whole years (the schemas ask years; banks answer in months).
    period: t('mortgageStatus.years', { years: Math.round(years) }),
    repaymentType: t(`mortgage.option.repaymentType.${offer.repaymentType}`),
    rate:
      offer.referenceRate === 'fixed-period' && offer.fixedPeriodYears
        ? t('mortgageStatus.rateFixed', rateValues)
        : t('mortgageStatus.rate', rateValues),
    nominalRate: percent(offer.nominalRate),
    referenceRateValue: percent(offer.referenceRateValue),
    margin: percent(offer.margin),
    apr: percent(offer.apr),
    firstInstalment: money(offer.firstInstalment),
    openingFee: money(offer.openingFee),
    monthlyFee: money(offer.monthlyFee),
    totalInterest: money(offer.totalInterest),
    totalCost: money(offer.totalCost),
    totalPayable: money(offer.totalPayable),
    validUntil: formatDay(intlLocale, offer.validUntil),
    money,
    percent,
  }
}
