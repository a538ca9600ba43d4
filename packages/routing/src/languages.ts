// spec §2 "Language prefixes". Finnish has no prefix on the Finnish site; the
// other Finland-region languages (en-fi, sv-fi) and the multi-region languages
// each have their own. British English and Estonian have no prefix on their own
// sites and are not served from this one yet.

export const LANGUAGES = {
  fi: { prefix: '', htmlLang: 'fi', hreflang: 'fi', country: 'FI' },
  en: { prefix: '/en', htmlLang: 'en', hreflang: 'en-FI', country: 'FI' },
  sv: { prefix: '/sv', htmlLang: 'sv', hreflang: 'sv-FI', country: 'FI' },
  da: { prefix: '/dk-da', htmlLang: 'da', hreflang: 'da-DK', country: 'DK' },
  hu: { prefix: '/hu-hu', htmlLang: 'hu', hreflang: 'hu-HU', country: 'HU' },
  lv: { prefix: '/lv-lv', htmlLang: 'lv', hreflang: 'lv-LV', country: 'LV' },
  'ru-lv': { prefix: '/lv-ru', htmlLang: 'ru', hreflang: 'ru-LV', country: 'LV' },
  pl: { prefix: '/pl-pl', htmlLang: 'pl', hreflang: 'pl-PL', country: 'PL' },
  ro: { prefix: '/ro-ro', htmlLang: 'ro', hreflang: 'ro-RO', country: 'RO' },
  'sv-se': { prefix: '/se-sv', htmlLang: 'sv', hreflang: 'sv-SE', country: 'SE' },
} as const satisfies Record<string, { prefix: string; htmlLang: string; hreflang: string; country: string }>

export type Language = keyof typeof LANGUAGES

/** Every language this site serves pages in, each under its own prefix. */
export const SERVED_LANGUAGES = Object.keys(LANGUAGES) as Language[]

/** The Finland region's languages: complete content, the language switcher's choices. */
export const FINLAND_LANGUAGES = ['fi', 'sv', 'en'] as const satisfies readonly Language[]
export type FinlandLanguage = (typeof FINLAND_LANGUAGES)[number]

/** product-decisions "The business": Finland is the active country. */
export const ACTIVE_COUNTRY = 'FI'

export const DEFAULT_LANGUAGE: Language = 'fi'

/** Whether the language's country is active; others show "not supported country" and "coming soon". */
export function isActiveLanguage(language: Language): boolean {
  return LANGUAGES[language].country === ACTIVE_COUNTRY
}

export function isLanguage(value: string): value is Language {
  return Object.hasOwn(LANGUAGES, value)
}

export function prefixFor(language: string): string {
  if (!isLanguage(language)) throw new Error(`Prefix not found for language: ${language}`)
  return LANGUAGES[language].prefix
}

/** The language a path belongs to, from its first segment; no known prefix means Finnish. */
export function languageOfPath(pathname: string): Language {
  const first = `/${pathname.split('/')[1] ?? ''}`.toLowerCase()
  for (const [language, { prefix }] of Object.entries(LANGUAGES)) {
    if (prefix !== '' && prefix === first) return language as Language
  }
  return 'fi'
}

/** The path without its language prefix (always starting with `/`). */
export function stripPrefix(pathname: string): string {
  const language = languageOfPath(pathname)
  const prefix = LANGUAGES[language].prefix
  const rest = prefix ? pathname.slice(prefix.length) : pathname
  return rest.startsWith('/') ? rest : `/${rest}`
}
