// Subpath imports keep the landing's bundle to the loan maths it uses.
import { CONSUMER_LOAN_LIMITS } from '@lainava/domain/constants'
import { roundHalfUp } from '@lainava/domain/loan-math'
import { representativeExample } from '@lainava/domain/representative-example'
import { formatCurrency, formatPercent, yearsLabel } from '@lainava/i18n'
import { pathFor } from '@lainava/routing'
import { useId, useMemo, useState } from 'react'
import { ExampleText } from '../../components/legal/representative-example.tsx'
import { Button } from '../../components/ui/button.tsx'
import { Slider } from '../../components/ui/slider.tsx'
import { useI18n } from '../../lib/i18n.tsx'

/**
 * The landing calculator: amount and period, the estimated monthly payment and
 * the representative example (law: any stated credit term comes with one). A
 * plain GET form, so the button works before the page's JavaScript has loaded.
 */
export function LoanCalculator({
  brandName,
  defaults,
  hidden,
  action,
  submitLabel,
}: {
  brandName: string
  /** The page's own starting point (loan pages); the landing uses the product defaults. */
  defaults?: { amount: number; years: number }
  /** Hidden fields sent with amount and period, e.g. the consumer-loan purpose (spec §5 prefill). */
  hidden?: Record<string, string | null>
  /** Where the button goes; the consumer loan form by default. */
  action?: string
  submitLabel?: string
}) {
  const { t, lang, intlLocale } = useI18n()
  const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value))
  const [amount, setAmount] = useState<number>(
    clamp(
      defaults?.amount ?? CONSUMER_LOAN_LIMITS.defaultAmount,
      CONSUMER_LOAN_LIMITS.minAmount,
      CONSUMER_LOAN_LIMITS.maxAmount,
    ),
  )
  const [years, setYears] = useState<number>(
    clamp(
      defaults?.years ?? CONSUMER_LOAN_LIMITS.defaultYears,
      CONSUMER_LOAN_LIMITS.minYears,
      CONSUMER_LOAN_LIMITS.maxYears,
    ),
  )
  const example = useMemo(() => representativeExample(amount, years), [amount, years])
  const titleId = useId()
  const exampleId = useId()

  const euros = (value: number) => formatCurrency(intlLocale, value, { cents: false })
  const money = (value: number) => formatCurrency(intlLocale, value)
  // APR: at least one decimal, rounded half up (product decisions, "Law").
  const percent = (fraction: number) => formatPercent(intlLocale, roundHalfUp(fraction * 100, 2) / 100, 2)

  return (
    <section aria-labelledby={titleId} className="rounded-2xl bg-white p-6 shadow-lg ring-1 ring-slate-200">
      <h2 id={titleId} className="text-xl font-bold text-slate-900">
        {t('calculator.title')}
      </h2>
      <form
        method="get"
        action={action ?? pathFor('consumerLoanForm', lang)}
        className="mt-4 flex flex-col gap-5"
      >
        {Object.entries(hidden ?? {}).map(([name, value]) =>
          value ? <input key={name} type="hidden" name={name} value={value} /> : null,
        )}
        <Slider
          name="amount"
          label={t('calculator.amount')}
          value={amount}
          onValueChange={setAmount}
          min={CONSUMER_LOAN_LIMITS.minAmount}
          max={CONSUMER_LOAN_LIMITS.maxAmount}
          step={CONSUMER_LOAN_LIMITS.amountStep}
          formatValue={euros}
        />
        <Slider
          name="period"
          label={t('calculator.period')}
          value={years}
          onValueChange={setYears}
          min={CONSUMER_LOAN_LIMITS.minYears}
          max={CONSUMER_LOAN_LIMITS.maxYears}
          formatValue={(count) => yearsLabel(t, count)}
        />
        <div className="rounded-xl bg-brand-50 p-4">
          <p className="text-sm font-medium text-slate-700">{t('calculator.monthlyPayment')}</p>
          <output
            data-testid="monthly-payment"
            aria-live="polite"
            aria-describedby={exampleId}
            className="block text-3xl font-bold text-brand-900"
          >
            {t('calculator.perMonth', { amount: money(example.monthlyPayment) })}
          </output>
        </div>
        <Button type="submit" variant="primary" size="lg">
          {submitLabel ?? t('calculator.submit')}
        </Button>
      </form>
      <section
        id={exampleId}
        aria-label={t('example.title')}
        className="mt-6 border-t border-slate-200 pt-4 text-sm"
      >
        <h3 className="font-semibold text-slate-900">{t('example.title')}</h3>
        <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1">
          <dt className="text-slate-700">{t('example.apr')}</dt>
          <dd className="text-right font-semibold text-slate-900">{percent(example.apr)}</dd>
          <dt className="text-slate-700">{t('example.nominal')}</dt>
          <dd className="text-right text-slate-900">{percent(example.nominalRate)}</dd>
          <dt className="text-slate-700">{t('example.costs')}</dt>
          <dd className="text-right text-slate-900">{money(example.totalCost)}</dd>
          <dt className="text-slate-700">{t('example.total')}</dt>
          <dd className="text-right text-slate-900">{money(example.totalPayable)}</dd>
        </dl>
        <ExampleText example={example} brandName={brandName} />
      </section>
    </section>
  )
}
