// Intl formatters are costly to build (locale data is looked up each time) and cheap to reuse:
// a page rendered 11–22 of them per render before (issue 19). One per locale and options, kept
// for the process's life; the keys are our own locales and option sets, so the cache stays small.

const numberFormats = new Map<string, Intl.NumberFormat>()
const dateFormats = new Map<string, Intl.DateTimeFormat>()
const pluralRules = new Map<string, Intl.PluralRules>()

function cached<T>(cache: Map<string, T>, locale: string, options: object | undefined, make: () => T): T {
  const key = `${locale}|${options ? JSON.stringify(options) : ''}`
  let value = cache.get(key)
  if (value === undefined) {
    value = make()
    cache.set(key, value)
  }
  return value
}

export function numberFormat(locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached(numberFormats, locale, options, () => new Intl.NumberFormat(locale, options))
}

export function dateTimeFormat(locale: string, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(dateFormats, locale, options, () => new Intl.DateTimeFormat(locale, options))
}

export function pluralRulesFor(locale: string): Intl.PluralRules {
  return cached(pluralRules, locale, undefined, () => new Intl.PluralRules(locale))
}
