import { representativeExample } from '@lainava/domain/representative-example'
import { formatCurrency, formatPercent, yearsLabel } from '@lainava/i18n'
import { useId } from 'react'
import { useI18n } from '../../lib/i18n.tsx'

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
  const { t, intlLocale } = useI18n()
  const titleId = useId()
  const example = representativeExample(amount, years)
  const euros = (value: number) => formatCurrency(intlLocale, value, { cents: false })
  const money = (value: number) => formatCurrency(intlLocale, value)
  const percent = (value: number) => formatPercent(intlLocale, value, 2)
  return (
    <section aria-labelledby={titleId} className="rounded-xl bg-slate-50 p-5 text-sm text-slate-700">
      <h2 id={titleId} className="text-base font-semibold text-slate-900">
        {t('example.title')}
      </h2>
      <p className="mt-2">
        {t('example.text', {
          amount: euros(example.amount),
          years: yearsLabel(t, years),
          nominal: percent(example.nominalRate),
          openingFee: money(example.openingFee),
          monthlyFee: money(example.monthlyFee),
          apr: percent(example.apr),
          payment: money(example.monthlyPayment),
          cost: money(example.totalCost),
          total: money(example.totalPayable),
        })}
      </p>
      <p className="mt-2">{t('example.note', { brand: brandName })}</p>
      <p className="mt-3 font-semibold text-slate-900" role="note">
        {t('warning.borrowingCosts')}
      </p>
    </section>
  )
}
