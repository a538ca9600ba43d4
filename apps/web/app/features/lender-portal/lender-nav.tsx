import type { LenderWorkspace } from '@lainava/domain/lender-portal'
import { pathFor, type ScreenName } from '@lainava/routing'
import { NavLink } from 'react-router'
import { useI18n } from '../../lib/i18n.tsx'

// Issue 17: Hakemukset / Suodatus / Tilastot / Integraatio / Käyttäjät; the last two for lender-admins only.
const PAGES = [
  ['lenderApplications', 'lenderPortal.nav.applications', false],
  ['lenderFiltering', 'lenderPortal.nav.filtering', false],
  ['lenderInsights', 'lenderPortal.nav.insights', false],
  ['lenderIntegration', 'lenderPortal.nav.integration', true],
  ['lenderUsers', 'lenderPortal.nav.users', true],
] as const satisfies ReadonlyArray<readonly [ScreenName, string, boolean]>

/** The lender portal's own navigation, with the organisation and the user's role; the header's "Workspace" link leads here. */
export function LenderNav({ workspace }: { workspace: LenderWorkspace }) {
  const { t, lang } = useI18n()
  const admin = workspace.lenderRole === 'lender-admin'
  return (
    <nav aria-label={t('lenderPortal.nav.label')} className="border-b border-slate-200 bg-slate-50">
      <div className="mx-auto max-w-5xl px-4">
        <p className="pt-2 text-sm text-slate-700 break-words">
          {t('lenderPortal.workspace', {
            lender: workspace.lenderName,
            role: t(`lenderPortal.role.${workspace.lenderRole}`),
          })}
        </p>
        <ul className="flex flex-wrap gap-x-4">
          {PAGES.filter(([, , adminOnly]) => admin || !adminOnly).map(([screen, label]) => (
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
      </div>
    </nav>
  )
}
