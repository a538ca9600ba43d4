import {
  type CatalogueLocale,
  createTranslator,
  INTL_LOCALE,
  type Messages,
  type Translate,
} from '@lainava/i18n'
import { createContext, type ReactNode, useContext, useMemo } from 'react'

/**
 * `lang`: the address's locale (links stay in it); `textLang`: the language of the page's text,
 * its fallback on a screen a core-only locale does not translate (ADR 018).
 */
type I18n = { lang: CatalogueLocale; textLang: CatalogueLocale; intlLocale: string; t: Translate }

const I18nContext = createContext<I18n | null>(null)

/** Holds the active language's messages; they come from the root loader, so only they reach the browser. */
export function I18nProvider({
  lang,
  textLang = lang,
  messages,
  children,
}: {
  lang: CatalogueLocale
  /** The text's language when it is not the address's (ADR 018). */
  textLang?: CatalogueLocale
  messages: Messages
  children: ReactNode
}) {
  const value = useMemo(
    () => ({ lang, textLang, intlLocale: INTL_LOCALE[textLang], t: createTranslator(textLang, messages) }),
    [lang, textLang, messages],
  )
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>
}

export function useI18n(): I18n {
  const i18n = useContext(I18nContext)
  if (!i18n) throw new Error('useI18n must be used inside I18nProvider')
  return i18n
}
