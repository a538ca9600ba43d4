import { ApiError } from '@lainava/api-client'
import {
  ADMIN_SEGMENTS,
  type AdminApplicationList,
  type AdminApplicationRow,
  type AdminSegment,
  APPLICATION_STATUSES,
  LENDER_ANSWER_FILTERS,
} from '@lainava/domain/admin'
import { TOL_2008_SECTIONS } from '@lainava/domain/application/business'
import { formatCurrency, formatDate } from '@lainava/i18n'
import { pathFor, SCREENS, type ScreenName, stripPrefix } from '@lainava/routing'
import { useEffect, useState } from 'react'
import { Form, Link, useSearchParams } from 'react-router'
import { Button } from '../../components/ui/button.tsx'
import { Select } from '../../components/ui/select.tsx'
import { TextInput } from '../../components/ui/text-input.tsx'
import { useI18n } from '../../lib/i18n.tsx'
import { useUser } from '../../lib/user-state.tsx'
import { AdminNav } from './admin-nav.tsx'

// The two admin lists (issue 15 item 6). The filters live in the page's address, so a filtered list
// can be reloaded, shared between admins and exported as it is; the rows come from the admin API.

const FILTER_KEYS = [
  'q',
  'kind',
  'status',
  'answer',
  'industry',
  'from',
  'to',
  'minAmount',
  'maxAmount',
] as const

const LINK = 'font-semibold text-brand-800 underline underline-offset-4 hover:no-underline'

const toLower = <S extends string>(text: S) => text.toLowerCase() as Lowercase<S>

function filtersOf(params: URLSearchParams): Record<string, string> {
  const filters: Record<string, string> = {}
  for (const key of [...FILTER_KEYS, 'page'] as const) {
    const value = params.get(key)
    if (value) filters[key] = value
  }
  return filters
}

function withParams(path: string, params: Record<string, string>): string {
  const search = new URLSearchParams(params).toString()
  return search ? `${path}?${search}` : path
}

/** Each admin list's pages and texts (an application's page links back to its list). */
export const SEGMENT_PAGES = {
  sme: {
    list: 'adminSmeApplications',
    application: 'adminSmeApplication',
    title: 'admin.apps.sme.title',
    lead: 'admin.apps.sme.lead',
    search: 'admin.apps.searchSme',
    back: 'admin.app.backSme',
  },
  'one-page': {
    list: 'adminOnePageOnboarding',
    application: 'adminOnePageApplication',
    title: 'admin.apps.onePage.title',
    lead: 'admin.apps.onePage.lead',
    search: 'admin.apps.searchOnePage',
    back: 'admin.app.backOnePage',
  },
  // Mortgage applications are found by the applicant, as one-page applications are.
  mortgage: {
    list: 'adminMortgageApplications',
    application: 'adminMortgageApplication',
    title: 'admin.apps.mortgage.title',
    lead: 'admin.apps.mortgage.lead',
    search: 'admin.apps.searchOnePage',
    back: 'admin.app.backMortgage',
  },
} as const satisfies Record<
  AdminSegment,
  { list: ScreenName; application: ScreenName; title: string; lead: string; search: string; back: string }
>

/** Which admin list a path belongs to (a list's page or one of its applications), in any language. */
export function segmentOfPath(pathname: string): AdminSegment {
  const path = stripPrefix(pathname)
  const found = (Object.keys(SEGMENT_PAGES) as AdminSegment[]).find((segment) =>
    path.startsWith(SCREENS[SEGMENT_PAGES[segment].list].fi),
  )
  if (found === undefined) throw new Error(`not an admin application list's path: ${pathname}`)
  return found
}

export function ApplicationList({ segment }: { segment: AdminSegment }) {
  const { t, lang } = useI18n()
  const { client } = useUser()
  const [params] = useSearchParams()
  const [list, setList] = useState<AdminApplicationList | null>(null)
  const [error, setError] = useState('')
  const filters = filtersOf(params)
  const filterKey = new URLSearchParams(filters).toString()
  const sme = segment === 'sme'
  const ownPages = SEGMENT_PAGES[segment]
  const listScreen = ownPages.list

  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters are read through filterKey
  useEffect(() => {
    let current = true
    setList(null)
    setError('')
    client
      .get<AdminApplicationList>('/api/v1/admin/applications', { segment, ...filters, language: lang })
      .then((result) => {
        if (current && result) setList(result)
      })
      .catch((failure: unknown) => {
        if (!current) return
        const message = failure instanceof ApiError ? failure.problem?.message : undefined
        setError(t('admin.app.failed', { message: message ?? String(failure) }))
      })
    return () => {
      current = false
    }
  }, [client, segment, filterKey, lang])

  const any = t('admin.apps.any')
  const { page: _page, ...exportFilters } = filters
  const pages = list ? Math.max(1, Math.ceil(list.total / list.pageSize)) : 1
  const listPath = pathFor(listScreen, lang)

  return (
    <>
      <AdminNav />
      <div className="mx-auto max-w-5xl px-4 py-12">
        <h1 className="break-words text-3xl font-bold text-slate-900">{t(ownPages.title)}</h1>
        <p className="mt-2 text-slate-700">{t(ownPages.lead)}</p>

        <Form method="get" key={filterKey} className="mt-6 rounded-xl border border-slate-200 p-4 sm:p-6">
          <fieldset className="grid min-w-0 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <legend className="mb-2 text-xl font-semibold">{t('admin.apps.filters')}</legend>
            <TextInput
              name="q"
              type="search"
              label={t(ownPages.search)}
              defaultValue={filters.q ?? ''}
              className="sm:col-span-2 lg:col-span-3"
            />
            {/* A list of one kind (mortgages) has nothing to choose between: no filter. */}
            {ADMIN_SEGMENTS[segment].length > 1 ? (
              <Select
                name="kind"
                label={t('admin.apps.kind')}
                placeholder={any}
                defaultValue={filters.kind ?? ''}
                options={ADMIN_SEGMENTS[segment].map((kind) => ({
                  value: kind,
                  label: t(`admin.kind.${kind}`),
                }))}
              />
            ) : null}
            <Select
              name="status"
              label={t('admin.apps.status')}
              placeholder={any}
              defaultValue={filters.status ?? ''}
              options={APPLICATION_STATUSES.map((status) => ({
                value: status,
                label: t(`admin.status.${status}`),
              }))}
            />
            <Select
              name="answer"
              label={t('admin.apps.answer')}
              placeholder={any}
              defaultValue={filters.answer ?? ''}
              options={LENDER_ANSWER_FILTERS.map((answer) => ({
                value: answer,
                label: t(`admin.answer.${answer}`),
              }))}
            />
            {sme ? (
              <Select
                name="industry"
                label={t('admin.apps.industry')}
                placeholder={any}
                defaultValue={filters.industry ?? ''}
                options={TOL_2008_SECTIONS.map((section) => ({
                  value: section,
                  label: t(`enum.industry.${toLower(section)}`),
                }))}
              />
            ) : null}
            <TextInput
              name="from"
              type="date"
              label={t('admin.apps.from')}
              defaultValue={filters.from ?? ''}
            />
            <TextInput name="to" type="date" label={t('admin.apps.to')} defaultValue={filters.to ?? ''} />
            <TextInput
              name="minAmount"
              inputMode="numeric"
              label={t('admin.apps.minAmount')}
              defaultValue={filters.minAmount ?? ''}
            />
            <TextInput
              name="maxAmount"
              inputMode="numeric"
              label={t('admin.apps.maxAmount')}
              defaultValue={filters.maxAmount ?? ''}
            />
          </fieldset>
          <div className="mt-4 flex flex-wrap items-center gap-4">
            <Button type="submit">{t('admin.apps.apply')}</Button>
            <Link to={listPath} className={LINK}>
              {t('admin.apps.clear')}
            </Link>
          </div>
        </Form>

        <p className="mt-6">
          <a
            href={withParams('/api/v1/admin/applications/export.csv', { segment, ...exportFilters })}
            className={LINK}
            download
          >
            {t('admin.apps.csv')}
          </a>
          <span className="mt-1 block text-sm text-slate-700">{t('admin.apps.csvNote')}</span>
        </p>

        <section aria-labelledby="admin-results" className="mt-8">
          <h2 id="admin-results" className="text-2xl font-semibold">
            {t('admin.apps.results')}
          </h2>
          <div role="status" className="mt-2 text-slate-700">
            {error ? error : list ? t('admin.apps.count', { count: list.total }) : t('admin.apps.loading')}
          </div>
          {list && list.applications.length === 0 ? <p className="mt-4">{t('admin.apps.none')}</p> : null}
          {list && list.applications.length > 0 ? (
            <ul className="mt-4 grid gap-4">
              {list.applications.map((row) => (
                <ApplicationCard key={row.id} row={row} segment={segment} />
              ))}
            </ul>
          ) : null}
          {list && pages > 1 ? (
            <nav aria-label={t('admin.apps.paging')} className="mt-6 flex flex-wrap items-center gap-4">
              {list.page > 1 ? (
                <Link
                  to={withParams(listPath, { ...filters, page: String(list.page - 1) })}
                  className={LINK}
                  rel="prev"
                >
                  {t('admin.apps.previous')}
                </Link>
              ) : null}
              <span>{t('admin.apps.page', { page: list.page, pages })}</span>
              {list.page < pages ? (
                <Link
                  to={withParams(listPath, { ...filters, page: String(list.page + 1) })}
                  className={LINK}
                  rel="next"
                >
                  {t('admin.apps.next')}
                </Link>
              ) : null}
            </nav>
          ) : null}
        </section>
      </div>
    </>
  )
}

function ApplicationCard({ row, segment }: { row: AdminApplicationRow; segment: AdminSegment }) {
  const { t, lang, intlLocale } = useI18n()
  const screen = SEGMENT_PAGES[segment].application
  const name =
    row.companyName ??
    t('admin.apps.applicationOf', { kind: t(`admin.kind.${row.kind}`), id: row.id.slice(0, 8) })
  const answers = row.answers
  return (
    <li className="min-w-0 rounded-xl border border-slate-200 p-4">
      <h3 className="break-words text-lg font-semibold">
        <Link to={pathFor(screen, lang, { id: row.id })} className={LINK}>
          {name}
        </Link>
      </h3>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        {row.businessId ? (
          <>
            <dt className="text-slate-700">{t('admin.apps.businessId')}</dt>
            <dd>{row.businessId}</dd>
          </>
        ) : null}
        <dt className="text-slate-700">{t('admin.apps.kind')}</dt>
        <dd>
          {t(`admin.kind.${row.kind}`)}
          {row.industry ? ` · ${row.industry}` : ''}
        </dd>
        <dt className="text-slate-700">{t('admin.apps.created')}</dt>
        <dd>{formatDate(intlLocale, row.createdAt)}</dd>
        <dt className="text-slate-700">{t('admin.apps.amount')}</dt>
        <dd>
          {formatCurrency(intlLocale, row.amount, { cents: false })} ·{' '}
          {t('admin.apps.months', { count: row.periodMonths })}
        </dd>
        <dt className="text-slate-700">{t('admin.apps.status')}</dt>
        <dd>{statusLabel(t, row.status)}</dd>
        <dt className="text-slate-700">{t('admin.apps.answer')}</dt>
        <dd>
          {answers.lenders === 0
            ? t('admin.apps.noLenders')
            : t('admin.apps.answers', {
                offered: answers.offered,
                declined: answers.declined,
                pending: answers.pending,
              })}
        </dd>
      </dl>
    </li>
  )
}

/** A status's label; a status the catalogue does not know is shown as it is stored. */
export function statusLabel(t: ReturnType<typeof useI18n>['t'], status: string): string {
  return (APPLICATION_STATUSES as readonly string[]).includes(status)
    ? t(`admin.status.${status as (typeof APPLICATION_STATUSES)[number]}`)
    : status
}
