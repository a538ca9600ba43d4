import { pathFor } from '@lainava/routing'
import { Link } from 'react-router'
import { buttonClasses } from '../../components/ui/button.tsx'
import { webContext } from '../../context.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { rootDataFromMatches } from '../../lib/root-data.ts'
import type { Route } from './+types/bank-id-route'
import { loadIdentificationPage } from './identification-page.server.ts'
import {
  IdentificationNotFound,
  LINK,
  NoApplication,
  OutcomeMessage,
  TestProviderNotice,
} from './identification-parts.tsx'

// spec §2 "bank ID authentication" (issue 16 item 5): explains strong identification, starts it for the
// person's mortgage application, and shows how it ended when the provider sends them back.

export async function loader({ request, url, params, context }: Route.LoaderArgs) {
  return loadIdentificationPage(request, url, params, context.get(webContext))
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataFromMatches(matches)
  if (!root) return []
  return [
    { title: `${root.t('identification.page.title')} – ${root.brandName}` },
    { name: 'robots', content: 'noindex' },
  ]
}

export function ErrorBoundary() {
  return <IdentificationNotFound />
}

export default function BankIdRoute({ loaderData }: Route.ComponentProps) {
  const { t, lang } = useI18n()
  const { application, outcome, startHref } = loaderData
  const statusPath = application
    ? pathFor('identificationStatus', lang, { id: application.mortgageApplicationId })
    : null

  let body: React.ReactNode
  if (!application) {
    body = <NoApplication />
  } else if (application.identification) {
    body = (
      <div className="mt-6">
        <p className="text-slate-800">{t('identification.page.done')}</p>
        {statusPath ? (
          <Link className={`mt-2 inline-block ${LINK}`} to={statusPath}>
            {t('identification.page.statusLink')}
          </Link>
        ) : null}
      </div>
    )
  } else if (application.status !== 'draft') {
    body = <p className="mt-6 text-slate-700">{t('identification.api.notDraft')}</p>
  } else if (!application.hasApplicant || !startHref) {
    body = (
      <div className="mt-6">
        <p className="text-slate-700">{t('identification.api.noApplicant')}</p>
        <Link className={`mt-2 inline-block ${LINK}`} to={pathFor('mortgageForm', lang)}>
          {t('identification.page.continueApplication')}
        </Link>
      </div>
    )
  } else {
    body = (
      <div className="mt-6">
        <p className="text-slate-700">{t('identification.page.why')}</p>
        {/* A page navigation to the API, which sends the browser on to the identity provider. */}
        <a className={`mt-6 ${buttonClasses('primary', 'lg')}`} href={startHref} data-testid="identify">
          {outcome && outcome !== 'ok' ? t('identification.page.retry') : t('identification.page.start')}
        </a>
      </div>
    )
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-2xl font-bold text-slate-900 [overflow-wrap:anywhere] sm:text-3xl">
        {t('identification.page.title')}
      </h1>
      <p className="mt-4 text-lg text-slate-700">{t('identification.page.lead')}</p>
      {outcome ? <OutcomeMessage outcome={outcome} /> : null}
      {application?.testProvider && !application.identification ? <TestProviderNotice /> : null}
      {body}
    </div>
  )
}
