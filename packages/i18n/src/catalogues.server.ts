// Server only: all catalogues. The browser receives just the active locale's
// messages through the root loader, never this module.

import type { CatalogueLocale, Messages } from './index.ts'
import { en } from './locales/en.ts'
import { fi } from './locales/fi.ts'
import { sv } from './locales/sv.ts'

const catalogues: Record<CatalogueLocale, Messages> = { fi, sv, en }

export function messagesFor(locale: CatalogueLocale): Messages {
  return catalogues[locale]
}
