import type { MortgageEsis } from '@lainava/domain/mortgage/api'
import { pathFor } from '@lainava/routing'
import type { ReactNode } from 'react'
import { data, Link } from 'react-router'
import { Button } from '../../components/ui/button.tsx'
import { webContext } from '../../context.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { rootDataFromMatches } from '../../lib/root-data.ts'
import type { Route } from './+types/mortgage-esis-route'
import { requireOwner, UUID } from './mortgage-access.server.ts'
import { formatDay, mortgageFigures } from './mortgage-offer-format.ts'

// Issue 16 item 6: the European Standardised Information Sheet of a mortgage offer (Mortgage
// Credit Directive 2014/17/EU, Annex II), rendered by us from the offer's data, printable, in the
// page's language. Owner only; another person's offer is "not found", as in the API.

export async function loader({ request, url, params, context }: Route.LoaderArgs) {
  const services = context.get(webContext)
  const { user, language } = await requireOwner(services, request, url)
  const offerId = params.id ?? ''
  if (!UUID.test(offerId)) throw data(null, { status: 404 })
  const esis = await services.mortgage.esis({ userId: user.id, language, offerId })
  if (!esis) throw data(null, { status: 404 })
  return { esis, issuedAt: new Date().toISOString() }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const root = rootDataFromMatches(matches)
  if (!root || !loaderData) return []
  // Only a signed-in person sees this page: no robots meta (ADR 019).
  return [
    { title: `${root.t('mortgageEsis.title')}: ${loaderData.esis.offer.bank.name} – ${root.brandName}` },
  ]
}

export function ErrorBoundary() {
  const { t, lang } = useI18n()
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-2xl font-bold text-slate-900">{t('mortgageEsis.notFound')}</h1>
      <Link
        className="mt-4 inline-block text-brand-800 underline underline-offset-4"
        to={pathFor('mortgageStatus', lang)}
      >
        {t('mortgageEsis.back')}
      </Link>
    </div>
  )
}

const PRINT_CSS =
  '@media print { body header, body footer, body nav { display: none !important; } body { font-size: 11pt; } }'

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-6 break-inside-avoid border-t border-slate-300 pt-4">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  )
}

function Rows({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="mt-2 grid gap-y-1">
      {rows.map(([label, value]) => (
        <div key={label} className="flex flex-wrap justify-between gap-x-4 border-b border-slate-100 py-1">
          <dt className="text-slate-700">{label}</dt>
          <dd className="font-semibold text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

export default function MortgageEsisRoute({ loaderData, matches }: Route.ComponentProps) {
  const { t, lang, intlLocale } = useI18n()
  const brand = rootDataFromMatches(matches)?.brandName ?? 'Lainava'
  const { esis, issuedAt } = loaderData as { esis: MortgageEsis; issuedAt: string }
  const { offer, items } = esis
  const figures = mortgageFigures(offer, intlLocale, t)
  const oneOff = items.valuationFee + items.arrangementFee + items.collateralFee + offer.openingFee
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 print:max-w-none print:p-0" data-testid="mortgage-esis">
      {/* Printed, the sheet stands alone: the site's header, menus and footer stay off the paper. */}
      <style>{PRINT_CSS}</style>
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link className="text-brand-800 underline underline-offset-4" to={pathFor('mortgageStatus', lang)}>
          {t('mortgageEsis.back')}
        </Link>
        <Button variant="secondary" onClick={() => window.print()}>
          {t('mortgageEsis.print')}
        </Button>
      </div>
      <h1 className="mt-4 text-2xl font-bold break-words hyphens-auto text-slate-900 sm:text-3xl">
        {t('mortgageEsis.title')}
      </h1>
      <p className="mt-2 text-slate-700">{t('mortgageEsis.lead')}</p>
      <p className="mt-2 text-sm text-slate-700">
        {t('mortgageEsis.issued', { date: formatDay(intlLocale, issuedAt), validUntil: figures.validUntil })}
      </p>

      <Section id="esis-lender" title={t('mortgageEsis.section.lender')}>
        <Rows
          rows={[
            [t('mortgageEsis.lenderName'), offer.bank.name],
            [t('mortgageEsis.contact'), items.contact],
          ]}
        />
      </Section>
      <Section id="esis-intermediary" title={t('mortgageEsis.section.intermediary')}>
        <p className="mt-2 text-slate-800">{t('mortgageEsis.intermediaryText', { brand })}</p>
      </Section>
      <Section id="esis-features" title={t('mortgageEsis.section.features')}>
        <Rows
          rows={[
            [t('mortgageEsis.amount'), figures.amount],
            [t('mortgageEsis.currency'), t('mortgageEsis.currencyValue')],
            [t('mortgageEsis.duration'), figures.period],
            [t('mortgageEsis.repaymentType'), figures.repaymentType],
            [t('mortgageEsis.collateral'), items.collateral || t('mortgageEsis.collateralValue')],
            [
              t('mortgageEsis.stateGuarantee'),
              t(items.stateGuarantee ? 'mortgageForm.yes' : 'mortgageForm.no'),
            ],
          ]}
        />
      </Section>
      <Section id="esis-rate" title={t('mortgageEsis.section.rate')}>
        <Rows
          rows={[
            [t('mortgageEsis.referenceRate'), t(`mortgageStatus.reference.${offer.referenceRate}`)],
            [t('mortgageEsis.referenceValue'), figures.referenceRateValue],
            [t('mortgageEsis.margin'), figures.margin],
            [t('mortgageEsis.nominalRate'), figures.nominalRate],
            [t('mortgageEsis.apr'), figures.apr],
            [t('mortgageEsis.fees'), figures.money(oneOff)],
            [t('mortgageEsis.monthlyFee'), figures.monthlyFee],
            [t('mortgageEsis.totalCost'), figures.totalCost],
            [t('mortgageEsis.totalPayable'), figures.totalPayable],
          ]}
        />
        <p className="mt-2 text-sm text-slate-700">{t('mortgageEsis.aprNote')}</p>
      </Section>
      <Section id="esis-payments" title={t('mortgageEsis.section.payments')}>
        <Rows
          rows={[
            [t('mortgageEsis.frequency'), t('mortgageEsis.frequencyValue')],
            [t('mortgageEsis.count'), String(esis.numberOfInstalments)],
          ]}
        />
      </Section>
      <Section id="esis-instalment" title={t('mortgageEsis.section.instalment')}>
        <Rows
          rows={[
            [t('mortgageEsis.firstInstalment'), figures.firstInstalment],
            ...esis.stress.map((row): [string, string] => [
              t('mortgageEsis.stress', { points: row.risePoints }),
              figures.money(row.firstInstalment),
            ]),
          ]}
        />
      </Section>
      <Section id="esis-obligations" title={t('mortgageEsis.section.obligations')}>
        <p className="mt-2 text-slate-800">{items.insurance ?? t('mortgageEsis.none')}</p>
      </Section>
      <Section id="esis-early" title={t('mortgageEsis.section.earlyRepayment')}>
        <p className="mt-2 text-slate-800">{items.earlyRepayment || t('mortgageEsis.none')}</p>
      </Section>
      <Section id="esis-other" title={t('mortgageEsis.section.other')}>
        <p className="mt-2 text-slate-800">{t('mortgageEsis.reflection')}</p>
        <p className="mt-2 font-medium text-slate-900">
          {t('mortgageEsis.reflectionDays', { days: items.reflectionDays })}
        </p>
        <p className="mt-2 text-slate-800">{t('mortgageEsis.complaints')}</p>
        <p className="mt-2 text-slate-800">{t('mortgageEsis.nonCompliance')}</p>
      </Section>
    </article>
  )
}
