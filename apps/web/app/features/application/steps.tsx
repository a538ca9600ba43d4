import {
  CARD_TYPES,
  CONSUMER_LOAN_PURPOSES,
  DEBT_TYPES,
  EDUCATIONS,
  EMPLOYMENT_TYPES,
  HOME_TYPES,
  HOUSING_TYPES,
  JOB_POSITIONS,
  MARITAL_STATUSES,
} from '@lainava/domain/application/enums'
import { CONSUMER_LOAN_LIMITS } from '@lainava/domain/constants'
import { representativeExample } from '@lainava/domain/representative-example'
import { formatCurrency } from '@lainava/i18n'
import { pathFor } from '@lainava/routing'
import { useContext, useId } from 'react'
import { ExampleText } from '../../components/legal/representative-example.tsx'
import { Button } from '../../components/ui/button.tsx'
import { Slider } from '../../components/ui/slider.tsx'
import { useI18n } from '../../lib/i18n.tsx'
import { useRootData } from '../../lib/root-data-context.tsx'
import {
  CheckField,
  CountryField,
  EnumField,
  enumKey,
  FormContext,
  MoneyField,
  TextField,
  useError,
} from './fields.tsx'
import type { CardRow, DebtRow } from './form-state.ts'
import { RecipientList, type RecipientsPreview } from './recipients.tsx'

const EMPLOYED = ['permanent', 'temporary', 'part-time']

function useForm() {
  const value = useContext(FormContext)
  if (!value) throw new Error('steps must be inside FormContext')
  return value
}

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

export function ApplicantFields({ prefix }: { prefix: string }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <TextField path={`${prefix}.firstName`} label="field.firstName" autoComplete="given-name" />
      <TextField path={`${prefix}.lastName`} label="field.lastName" autoComplete="family-name" />
      <TextField path={`${prefix}.hetu`} label="field.hetu" hint="field.hetuHint" autoComplete="off" />
      <TextField
        path={`${prefix}.email`}
        label="field.email"
        type="email"
        inputMode="email"
        autoComplete="email"
      />
      <TextField path={`${prefix}.phone`} label="field.phone" type="tel" inputMode="tel" autoComplete="tel" />
      <TextField path={`${prefix}.address`} label="field.address" autoComplete="street-address" />
      <TextField
        path={`${prefix}.postcode`}
        label="field.postcode"
        inputMode="numeric"
        autoComplete="postal-code"
      />
      <TextField path={`${prefix}.city`} label="field.city" autoComplete="address-level2" />
      <CountryField path={`${prefix}.citizenship`} label="field.citizenship" />
      <EnumField
        path={`${prefix}.maritalStatus`}
        label="field.maritalStatus"
        group="maritalStatus"
        values={MARITAL_STATUSES}
      />
      <EnumField path={`${prefix}.education`} label="field.education" group="education" values={EDUCATIONS} />
      <EnumField path={`${prefix}.housing`} label="field.housing" group="housing" values={HOUSING_TYPES} />
      <EnumField path={`${prefix}.homeType`} label="field.homeType" group="homeType" values={HOME_TYPES} />
      <MoneyField path={`${prefix}.housingCostsPerMonth`} label="field.housingCostsPerMonth" />
      <TextField path={`${prefix}.adults`} label="field.adults" inputMode="numeric" />
      <TextField path={`${prefix}.children`} label="field.children" inputMode="numeric" />
    </div>
  )
}

export function WorkFields({ prefix }: { prefix: string }) {
  const { data } = useForm()
  const employment = String((prefix === 'work' ? data.work : data.coApplicant.work).employmentType)
  const employed = EMPLOYED.includes(employment)
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <EnumField
        path={`${prefix}.employmentType`}
        label="field.employmentType"
        group="employment"
        values={EMPLOYMENT_TYPES}
      />
      {employed ? (
        <>
          <EnumField
            path={`${prefix}.jobPosition`}
            label="field.jobPosition"
            group="jobPosition"
            values={JOB_POSITIONS}
          />
          <TextField path={`${prefix}.employer`} label="field.employer" autoComplete="organization" />
          <TextField path={`${prefix}.employedSince`} label="field.employedSince" type="date" />
        </>
      ) : null}
      <MoneyField path={`${prefix}.monthlyGrossIncome`} label="field.monthlyGrossIncome" />
      <MoneyField path={`${prefix}.monthlyNetIncome`} label="field.monthlyNetIncome" />
      <MoneyField path={`${prefix}.otherIncome`} label="field.otherIncome" />
    </div>
  )
}

export function DebtFields({ prefix }: { prefix: string }) {
  const { data, setField } = useForm()
  const { t } = useI18n()
  const debts = prefix === 'debts' ? data.debts : data.coApplicant.debts
  const newDebt = (): DebtRow => ({
    rowId: crypto.randomUUID(),
    type: '',
    remaining: '',
    monthlyPayment: '',
    refinance: false,
  })
  const newCard = (): CardRow => ({ rowId: crypto.randomUUID(), cardType: '', limit: '' })
  return (
    <div className="flex flex-col gap-6">
      <fieldset className="flex flex-col gap-4">
        <legend className="text-lg font-semibold">{t('field.debts')}</legend>
        {debts.debts.map((row, index) => (
          <fieldset
            key={row.rowId}
            className="grid gap-3 rounded-lg border border-slate-200 p-4 md:grid-cols-2"
          >
            <legend className="px-1 font-medium">{t('field.debtNumber', { number: index + 1 })}</legend>
            <EnumField
              path={`${prefix}.debts.${index}.type`}
              label="field.debtType"
              group="debtType"
              values={DEBT_TYPES}
            />
            <MoneyField path={`${prefix}.debts.${index}.remaining`} label="field.remaining" />
            <MoneyField path={`${prefix}.debts.${index}.monthlyPayment`} label="field.monthlyPayment" />
            <CheckField path={`${prefix}.debts.${index}.refinance`} label="field.debtRefinance" />
            <div>
              <Button
                variant="ghost"
                onClick={() =>
                  setField(
                    `${prefix}.debts`,
                    debts.debts.filter((__, other) => other !== index),
                  )
                }
              >
                {t('field.removeDebt', { number: index + 1 })}
              </Button>
            </div>
          </fieldset>
        ))}
        <div>
          <Button
            variant="secondary"
            onClick={() => setField(`${prefix}.debts`, [...debts.debts, newDebt()])}
          >
            {t('field.addDebt')}
          </Button>
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-4">
        <legend className="text-lg font-semibold">{t('field.creditCards')}</legend>
        {debts.creditCards.map((row, index) => (
          <fieldset
            key={row.rowId}
            className="grid gap-3 rounded-lg border border-slate-200 p-4 md:grid-cols-2"
          >
            <legend className="px-1 font-medium">{t('field.cardNumber', { number: index + 1 })}</legend>
            <EnumField
              path={`${prefix}.creditCards.${index}.cardType`}
              label="field.cardType"
              group="cardType"
              values={CARD_TYPES}
            />
            <MoneyField path={`${prefix}.creditCards.${index}.limit`} label="field.limit" />
            <div>
              <Button
                variant="ghost"
                onClick={() =>
                  setField(
                    `${prefix}.creditCards`,
                    debts.creditCards.filter((__, other) => other !== index),
                  )
                }
              >
                {t('field.removeCard', { number: index + 1 })}
              </Button>
            </div>
          </fieldset>
        ))}
        <div>
          <Button
            variant="secondary"
            onClick={() => setField(`${prefix}.creditCards`, [...debts.creditCards, newCard()])}
          >
            {t('field.addCard')}
          </Button>
        </div>
      </fieldset>
      <CheckField path={`${prefix}.paymentDefaults`} label="field.paymentDefaults" />
    </div>
  )
}

export function CoApplicantStep() {
  const { data } = useForm()
  const { t } = useI18n()
  return (
    <div className="flex flex-col gap-6">
      <CheckField path="hasCoApplicant" label="field.hasCoApplicant" />
      {data.hasCoApplicant ? (
        <>
          <p className="text-slate-700">{t('field.coApplicantLead')}</p>
          <ApplicantFields prefix="coApplicant.applicant" />
          <WorkFields prefix="coApplicant.work" />
          <DebtFields prefix="coApplicant.debts" />
        </>
      ) : null}
    </div>
  )
}

export function ReviewStep({ recipients }: { recipients: RecipientsPreview }) {
  const { data } = useForm()
  const { t, intlLocale } = useI18n()
  const rows: Array<[string, string]> = [
    [t('field.amount'), formatCurrency(intlLocale, data.loan.amount, { cents: false })],
    [t('field.period'), t('calculator.years', { count: data.loan.period })],
    [t('field.purpose'), data.loan.purpose ? t(enumKey('purpose', data.loan.purpose)) : '–'],
    [t('field.firstName'), data.applicant.firstName],
    [t('field.lastName'), data.applicant.lastName],
    [t('field.email'), data.applicant.email],
    [t('field.phone'), data.applicant.phone],
    [t('field.monthlyNetIncome'), data.work.monthlyNetIncome],
    [
      t('form.step.coApplicant'),
      data.hasCoApplicant
        ? `${data.coApplicant.applicant.firstName} ${data.coApplicant.applicant.lastName}`
        : '–',
    ],
  ]
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="review-summary">
        <h3 id="review-summary" className="text-lg font-semibold">
          {t('review.summary')}
        </h3>
        <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-slate-700">{label}</dt>
              <dd className="text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <RecipientList preview={recipients} headingId="review-lenders" />
      <ConsentFields />
    </div>
  )
}

/** The consents of every application form: the four required ones and the marketing opt-ins. */
export function ConsentFields() {
  const { t, lang } = useI18n()
  // Issue 14: a consent names the document it accepts, and links to it.
  const link = (href: string, text: string) => (
    <a className="text-brand-800 underline underline-offset-4" href={href}>
      {text}
    </a>
  )
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="text-lg font-semibold">{t('review.consents')}</legend>
      <CheckField
        path="consents.termsAccepted"
        label="field.termsAccepted"
        hint={link(pathFor('terms', lang), t('field.termsLink'))}
      />
      <CheckField
        path="consents.privacyAccepted"
        label="field.privacyAccepted"
        hint={link(pathFor('privacyPolicy', lang), t('field.privacyLink'))}
      />
      <CheckField path="consents.creditCheckConsent" label="field.creditCheckConsent" />
      <CheckField path="consents.shareWithLendersConsent" label="field.shareWithLendersConsent" />
      <CheckField path="consents.marketingEmail" label="field.marketingEmail" />
      <CheckField path="consents.marketingSms" label="field.marketingSms" />
    </fieldset>
  )
}
