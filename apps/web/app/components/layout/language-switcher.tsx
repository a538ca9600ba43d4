import { FINLAND_LANGUAGES, type FinlandLanguage, isScreenName, pathFor } from '@lainava/routing'
import { useI18n } from '../../lib/i18n.tsx'
import { useLocation, useMatches, useParams, useRouteError } from '../../lib/router.tsx'
import { screenOfRouteId, variantOfRouteId } from '../../lib/screen.ts'

const ITEM =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-2 text-sm font-medium uppercase'

/** The current screen's name from its route id (`landing.sv` → `landing`), if it is a table screen. */
function useCurrentScreen(): string | null {
  const matches = useMatches()
  const screen = screenOfRouteId(matches.at(-1)?.id ?? '')
  return screen && isScreenName(screen) ? screen : null
}

/**
 * The page's path in each language it exists in (issue 14): a content page's loader says where it
 * exists (`paths`: the content is in that language, the blog page number exists there); an app
 * screen exists in every language; an error page (a 404) offers each language's front page. Null for
 * a language the page is not in.
 */
function useLanguageVersions(): Record<FinlandLanguage, string | null> {
  const leaf = useMatches().at(-1)
  // Outside an error, React Router gives null here (its context's default), not undefined.
  const failed = Boolean(useRouteError())
  const current = useCurrentScreen()
  const screen = failed ? null : current
  // A route generated per value (`/mika-on-lainava/`) has its parameter in the route id.
  const variant = variantOfRouteId(leaf?.id ?? '')
  const params = { ...useParams(), ...(screen === 'whyProduct' && variant ? { product: variant } : {}) }
  const { search } = useLocation()
  const paths = (leaf?.loaderData as { paths?: Partial<Record<FinlandLanguage, string>> } | null | undefined)
    ?.paths
  return Object.fromEntries(
    FINLAND_LANGUAGES.map((language) => [
      language,
      paths
        ? (paths[language] ?? null)
        : `${pathFor(screen ?? 'landing', language, params)}${screen ? search : ''}`,
    ]),
  ) as Record<FinlandLanguage, string | null>
}

/** Links to the same page in the other languages; a language the page is not in is shown, not linked. */
export function LanguageSwitcher() {
  const { t, lang } = useI18n()
  const versions = useLanguageVersions()
  return (
    <nav aria-label={t('header.language')}>
      <ul className="flex items-center gap-1">
        {FINLAND_LANGUAGES.map((language) => {
          const current = language === lang
          const href = versions[language]
          const name = (
            <span className="sr-only" lang={language}>
              {t(`language.${language}`)}
            </span>
          )
          if (href === null) {
            return (
              <li key={language}>
                <span
                  className={`${ITEM} text-slate-500 line-through`}
                  title={t('language.pageUnavailable')}
                  data-unavailable={language}
                >
                  <span aria-hidden="true">{language}</span>
                  {name}
                  <span className="sr-only"> {t('language.pageUnavailable')}</span>
                </span>
              </li>
            )
          }
          return (
            <li key={language}>
              <a
                href={href}
                hrefLang={language}
                aria-current={current ? 'true' : undefined}
                className={`${ITEM} focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${
                  current ? 'bg-brand-50 text-brand-800 underline' : 'text-slate-700 hover:bg-slate-100'
                }`}
              >
                <span aria-hidden="true">{language}</span>
                {name}
              </a>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
