import { roundHalfUp } from '@lainava/domain/rounding'
import { formatCurrency, formatPercent, yearsLabel } from '@lainava/i18n'
import { pathFor } from '@lainava/routing'
import { useId, useMemo, useState } from 'react'
import { ExampleText, monthsLabel, ratePercent } from '../../components/legal/example-text.tsx'
import { Button } from '../../components/ui/button.tsx'
import { Slider } from '../../components/ui/slider.tsx'
import { useI18n } from '../../lib/i18n.tsx'
import type { CalculatorSeed, PeriodCap } from './calculator-math.ts'
import { type CalculatorMath, loadCalculatorMath, loadedCalculatorMath } from './calculator-math-loader.ts'

/**
 * The longest period for `amount` from the seed's caps: no maths needed, so the period slider's
 * range is right from the first move (spec §9).
 */
export function maxPeriodFromCaps(caps: readonly PeriodCap[], amount: number): number {
  let maxPeriod = caps[0]?.maxPeriod ?? 0
  for (const cap of caps) if (amount >= cap.fromAmount) maxPeriod = cap.maxPeriod
  return maxPeriod
}

/**
 * The maths once they are here: null until then. `load` starts loading them (the first touch of
 * the calculator); `loading` while an attempt runs; `failed` when the last attempt could not load
 * them in time (the next one tries again, and the failure stands until it answers: a tap on the
 * button must not move the button by changing the text above it).
 */
function useCalculatorMath() {
  const [math, setMath] = useState<CalculatorMath | null>(loadedCalculatorMath)
  const [loading, setLoading] = useState(false)
  const [failed, setFailed] = useState(false)
  const load = () => {
    if (math) return
    setLoading(true)
    void loadCalculatorMath().then((module) => {
      if (module) setMath(module)
      setFailed(!module)
      setLoading(false)
    })
  }
  return { math, loading, failed, load }
}

/**
 * The loan calculator: amount and period within the product's own limits, the estimated monthly
 * payment and the product's representative example (law: any stated credit term comes with one).
 * A plain GET form, so the button works before the page's JavaScript has loaded, and whether or
 * not the maths do. The first view is the server's (`seed`); the maths load on the first touch
 * (ADR 053). Until they come, a moved slider's figures show busy; if they cannot be loaded, the
 * monthly payment says so, and the example (which states its own amount and period) stays.
 */
export function LoanCalculator({
  brandName,
  seed,
  hidden,
  action,
  submitLabel,
  onSubmit,
}: {
  brandName: string
  /** The first view from the loader (`calculatorSeed`): product, limits, amount, period and example. */
  seed: CalculatorSeed
  /** Hidden fields sent with amount and period, e.g. the consumer-loan purpose (spec §5 prefill). */
  hidden?: Record<string, string | null>
  /** Where the button goes; the consumer loan form by default. */
  action?: string
  submitLabel?: string
  /** Called as the form is sent (the landing counts an application started, issue 18 item 7). */
  onSubmit?: () => void
}) {
  const { t, lang, intlLocale } = useI18n()
  const { product, euribor, limits } = seed
  const [amount, setAmount] = useState<number>(seed.amount)
  const [chosenPeriod, setPeriod] = useState<number>(seed.period)
  const { math, loading, failed, load } = useCalculatorMath()
  const live = useMemo(
    () => (math ? math.calculatorFigures(product, euribor, amount, chosenPeriod) : null),
    [math, product, euribor, amount, chosenPeriod],
  )
  const figures = live ?? seed
  // spec §9: the longest period can depend on the amount (an SME loan under 100 000 € runs 60 months).
  const maxPeriod = maxPeriodFromCaps(seed.periodCaps, amount)
  const period = Math.min(chosenPeriod, maxPeriod)
  const { example } = figures
  // The seed's figures are for other values until the maths come (the payment shows "calculating",
  // busy while a load runs), or until they are known not to come in time (the payment says so).
  const stale = live === null && (amount !== seed.amount || period !== seed.period)
  const unavailable = stale && failed
  const pending = stale && !failed
  const periodLabel = (count: number) =>
    limits.periodUnit === 'months' ? monthsLabel(t, count) : yearsLabel(t, count)
  const titleId = useId()
  const exampleId = useId()

  const euros = (value: number) => formatCurrency(intlLocale, value, { cents: false })
  const money = (value: number) => formatCurrency(intlLocale, value)
  // APR: at least one decimal, rounded half up (product decisions, "Law").
  const percent = (fraction: number) => formatPercent(intlLocale, roundHalfUp(fraction * 100, 2) / 100, 2)
  const change = (set: (value: number) => void) => (value: number) => {
    set(value)
    load()
  }

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
        onFocus={load}
        onPointerDown={load}
      >
        {Object.entries(hidden ?? {}).map(([name, value]) =>
          value ? <input key={name} type="hidden" name={name} value={value} /> : null,
        )}
        <Slider
          name="amount"
          label={t('calculator.amount')}
          value={amount}
          onValueChange={change(setAmount)}
          min={limits.minAmount}
          max={limits.maxAmount}
          step={limits.amountStep}
          formatValue={euros}
        />
        <Slider
          name="period"
          label={t('calculator.period')}
          value={period}
          onValueChange={change(setPeriod)}
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
            aria-busy={(pending && loading) || undefined}
            className={
              unavailable
                ? 'block text-base font-bold text-brand-900'
                : 'block text-xl font-bold text-brand-900 [overflow-wrap:anywhere] min-[360px]:text-3xl'
            }
          >
            {unavailable ? (
              t('calculator.unavailable')
            ) : pending ? (
              // Not yet computed for the values shown: no figure (it would be for other values), on the
              // figure's own line so nothing moves.
              <span className="text-slate-600">{t('calculator.calculating')}</span>
            ) : (
              t('calculator.perMonth', { amount: money(example.monthlyPayment) })
            )}
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
