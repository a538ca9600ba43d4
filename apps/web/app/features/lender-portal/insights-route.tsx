import type { LenderInsights } from '@lainava/domain/lender-insights'
import { formatNumber, formatPercent, type MessageKey, type Translate } from '@lainava/i18n'
import { languageOfPath } from '@lainava/routing'
import { webContext } from '../../context.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { rootDataFromMatches } from '../../lib/root-data.ts'
import type { Route } from './+types/insights-route'
import { BarChart } from './insights-charts.tsx'
import { requireLenderPage } from './lender-access.server.ts'
import { LenderPage, lenderMeta } from './lender-page.tsx'

// Issue 17 item 4: the organisation's figures over a chosen period, each chart followed by a table of
// its numbers, and the CSV of the same figures (ADR 025).

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const services = context.get(webContext)
  const workspace = await requireLenderPage(request, url, services)
  const query = {
    from: url.searchParams.get('from') || undefined,
    to: url.searchParams.get('to') || undefined,
  }
  const result = await services.lenderInsights.read({
    cookieHeader: request.headers.get('cookie'),
    language: languageOfPath(url.pathname),
    query,
  })
  return { workspace, query, result }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  lenderMeta(rootDataFromMatches(matches), 'lenderInsights.heading')

const OWN = '#1d4ed8'
const MARKET = '#475569'

function duration(t: Translate, seconds: number | null): string {
  if (seconds === null) return t('lenderInsights.none')
  if (seconds < 3600)
    return t('lenderInsights.duration.minutes', { n: Math.max(1, Math.round(seconds / 60)) })
  if (seconds < 86_400) return t('lenderInsights.duration.hours', { n: Math.round(seconds / 360) / 10 })
  return t('lenderInsights.duration.days', { n: Math.round(seconds / 8640) / 10 })
}

function Table({ caption, head, rows }: { caption: string; head: string[]; rows: string[][] }) {
  return (
    <div className="mt-4 max-w-full overflow-x-auto">
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-300">
            {head.map((cell) => (
              <th key={cell} scope="col" className="px-2 py-2 font-semibold text-slate-900">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.join('|')} className="border-b border-slate-200">
              {row.map((cell, index) =>
                index === 0 ? (
                  <th key={`h${cell}`} scope="row" className="px-2 py-2 font-normal text-slate-900">
                    {cell}
                  </th>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed
                  <td key={index} className="px-2 py-2 text-slate-800 tabular-nums">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function Figures({ insights }: { insights: LenderInsights }) {
  const { t, intlLocale } = useI18n()
  const percent = (value: number | null) =>
    value === null ? t('lenderInsights.none') : formatPercent(intlLocale, value, 1)
  const apr = (value: number | null) =>
    value === null ? t('lenderInsights.none') : formatPercent(intlLocale, value, 2)
  const count = (value: number) => formatNumber(intlLocale, value)
  const band = (id: string) => t(`lenderInsights.band.${id}` as MessageKey)
  const product = (kind: string) => t(`admin.kind.${kind}` as MessageKey)
  // Traffic sources as applications carry them (ADR 025; `@lainava/domain/affiliate`).
  const source = (name: string) => {
    if (name === 'direct' || name === 'search' || name === 'social' || name === 'referral')
      return t(`lenderInsights.source.${name}`)
    if (name.startsWith('affiliate:'))
      return t('lenderInsights.source.affiliate', { network: name.slice('affiliate:'.length) })
    return name
  }
  const keyFigures: Array<[MessageKey, string]> = [
    ['lenderInsights.received', count(insights.received)],
    ['lenderInsights.answered', count(insights.answered)],
    ['lenderInsights.offersMade', count(insights.offersMade)],
    ['lenderInsights.offersAccepted', count(insights.offersAccepted)],
    ['lenderInsights.acceptanceRate', percent(insights.acceptanceRate)],
    ['lenderInsights.answerMedian', duration(t, insights.answerTime.medianSeconds)],
    ['lenderInsights.answerP90', duration(t, insights.answerTime.p90Seconds)],
  ]
  const funnel: Array<[MessageKey, number]> = [
    ['lenderInsights.received', insights.received],
    ['lenderInsights.answered', insights.answered],
    ['lenderInsights.offersMade', insights.offersMade],
    ['lenderInsights.offersAccepted', insights.offersAccepted],
  ]
  return (
    <>
      <section aria-labelledby="insights-figures" className="mt-8">
        <h2 id="insights-figures" className="text-xl font-semibold text-slate-900">
          {t('lenderInsights.figures')}
        </h2>
        <dl className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {keyFigures.map(([label, value]) => (
            <div key={label} className="rounded border border-slate-200 bg-white p-3">
              <dt className="text-sm text-slate-700">{t(label)}</dt>
              <dd className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="insights-funnel" className="mt-10">
        <h2 id="insights-funnel" className="text-xl font-semibold text-slate-900">
          {t('lenderInsights.funnel.heading')}
        </h2>
        <BarChart
          label={t('lenderInsights.funnel.chart', {
            received: insights.received,
            answered: insights.answered,
            offers: insights.offersMade,
            accepted: insights.offersAccepted,
          })}
          groups={funnel.map(([label, value]) => ({ label: t(label), values: [value] }))}
          series={[{ name: t('lenderInsights.funnel.heading'), colour: OWN }]}
          format={(value) => count(value)}
        />
        <Table
          caption={t('lenderInsights.funnel.heading')}
          head={['', t('lenderInsights.rank.count')]}
          rows={funnel.map(([label, value]) => [t(label), count(value)])}
        />
      </section>

      <section aria-labelledby="insights-apr" className="mt-10">
        <h2 id="insights-apr" className="text-xl font-semibold text-slate-900">
          {t('lenderInsights.apr.heading')}
        </h2>
        <p className="mt-2 text-slate-700">{t('lenderInsights.apr.lead')}</p>
        {insights.aprVsMarket.length === 0 ? (
          <p className="mt-4 text-slate-700">{t('lenderInsights.apr.empty')}</p>
        ) : (
          <>
            <BarChart
              label={t('lenderInsights.apr.chart')}
              groups={insights.aprVsMarket.map((row) => ({
                label: `${band(row.amountBand)}, ${band(row.periodBand)}`,
                values: [row.ownAverageApr, row.marketMedianApr],
              }))}
              series={[
                { name: t('lenderInsights.apr.own'), colour: OWN },
                { name: t('lenderInsights.apr.market'), colour: MARKET, pattern: 'stripes' },
              ]}
              format={(value) => formatPercent(intlLocale, value, 1)}
            />
            <Table
              caption={t('lenderInsights.apr.heading')}
              head={[
                t('lenderInsights.apr.band'),
                t('lenderInsights.apr.product'),
                t('lenderInsights.apr.own'),
                t('lenderInsights.apr.market'),
                t('lenderInsights.apr.ownOffers'),
                t('lenderInsights.apr.marketOffers'),
              ]}
              rows={insights.aprVsMarket.map((row) => [
                `${band(row.amountBand)}, ${band(row.periodBand)}`,
                product(row.kind),
                apr(row.ownAverageApr),
                apr(row.marketMedianApr),
                count(row.ownOffers),
                count(row.marketOffers),
              ])}
            />
          </>
        )}
      </section>

      <section aria-labelledby="insights-rank" className="mt-10">
        <h2 id="insights-rank" className="text-xl font-semibold text-slate-900">
          {t('lenderInsights.rank.heading')}
        </h2>
        <p className="mt-2 text-slate-700">{t('lenderInsights.rank.lead')}</p>
        {insights.rank.length === 0 ? (
          <p className="mt-4 text-slate-700">{t('lenderInsights.rank.empty')}</p>
        ) : (
          <>
            <BarChart
              label={t('lenderInsights.rank.chart')}
              groups={insights.rank.map((row) => ({
                label: t('lenderInsights.rank.of', { rank: row.rank, total: row.offersOnApplication }),
                values: [row.count],
              }))}
              series={[{ name: t('lenderInsights.rank.count'), colour: OWN }]}
              format={(value) => count(value)}
            />
            <Table
              caption={t('lenderInsights.rank.heading')}
              head={[t('lenderInsights.rank.place'), t('lenderInsights.rank.count')]}
              rows={insights.rank.map((row) => [
                t('lenderInsights.rank.of', { rank: row.rank, total: row.offersOnApplication }),
                count(row.count),
              ])}
            />
          </>
        )}
      </section>

      <section aria-labelledby="insights-source" className="mt-10">
        <h2 id="insights-source" className="text-xl font-semibold text-slate-900">
          {t('lenderInsights.source.heading')}
        </h2>
        <BarChart
          label={t('lenderInsights.source.chart')}
          groups={insights.bySource.map((row) => ({
            label: source(row.source),
            values: [row.conversion ?? 0],
          }))}
          series={[{ name: t('lenderInsights.source.conversion'), colour: OWN }]}
          format={(value) => formatPercent(intlLocale, value, 0)}
        />
        <Table
          caption={t('lenderInsights.source.heading')}
          head={[
            t('lenderInsights.source.source'),
            t('lenderInsights.source.received'),
            t('lenderInsights.source.offers'),
            t('lenderInsights.source.accepted'),
            t('lenderInsights.source.conversion'),
          ]}
          rows={insights.bySource.map((row) => [
            source(row.source),
            count(row.received),
            count(row.offersMade),
            count(row.offersAccepted),
            percent(row.conversion),
          ])}
        />
      </section>
    </>
  )
}

export default function InsightsPage({ loaderData }: Route.ComponentProps) {
  const { t, intlLocale } = useI18n()
  const { workspace, query, result } = loaderData
  const fieldError = (name: 'from' | 'to') =>
    result.ok ? undefined : result.fields?.find((field) => field.path === name)?.message
  const period = result.ok ? result.insights.period : null
  const day = (iso: string) =>
    new Intl.DateTimeFormat(intlLocale, { timeZone: 'UTC', dateStyle: 'medium' }).format(
      new Date(`${iso}T00:00:00Z`),
    )
  return (
    <LenderPage workspace={workspace}>
      <h1 className="text-3xl font-bold text-slate-900">{t('lenderInsights.heading')}</h1>
      <p className="mt-2 max-w-prose text-slate-700">{t('lenderInsights.lead')}</p>

      <form method="get" className="mt-6 flex flex-wrap items-end gap-4">
        <fieldset className="flex flex-wrap items-end gap-4">
          <legend className="mb-2 font-semibold text-slate-900">{t('lenderInsights.period.legend')}</legend>
          {(['from', 'to'] as const).map((name) => {
            const error = fieldError(name)
            return (
              <div key={name} className="flex flex-col">
                <label htmlFor={`insights-${name}`} className="text-sm text-slate-800">
                  {t(name === 'from' ? 'lenderInsights.period.from' : 'lenderInsights.period.to')}
                </label>
                <input
                  id={`insights-${name}`}
                  name={name}
                  type="date"
                  defaultValue={period?.[name] ?? query[name] ?? ''}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `insights-${name}-error` : undefined}
                  className="mt-1 rounded border border-slate-400 px-2 py-1"
                />
                {error ? (
                  <p id={`insights-${name}-error`} className="mt-1 text-sm text-red-700">
                    {error}
                  </p>
                ) : null}
              </div>
            )
          })}
        </fieldset>
        <button
          type="submit"
          className="rounded bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800"
        >
          {t('lenderInsights.period.show')}
        </button>
      </form>

      {result.ok && period ? (
        <>
          <p className="mt-4 text-slate-700">
            {t('lenderInsights.period.showing', { from: day(period.from), to: day(period.to) })}{' '}
            <a
              className="text-blue-700 underline"
              href={`/api/v1/lender/insights.csv?from=${period.from}&to=${period.to}`}
              download
            >
              {t('lenderInsights.csv')}
            </a>
          </p>
          {result.insights.received === 0 ? (
            <p className="mt-6 text-slate-700">{t('lenderInsights.empty')}</p>
          ) : (
            <Figures insights={result.insights} />
          )}
        </>
      ) : result.ok ? null : (
        <p role="alert" className="mt-4 text-red-700">
          {result.message}
        </p>
      )}
    </LenderPage>
  )
}
