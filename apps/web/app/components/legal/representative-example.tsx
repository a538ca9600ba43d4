import { roundHalfUp } from '@lainava/domain/loan-math'
import { representativeExample } from '@lainava/domain/representative-example'
import { formatCurrency, formatPercent, yearsLabel } from '@lainava/i18n'
import { useId } from 'react'
import { useI18n } from '../../lib/i18n.tsx'

type Example = ReturnType<typeof representativeExample>

/** The example's sentence, who the broker is, and the warning that borrowing money costs money. */
export function ExampleText({ example, brandName }: { example: Example; brandName: string }) {
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
          years: yearsLabel(t, example.years),
          nominal: percent(example.nominalRate),
          openingFee: money(example.openingFee),
          monthlyFee: money(example.monthlyFee),
          apr: percent(example.apr),
          payment: money(example.monthlyPayment),
          cost: money(example.totalCost),
          total: money(example.totalPayable),
        })}
      </p>
      <p className="mt-2 text-slate-700">{t('example.note', { brand: brandName })}</p>
      <p className="mt-3 font-semibold text-slate-900" role="note">
        {t('warning.borrowingCosts')}
      </p>
    </>
  )
}

/**
 * The representative example (law: wherever a credit term is stated) computed by the
 * domain functions, with the warning that borrowing money costs money.
 */
export function RepresentativeExample({
  amount,
  years,
  brandName,
}: {
  amount: number
  years: number
  brandName: string
}) {
  const { t } = useI18n()
  const titleId = useId()
  return (
    <section aria-labelledby={titleId} className="rounded-xl bg-slate-50 p-5 text-sm text-slate-700">
      <h2 id={titleId} className="text-base font-semibold text-slate-900">
        {t('example.title')}
      </h2>
      <ExampleText example={representativeExample(amount, years)} brandName={brandName} />
    </section>
  )
}
