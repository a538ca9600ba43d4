import { formatMessage, type MessageParams } from './format.ts'
import type { MessageKey, Messages } from './locales/fi.ts'

export { formatMessage, type MessageParams } from './format.ts'
export { CORE_KEYS, type CoreKey, type CoreMessages } from './locales/core-keys.ts'
export type { MessageKey, Messages } from './locales/fi.ts'
export { formatCurrency, formatDate, formatNumber, formatPercent } from './numbers.ts'

/** Locales with a complete catalogue (the Finland region). */
export const COMPLETE_LOCALES = ['fi', 'sv', 'en'] as const
/** Every locale with a catalogue: the complete ones and those with the core screens. */
export const CATALOGUE_LOCALES = [
  ...COMPLETE_LOCALES,
  'lv',
  'ru-lv',
  'pl',
  'ro',
  'da',
  'hu',
  'sv-se',
] as const
export type CatalogueLocale = (typeof CATALOGUE_LOCALES)[number]

export function isCatalogueLocale(value: string): value is CatalogueLocale {
  return (CATALOGUE_LOCALES as readonly string[]).includes(value)
}

/**
 * BCP 47 tag used for Intl formatting of each catalogue. English uses en-IE (euro
 * area English): ICU's en-FI mixes English currency with Finnish percent symbols.
 */
export const INTL_LOCALE: Record<CatalogueLocale, string> = {
  fi: 'fi-FI',
  sv: 'sv-FI',
  en: 'en-IE',
  lv: 'lv-LV',
  'ru-lv': 'ru-LV',
  pl: 'pl-PL',
  ro: 'ro-RO',
  da: 'da-DK',
  hu: 'hu-HU',
  'sv-se': 'sv-SE',
}

export type Translate = (key: MessageKey, params?: MessageParams) => string

export function createTranslator(locale: CatalogueLocale, messages: Messages): Translate {
  const intlLocale = INTL_LOCALE[locale]
  return (key, params) => formatMessage(intlLocale, messages[key], params)
}

/**
 * spec §5 "Years label uses the plural for a count above 1": `1 vuosi`, `2 vuotta`,
 * through each catalogue's plural rule (`calculator.years`). A count is whole years.
 */
export function yearsLabel(t: Translate, count: number): string {
  return t('calculator.years', { count: Math.round(count) })
}
