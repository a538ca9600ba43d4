import { CARD_TYPES, EMPLOYMENT_TYPES } from '@lainava/domain/application/enums'
import { CreditCardApplicationSchema } from '@lainava/domain/application/schemas'
import { MATCHED_APPLICATION_SCHEMAS } from '@lainava/domain/marketplace/application-match'
import { useCallback, useEffect, useState } from 'react'
import { useFetcher } from 'react-router'
import { Button } from '../../components/ui/button.tsx'
import { applicationTracking } from '../../lib/affiliate-capture.ts'
import { applicationStarted } from '../../lib/analytics-started.ts'
import { useI18n } from '../../lib/i18n.tsx'
import type { ActionResult } from './application-form.tsx'
import { EnumField, FormContext, fieldId, MoneyField } from './fields.tsx'
import { type ApplicantData, emptyApplicant, type FormData, setAt, withPerson } from './form-state.ts'
import { RecipientList, useRecipientsPreview } from './recipients.tsx'
import { ApplicantFields, ConsentFields } from './steps.tsx'

export type CardFormData = {
  applicant: ApplicantData
  work: { employmentType: string; monthlyGrossIncome: string; monthlyNetIncome: string }
  cardTypePreference: string
  limitWished: string
  consents: FormData['consents']
}

const STORAGE_KEY = 'lainava:credit-card-form'

export function emptyCardForm(): CardFormData {
  return {
    applicant: emptyApplicant(),
    work: { employmentType: '', monthlyGrossIncome: '', monthlyNetIncome: '' },
    cardTypePreference: '',
    limitWished: '3000',
    consents: {
      termsAccepted: false,
      privacyAccepted: false,
      creditCheckConsent: false,
      shareWithLendersConsent: false,
      marketingEmail: false,
      marketingSms: false,
    },
  }
}

/** The shorter credit card application: one page on the same infrastructure as the loan form. */
export function CardForm({
  onSubmitted,
  person,
}: {
  onSubmitted(result: Extract<ActionResult, { ok: true; intent: 'submit' }>): void
  /** The signed-in person: their e-mail and name fill in the empty fields (issue 14). */
  person: { email: string; firstName: string; lastName: string } | null
}) {
  const { t, lang } = useI18n()
  // The person as the page was loaded: a later revalidation does not refill the form.
  const [signedIn] = useState(person)
  const [data, setData] = useState<CardFormData>(() => withPerson(emptyCardForm(), signedIn))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [idempotencyKey, setIdempotencyKey] = useState('')
  const fetcher = useFetcher<ActionResult>()

  useEffect(() => {
    const stored = sessionStorage.getItem(STORAGE_KEY)
    if (stored) {
      const parsed = JSON.parse(stored) as { data: CardFormData; idempotencyKey: string }
      setData(withPerson(parsed.data, signedIn))
      setIdempotencyKey(parsed.idempotencyKey)
    } else {
      setIdempotencyKey(crypto.randomUUID())
    }
  }, [signedIn])

  useEffect(() => {
    if (idempotencyKey) sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ data, idempotencyKey }))
  }, [data, idempotencyKey])

  const setField = useCallback((path: string, value: unknown) => {
    setData((current) => setAt(current, path, value))
    setErrors(({ [path]: _removed, ...rest }) => rest)
  }, [])

  const showErrors = useCallback((found: Record<string, string>) => {
    setErrors(found)
    const first = Object.keys(found)[0]
    if (first) requestAnimationFrame(() => document.getElementById(fieldId(first))?.focus())
  }, [])

  useEffect(() => {
    const result = fetcher.data
    if (result?.intent !== 'submit') return
    if (result.ok) {
      sessionStorage.removeItem(STORAGE_KEY)
      onSubmitted(result)
    } else if (result.fields) {
      // The fields show catalogue keys, as the form's own checks give them (fields.tsx translates).
      showErrors(Object.fromEntries(result.fields.map((field) => [field.path, field.code])))
    }
  }, [fetcher.data, onSubmitted, showErrors])

  function submit() {
    const parsed = CreditCardApplicationSchema.safeParse(data)
    if (!parsed.success) {
      const found: Record<string, string> = {}
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message
      return showErrors(found)
    }
    // Issue 18: the card form is one step, so sending it is the start (the experiment's measure).
    applicationStarted('credit-card')
    fetcher.submit(
      {
        intent: 'submit',
        idempotencyKey,
        language: lang,
        data: JSON.stringify(data),
        tracking: applicationTracking(),
      },
      { method: 'post' },
    )
  }

  // Once everything the lenders are matched on is filled in, the list shows who this data goes to.
  const matchable = MATCHED_APPLICATION_SCHEMAS['credit-card'].safeParse(data).success
  const preview = useRecipientsPreview(matchable ? { ...data, consents: undefined } : null, 400)
  const failure = fetcher.data?.intent === 'submit' && !fetcher.data.ok ? fetcher.data.message : null
  return (
    <FormContext.Provider value={{ data: data as unknown as FormData, errors, setField }}>
      <form
        noValidate
        className="mt-6 flex flex-col gap-6 rounded-2xl bg-white p-6 shadow ring-1 ring-slate-200"
        onSubmit={(event) => {
          event.preventDefault()
          submit()
        }}
      >
        {Object.keys(errors).length > 0 || failure ? (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-red-800">
            {failure ?? t('form.errorSummary')}
          </p>
        ) : null}
        <section aria-labelledby="card-applicant">
          <h2 id="card-applicant" className="mb-4 text-xl font-semibold">
            {t('form.step.applicant')}
          </h2>
          <ApplicantFields prefix="applicant" />
        </section>
        <section aria-labelledby="card-income" className="grid gap-4 md:grid-cols-2">
          <h2 id="card-income" className="text-xl font-semibold md:col-span-2">
            {t('form.step.work')}
          </h2>
          <EnumField
            path="work.employmentType"
            label="field.employmentType"
            group="employment"
            values={EMPLOYMENT_TYPES}
          />
          <MoneyField path="work.monthlyGrossIncome" label="field.monthlyGrossIncome" />
          <MoneyField path="work.monthlyNetIncome" label="field.monthlyNetIncome" />
        </section>
        <section aria-labelledby="card-card" className="grid gap-4 md:grid-cols-2">
          <h2 id="card-card" className="text-xl font-semibold md:col-span-2">
            {t('form.cardTitle')}
          </h2>
          <EnumField
            path="cardTypePreference"
            label="field.cardTypePreference"
            group="cardType"
            values={CARD_TYPES}
          />
          <MoneyField path="limitWished" label="field.limitWished" />
          {/* The form states no rate or cost of its own (the offers do), but credit is asked for here. */}
          <p className="font-semibold text-slate-900 md:col-span-2" role="note">
            {t('warning.borrowingCosts')}
          </p>
        </section>
        <RecipientList preview={preview} headingId="card-lenders" level={2} />
        <ConsentFields />
        <div>
          <Button
            type="submit"
            variant="primary"
            size="lg"
            loading={fetcher.state !== 'idle'}
            loadingLabel={t('form.submitting')}
          >
            {t('form.submit')}
          </Button>
        </div>
      </form>
    </FormContext.Provider>
  )
}
