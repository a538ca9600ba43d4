import { pathFor, type ScreenName } from '@lainava/routing'
import { NavLink } from 'react-router'
import { useI18n } from '../../lib/i18n.tsx'

const PAGES = [
  ['adminSmeApplications', 'admin.nav.sme'],
  ['adminOnePageOnboarding', 'admin.nav.onePage'],
  ['adminMortgageApplications', 'admin.nav.mortgage'],
  ['adminUsers', 'admin.nav.users'],
  ['adminFlags', 'adminFlags.nav'],
] as const satisfies ReadonlyArray<readonly [ScreenName, string]>

/** The admin pages' own navigation; the header's "Admin" link leads to the first of them. */
export function AdminNav() {
  const { t, lang } = useI18n()
  return (
    <nav aria-label={t('admin.nav.label')} className="border-b border-slate-200 bg-slate-50">
      <ul className="mx-auto flex max-w-5xl flex-wrap gap-x-4 px-4">
        {PAGES.map(([screen, label]) => (
          <li key={screen}>
            <NavLink
              to={pathFor(screen, lang)}
              className="inline-flex min-h-11 items-center font-medium text-brand-800 underline-offset-4 hover:underline aria-[current=page]:font-semibold aria-[current=page]:underline"
            >
              {t(label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
