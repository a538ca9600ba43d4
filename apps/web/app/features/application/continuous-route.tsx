import { formatCurrency } from '@lainava/i18n'
import { pathFor } from '@lainava/routing'
import { buttonClasses } from '../../components/ui/button.tsx'
import { webContext } from '../../context.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { rootDataFromMatches } from '../../lib/root-data.ts'
import { alternateLinks } from '../../lib/seo.ts'
import type { Route } from './+types/continuous-route'

// spec §2 "Continuous application form": where a returning user continues an
// unfinished application (on another device after logging in) and sees the sent ones.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { applications } = context.get(webContext)
  const cookieHeader = request.headers.get('cookie')
  const [draft, sent] = await Promise.all([
    applications.loadDraft({ cookieHeader, kind: 'consumer-loan' }),
    applications.listMine(cookieHeader),
  ])
  return { draft: draft ? { step: draft.step, updatedAt: draft.updatedAt } : null, sent: sent ?? [] }
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataFromMatches(matches)
  if (!root) return []
  return [
    { title: `${root.t('continue.title')} – ${root.brandName}` },
    { name: 'robots', content: 'noindex' },
    ...alternateLinks('continuousApplication', root.lang, {}, root.publicUrl),
  ]
}

export default function ContinuousRoute({ loaderData }: Route.ComponentProps) {
  const { t, lang, intlLocale } = useI18n()
  const formPath = pathFor('consumerLoanForm', lang)
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">{t('continue.title')}</h1>
      {loaderData.draft ? (
        <section className="mt-6 rounded-xl border border-slate-200 p-6">
          <p className="text-slate-800">{t('continue.draft')}</p>
          <p className="mt-4">
            <a className={buttonClasses('primary', 'md')} href={formPath}>
              {t('continue.resume')}
            </a>
          </p>
        </section>
      ) : null}
      <section className="mt-6" aria-labelledby="sent-title">
        <h2 id="sent-title" className="text-xl font-semibold">
          {t('continue.applications')}
        </h2>
        {loaderData.sent.length === 0 ? (
          <div className="mt-2">
            <p className="text-slate-700">{t('continue.none')}</p>
            {!loaderData.draft ? (
              <p className="mt-4">
                <a className={buttonClasses('primary', 'md')} href={formPath}>
                  {t('continue.start')}
                </a>
              </p>
            ) : null}
          </div>
        ) : (
          <ul className="mt-2 flex flex-col gap-2">
            {loaderData.sent.map((application) => (
              <li key={application.id} className="rounded-lg border border-slate-200 p-4">
                {t('continue.applicationLine', {
                  amount: formatCurrency(intlLocale, application.amount, { cents: false }),
                  years: t('calculator.years', { count: Math.round(application.periodMonths / 12) }),
                  date: new Date(application.createdAt).toLocaleDateString(intlLocale),
                })}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
