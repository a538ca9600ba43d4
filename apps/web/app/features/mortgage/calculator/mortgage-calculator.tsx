import { roundHalfUp } from '@lainava/domain/loan-math'
import {
  calculateMortgage,
  type MortgageCalculation,
  type StressRow,
} from '@lainava/domain/mortgage/calculator'
import { collateralShortfall, maxYears } from '@lainava/domain/mortgage/rules'
import { REPAYMENT_TYPES } from '@lainava/domain/mortgage/schemas'
import type { EuriborQuote } from '@lainava/domain/pricing-profiles'
import {
  formatCurrency,
  formatDate,
  formatPercent,
  type MessageKey,
  type Translate,
  yearsLabel,
} from '@lainava/i18n'
import { pathFor } from '@lainava/routing'
import { useId, useMemo } from 'react'
import { Link } from 'react-router'
import { ratePercent } from '../../../components/legal/representative-example.tsx'
import { buttonClasses } from '../../../components/ui/button.tsx'
import { CurrencyInput, NumberInput } from '../../../components/ui/number-input.tsx'
import { RadioGroup } from '../../../components/ui/radio-group.tsx'
import { useI18n } from '../../../lib/i18n.tsx'
import {
  applicationQuery,
  type CalculatorField,
  checkCalculatorValue,
  type MortgageCalculatorValue,
} from './calculator-value.ts'

// Issue 16: the mortgage calculator, on /asuntolainalaskuri/ and as the mortgage form's first step
// (M4). Controlled: the parent holds the value. The inputs carry names (price, ownFunds, years,
// repaymentType, marginPercent), so inside a plain form they are sent without JavaScript, and the
// results are rendered from the value on the server too.

export type MortgageCalculatorProps = {
  value: MortgageCalculatorValue
  onChange: (value: MortgageCalculatorValue) => void
  /** The address's language (links). */
  language: string
  /** The latest 12-month Euribor of the site's data. */
  euribor: EuriborQuote
  /** Show the link to /asuntolainahakemus/ with the figures (the calculator page); off in the form. */
  showContinue?: boolean
  /** Field errors from a server (message keys); otherwise the value's own check decides. */
  errors?: Partial<Record<CalculatorField, string>>
}

/** "lokakuu 2026": the month of a monthly average. */
function formatMonth(locale: string, month: string): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  )
}

/** "27 v 3 kk", or "25 vuotta" for whole years. */
function periodLabel(t: Translate, months: number): string {
  const years = Math.floor(months / 12)
  const rest = months % 12
  return rest === 0
    ? yearsLabel(t, years)
    : t('mortgage.calculator.periodYearsMonths', { years, months: rest })
}

export function MortgageCalculator({
  value,
  onChange,
  language,
  euribor,
  showContinue = false,
  errors,
}: MortgageCalculatorProps) {
  const { t, intlLocale } = useI18n()
  const titleId = useId()
  const check = checkCalculatorValue(value)
  const fieldErrors = errors ?? (check.ok ? {} : check.errors)
  const result = check.ok ? calculateMortgage(check.data, euribor) : null
  const calculation = result?.ok ? result.calculation : null
  const error = (field: CalculatorField) => {
    const key = fieldErrors[field]
    return key ? t(key as MessageKey) : undefined
  }
  const set = (patch: Partial<MortgageCalculatorValue>) => onChange({ ...value, ...patch })
  // The average margin the calculator falls back to, for the hint.
  const average = useMemo(
    () => calculateMortgage({ price: 200_000, ownFunds: 0, years: 20, repaymentType: 'annuity' }, euribor),
    [euribor],
  )
  const averageMargin = average.ok ? average.calculation.margin : null

  return (
    <section
      aria-labelledby={titleId}
      className="rounded-2xl bg-white p-4 shadow-lg ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id={titleId} className="text-xl font-bold text-slate-900">
        {t('mortgage.calculator.title')}
      </h2>
      <p className="mt-2 text-sm text-slate-700">{t('mortgage.calculator.lead')}</p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <CurrencyInput
          name="price"
          label={t('mortgage.field.price')}
          locale={intlLocale}
          value={value.price}
          onValueChange={(price) => set({ price })}
          maximumFractionDigits={0}
          min={0}
          error={error('price')}
          required
        />
        <CurrencyInput
          name="ownFunds"
          label={t('mortgage.field.ownFunds')}
          locale={intlLocale}
          value={value.ownFunds}
          onValueChange={(ownFunds) => set({ ownFunds })}
          maximumFractionDigits={0}
          min={0}
          error={error('ownFunds')}
          required
        />
        <NumberInput
          name="years"
          label={t('mortgage.field.years')}
          locale={intlLocale}
          value={value.years}
          onValueChange={(years) => set({ years })}
          maximumFractionDigits={0}
          min={1}
          max={maxYears(new Date())}
          error={error('years')}
          required
        />
        <NumberInput
          name="marginPercent"
          label={t('mortgage.field.margin')}
          locale={intlLocale}
          value={value.marginPercent}
          onValueChange={(marginPercent) => set({ marginPercent })}
          maximumFractionDigits={2}
          min={0}
          suffix="%"
          hint={
            averageMargin === null
              ? undefined
              : t('mortgage.calculator.marginHint', { margin: ratePercent(intlLocale, averageMargin) })
          }
          error={error('marginPercent')}
        />
        <RadioGroup
          className="sm:col-span-2"
          name="repaymentType"
          label={t('mortgage.field.repaymentType')}
          value={value.repaymentType}
          onValueChange={(repaymentType) => {
            const chosen = REPAYMENT_TYPES.find((type) => type === repaymentType)
            if (chosen) set({ repaymentType: chosen })
          }}
          options={REPAYMENT_TYPES.map((type) => ({
            value: type,
            label: t(`mortgage.option.repaymentType.${type}`),
          }))}
          error={error('repaymentType')}
        />
      </div>
      <Results calculation={calculation} language={language} showContinue={showContinue} check={check} />
    </section>
  )
}

function Results({
  calculation,
  language,
  showContinue,
  check,
}: {
  calculation: MortgageCalculation | null
  language: string
  showContinue: boolean
  check: ReturnType<typeof checkCalculatorValue>
}) {
  const { t, intlLocale } = useI18n()
  const resultsId = useId()
  const money = (amount: number) => formatCurrency(intlLocale, amount)
  const euros = (amount: number) => formatCurrency(intlLocale, amount, { cents: false })
  // APR: two decimals, rounded half up (product decisions, "Law").
  const apr = (fraction: number) => formatPercent(intlLocale, roundHalfUp(fraction * 100, 2) / 100, 2)
  const wholePercent = (fraction: number) => formatPercent(intlLocale, fraction, 0)

  if (!calculation || !check.ok) {
    return (
      <div className="mt-6 border-t border-slate-200 pt-4">
        <p aria-live="polite" className="font-medium text-slate-900" data-testid="mortgage-summary">
          {t('mortgage.calculator.invalid')}
        </p>
      </div>
    )
  }
  const { data } = check
  const equalPrincipal = calculation.repaymentType === 'equal-principal'
  const fixed = calculation.repaymentType === 'fixed-instalment'
  const today = new Date()
  const loan = {
    price: data.price,
    housingCompanyLoanShare: 0,
    loanAmount: calculation.loanAmount,
    otherCollateralValue: 0,
  }
  const general = collateralShortfall({ ...loan, purpose: 'next-home', aspLoan: false }, today)
  const firstHome = collateralShortfall({ ...loan, purpose: 'first-home', aspLoan: false }, today)
  const source = calculation.source.kind === 'mortgage-survey' ? calculation.source : null
  const row = (label: string, shown: string, testId?: string) => (
    <>
      <dt className="text-slate-700">{label}</dt>
      <dd className="text-right font-semibold text-slate-900" data-testid={testId}>
        {shown}
      </dd>
    </>
  )
  const stressLabel = (stress: StressRow) =>
    `${t('mortgage.calculator.stressRise', { points: Math.round(stress.rise * 100) })}, ${t('mortgage.calculator.stressRate').toLowerCase()} ${ratePercent(intlLocale, stress.nominalRate)}`

  return (
    <section aria-labelledby={resultsId} className="mt-6 border-t border-slate-200 pt-4">
      <h3 id={resultsId} className="font-semibold text-slate-900">
        {t('mortgage.calculator.results')}
      </h3>
      <p
        aria-live="polite"
        className="mt-2 rounded-xl bg-brand-50 p-4 text-lg font-bold text-brand-900"
        data-testid="mortgage-summary"
      >
        {t(equalPrincipal ? 'mortgage.calculator.summaryEqualPrincipal' : 'mortgage.calculator.summary', {
          instalment: money(calculation.firstInstalment),
          apr: apr(calculation.apr),
        })}
      </p>
      <dl className="mt-4 grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-2 text-sm">
        {row(t('mortgage.calculator.loanAmount'), euros(calculation.loanAmount), 'mortgage-loan-amount')}
        {row(
          t('mortgage.calculator.interest'),
          t('mortgage.calculator.interestValue', {
            rate: ratePercent(intlLocale, calculation.nominalRate),
            euribor: ratePercent(intlLocale, calculation.referenceRate),
            margin: ratePercent(intlLocale, calculation.margin),
          }),
        )}
        {row(
          t(equalPrincipal ? 'mortgage.calculator.firstInstalment' : 'mortgage.calculator.instalment'),
          money(calculation.firstInstalment),
        )}
        {equalPrincipal
          ? row(t('mortgage.calculator.lastInstalment'), money(calculation.lastInstalment))
          : null}
        {row(t('mortgage.calculator.totalInterest'), money(calculation.totalInterest))}
        {row(t('mortgage.calculator.fees'), money(calculation.openingFee))}
        {row(t('mortgage.calculator.totalCost'), money(calculation.totalCost))}
        {row(t('mortgage.calculator.totalPayable'), money(calculation.totalPayable))}
        {row(t('mortgage.calculator.apr'), apr(calculation.apr), 'mortgage-apr')}
      </dl>
      <p className="mt-2 text-xs text-slate-700">
        {t('mortgage.calculator.euriborMonth', { month: formatMonth(intlLocale, calculation.euribor.month) })}
        . {t('mortgage.calculator.aprNote')}
      </p>

      <h4 className="mt-5 font-semibold text-slate-900">{t('mortgage.calculator.stressTitle')}</h4>
      <p className="text-sm text-slate-700">{t('mortgage.calculator.stressCaption')}</p>
      <dl
        className="mt-2 grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-2 text-sm"
        data-testid="mortgage-stress"
      >
        {calculation.stress.map((stress) => (
          <div key={stress.rise} className="contents">
            <dt className="text-slate-700">{stressLabel(stress)}</dt>
            <dd className="text-right font-semibold text-slate-900">
              {fixed
                ? stress.months === null
                  ? t('mortgage.calculator.stressNever')
                  : `${money(stress.firstInstalment)} · ${periodLabel(t, stress.months)}`
                : money(stress.firstInstalment)}
            </dd>
          </div>
        ))}
      </dl>
      {fixed ? <p className="mt-2 text-sm text-slate-700">{t('mortgage.calculator.fixedNote')}</p> : null}

      {general.missingOwnFunds > 0 ? (
        <div
          role="note"
          className="mt-5 rounded-md border-l-4 border-amber-600 bg-amber-50 p-3 text-sm text-slate-900"
        >
          <p data-testid="mortgage-ltv-warning">
            {t('mortgage.calculator.ltvOver', {
              share: wholePercent(general.loanToValue),
              cap: wholePercent(general.cap),
              missing: euros(general.missingOwnFunds),
            })}
          </p>
          <p className="mt-1">
            {firstHome.missingOwnFunds > 0
              ? t('mortgage.calculator.ltvFirstHomeOver', {
                  cap: wholePercent(firstHome.cap),
                  missing: euros(firstHome.missingOwnFunds),
                })
              : t('mortgage.calculator.ltvFirstHomeOk', { cap: wholePercent(firstHome.cap) })}
          </p>
        </div>
      ) : null}

      {source ? (
        <p className="mt-4 text-xs text-slate-700">
          {t('mortgage.calculator.source', {
            banks: source.banks,
            publisher: source.source.publisher,
            date: formatDate(intlLocale, source.source.asOf),
          })}
        </p>
      ) : null}

      {showContinue ? (
        <p className="mt-5">
          <Link
            // Full width on a phone, so the long label wraps inside the button (320 px).
            className={`${buttonClasses('primary', 'lg')} w-full text-center sm:w-auto`}
            to={`${pathFor('mortgageForm', language)}?${applicationQuery(data)}`}
          >
            {t('mortgage.calculator.continue')}
          </Link>
        </p>
      ) : null}
    </section>
  )
}
