// Server only: all catalogues. The browser receives just the active locale's
// messages through the root loader, never this module.
import { type CatalogueLocale, type CoreMessages, FALLBACK_LOCALE, type Messages } from './index.ts'
import { da } from './locales/da.ts'
import { en } from './locales/en.ts'
import { fi } from './locales/fi.ts'
import { hu } from './locales/hu.ts'
import { lv } from './locales/lv.ts'
import { pl } from './locales/pl.ts'
import { ro } from './locales/ro.ts'
import { ruLv } from './locales/ru-lv.ts'
import { sv } from './locales/sv.ts'
import { svSe } from './locales/sv-se.ts'

const complete = { fi, sv, en }

// Locales with only the core screens borrow the rest from their fallback (ADR 018).
const catalogues: Record<CatalogueLocale, Messages> = {
  ...complete,
  lv: { ...complete[FALLBACK_LOCALE.lv], ...lv },
  'ru-lv': { ...complete[FALLBACK_LOCALE['ru-lv']], ...ruLv },
  pl: { ...complete[FALLBACK_LOCALE.pl], ...pl },
  ro: { ...complete[FALLBACK_LOCALE.ro], ...ro },
  da: { ...complete[FALLBACK_LOCALE.da], ...da },
  hu: { ...complete[FALLBACK_LOCALE.hu], ...hu },
  'sv-se': { ...complete[FALLBACK_LOCALE['sv-se']], ...svSe },
}

export function messagesFor(locale: CatalogueLocale): Messages {
  return catalogues[locale]
}

/** The locale's own messages before fallback (for the completeness tests). */
export const OWN_MESSAGES: Record<CatalogueLocale, Messages | CoreMessages> = {
  fi,
  sv,
  en,
  lv,
  'ru-lv': ruLv,
  pl,
  ro,
  da,
  hu,
  'sv-se': svSe,
}
