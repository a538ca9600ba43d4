import { formatMessage, type MessageParams } from './format.ts'
import type { MessageKey, Messages } from './locales/fi.ts'

export { formatMessage, type MessageParams } from './format.ts'
export type { MessageKey, Messages } from './locales/fi.ts'
export { formatCurrency, formatNumber, formatPercent } from './numbers.ts'

/** The locales whose catalogues are complete. Others fall back to English for now. */
export const CATALOGUE_LOCALES = ['fi', 'sv', 'en'] as const
export type CatalogueLocale = (typeof CATALOGUE_LOCALES)[number]

/**
 * BCP 47 tag used for Intl formatting of each catalogue. English uses en-IE (euro
 * area English): ICU's en-FI mixes English currency with Finnish percent symbols.
 */
export const INTL_LOCALE: Record<CatalogueLocale, string> = { fi: 'fi-FI', sv: 'sv-FI', en: 'en-IE' }

export type Translate = (key: MessageKey, params?: MessageParams) => string

export function createTranslator(locale: CatalogueLocale, messages: Messages): Translate {
  const intlLocale = INTL_LOCALE[locale]
  return (key, params) => formatMessage(intlLocale, messages[key], params)
}
