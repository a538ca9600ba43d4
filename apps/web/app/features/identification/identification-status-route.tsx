import { pathFor } from '@lainava/routing'
import { Link } from 'react-router'
import { webContext } from '../../context.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { rootDataFromMatches } from '../../lib/root-data.ts'
import type { Route } from './+types/identification-status-route'
import { loadIdentificationPage } from './identification-page.server.ts'
import { IdentificationNotFound, LINK, NoApplication } from './identification-parts.tsx'

// spec §2 "ID protection status" (issue 16 item 5): the applicant sees that their mortgage application
// was signed with strong identification — how, at which level of assurance and when. Owner only.

export async function loader({ request, url, params, context }: Route.LoaderArgs) {
  return loadIdentificationPage(request, url, params, context.get(webContext))
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataFromMatches(matches)
  if (!root) return []
  return [
    { title: `${root.t('identification.status.title')} – ${root.brandName}` },
    { name: 'robots', content: 'noindex' },
  ]
}

export function ErrorBoundary() {
  return <IdentificationNotFound />
}

/** The provider as a person reads it: the test provider by name, a real one by its host. */
function providerName(provider: string, testProvider: boolean, testLabel: string): string {
  if (testProvider && provider.endsWith('/test-idp')) return testLabel
  try {
    return new URL(provider).host
  } catch {
    return provider
  }
}

export default function IdentificationStatusRoute({ loaderData }: Route.ComponentProps) {
  const { t, lang, intlLocale } = useI18n()
  const { application, startHref } = loaderData
  const identification = application?.identification ?? null
  const time = identification
    ? new Intl.DateTimeFormat(intlLocale, {
        dateStyle: 'long',
        timeStyle: 'short',
        timeZone: 'Europe/Helsinki',
      }).format(new Date(identification.identifiedAt))
    : ''
  const rows: Array<[string, string]> =
    identification && application
      ? [
          [t('identification.status.method'), t(`identification.method.${identification.method}`)],
          [t('identification.status.level'), t(`identification.level.${identification.level}`)],
          [t('identification.status.time'), time],
          [
            t('identification.status.provider'),
            providerName(
              identification.provider,
              application.testProvider,
              t('identification.status.testProvider'),
            ),
          ],
        ]
      : []

  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-2xl font-bold text-slate-900 [overflow-wrap:anywhere] sm:text-3xl">
        {t('identification.status.title')}
      </h1>
      <p className="mt-4 text-lg text-slate-700">{t('identification.status.lead')}</p>
      {!application ? (
        <NoApplication />
      ) : (
        <section
          aria-labelledby="identification-state"
          className="mt-6 rounded-xl border border-slate-200 p-6"
        >
          <h2 id="identification-state" className="text-xl font-semibold text-slate-900">
            {identification ? t('identification.status.signed') : t('identification.status.notSigned')}
          </h2>
          {identification ? (
            <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-[auto_1fr]">
              {rows.map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="font-semibold text-slate-800">{label}</dt>
                  <dd className="text-slate-700 [overflow-wrap:anywhere]" data-testid="identification-detail">
                    {value}
                  </dd>
                </div>
              ))}
            </dl>
          ) : startHref ? (
            <Link
              className={`mt-4 inline-block ${LINK}`}
              to={pathFor('bankIdAuthentication', lang, { id: application.mortgageApplicationId })}
            >
              {t('identification.status.identifyLink')}
            </Link>
          ) : null}
        </section>
      )}
    </div>
  )
}
