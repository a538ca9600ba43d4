// The representative example's text and its formatting, without the maths that compute it: the loan
// calculator shows an example computed on the server until the maths load (ADR 053).
import type { ExampleSource } from '@lainava/domain/pricing-profiles'
import type { RepresentativeLoanExample } from '@lainava/domain/representative-example'
import { roundHalfUp } from '@lainava/domain/rounding'
import { formatCurrency, formatDate, formatPercent, type Translate, yearsLabel } from '@lainava/i18n'
import { useId } from 'react'
import { useI18n } from '../../lib/i18n.tsx'

/** "6 kuukautta": a period counted in months (the SME calculator). */
export function monthsLabel(t: Translate, count: number): string {
  return t('calculator.months', { count: Math.round(count) })
}

/** A rate with two decimals, or three when it has them (Euribor 2,245 % + 0,63 % = 2,875 %), rounded half up. */
export function ratePercent(locale: string, fraction: number): string {
  const decimals = roundHalfUp(fraction * 100, 2) === roundHalfUp(fraction * 100, 3) ? 2 : 3
  return formatPercent(locale, roundHalfUp(fraction * 100, decimals) / 100, decimals)
}

/** "tammikuu 2026": the month of a monthly average (`2026-01`). */
function formatMonth(locale: string, month: string): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  )
}

/** Where the example's pricing comes from, with its date (issue 14: from data, and say which). */
function SourceText({ source }: { source: ExampleSource }) {
  const { t, intlLocale } = useI18n()
  const text = (() => {
    switch (source.kind) {
      case 'sandbox-lenders':
        return t('example.source.consumer', { lenders: source.lenders })
      case 'mortgage-survey':
        return t('example.source.mortgage', {
          euribor: ratePercent(intlLocale, source.euribor.rate),
          month: formatMonth(intlLocale, source.euribor.month),
          margin: ratePercent(intlLocale, source.margin),
          banks: source.banks,
          publisher: source.source.publisher,
          date: formatDate(intlLocale, source.source.asOf),
        })
      case 'sme-margin':
        return t('example.source.business', {
          euribor: ratePercent(intlLocale, source.euribor.rate),
          month: formatMonth(intlLocale, source.euribor.month),
          margin: ratePercent(intlLocale, source.margin),
          publisher: source.source.publisher,
          date: formatDate(intlLocale, source.source.asOf),
        })
    }
  })()
  return (
    <p className="mt-2 text-slate-700" data-testid="example-source">
      {text}{' '}
      {source.kind === 'sandbox-lenders' ? null : (
        <a
          className="text-brand-800 underline underline-offset-4"
          href={source.source.url}
          rel="noopener noreferrer external"
        >
          {t('example.source.link', { publisher: source.source.publisher })}
        </a>
      )}
    </p>
  )
}

/** The example's sentence, where its pricing comes from, who the broker is, and the warning. */
export function ExampleText({
  example,
  brandName,
  periodUnit = 'years',
}: {
  example: RepresentativeLoanExample
  brandName: string
  periodUnit?: 'years' | 'months'
}) {
  const { t, intlLocale } = useI18n()
  const euros = (value: number) => formatCurrency(intlLocale, value, { cents: false })
  const money = (value: number) => formatCurrency(intlLocale, value)
  // APR: rounded half up (product decisions, "Law").
  const percent = (fraction: number) => formatPercent(intlLocale, roundHalfUp(fraction * 100, 2) / 100, 2)
  return (
    <>
      <p className="mt-3 text-slate-700">
        {t('example.text', {
          amount: euros(example.amount),
          years: periodUnit === 'months' ? monthsLabel(t, example.months) : yearsLabel(t, example.years),
          nominal: ratePercent(intlLocale, example.nominalRate),
          openingFee: money(example.openingFee),
          monthlyFee: money(example.monthlyFee),
          apr: percent(example.apr),
          payment: money(example.monthlyPayment),
          cost: money(example.totalCost),
          total: money(example.totalPayable),
        })}
      </p>
      <SourceText source={example.source} />
      <p className="mt-2 text-slate-700">{t('example.note', { brand: brandName })}</p>
      <p className="mt-3 font-semibold text-slate-900" role="note">
        {t('warning.borrowingCosts')}
      </p>
    </>
  )
}

/** The representative example as a section of its own, from an example computed elsewhere (the loader). */
export function ExampleSection({
  example,
  brandName,
}: {
  example: RepresentativeLoanExample
  brandName: string
}) {
  const { t } = useI18n()
  const titleId = useId()
  return (
    <section aria-labelledby={titleId} className="rounded-xl bg-slate-50 p-5 text-sm text-slate-700">
      <h2 id={titleId} className="text-base font-semibold text-slate-900">
        {t('example.title')}
      </h2>
      <ExampleText example={example} brandName={brandName} />
    </section>
  )
}
