import { countryOptions } from '@lainava/domain/application/countries'
import {
  CARD_TYPES,
  DEBT_TYPES,
  EDUCATIONS,
  EMPLOYMENT_TYPES,
  HOME_TYPES,
  HOUSING_TYPES,
  JOB_POSITIONS,
  MARITAL_STATUSES,
} from '@lainava/domain/application/enums'
import type { MessageKey } from '@lainava/i18n'
import { formatCurrency } from '@lainava/i18n'
import { pathFor } from '@lainava/routing'
import { useMemo } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { Select } from '../../components/ui/select.tsx'
import { useI18n } from '../../lib/i18n.tsx'
import {
  CheckField,
  EnumField,
  enumKey,
  fieldId,
  MoneyField,
  TextField,
  useError,
  useForm,
} from './fields.tsx'
import { type CardRow, type DebtRow, getAt, type Step } from './form-state.ts'
import { RecipientList, type RecipientsPreview } from './recipients.tsx'

// The consumer loan form's steps after the first (and the credit card form's applicant and consents):
// loaded when the form is first touched, not with the page (ADR 050). The first step is loan-step.tsx.

const EMPLOYED = ['permanent', 'temporary', 'part-time']

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

/** Citizenship: a country from the list, named in the page's language (issue 14: a typed "Suomi" was refused). */
export function CountryField({ path, label }: { path: string; label: MessageKey }) {
  const { data, setField } = useForm()
  const { t, lang } = useI18n()
  const error = useError(path)
  const options = useMemo(() => countryOptions(lang), [lang])
  return (
    <Select
      id={fieldId(path)}
      label={t(label)}
      value={String(getAt(data, path) ?? '')}
      onChange={(event) => setField(path, event.target.value)}
      placeholder={t('field.choose')}
      options={options}
      autoComplete="country"
      error={error}
      required
    />
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

/** The step shown after the first, by name: the lazily loaded part of the consumer loan form. */
export default function LaterStep({ step, recipients }: { step: Step; recipients: RecipientsPreview }) {
  switch (step) {
    case 'applicant':
      return <ApplicantFields prefix="applicant" />
    case 'work':
      return <WorkFields prefix="work" />
    case 'debts':
      return <DebtFields prefix="debts" />
    case 'coApplicant':
      return <CoApplicantStep />
    case 'review':
      return <ReviewStep recipients={recipients} />
    default:
      return null
  }
}
