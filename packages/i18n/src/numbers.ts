import { dateTimeFormat, numberFormat } from './intl-cache.ts'

// Number, money and percentage formatting in the user's language. Finnish and
// Swedish use a space for grouping and a comma for decimals: 20 000,00 €.

export function formatCurrency(locale: string, value: number, options: { cents?: boolean } = {}): string {
  const cents = options.cents ?? true
  return numberFormat(locale, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: cents ? 2 : 0,
    maximumFractionDigits: cents ? 2 : 0,
  }).format(value)
}

/** `fraction` 0.1493 → "14,93 %" (fi) with the given decimals, rounded half up by Intl. */
export function formatPercent(locale: string, fraction: number, decimals = 2): string {
  return numberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(fraction)
}

export function formatNumber(locale: string, value: number): string {
  return numberFormat(locale).format(value)
}

/** An ISO date (`2026-03-14`) as a long date in the locale: "14. maaliskuuta 2026" (fi). */
export function formatDate(locale: string, isoDate: string): string {
  return dateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${isoDate.slice(0, 10)}T00:00:00Z`),
  )
}
