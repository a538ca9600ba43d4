import { pathFor } from '@lainava/routing'
import { Link } from 'react-router'
import { useI18n } from '../../lib/i18n.tsx'
import { useUser } from '../../lib/user-state.tsx'
import { LanguageSwitcher } from './language-switcher.tsx'
import { LogoMark } from './logo.tsx'

export function SiteHeader({ brandName }: { brandName: string }) {
  const { t, lang } = useI18n()
  const { state, logout } = useUser()
  const user = state.status === 'LOGGED_IN' ? state.userProfile : null
  return (
    <header className="border-b border-slate-200 bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:text-brand-800 focus:shadow"
      >
        {t('site.skipToContent')}
      </a>
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-2">
        <Link
          to={pathFor('landing', lang)}
          className="flex min-h-11 items-center gap-2 rounded-md text-xl font-bold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          aria-label={t('site.homeLink', { brand: brandName })}
        >
          <LogoMark className="h-8 w-8" />
          <span aria-hidden="true">{brandName}</span>
        </Link>
        <div className="flex items-center gap-2">
          <LanguageSwitcher />
          {user ? (
            <>
              {user.role === 'consumer' ? (
                <Link
                  to={pathFor('offers', lang)}
                  className="inline-flex min-h-11 items-center whitespace-nowrap rounded-md px-2 text-sm font-medium text-brand-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
                  data-testid="header-offers"
                >
                  {t('header.offers')}
                </Link>
              ) : null}
              <a
                href={pathFor('settings', lang)}
                className="inline-flex min-h-11 max-w-48 items-center truncate rounded-md px-2 text-sm font-medium text-brand-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
                aria-label={`${t('header.account')}: ${user.email}`}
                data-testid="header-user"
              >
                {user.email}
              </a>
              <button
                type="button"
                onClick={() => void logout()}
                className="inline-flex min-h-11 items-center whitespace-nowrap rounded-md px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
              >
                {t('header.logout')}
              </button>
            </>
          ) : (
            <a
              href={pathFor('login', lang)}
              className="inline-flex min-h-11 items-center whitespace-nowrap rounded-md px-3 font-medium text-brand-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            >
              {t('header.login')}
            </a>
          )}
        </div>
      </div>
    </header>
  )
}
