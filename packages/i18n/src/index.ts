import { formatMessage, type MessageParams, type NoParams, type ParamsOfMessage } from './format.ts'
import type { fi, MessageKey, Messages } from './locales/fi.ts'

export { formatMessage, type MessageParams, type NoParams, type ParamsOfMessage } from './format.ts'
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

/** `value` when it names a catalogue, otherwise Finnish (the site's default language). */
export function catalogueLocale(value: string | null | undefined): CatalogueLocale {
  return value && isCatalogueLocale(value) ? value : 'fi'
}

export type CompleteLocale = (typeof COMPLETE_LOCALES)[number]

/**
 * ADR 018: a locale with only the core screens translated shows every other screen wholly in
 * this complete language (Swedish for Sweden, English for the rest), with that language's `lang`.
 */
export const FALLBACK_LOCALE = {
  lv: 'en',
  'ru-lv': 'en',
  pl: 'en',
  ro: 'en',
  da: 'en',
  hu: 'en',
  'sv-se': 'sv',
} as const satisfies Record<Exclude<CatalogueLocale, CompleteLocale>, CompleteLocale>

/** The fallback of a core-only locale; null for a complete one. */
export function fallbackLocaleOf(locale: CatalogueLocale): CompleteLocale | null {
  return Object.hasOwn(FALLBACK_LOCALE, locale)
    ? FALLBACK_LOCALE[locale as keyof typeof FALLBACK_LOCALE]
    : null
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

/** The parameters a message key needs, from the Finnish catalogue's text (a union of keys gives a union). */
export type MessageParamsOf<K extends MessageKey> = K extends MessageKey
  ? ParamsOfMessage<(typeof fi)[K]>
  : never

/**
 * The parameters argument: optional only when the message needs none. A key known only as
 * `MessageKey` (an error's key chosen at run time) cannot be checked: its parameters are
 * loose, and a missing one shows as `{name}` in the text.
 */
export type ParamsArgument<K extends MessageKey> = MessageKey extends K
  ? [params?: MessageParams]
  : NoParams extends MessageParamsOf<K>
    ? [params?: MessageParamsOf<K>]
    : [params: MessageParamsOf<K>]

/** Translates a key; the parameters are typed per key, so a missing or unknown one is a type error. */
export type Translate = <K extends MessageKey>(key: K, ...params: ParamsArgument<K>) => string

export function createTranslator(locale: CatalogueLocale, messages: Messages): Translate {
  const intlLocale = INTL_LOCALE[locale]
  return (key, ...[params]) => {
    const message = messages[key] as string | undefined
    // A page gets its screen's messages only (ADR 026): a key outside them shows as itself
    // (which the lean-pages e2e test looks for) instead of breaking the page.
    return message === undefined
      ? key
      : formatMessage(intlLocale, message, params as MessageParams | undefined)
  }
}

/**
 * spec §5 "Years label uses the plural for a count above 1": `1 vuosi`, `2 vuotta`,
 * through each catalogue's plural rule (`calculator.years`). A count is whole years.
 */
export function yearsLabel(t: Translate, count: number): string {
  return t('calculator.years', { count: Math.round(count) })
}
