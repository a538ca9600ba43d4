import { CONSUMER_LOAN_PURPOSES } from '@lainava/domain/application/enums'
import { CONSUMER_LOAN_LIMITS } from '@lainava/domain/constants'
import { representativeExample } from '@lainava/domain/representative-example'
import { formatCurrency } from '@lainava/i18n'
import { useId } from 'react'
import { ExampleText } from '../../components/legal/representative-example.tsx'
import { Slider } from '../../components/ui/slider.tsx'
import { useI18n } from '../../lib/i18n.tsx'
import { useRootData } from '../../lib/root-data-context.tsx'
import { CheckField, EnumField, useError, useForm } from './fields.tsx'

/** The consumer loan form's first step: amount, period, the representative example, purpose. */
export function LoanStep() {
  const { data, setField } = useForm()
  const { t, intlLocale } = useI18n()
  const example = representativeExample(data.loan.amount, data.loan.period)
  const exampleId = useId()
  const brandName = useRootData()?.brandName ?? ''
  // Issue 14: an error on a slider is marked there, never only in the form's summary.
  const amountError = useError('loan.amount')
  const periodError = useError('loan.period')
  return (
    <div className="flex flex-col gap-5">
      <Slider
        id="field-loan-amount"
        name="amount"
        label={t('field.amount')}
        value={data.loan.amount}
        onValueChange={(value) => setField('loan.amount', value)}
        error={amountError}
        min={CONSUMER_LOAN_LIMITS.minAmount}
        max={CONSUMER_LOAN_LIMITS.maxAmount}
        step={CONSUMER_LOAN_LIMITS.amountStep}
        formatValue={(value) => formatCurrency(intlLocale, value, { cents: false })}
      />
      <Slider
        id="field-loan-period"
        name="period"
        label={t('field.period')}
        value={data.loan.period}
        onValueChange={(value) => setField('loan.period', value)}
        error={periodError}
        min={CONSUMER_LOAN_LIMITS.minYears}
        max={CONSUMER_LOAN_LIMITS.maxYears}
        formatValue={(value) => t('calculator.years', { count: value })}
      />
      <p className="rounded-lg bg-brand-50 p-3" aria-live="polite" aria-describedby={exampleId}>
        {t('calculator.monthlyPayment')}:{' '}
        <strong data-testid="form-monthly-payment">
          {t('calculator.perMonth', { amount: formatCurrency(intlLocale, example.monthlyPayment) })}
        </strong>
      </p>
      {/* Law: a stated monthly payment comes with the representative example and the warning. */}
      <section
        id={exampleId}
        aria-labelledby={`${exampleId}-title`}
        className="rounded-lg bg-slate-50 p-4 text-sm"
        data-testid="form-representative-example"
      >
        <h3 id={`${exampleId}-title`} className="font-semibold text-slate-900">
          {t('example.title')}
        </h3>
        <ExampleText example={example} brandName={brandName} />
      </section>
      <EnumField path="loan.purpose" label="field.purpose" group="purpose" values={CONSUMER_LOAN_PURPOSES} />
      <CheckField path="loan.refinance" label="field.refinance" />
    </div>
  )
}
