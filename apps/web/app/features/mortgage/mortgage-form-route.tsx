import { formatCurrency } from '@lainava/i18n'
import { isActiveLanguage, type Language, languageOfPath, pathFor } from '@lainava/routing'
import { Link } from 'react-router'
import { webContext } from '../../context.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { rootDataFromMatches } from '../../lib/root-data.ts'
import { alternateLinks } from '../../lib/seo.ts'
import { StatusPage } from '../status/status-page.tsx'
import type { Route } from './+types/mortgage-form-route'
import { loadMortgageForm, mortgageFormAction } from './mortgage-form.server.ts'
import { MortgageForm } from './mortgage-form.tsx'

// Issue 16: /asuntolainahakemus/ (en /mortgage-form/): the mortgage application, the step of the
// spec §4 machine the server has saved (or the one asked for in ?step=, up to the furthest reached).

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const language = languageOfPath(url.pathname) as Language
  if (!isActiveLanguage(language)) return { notActive: true as const }
  return { notActive: false as const, page: await loadMortgageForm(context.get(webContext), request, url) }
}

export async function action({ request, url, context }: Route.ActionArgs) {
  return mortgageFormAction(context.get(webContext), request, url)
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const root = rootDataFromMatches(matches)
  if (!root) return []
  if (loaderData?.notActive) {
    return [
      { title: root.t('status.comingSoon.title') },
      { name: 'description', content: root.t('status.comingSoon.text') },
      { name: 'robots', content: 'noindex' },
    ]
  }
  return [
    { title: `${root.t('mortgageForm.title')} – ${root.brandName}` },
    { name: 'description', content: root.t('mortgageForm.metaDescription') },
    ...alternateLinks('mortgageForm', root.lang, {}, root.publicUrl),
  ]
}

/** The start step repeats the calculator's figures it sends, with a way back to change them. */
function CalculatorSummary({
  figures,
  formPath,
}: {
  figures: Record<string, string | string[]>
  formPath: string
}) {
  const { t, intlLocale } = useI18n()
  const euros = (name: string) => formatCurrency(intlLocale, Number(figures[name]), { cents: false })
  const query = new URLSearchParams({ ...(figures as Record<string, string>), step: 'calculator' })
  return (
    <p className="mt-4 rounded-md bg-slate-50 p-3 text-slate-800" data-testid="mortgage-calculator-summary">
      {t('mortgageForm.start.calculatorSummary', {
        price: euros('price'),
        ownFunds: euros('ownFunds'),
        years: Number(figures.years),
      })}{' '}
      <Link className="text-brand-800 underline underline-offset-4" to={`${formPath}?${query}`}>
        {t('mortgageForm.start.editCalculator')}
      </Link>
    </p>
  )
}

export default function MortgageFormRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t, lang } = useI18n()
  if (loaderData.notActive) return <StatusPage kind="comingSoon" />
  const { page } = loaderData
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      {/* Long Finnish and Swedish words must wrap on a 320 px screen. */}
      <h1 className="text-2xl font-bold break-words hyphens-auto text-slate-900 sm:text-3xl">
        {t('mortgageForm.title')}
      </h1>
      <p className="mt-2 text-slate-700">{t('mortgageForm.lead')}</p>
      <MortgageForm page={page} result={actionData} formPath={pathFor('mortgageForm', lang)}>
        {page.resumed && page.step !== 'calculator' ? (
          <p className="mt-4 rounded-md bg-brand-50 p-3 text-slate-800" data-testid="mortgage-resumed">
            {t('mortgageForm.resumed')}
          </p>
        ) : null}
        {page.calculator && !page.mortgageApplicationId ? (
          <CalculatorSummary figures={page.calculator} formPath={pathFor('mortgageForm', lang)} />
        ) : null}
        {page.submittedBefore && !page.mortgageApplicationId ? (
          <p className="mt-4 rounded-md bg-slate-50 p-3 text-slate-800">
            {t('mortgageForm.submitted')} {t('mortgageForm.newApplication')}
          </p>
        ) : null}
      </MortgageForm>
    </div>
  )
}
