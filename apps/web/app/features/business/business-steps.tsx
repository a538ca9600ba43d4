import {
  COMPANY_ROLES,
  LEGAL_FORMS,
  type SmeConfig,
  smeMaxPeriod,
  TOL_2008_SECTIONS,
} from '@lainava/domain/application/business'
import { SME_LOAN_PURPOSES } from '@lainava/domain/application/enums'
import { businessExamplePricing, type EuriborQuote } from '@lainava/domain/pricing-profiles'
import { productExample } from '@lainava/domain/representative-example'
import { formatCurrency } from '@lainava/i18n'
import { pathFor } from '@lainava/routing'
import { useId } from 'react'
import { ExampleText, monthsLabel } from '../../components/legal/representative-example.tsx'
import { NumberInput } from '../../components/ui/number-input.tsx'
import { Slider } from '../../components/ui/slider.tsx'
import type { Recipient } from '../../context.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { useRootData } from '../../lib/root-data-context.tsx'
import {
  CheckField,
  ChoiceField,
  enumKey,
  fieldId,
  TextField,
  useBusinessForm,
  useFieldError,
} from './business-fields.tsx'

/** spec §3/§5: amount and months within the SME config, the longest period by the amount, the purpose. */
export function CalculatorStep({ config, euribor }: { config: SmeConfig; euribor: EuriborQuote | null }) {
  const { data, setField } = useBusinessForm()
  const { t, intlLocale } = useI18n()
  const brandName = useRootData()?.brandName ?? ''
  const exampleId = useId()
  const maxMonths = smeMaxPeriod(config, data.loan.amount)
  const months = Math.min(Math.max(data.loan.months, config.minPeriod), maxMonths)
  const amountValid = data.loan.amount >= config.minAmount && data.loan.amount <= config.maxAmount
  // Law: a stated monthly payment comes with the representative example (business pricing: Euribor + SME margin).
  const example =
    euribor && amountValid
      ? productExample('business', businessExamplePricing(euribor), data.loan.amount, months)
      : null
  return (
    <div className="flex flex-col gap-5">
      <NumberInput
        id={fieldId('loan.amount')}
        label={t('field.amount')}
        hint={t('calculator.min', { value: formatCurrency(intlLocale, config.minAmount, { cents: false }) })}
        value={data.loan.amount || null}
        onValueChange={(value) => {
          setField('loan.amount', value ?? 0)
          // The period follows the amount's maximum (spec §5), so it never sits outside the slider.
          if (value !== null) setField('loan.months', Math.min(months, smeMaxPeriod(config, value)))
        }}
        locale={intlLocale}
        min={config.minAmount}
        max={config.maxAmount}
        maximumFractionDigits={0}
        suffix="€"
        error={useFieldError('loan.amount')}
        required
      />
      <Slider
        id={fieldId('loan.months')}
        name="months"
        label={t('business.field.months')}
        hint={t('business.field.monthsHint', { max: maxMonths })}
        value={months}
        onValueChange={(value) => setField('loan.months', value)}
        min={config.minPeriod}
        max={maxMonths}
        formatValue={(value) => monthsLabel(t, value)}
        error={useFieldError('loan.months')}
      />
      {example ? (
        <>
          <p className="rounded-lg bg-brand-50 p-3" aria-live="polite" aria-describedby={exampleId}>
            {t('calculator.monthlyPayment')}:{' '}
            <strong data-testid="business-monthly-payment">
              {t('calculator.perMonth', { amount: formatCurrency(intlLocale, example.monthlyPayment) })}
            </strong>
          </p>
          <section
            id={exampleId}
            aria-labelledby={`${exampleId}-title`}
            className="rounded-lg bg-slate-50 p-4 text-sm"
            data-testid="business-representative-example"
          >
            <h3 id={`${exampleId}-title`} className="font-semibold text-slate-900">
              {t('example.title')}
            </h3>
            <ExampleText example={example} brandName={brandName} periodUnit="months" />
          </section>
        </>
      ) : null}
      <ChoiceField
        path="loan.purpose"
        label="business.field.purpose"
        group="smePurpose"
        values={SME_LOAN_PURPOSES}
      />
      <p className="text-sm text-slate-700">{t('business.consumerCaps')}</p>
    </div>
  )
}

export function InvoicesStep() {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <TextField
        path="factoring.monthlyInvoiceVolume"
        label="business.field.monthlyInvoiceVolume"
        inputMode="decimal"
      />
      <TextField path="factoring.customerCount" label="business.field.customerCount" inputMode="numeric" />
      <TextField
        path="factoring.paymentTermDays"
        label="business.field.paymentTermDays"
        inputMode="numeric"
      />
      <TextField
        path="factoring.largestCustomerShare"
        label="business.field.largestCustomerShare"
        inputMode="numeric"
      />
      <div className="md:col-span-2">
        <CheckField path="factoring.sellsToPublicSector" label="business.field.sellsToPublicSector" />
      </div>
    </div>
  )
}

/** The e-mail the login code goes to, and the consents, each linking to what it accepts. */
export function EmailAndTermsStep() {
  const { t, lang } = useI18n()
  const link = (href: string, text: string) => (
    <a className="text-brand-800 underline underline-offset-4" href={href}>
      {text}
    </a>
  )
  return (
    <div className="flex flex-col gap-5">
      <TextField
        path="person.email"
        label="field.email"
        type="email"
        inputMode="email"
        autoComplete="email"
        hint={t('business.email.lead')}
      />
      <fieldset className="flex min-w-0 flex-col gap-1">
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
        <CheckField path="consents.shareWithLendersConsent" label="business.consent.share" />
        <CheckField path="consents.marketingEmail" label="field.marketingEmail" />
        <CheckField path="consents.marketingSms" label="field.marketingSms" />
      </fieldset>
    </div>
  )
}

/** `failed`: the server's message (in the person's language) why no lookup was made. */
export type LookupState = 'idle' | 'loading' | 'found' | 'not-found' | { failed: string }

export function CompanyDetailsStep({
  lookup,
  onBusinessIdBlur,
}: {
  lookup: LookupState
  onBusinessIdBlur: () => void
}) {
  const { t } = useI18n()
  return (
    <div className="flex flex-col gap-6">
      <fieldset className="grid min-w-0 gap-4 md:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold">{t('business.section.company')}</legend>
        <TextField
          path="company.businessId"
          label="business.field.businessId"
          hint={t('business.field.businessIdHint')}
          autoComplete="off"
          onBlur={onBusinessIdBlur}
        />
        <p aria-live="polite" className="text-sm text-slate-700 md:self-end" data-testid="company-lookup">
          {lookup === 'loading'
            ? t('business.lookup.loading')
            : lookup === 'found'
              ? t('business.lookup.found')
              : lookup === 'not-found'
                ? t('business.lookup.notFound')
                : typeof lookup === 'object'
                  ? lookup.failed
                  : null}
        </p>
        <TextField path="company.name" label="business.field.companyName" autoComplete="organization" />
        <ChoiceField
          path="company.legalForm"
          label="business.field.legalForm"
          group="legalForm"
          values={LEGAL_FORMS}
        />
        <TextField path="company.registeredOn" label="business.field.registeredOn" type="date" />
        <ChoiceField
          path="company.industry"
          label="business.field.industry"
          group="industry"
          values={TOL_2008_SECTIONS}
        />
        <TextField path="company.turnover" label="business.field.turnover" inputMode="decimal" />
        <TextField
          path="company.result"
          label="business.field.result"
          hint={t('business.field.resultHint')}
          inputMode="text"
        />
        <TextField path="company.employees" label="business.field.employees" inputMode="numeric" />
      </fieldset>
      <fieldset className="grid min-w-0 gap-4 md:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold">{t('business.section.person')}</legend>
        <TextField path="person.firstName" label="field.firstName" autoComplete="given-name" />
        <TextField path="person.lastName" label="field.lastName" autoComplete="family-name" />
        <TextField path="person.phone" label="field.phone" type="tel" inputMode="tel" autoComplete="tel" />
        <ChoiceField
          path="person.role"
          label="business.field.role"
          group="companyRole"
          values={COMPANY_ROLES}
        />
        <div className="md:col-span-2">
          <CheckField path="person.canSign" label="business.field.canSign" />
        </div>
      </fieldset>
    </div>
  )
}

export type RecipientsPreview =
  | { state: 'waiting' }
  | { state: 'loading' }
  | { state: 'ready'; lenders: Recipient[] }
  | { state: 'failed'; message: string }

/** The summary before sending and exactly the financiers the application goes to (issue 14). */
export function ReviewSection({
  kind,
  recipients,
}: {
  kind: 'business-loan' | 'factoring'
  recipients: RecipientsPreview
}) {
  const { data } = useBusinessForm()
  const { t, intlLocale } = useI18n()
  const euros = (value: number) => formatCurrency(intlLocale, value, { cents: false })
  const rows: Array<[string, string]> =
    kind === 'business-loan'
      ? [
          [t('field.amount'), euros(data.loan.amount)],
          [t('business.field.months'), monthsLabel(t, data.loan.months)],
          [
            t('business.field.purpose'),
            data.loan.purpose ? t(enumKey('smePurpose', data.loan.purpose)) : '–',
          ],
        ]
      : [
          [t('business.field.monthlyInvoiceVolume'), data.factoring.monthlyInvoiceVolume],
          [t('business.field.customerCount'), data.factoring.customerCount],
          [t('business.field.paymentTermDays'), data.factoring.paymentTermDays],
        ]
  rows.push(
    [t('business.field.companyName'), data.company.name || '–'],
    [t('field.email'), data.person.email],
  )
  return (
    <div className="flex flex-col gap-4 border-t border-slate-200 pt-6">
      <section aria-labelledby="business-review-summary">
        <h3 id="business-review-summary" className="text-lg font-semibold">
          {t('business.section.review')}
        </h3>
        <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-2">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-slate-700">{label}</dt>
              <dd className="break-words text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="business-review-lenders" aria-busy={recipients.state === 'loading'}>
        <h3 id="business-review-lenders" className="text-lg font-semibold">
          {t('review.lenders')}
        </h3>
        <div aria-live="polite">
          {recipients.state === 'waiting' ? (
            <p className="mt-2 text-slate-700">{t('review.lendersWaiting')}</p>
          ) : recipients.state === 'loading' ? (
            <p className="mt-2 text-slate-700">{t('review.lendersLoading')}</p>
          ) : recipients.state === 'failed' ? (
            <p className="mt-2 text-red-800">{recipients.message}</p>
          ) : recipients.lenders.length === 0 ? (
            <p className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-slate-900" role="note">
              {t('review.noLenders')}
            </p>
          ) : (
            <ul
              className="mt-2 grid list-disc gap-1 pl-6 md:grid-cols-2"
              data-testid="business-review-lenders"
            >
              {recipients.lenders.map((lender) => (
                <li key={lender.id}>{lender.name}</li>
              ))}
            </ul>
          )}
        </div>
      </section>
    </div>
  )
}
