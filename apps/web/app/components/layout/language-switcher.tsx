import { FINLAND_LANGUAGES, isScreenName, pathFor } from '@lainava/routing'
import { useLocation, useMatches, useParams } from 'react-router'
import { useI18n } from '../../lib/i18n.tsx'
import { screenOfRouteId, variantOfRouteId } from '../../lib/screen.ts'

/** The current screen's name from its route id (`landing.sv` → `landing`), if it is a table screen. */
function useCurrentScreen(): string | null {
  const matches = useMatches()
  const screen = screenOfRouteId(matches.at(-1)?.id ?? '')
  return screen && isScreenName(screen) ? screen : null
}

/** Links to the same screen in the other languages, keeping its parameters and query. */
export function LanguageSwitcher() {
  const { t, lang } = useI18n()
  const screen = useCurrentScreen()
  // A route generated per value (`/mika-on-lainava/`) has its parameter in the route id.
  const variant = variantOfRouteId(useMatches().at(-1)?.id ?? '')
  const params = { ...useParams(), ...(screen === 'whyProduct' && variant ? { product: variant } : {}) }
  const { search } = useLocation()
  return (
    <nav aria-label={t('header.language')}>
      <ul className="flex items-center gap-1">
        {FINLAND_LANGUAGES.map((language) => {
          const current = language === lang
          const href = `${pathFor(screen ?? 'landing', language, params)}${screen ? search : ''}`
          return (
            <li key={language}>
              <a
                href={href}
                hrefLang={language}
                lang={language}
                aria-current={current ? 'true' : undefined}
                className={`inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-2 text-sm font-medium uppercase focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${
                  current ? 'bg-brand-50 text-brand-800 underline' : 'text-slate-700 hover:bg-slate-100'
                }`}
              >
                <span aria-hidden="true">{language}</span>
                <span className="sr-only">{t(`language.${language}`)}</span>
              </a>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
