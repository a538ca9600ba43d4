import type { ApplicationOffersView, OfferView } from '@lainava/api-client'
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
import { compareOffers, parseSort, SORT_KEYS, type SortKey } from './compare.ts'
import { gracePeriodText, isBusinessOffer, offerExample, offerFigures } from './offer-format.ts'

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
    // Only a signed-in person sees this page: no robots meta (ADR 019).
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
  const { t } = useI18n()
  const headingId = `application-${application.id}`
  const amount = formatCurrency(intlLocale, application.amount, { cents: false })
  const period = t('calculator.years', { count: Math.round(application.periodMonths / 12) })
  const heading =
    application.kind === 'credit-card'
      ? t('offers.application.card', { amount })
      : application.kind === 'business-loan'
        ? t('cards.offers.application.business', {
            amount,
            period: t('offers.months', { months: application.periodMonths }),
          })
        : application.kind === 'factoring'
          ? t('cards.offers.application.factoring', { amount })
          : t('offers.application.loan', { amount, period })
  const isCard = application.kind === 'credit-card'
  const isBusiness = application.kind === 'business-loan' || application.kind === 'factoring'
  const isFactoring = application.kind === 'factoring'
  const sent = new Intl.DateTimeFormat(intlLocale, {
    dateStyle: 'medium',
    timeZone: 'Europe/Helsinki',
  }).format(new Date(application.createdAt))
  const { summary } = application
  const comparison = compareOffers(application.offers, sort)
  const anyOffers = application.offers.length > 0
  const markers: Markers = { lowestApr: comparison.lowestApr, lowestTotalCost: comparison.lowestTotalCost }

  return (
    <section
      aria-labelledby={headingId}
      className="mt-8 rounded-xl border border-slate-200 p-4 sm:p-6"
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

      {!anyOffers && summary.asked > 0 ? (
        <p className="mt-4 text-slate-700">{t('offers.noOffersYet')}</p>
      ) : null}

      {anyOffers && isCard ? (
        <div className="mt-6" data-testid="offers-asked">
          <h3 className="text-lg font-semibold text-slate-900">{t('cards.offers.group')}</h3>
          <p className="mt-1 max-w-3xl text-sm text-slate-700">
            {t('cards.offers.groupLead', { drawn: formatCurrency(intlLocale, 1500, { cents: false }) })}
          </p>
          <CardOfferList
            offers={comparison.asked}
            markers={markers}
            caption={t('cards.offers.caption', { amount, sort: t(`offers.sort.${sort}`) })}
            intlLocale={intlLocale}
          />
        </div>
      ) : null}

      {anyOffers && isBusiness ? (
        <p
          className="mt-4 max-w-3xl rounded-lg bg-slate-50 p-3 text-sm text-slate-800"
          data-testid="offers-business-note"
        >
          {t('cards.business.capsNote')}
        </p>
      ) : null}

      {anyOffers && isFactoring ? (
        <div className="mt-6" data-testid="offers-asked">
          <h3 className="text-lg font-semibold text-slate-900">{t('cards.factoring.group')}</h3>
          <p className="mt-1 max-w-3xl text-sm text-slate-700">
            {t('cards.factoring.groupLead', { amount })}
          </p>
          <OfferList
            offers={comparison.asked}
            markers={markers}
            caption={t('cards.factoring.caption', { amount, sort: t(`offers.sort.${sort}`) })}
            intlLocale={intlLocale}
          />
        </div>
      ) : null}

      {anyOffers && !isCard && !isFactoring ? (
        <div className="mt-6" data-testid="offers-asked">
          <h3 id={`${headingId}-asked`} className="text-lg font-semibold text-slate-900">
            {t('offers.group.asked', { amount })}
          </h3>
          {comparison.asked.length > 0 ? (
            <OfferList
              offers={comparison.asked}
              markers={markers}
              caption={t('offers.table.caption', { amount, sort: t(`offers.sort.${sort}`) })}
              intlLocale={intlLocale}
            />
          ) : (
            <p className="mt-2 text-slate-700">{t('offers.group.askedNone')}</p>
          )}
        </div>
      ) : null}

      {comparison.other.length > 0 ? (
        <div className="mt-8" data-testid="offers-other">
          <h3 className="text-lg font-semibold text-slate-900">{t('offers.group.other')}</h3>
          <p className="mt-1 max-w-3xl text-sm text-slate-700">{t('offers.group.otherLead', { amount })}</p>
          <OfferList
            offers={comparison.other}
            markers={markers}
            caption={t('offers.table.captionOther', { amount, sort: t(`offers.sort.${sort}`) })}
            intlLocale={intlLocale}
          />
        </div>
      ) : null}

      {anyOffers ? (
        <div className="mt-8">
          <h3 className="text-base font-semibold text-slate-900">{t('offers.examplesHeading')}</h3>
          <ul className="mt-2 flex flex-col gap-2 text-sm text-slate-700">
            {[...comparison.asked, ...comparison.other].map((offer) => (
              <li key={offer.id}>{offerExample(offer, intlLocale, t, brand)}</li>
            ))}
          </ul>
        </div>
      ) : null}

      {application.lenders.length > 0 ? (
        <div className="mt-8">
          <h3 className="text-base font-semibold text-slate-900">{t('offers.lenders.heading')}</h3>
          {/* Two columns from md up, with a real gap between them so a status never runs into the next name. */}
          <ul
            className="mt-2 grid gap-x-10 text-sm text-slate-700 md:grid-cols-2"
            data-testid="offers-lenders"
          >
            {application.lenders.map((lender) => (
              <li
                key={lender.id}
                className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 border-b border-slate-200 py-2"
              >
                <span className="min-w-0 break-words font-medium text-slate-900">{lender.name}</span>
                <span className="text-slate-700">{t(`offers.status.${lender.status}`)}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  )
}

type Markers = { lowestApr: ReadonlySet<string>; lowestTotalCost: ReadonlySet<string> }

const badge = 'mt-1 inline-block rounded px-2 py-0.5 text-xs font-semibold'
const goodBadge = `${badge} bg-green-50 text-green-900 ring-1 ring-green-700/40`
const flagBadge = `${badge} bg-amber-50 text-amber-900 ring-1 ring-amber-700/40`

/**
 * "Smaller (or larger) than asked: asked 40 000 €", or nothing for an offer of the amount asked. A factoring
 * offer's amount is its advance limit, always below the invoices offered (ADR 023): nothing to flag.
 */
function AmountFlag({ offer, intlLocale }: { offer: OfferView; intlLocale: string }) {
  const { t } = useI18n()
  if (offer.amount === offer.amountAsked || offer.product === 'factoring') return null
  const asked = offerFigures(offer, intlLocale).amountAsked
  return (
    <span className={flagBadge} data-testid="offer-amount-flag">
      {t(offer.amount < offer.amountAsked ? 'offers.smallerThanAsked' : 'offers.largerThanAsked', {
        amount: asked,
      })}
    </span>
  )
}

function LowestApr({ offer, markers }: { offer: OfferView; markers: Markers }) {
  const { t } = useI18n()
  return markers.lowestApr.has(offer.id) ? (
    <span className={goodBadge} data-testid="offer-lowest-apr">
      {t('offers.best.apr')}
    </span>
  ) : null
}

/** Business offers: the lender wants the owner's personal guarantee. */
function GuaranteeFlag({ offer }: { offer: OfferView }) {
  const { t } = useI18n()
  return offer.personalGuarantee ? (
    <span className={flagBadge} data-testid="offer-guarantee">
      {t('cards.business.personalGuarantee')}
    </span>
  ) : null
}

/** "Credit limit lower than the 3 000 € asked", or nothing for the limit asked. */
function LimitFlag({ offer, intlLocale }: { offer: OfferView; intlLocale: string }) {
  const { t } = useI18n()
  if (offer.amount === offer.amountAsked) return null
  const asked = offerFigures(offer, intlLocale).amountAsked
  return (
    <span className={flagBadge} data-testid="offer-amount-flag">
      {t(offer.amount < offer.amountAsked ? 'cards.offers.smallerLimit' : 'cards.offers.largerLimit', {
        amount: asked,
      })}
    </span>
  )
}

function LowestCost({ offer, markers }: { offer: OfferView; markers: Markers }) {
  const { t } = useI18n()
  return markers.lowestTotalCost.has(offer.id) ? (
    <span className={goodBadge} data-testid="offer-lowest-cost">
      {t('offers.best.totalCost')}
    </span>
  ) : null
}

function OfferStatus({ offer }: { offer: OfferView }) {
  const { t } = useI18n()
  return offer.status !== 'offered' ? (
    <span className="text-sm font-medium text-brand-800" data-testid="offer-status">
      {t(`offers.status.${offer.status}`)}
    </span>
  ) : null
}

function OpenLink({ offer, className }: { offer: OfferView; className: string }) {
  const { t, lang } = useI18n()
  return (
    <Link
      className={className}
      to={pathFor('offer', lang, { id: offer.id })}
      aria-label={t('offers.openFrom', { lender: offer.lender.name })}
    >
      {t('offers.open')}
    </Link>
  )
}

function SecciLink({ offer }: { offer: OfferView }) {
  const { t } = useI18n()
  return offer.secciUrl ? (
    <a
      className="text-brand-800 underline underline-offset-4"
      href={offer.secciUrl}
      rel="noopener noreferrer"
      aria-label={t('offers.secciLinkFrom', { lender: offer.lender.name })}
    >
      {t('offers.secciLink')}
    </a>
  ) : null
}

const TABLE_COLUMNS = [
  'lender',
  'amountTerm',
  'apr',
  'monthlyPayment',
  'fees',
  'totalCost',
  'totalPayable',
  'validUntil',
  'action',
] as const

/**
 * One group of offers, twice: cards on narrow screens and a table from xl up (CSS decides, so the
 * server-rendered page is right before any script runs; the hidden one is display:none for everyone).
 */
function OfferList({
  offers,
  markers,
  caption,
  intlLocale,
}: {
  offers: OfferView[]
  markers: Markers
  caption: string
  intlLocale: string
}) {
  const { t } = useI18n()
  return (
    <>
      <ul className="mt-3 grid gap-4 md:grid-cols-2 xl:hidden" aria-label={caption}>
        {offers.map((offer) => {
          const figures = offerFigures(offer, intlLocale)
          return (
            <li key={offer.id} className="rounded-lg border border-slate-300 p-4" data-testid="offer-card">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                <h4
                  className="min-w-0 break-words text-lg font-semibold text-slate-900"
                  data-testid="offer-lender"
                >
                  {offer.lender.name}
                </h4>
                <OfferStatus offer={offer} />
              </div>
              <div className="mt-1 flex flex-wrap gap-2 empty:hidden">
                <LowestApr offer={offer} markers={markers} />
                <LowestCost offer={offer} markers={markers} />
                <AmountFlag offer={offer} intlLocale={intlLocale} />
                <GuaranteeFlag offer={offer} />
              </div>
              <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-3 break-words hyphens-auto">
                <div>
                  <dt className="text-xs text-slate-600">
                    {t(isBusinessOffer(offer) ? 'cards.business.aprLabel' : 'offers.col.apr')}
                  </dt>
                  <dd className="text-lg font-semibold text-slate-900" data-testid="offer-apr">
                    {figures.apr}
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-600">{t('offers.col.monthlyPayment')}</dt>
                  <dd className="text-lg font-semibold text-slate-900" data-testid="offer-monthly">
                    {figures.monthlyPayment}
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-600">{t('offers.col.totalPayable')}</dt>
                  <dd className="font-medium text-slate-900" data-testid="offer-total-payable">
                    {figures.totalPayable}
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-600">{t('offers.col.totalCost')}</dt>
                  <dd className="font-medium text-slate-900" data-testid="offer-total-cost">
                    {figures.totalCost}
                  </dd>
                </div>
                <div className="col-span-2">
                  <dt className="text-xs text-slate-600">
                    {t(
                      offer.product === 'factoring'
                        ? 'cards.factoring.advanceLimitTerm'
                        : 'offers.col.amountTerm',
                    )}
                  </dt>
                  <dd className="font-medium text-slate-900" data-testid="offer-amount-term">
                    {t('offers.amountTerm', { amount: figures.amount, months: offer.months })}
                  </dd>
                </div>
              </dl>
              <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
                <OpenLink offer={offer} className={buttonClasses('secondary', 'md')} />
                <SecciLink offer={offer} />
              </div>
            </li>
          )
        })}
      </ul>

      <div className="mt-3 hidden overflow-x-auto xl:block">
        <table className="w-full border-collapse text-left text-sm" data-testid="offers-table">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b border-slate-300 align-bottom text-slate-700">
              {TABLE_COLUMNS.map((column) => (
                <th key={column} scope="col" className="px-2 py-2 font-semibold">
                  {column === 'apr' && offers.some(isBusinessOffer)
                    ? t('cards.business.aprLabel')
                    : column === 'amountTerm' && offers.every((offer) => offer.product === 'factoring')
                      ? t('cards.factoring.advanceLimitTerm')
                      : t(`offers.col.${column}`)}
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
                    <span className="block" data-testid="offer-lender">
                      {offer.lender.name}
                    </span>
                    <OfferStatus offer={offer} />
                    <span className="flex flex-col items-start font-normal empty:hidden">
                      <LowestApr offer={offer} markers={markers} />
                      <LowestCost offer={offer} markers={markers} />
                      <AmountFlag offer={offer} intlLocale={intlLocale} />
                      <GuaranteeFlag offer={offer} />
                    </span>
                  </th>
                  <td className="whitespace-nowrap px-2 py-3">
                    <span className="block">{figures.amount}</span>
                    <span className="block text-slate-600">
                      {t('offers.months', { months: offer.months })}
                    </span>
                  </td>
                  <td className="px-2 py-3">
                    <span className="block whitespace-nowrap font-semibold" data-testid="offer-apr">
                      {figures.apr}
                    </span>
                    <span className="block text-xs text-slate-600">
                      {t('offers.nominalRate', { rate: figures.nominalRate })}
                    </span>
                  </td>
                  <td className="whitespace-nowrap px-2 py-3" data-testid="offer-monthly">
                    {figures.monthlyPayment}
                  </td>
                  <td className="px-2 py-3 text-slate-700">
                    <span className="block">{t('offers.fees.opening', { amount: figures.openingFee })}</span>
                    <span className="block">{t('offers.fees.monthly', { amount: figures.monthlyFee })}</span>
                  </td>
                  <td className="whitespace-nowrap px-2 py-3">
                    <span className="block" data-testid="offer-total-cost">
                      {figures.totalCost}
                    </span>
                  </td>
                  <td className="whitespace-nowrap px-2 py-3" data-testid="offer-total-payable">
                    {figures.totalPayable}
                  </td>
                  <td className="whitespace-nowrap px-2 py-3">{figures.validUntil}</td>
                  <td className="px-2 py-3">
                    <span className="flex flex-col items-start gap-1">
                      <OpenLink offer={offer} className="text-brand-800 underline underline-offset-4" />
                      <SecciLink offer={offer} />
                    </span>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
    </>
  )
}

const CARD_COLUMNS = [
  ['lender', 'offers.col.lender'],
  ['limit', 'cards.col.limit'],
  ['apr', 'cards.col.exampleApr'],
  ['fees', 'offers.col.fees'],
  ['grace', 'cards.col.gracePeriod'],
  ['example', 'cards.col.exampleMonthly'],
  ['total', 'cards.col.exampleTotal'],
  ['validUntil', 'offers.col.validUntil'],
  ['action', 'offers.col.action'],
] as const

/** Card offers: limit, rate, fees and grace period, with the representative example's APR and figures. */
function CardOfferList({
  offers,
  markers,
  caption,
  intlLocale,
}: {
  offers: OfferView[]
  markers: Markers
  caption: string
  intlLocale: string
}) {
  const { t } = useI18n()
  return (
    <>
      <ul className="mt-3 grid gap-4 md:grid-cols-2 xl:hidden" aria-label={caption}>
        {offers.map((offer) => {
          const figures = offerFigures(offer, intlLocale)
          const card = offer.card ? t(`enum.cardType.${offer.card.cardType}`) : ''
          return (
            <li key={offer.id} className="rounded-lg border border-slate-300 p-4" data-testid="offer-card">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                <h4
                  className="min-w-0 break-words text-lg font-semibold text-slate-900"
                  data-testid="offer-lender"
                >
                  {offer.lender.name}
                </h4>
                <OfferStatus offer={offer} />
              </div>
              <p className="font-medium text-slate-800" data-testid="offer-card-type">
                {card}
              </p>
              <div className="mt-1 flex flex-wrap gap-2 empty:hidden">
                <LowestApr offer={offer} markers={markers} />
                <LimitFlag offer={offer} intlLocale={intlLocale} />
              </div>
              <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-3 break-words hyphens-auto">
                <div>
                  <dt className="text-xs text-slate-600">{t('cards.col.limit')}</dt>
                  <dd className="text-lg font-semibold text-slate-900" data-testid="offer-limit">
                    {figures.amount}
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-600">{t('cards.col.exampleApr')}</dt>
                  <dd className="text-lg font-semibold text-slate-900" data-testid="offer-apr">
                    {figures.apr}
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-600">{t('cards.col.annualFee')}</dt>
                  <dd className="font-medium text-slate-900" data-testid="offer-annual-fee">
                    {figures.annualFee}
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-600">{t('cards.col.gracePeriod')}</dt>
                  <dd className="font-medium text-slate-900" data-testid="offer-grace-period">
                    {gracePeriodText(offer, t)}
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-600">{t('offers.col.nominalRate')}</dt>
                  <dd className="font-medium text-slate-900">{figures.nominalRate}</dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-600">{t('cards.col.monthlyFee')}</dt>
                  <dd className="font-medium text-slate-900">{figures.monthlyFee}</dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-600">{t('cards.col.exampleMonthly')}</dt>
                  <dd className="font-medium text-slate-900" data-testid="offer-monthly">
                    {figures.monthlyPayment}
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-600">{t('cards.col.exampleTotal')}</dt>
                  <dd className="font-medium text-slate-900" data-testid="offer-total-payable">
                    {figures.totalPayable}
                  </dd>
                </div>
              </dl>
              <p className="mt-2 text-xs text-slate-600">
                {t('cards.exampleTerms', { drawn: figures.exampleAmount })}
              </p>
              <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
                <OpenLink offer={offer} className={buttonClasses('secondary', 'md')} />
                <SecciLink offer={offer} />
              </div>
            </li>
          )
        })}
      </ul>

      <div className="mt-3 hidden overflow-x-auto xl:block">
        <table className="w-full border-collapse text-left text-sm" data-testid="offers-table">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b border-slate-300 align-bottom text-slate-700">
              {CARD_COLUMNS.map(([column, label]) => (
                <th key={column} scope="col" className="px-2 py-2 font-semibold">
                  {t(label)}
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
                    <span className="block" data-testid="offer-lender">
                      {offer.lender.name}
                    </span>
                    <span className="block font-normal text-slate-700" data-testid="offer-card-type">
                      {offer.card ? t(`enum.cardType.${offer.card.cardType}`) : ''}
                    </span>
                    <OfferStatus offer={offer} />
                    <span className="flex flex-col items-start font-normal empty:hidden">
                      <LowestApr offer={offer} markers={markers} />
                      <LimitFlag offer={offer} intlLocale={intlLocale} />
                    </span>
                  </th>
                  <td className="whitespace-nowrap px-2 py-3" data-testid="offer-limit">
                    {figures.amount}
                  </td>
                  <td className="px-2 py-3">
                    <span className="block whitespace-nowrap font-semibold" data-testid="offer-apr">
                      {figures.apr}
                    </span>
                    <span className="block text-xs text-slate-600">
                      {t('offers.nominalRate', { rate: figures.nominalRate })}
                    </span>
                  </td>
                  <td className="px-2 py-3 text-slate-700">
                    <span className="block" data-testid="offer-annual-fee">
                      {t('cards.col.annualFee')} {figures.annualFee}
                    </span>
                    <span className="block">{t('offers.fees.monthly', { amount: figures.monthlyFee })}</span>
                  </td>
                  <td className="px-2 py-3" data-testid="offer-grace-period">
                    {gracePeriodText(offer, t)}
                  </td>
                  <td className="px-2 py-3">
                    <span className="block whitespace-nowrap" data-testid="offer-monthly">
                      {figures.monthlyPayment}
                    </span>
                    <span className="block text-xs text-slate-600">
                      {t('cards.exampleTerms', { drawn: figures.exampleAmount })}
                    </span>
                  </td>
                  <td className="whitespace-nowrap px-2 py-3" data-testid="offer-total-payable">
                    {figures.totalPayable}
                  </td>
                  <td className="whitespace-nowrap px-2 py-3">{figures.validUntil}</td>
                  <td className="px-2 py-3">
                    <span className="flex flex-col items-start gap-1">
                      <OpenLink offer={offer} className="text-brand-800 underline underline-offset-4" />
                      <SecciLink offer={offer} />
                    </span>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
    </>
  )
}
