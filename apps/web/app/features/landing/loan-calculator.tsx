// Subpath imports keep the landing's bundle to the loan maths it uses.
import { roundHalfUp } from '@lainava/domain/loan-math'
import {
  businessExamplePricing,
  type EuriborQuote,
  type LoanProduct,
  maxPeriodFor,
  mortgageExamplePricing,
  productLimits,
} from '@lainava/domain/pricing-profiles'
import { productExample, representativeExample } from '@lainava/domain/representative-example'
import { formatCurrency, formatPercent, yearsLabel } from '@lainava/i18n'
import { pathFor } from '@lainava/routing'
import { useId, useMemo, useState } from 'react'
import { ExampleText, monthsLabel, ratePercent } from '../../components/legal/representative-example.tsx'
import { Button } from '../../components/ui/button.tsx'
import { Slider } from '../../components/ui/slider.tsx'
import { useI18n } from '../../lib/i18n.tsx'

/** The product's example for `amount` over `period` (in the product's period unit). */
function exampleFor(product: LoanProduct, euribor: EuriborQuote | null, amount: number, period: number) {
  if (product === 'consumer') return representativeExample(amount, period)
  if (!euribor) throw new Error(`the ${product} example needs the 12-month Euribor`)
  return product === 'mortgage'
    ? productExample(product, mortgageExamplePricing(euribor), amount, period * 12)
    : productExample(product, businessExamplePricing(euribor), amount, period)
}

/**
 * The loan calculator: amount and period within the product's own limits, the estimated monthly
 * payment and the product's representative example (law: any stated credit term comes with one).
 * A plain GET form, so the button works before the page's JavaScript has loaded.
 */
export function LoanCalculator({
  brandName,
  product = 'consumer',
  euribor = null,
  defaults,
  hidden,
  action,
  submitLabel,
  onSubmit,
}: {
  brandName: string
  /** Whose limits and pricing (issue 14: a mortgage page shows a mortgage example). */
  product?: LoanProduct
  /** The latest 12-month Euribor: the mortgage and business examples are priced on it. */
  euribor?: EuriborQuote | null
  /** The page's own starting point (loan pages); the landing uses the product defaults. */
  defaults?: { amount: number; years: number }
  /** Hidden fields sent with amount and period, e.g. the consumer-loan purpose (spec §5 prefill). */
  hidden?: Record<string, string | null>
  /** Where the button goes; the consumer loan form by default. */
  action?: string
  submitLabel?: string
  /** Called as the form is sent (the landing counts an application started, issue 18 item 7). */
  onSubmit?: () => void
}) {
  const { t, lang, intlLocale } = useI18n()
  const limits = productLimits(product)
  const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value))
  const [amount, setAmount] = useState<number>(
    clamp(defaults?.amount ?? limits.defaultAmount, limits.minAmount, limits.maxAmount),
  )
  // The page's default period is in years; a product counted in months gets it in months.
  const defaultPeriod =
    defaults && limits.periodUnit === 'months'
      ? defaults.years * 12
      : (defaults?.years ?? limits.defaultPeriod)
  const [chosenPeriod, setPeriod] = useState<number>(
    clamp(defaultPeriod, limits.minPeriod, maxPeriodFor(product, amount)),
  )
  // spec §9: the longest period can depend on the amount (an SME loan under 100 000 € runs 60 months).
  const maxPeriod = maxPeriodFor(product, amount)
  const period = Math.min(chosenPeriod, maxPeriod)
  const example = useMemo(
    () => exampleFor(product, euribor, amount, period),
    [product, euribor, amount, period],
  )
  const periodLabel = (count: number) =>
    limits.periodUnit === 'months' ? monthsLabel(t, count) : yearsLabel(t, count)
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
        onSubmit={onSubmit}
      >
        {Object.entries(hidden ?? {}).map(([name, value]) =>
          value ? <input key={name} type="hidden" name={name} value={value} /> : null,
        )}
        <Slider
          name="amount"
          label={t('calculator.amount')}
          value={amount}
          onValueChange={setAmount}
          min={limits.minAmount}
          max={limits.maxAmount}
          step={limits.amountStep}
          formatValue={euros}
        />
        <Slider
          name="period"
          label={t('calculator.period')}
          value={period}
          onValueChange={setPeriod}
          min={limits.minPeriod}
          max={maxPeriod}
          formatValue={periodLabel}
        />
        <div className="rounded-xl bg-brand-50 p-4">
          <p className="text-sm font-medium text-slate-700">{t('calculator.monthlyPayment')}</p>
          <output
            data-testid="monthly-payment"
            aria-live="polite"
            aria-describedby={exampleId}
            className="block text-2xl font-bold text-brand-900 min-[360px]:text-3xl"
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
          <dd className="text-right text-slate-900">{ratePercent(intlLocale, example.nominalRate)}</dd>
          <dt className="text-slate-700">{t('example.costs')}</dt>
          <dd className="text-right text-slate-900">{money(example.totalCost)}</dd>
          <dt className="text-slate-700">{t('example.total')}</dt>
          <dd className="text-right text-slate-900">{money(example.totalPayable)}</dd>
        </dl>
        <ExampleText example={example} brandName={brandName} periodUnit={limits.periodUnit} />
      </section>
    </section>
  )
}
