import type { FieldProblem } from '@lainava/domain/api-error'
import { APPLICATION_KINDS } from '@lainava/domain/application/enums'
import type { ReceivedApplication } from '@lainava/domain/lender-portal'
import { RECIPIENT_STATUSES } from '@lainava/domain/marketplace/criteria'
import { formatCurrency, formatDate } from '@lainava/i18n'
import { languageOfPath, pathFor } from '@lainava/routing'
import { Form, Link } from 'react-router'
import { Button } from '../../components/ui/button.tsx'
import { Select } from '../../components/ui/select.tsx'
import { TextInput } from '../../components/ui/text-input.tsx'
import { webContext } from '../../context.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { rootDataFromMatches } from '../../lib/root-data.ts'
import type { Route } from './+types/applications-route'
import { isFailure, requireLenderPage, unlessRefused } from './lender-access.server.ts'
import { LenderPage, lenderMeta } from './lender-page.tsx'

// Issue 17: the applications the lender's organisation received, newest first; filters (status,
// product, days received) and the page number live in the address, so a plain GET form works.

const FILTERS = ['status', 'product', 'from', 'to'] as const

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const services = context.get(webContext)
  const workspace = await requireLenderPage(request, url, services)
  const query = Object.fromEntries(url.searchParams)
  const result = await unlessRefused(
    request,
    url,
    services,
    await services.lenderPortal.applications({
      cookieHeader: request.headers.get('cookie'),
      language: languageOfPath(url.pathname),
      query,
    }),
  )
  const values = Object.fromEntries(FILTERS.map((name) => [name, url.searchParams.get(name) ?? '']))
  if (isFailure(result)) {
    return { workspace, values, list: null, problems: result.fields ?? [], message: result.message }
  }
  return { workspace, values, list: result, problems: [] as FieldProblem[], message: '' }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  lenderMeta(rootDataFromMatches(matches), 'lenderPortal.applications.title')

/** The address of another page of the same filtered list. */
function pageHref(values: Record<string, string>, page: number) {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(values)) if (value) params.set(name, value)
  if (page > 1) params.set('page', String(page))
  const search = params.toString()
  return search ? `?${search}` : '?'
}

function Row({ application }: { application: ReceivedApplication }) {
  const { t, lang, intlLocale } = useI18n()
  return (
    <li className="min-w-0 rounded-xl border border-slate-200 p-4" data-testid="lender-application">
      <Link
        to={pathFor('lenderApplication', lang, { id: application.id })}
        className="font-semibold text-brand-800 underline underline-offset-4 hover:no-underline"
      >
        {t(`lenderPortal.product.${application.kind}`)}{' '}
        {formatCurrency(intlLocale, application.amount, { cents: false })}
      </Link>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium text-slate-700">{t('lenderPortal.col.received')}</dt>
        <dd>{formatDate(intlLocale, application.receivedAt)}</dd>
        <dt className="font-medium text-slate-700">{t('lenderPortal.col.period')}</dt>
        <dd>{t('lenderPortal.months', { months: application.periodMonths })}</dd>
        <dt className="font-medium text-slate-700">{t('lenderPortal.col.status')}</dt>
        <dd>{t(`lenderPortal.status.${application.status}`)}</dd>
      </dl>
    </li>
  )
}

export default function LenderApplicationsRoute({ loaderData }: Route.ComponentProps) {
  const { t, lang } = useI18n()
  const { workspace, values, list, problems, message } = loaderData
  const problemOf = (name: string) =>
    problems.find((problem) => problem.path.split('.').at(-1) === name)?.message
  const any = { value: '', label: t('lenderPortal.filters.any') }
  return (
    <LenderPage workspace={workspace}>
      <h1 className="text-3xl font-bold text-slate-900">{t('lenderPortal.applications.title')}</h1>
      <p className="mt-2 text-slate-700">
        {t('lenderPortal.applications.lead', { lender: workspace.lenderName })}
      </p>
      <Form method="get" className="mt-6 rounded-xl border border-slate-200 p-4 sm:p-6">
        <fieldset className="grid min-w-0 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <legend className="mb-2 text-lg font-semibold">{t('lenderPortal.filters.legend')}</legend>
          <Select
            name="status"
            label={t('lenderPortal.filters.status')}
            defaultValue={values.status}
            error={problemOf('status')}
            options={[
              any,
              ...RECIPIENT_STATUSES.map((status) => ({
                value: status,
                label: t(`lenderPortal.status.${status}`),
              })),
            ]}
          />
          <Select
            name="product"
            label={t('lenderPortal.filters.product')}
            defaultValue={values.product}
            error={problemOf('product')}
            options={[
              any,
              ...APPLICATION_KINDS.map((kind) => ({ value: kind, label: t(`lenderPortal.product.${kind}`) })),
            ]}
          />
          <TextInput
            name="from"
            type="date"
            label={t('lenderPortal.filters.from')}
            defaultValue={values.from}
            error={problemOf('from')}
          />
          <TextInput
            name="to"
            type="date"
            label={t('lenderPortal.filters.to')}
            defaultValue={values.to}
            error={problemOf('to')}
          />
        </fieldset>
        <div className="mt-4 flex flex-wrap items-center gap-4">
          <Button type="submit" variant="primary">
            {t('lenderPortal.filters.apply')}
          </Button>
          <Link
            to={pathFor('lenderApplications', lang)}
            className="text-brand-800 underline underline-offset-4"
          >
            {t('lenderPortal.filters.clear')}
          </Link>
        </div>
      </Form>
      {list === null ? (
        <p role="alert" className="mt-6 text-red-800">
          {message}
        </p>
      ) : list.applications.length === 0 ? (
        <p className="mt-6">{t('lenderPortal.applications.empty')}</p>
      ) : (
        <section aria-label={t('lenderPortal.applications.caption', { page: list.page })}>
          <ul className="mt-6 grid gap-4">
            {list.applications.map((application) => (
              <Row key={application.id} application={application} />
            ))}
          </ul>
          {list.page > 1 || list.hasMore ? (
            <nav aria-label={t('lenderPortal.paging.label')} className="mt-6 flex flex-wrap gap-4">
              {list.page > 1 ? (
                <Link
                  to={pageHref(values, list.page - 1)}
                  className="text-brand-800 underline underline-offset-4"
                >
                  {t('lenderPortal.paging.previous')}
                </Link>
              ) : null}
              {list.hasMore ? (
                <Link
                  to={pageHref(values, list.page + 1)}
                  className="text-brand-800 underline underline-offset-4"
                >
                  {t('lenderPortal.paging.next')}
                </Link>
              ) : null}
            </nav>
          ) : null}
        </section>
      )}
    </LenderPage>
  )
}
