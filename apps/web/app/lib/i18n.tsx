import {
  type CatalogueLocale,
  createTranslator,
  INTL_LOCALE,
  type Messages,
  type Translate,
} from '@lainava/i18n'
import { createContext, type ReactNode, useContext, useMemo } from 'react'

type I18n = { lang: CatalogueLocale; intlLocale: string; t: Translate }

const I18nContext = createContext<I18n | null>(null)

/** Holds the active language's messages; they come from the root loader, so only they reach the browser. */
export function I18nProvider({
  lang,
  messages,
  children,
}: {
  lang: CatalogueLocale
  messages: Messages
  children: ReactNode
}) {
  const value = useMemo(
    () => ({ lang, intlLocale: INTL_LOCALE[lang], t: createTranslator(lang, messages) }),
    [lang, messages],
  )
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>
}

export function useI18n(): I18n {
  const i18n = useContext(I18nContext)
  if (!i18n) throw new Error('useI18n must be used inside I18nProvider')
  return i18n
}
