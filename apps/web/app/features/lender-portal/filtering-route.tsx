import { webContext } from '../../context.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { rootDataFromMatches } from '../../lib/root-data.ts'
import type { Route } from './+types/filtering-route'
import { FilteringForm } from './filtering-form.tsx'
import { requireLenderPage } from './lender-access.server.ts'
import { LenderPage, lenderMeta } from './lender-page.tsx'

// Issue 17: /lender/filtering/, the lender's filter. Lender-admins edit it (the API refuses anyone
// else); a lender-agent, who reaches it from the portal's navigation, is told who manages it and
// gets no filter data, so the page makes no call the API would refuse (a refused call on a /lender
// path would log the agent out, spec §6).

export async function loader({ request, url, context }: Route.LoaderArgs) {
  return { workspace: await requireLenderPage(request, url, context.get(webContext)) }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  lenderMeta(rootDataFromMatches(matches), 'lenderFiltering.title')

export default function FilteringRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n()
  const { workspace } = loaderData
  return (
    <LenderPage workspace={workspace}>
      <h1 className="text-3xl font-bold text-slate-900">{t('lenderFiltering.title')}</h1>
      {workspace.lenderRole === 'lender-admin' ? (
        <>
          <p className="mt-2 text-slate-700">{t('lenderFiltering.lead')}</p>
          <FilteringForm />
        </>
      ) : (
        <p className="mt-4 text-slate-700">{t('lenderFiltering.adminOnly')}</p>
      )}
    </LenderPage>
  )
}
