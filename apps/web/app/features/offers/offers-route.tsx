import type { ApplicationOffersView } from '@lainava/api-client'
import { formatCurrency } from '@lainava/i18n'
import { languageOfPath, pathFor } from '@lainava/routing'
import { useEffect, useState } from 'react'
import { Form, Link, redirect, useSearchParams } from 'react-router'
import { buttonClasses } from '../../components/ui/button.tsx'
import { webContext } from '../../context.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { rootDataFromMatches } from '../../lib/root-data.ts'
import { alternateLinks } from '../../lib/seo.ts'
import { useUser } from '../../lib/user-state.tsx'
import type { Route } from './+types/offers-route'
import { offerExample, offerFigures, parseSort, SORT_KEYS, type SortKey, sortOffers } from './offer-format.ts'

/** How often the page asks for news while lenders are still answering. */
const POLL_MS = 2500

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const { auth, offers } = context.get(webContext)
  const user = await auth.currentUser(request.headers.get('cookie'))
  if (!user) {
    const login = pathFor('login', languageOfPath(url.pathname))
    throw redirect(`${login}?returnTo=${encodeURIComponent(url.pathname + url.search)}`)
  }
  return { applications: user.role === 'consumer' ? await offers.list(user.id) : [] }
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataFromMatches(matches)
  if (!root) return []
  return [
    { title: `${root.t('offers.title')} – ${root.brandName}` },
    { name: 'description', content: root.t('offers.metaDescription') },
    { name: 'robots', content: 'noindex' },
    ...alternateLinks('offers', root.lang, {}, root.publicUrl),
  ]
}

/** Keeps the applications current: polls the offers API while any lender has not answered. */
function useLiveApplications(initial: ApplicationOffersView[]) {
  const { client } = useUser()
  const [applications, setApplications] = useState(initial)
  const [failed, setFailed] = useState(false)
  useEffect(() => setApplications(initial), [initial])
  const waiting = applications.some((application) => application.summary.pending > 0)
  useEffect(() => {
    if (!waiting) return
    let active = true
    const timer = setInterval(async () => {
      try {
        const result = await client.get<{ applications: ApplicationOffersView[] }>('/api/v1/loanOffers')
        if (active && result) setApplications(result.applications)
        if (active) setFailed(false)
      } catch {
        if (active) setFailed(true)
      }
    }, POLL_MS)
    return () => {
      active = false
      clearInterval(timer)
    }
  }, [waiting, client])
  return { applications, failed }
}

export default function OffersRoute({ loaderData, matches }: Route.ComponentProps) {
  const { t, lang, intlLocale } = useI18n()
  const brand = rootDataFromMatches(matches)?.brandName ?? 'Lainava'
  const { applications, failed } = useLiveApplications(loaderData.applications)
  const [searchParams, setSearchParams] = useSearchParams()
  const sort = parseSort(searchParams.get('sort'))
  const anyOffers = applications.some((application) => application.offers.length > 0)

  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">{t('offers.title')}</h1>
      <p className="mt-2 max-w-3xl text-slate-700">{t('offers.lead')}</p>
      {failed ? (
        <p role="alert" className="mt-4 rounded-lg bg-amber-50 p-3 text-amber-900">
          {t('offers.loadError')}
        </p>
      ) : null}

      {applications.length === 0 ? (
        <div className="mt-8 rounded-xl border border-slate-200 p-6">
          <p className="text-slate-700">{t('offers.empty')}</p>
          <Link className={`${buttonClasses('primary', 'md')} mt-4`} to={pathFor('consumerLoanForm', lang)}>
            {t('offers.applyCta')}
          </Link>
        </div>
      ) : null}

      {anyOffers ? (
        <Form method="get" className="mt-6 flex flex-wrap items-end gap-3" preventScrollReset>
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
            {t('offers.sort.label')}
            <select
              name="sort"
              value={sort}
              onChange={(event) =>
                setSearchParams(
                  { sort: event.currentTarget.value },
                  { replace: true, preventScrollReset: true },
                )
              }
              className="rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900"
            >
              {SORT_KEYS.map((key) => (
                <option key={key} value={key}>
                  {t(`offers.sort.${key}`)}
                </option>
              ))}
            </select>
          </label>
          <noscript>
            <button type="submit" className={buttonClasses('secondary', 'md')}>
              {t('offers.sort.label')}
            </button>
          </noscript>
        </Form>
      ) : null}

      {applications.map((application) => (
        <ApplicationOffers
          key={application.id}
          application={application}
          sort={sort}
          brand={brand}
          intlLocale={intlLocale}
        />
      ))}
    </div>
  )
}

function ApplicationOffers({
  application,
  sort,
  brand,
  intlLocale,
}: {
  application: ApplicationOffersView
  sort: SortKey
  brand: string
  intlLocale: string
}) {
  const { t, lang } = useI18n()
  const headingId = `application-${application.id}`
  const amount = formatCurrency(intlLocale, application.amount, { cents: false })
  const heading =
    application.kind === 'credit-card'
      ? t('offers.application.card', { amount })
      : t('offers.application.loan', {
          amount,
          period: t('calculator.years', { count: Math.round(application.periodMonths / 12) }),
        })
  const sent = new Intl.DateTimeFormat(intlLocale, {
    dateStyle: 'medium',
    timeZone: 'Europe/Helsinki',
  }).format(new Date(application.createdAt))
  const { summary } = application
  const offers = sortOffers(application.offers, sort)

  return (
    <section
      aria-labelledby={headingId}
      className="mt-8 rounded-xl border border-slate-200 p-6"
      data-testid="application-offers"
    >
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        {heading}
      </h2>
      <p className="text-sm text-slate-600">{t('offers.application.sent', { date: sent })}</p>
      <div role="status" aria-live="polite" className="mt-3 text-slate-800" data-testid="offers-progress">
        {summary.asked === 0 ? (
          <p>{t('offers.noneMatched')}</p>
        ) : (
          <>
            <p>{t('offers.summary', summary)}</p>
            <p className="font-medium">
              {summary.pending > 0
                ? t('offers.waiting', { pending: summary.pending })
                : t('offers.allAnswered')}
            </p>
          </>
        )}
      </div>

      {offers.length === 0 && summary.asked > 0 ? (
        <p className="mt-4 text-slate-700">{t('offers.noOffersYet')}</p>
      ) : null}

      {offers.length > 0 ? (
        // Scrolls sideways on narrow screens; the links in each row keep it reachable by keyboard.
        <div className="mt-4 overflow-x-auto">
          <table className="min-w-full border-collapse text-left text-sm" data-testid="offers-table">
            <caption id={`${headingId}-caption`} className="sr-only">
              {t('offers.table.caption', { sort: t(`offers.sort.${sort}`) })}
            </caption>
            <thead>
              <tr className="border-b border-slate-300 text-slate-700">
                {(
                  [
                    'lender',
                    'amount',
                    'term',
                    'nominalRate',
                    'apr',
                    'monthlyPayment',
                    'openingFee',
                    'monthlyFee',
                    'totalCost',
                    'totalPayable',
                    'repayment',
                    'validUntil',
                    'secci',
                    'action',
                  ] as const
                ).map((column) => (
                  <th key={column} scope="col" className="whitespace-nowrap px-2 py-2 font-semibold">
                    {t(`offers.col.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {offers.map((offer) => {
                const figures = offerFigures(offer, intlLocale)
                return (
                  <tr key={offer.id} className="border-b border-slate-200 align-top" data-testid="offer-row">
                    <th scope="row" className="px-2 py-3 font-semibold text-slate-900">
                      {offer.lender.name}
                      {offer.status !== 'offered' ? (
                        <span
                          className="mt-1 block text-xs font-medium text-brand-800"
                          data-testid="offer-status"
                        >
                          {t(`offers.status.${offer.status}`)}
                        </span>
                      ) : null}
                    </th>
                    <td className="whitespace-nowrap px-2 py-3">
                      {figures.amount}
                      {offer.amount !== offer.amountAsked ? (
                        <span className="block text-xs text-slate-600">
                          {t('offers.amountAsked', { amount: figures.amountAsked })}
                        </span>
                      ) : null}
                    </td>
                    <td className="whitespace-nowrap px-2 py-3">
                      {t('offers.months', { months: offer.months })}
                      <span className="block text-xs text-slate-600">
                        {t('offers.instalments', { months: offer.months })}
                      </span>
                    </td>
                    <td className="whitespace-nowrap px-2 py-3">{figures.nominalRate}</td>
                    <td className="whitespace-nowrap px-2 py-3 font-semibold" data-testid="offer-apr">
                      {figures.apr}
                    </td>
                    <td className="whitespace-nowrap px-2 py-3" data-testid="offer-monthly">
                      {figures.monthlyPayment}
                    </td>
                    <td className="whitespace-nowrap px-2 py-3">{figures.openingFee}</td>
                    <td className="whitespace-nowrap px-2 py-3">{figures.monthlyFee}</td>
                    <td className="whitespace-nowrap px-2 py-3">{figures.totalCost}</td>
                    <td className="whitespace-nowrap px-2 py-3">{figures.totalPayable}</td>
                    <td className="whitespace-nowrap px-2 py-3">{t('offers.repayment.annuity')}</td>
                    <td className="whitespace-nowrap px-2 py-3">{figures.validUntil}</td>
                    <td className="whitespace-nowrap px-2 py-3">
                      {offer.secciUrl ? (
                        <a
                          className="text-brand-800 underline underline-offset-4"
                          href={offer.secciUrl}
                          rel="noopener noreferrer"
                          aria-label={t('offers.secciLinkFrom', { lender: offer.lender.name })}
                        >
                          {t('offers.secciLink')}
                        </a>
                      ) : (
                        '–'
                      )}
                    </td>
                    <td className="whitespace-nowrap px-2 py-3">
                      <Link
                        className="text-brand-800 underline underline-offset-4"
                        to={pathFor('offer', lang, { id: offer.id })}
                        aria-label={t('offers.openFrom', { lender: offer.lender.name })}
                      >
                        {t('offers.open')}
                      </Link>
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      ) : null}

      {offers.length > 0 ? (
        <div className="mt-4">
          <h3 className="text-base font-semibold text-slate-900">{t('offers.examplesHeading')}</h3>
          <ul className="mt-2 flex flex-col gap-2 text-sm text-slate-700">
            {offers.map((offer) => (
              <li key={offer.id}>{offerExample(offer, intlLocale, t, brand)}</li>
            ))}
          </ul>
        </div>
      ) : null}

      {application.lenders.length > 0 ? (
        <div className="mt-4">
          <h3 className="text-base font-semibold text-slate-900">{t('offers.lenders.heading')}</h3>
          <ul className="mt-2 grid gap-1 text-sm text-slate-700 sm:grid-cols-2">
            {application.lenders.map((lender) => (
              <li key={lender.id} className="flex justify-between gap-4 border-b border-slate-100 py-1">
                <span>{lender.name}</span>
                <span className="text-slate-600">{t(`offers.status.${lender.status}`)}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  )
}
