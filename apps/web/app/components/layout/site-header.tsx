import { pathFor } from '@lainava/routing'
import { useI18n } from '../../lib/i18n.tsx'
import { Link } from '../../lib/router.tsx'
import { useUser } from '../../lib/user-state.tsx'
import { LanguageSwitcher } from './language-switcher.tsx'
import { LogoMark } from './logo.tsx'
import { DesktopNav, MenuSections, MobileMenu } from './site-menu.tsx'
import type { SiteNavigation } from './site-navigation.ts'

const FOCUS_RING = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700'
const ACCOUNT_LINK = `inline-flex min-h-11 items-center rounded-md px-2 text-sm font-medium text-brand-800 underline-offset-4 hover:underline ${FOCUS_RING}`

/** Login, or the signed-in person's offers, settings and logout. `bar`: the wide screen's header row. */
function AccountLinks({ bar }: { bar: boolean }) {
  const { t, lang } = useI18n()
  const { state, logout } = useUser()
  const user = state.status === 'LOGGED_IN' ? state.userProfile : null
  if (!user) {
    return (
      <a href={pathFor('login', lang)} className={`${ACCOUNT_LINK} whitespace-nowrap px-3 text-base`}>
        {t('header.login')}
      </a>
    )
  }
  return (
    <ul className={bar ? 'flex items-center gap-1' : 'flex flex-col items-start'}>
      {user.role === 'consumer' ? (
        <li>
          <Link
            to={pathFor('offers', lang)}
            className={`${ACCOUNT_LINK} whitespace-nowrap`}
            data-testid={bar ? 'header-offers' : undefined}
          >
            {t('header.offers')}
          </Link>
        </li>
      ) : null}
      {user.role === 'admin' ? (
        <li>
          {/* The admin pages link to each other (features/admin/admin-nav.tsx). */}
          <Link to={pathFor('adminSmeApplications', lang)} className={`${ACCOUNT_LINK} whitespace-nowrap`}>
            {t('admin.nav.label')}
          </Link>
        </li>
      ) : null}
      {user.role === 'lender' ? (
        <li>
          {/* Issue 17: the lender portal's pages link to each other (features/lender-portal/lender-nav.tsx). */}
          <Link to={pathFor('lenderApplications', lang)} className={`${ACCOUNT_LINK} whitespace-nowrap`}>
            {t('lenderPortal.header')}
          </Link>
        </li>
      ) : null}
      <li className="min-w-0 max-w-full">
        <a
          href={pathFor('settings', lang)}
          className={`${ACCOUNT_LINK} max-w-full ${bar ? 'max-w-48' : ''}`}
          aria-label={`${t('header.account')}: ${user.email}`}
          data-testid={bar ? 'header-user' : undefined}
        >
          <span className="truncate">{user.email}</span>
        </a>
      </li>
      <li>
        <button
          type="button"
          onClick={() => void logout()}
          className={`inline-flex min-h-11 items-center whitespace-nowrap rounded-md px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 ${FOCUS_RING}`}
        >
          {t('header.logout')}
        </button>
      </li>
    </ul>
  )
}

/**
 * The header (issue 14 "Navigation"): on wide screens the logo, languages and account in a row with
 * the product groups under it; on narrower ones the logo and a menu button that holds everything, so
 * the header fits a 320 px screen signed in or out.
 */
export function SiteHeader({
  brandName,
  navigation,
}: {
  brandName: string
  navigation: SiteNavigation | null
}) {
  const { t, lang } = useI18n()
  return (
    <header className="relative border-b border-slate-200 bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:text-brand-800 focus:shadow"
      >
        {t('site.skipToContent')}
      </a>
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-4 py-2">
        <Link
          to={pathFor('landing', lang)}
          className={`flex min-h-11 shrink-0 items-center gap-2 rounded-md text-xl font-bold text-slate-900 ${FOCUS_RING}`}
          aria-label={t('site.homeLink', { brand: brandName })}
        >
          <LogoMark className="h-8 w-8" />
          <span aria-hidden="true">{brandName}</span>
        </Link>
        <div className="hidden min-w-0 items-center gap-2 lg:flex">
          <LanguageSwitcher />
          <AccountLinks bar />
        </div>
        <MobileMenu label={t('nav.menu')}>
          {navigation ? <MenuSections groups={navigation.header} label={t('header.mainNav')} /> : null}
          <div className="mt-3 flex flex-col gap-3 border-t border-slate-200 pt-3">
            <LanguageSwitcher />
            <AccountLinks bar={false} />
          </div>
        </MobileMenu>
      </div>
      {navigation ? <DesktopNav groups={navigation.header} label={t('header.mainNav')} /> : null}
    </header>
  )
}
