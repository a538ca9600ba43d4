import type { FieldProblem } from '@lainava/domain/api-error'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { Button } from '../../components/ui/button.tsx'
import { ProgressSteps } from '../../components/ui/progress-steps.tsx'
import type { Recipient } from '../../context.ts'
import { applicationTracking } from '../../lib/affiliate-capture.ts'
import { applicationStarted } from '../../lib/analytics-started.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { FormContext, fieldId } from './fields.tsx'
import { type FormData, STEPS, type Step, setAt, toSubmission } from './form-state.ts'
import { useRecipientsPreview } from './recipients.tsx'
import { ApplicantFields, CoApplicantStep, DebtFields, LoanStep, ReviewStep, WorkFields } from './steps.tsx'
import { validateStep } from './validate.ts'

export type ActionResult =
  | { intent: 'draft'; ok: true }
  | { intent: 'submit'; ok: true; applicationId: string; lenders: Recipient[]; loginEmailSent: boolean }
  | { intent: 'submit'; ok: false; message: string; fields?: FieldProblem[] }
  | { intent: 'recipients'; ok: true; lenders: Recipient[] }
  | { intent: 'recipients'; ok: false; message: string }

const STORAGE_KEY = 'lainava:consumer-loan-form'

type Stored = { data: FormData; step: Step; idempotencyKey: string }

/**
 * The consumer loan application: one step at a time with a progress bar,
 * validated by the shared schema before moving on; every change is kept in
 * this tab (a reload loses nothing) and each completed step is saved on the
 * server as a draft (another device continues after login).
 */
export function ApplicationForm({
  initial,
  initialStep,
  prefilled,
  onSubmitted,
}: {
  initial: FormData
  initialStep: Step
  /** The address carried amount and period: they win over a copy kept in this tab. */
  prefilled: boolean
  onSubmitted(result: Extract<ActionResult, { ok: true; intent: 'submit' }>): void
}) {
  const { t, lang } = useI18n()
  const [data, setData] = useState<FormData>(initial)
  const [step, setStep] = useState<Step>(initialStep)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [idempotencyKey, setIdempotencyKey] = useState('')
  const [restored, setRestored] = useState(false)
  const heading = useRef<HTMLHeadingElement>(null)
  const draftFetcher = useFetcher<ActionResult>()
  const submitFetcher = useFetcher<ActionResult>()

  // After hydration: this tab's own copy wins (a reload in the middle of a step). It is never older than
  // what this tab sent to the server; the server draft is for another tab or device.
  const hydrated = useRef(false)
  useEffect(() => {
    if (hydrated.current) return
    hydrated.current = true
    const stored = sessionStorage.getItem(STORAGE_KEY)
    const parsed = stored ? (JSON.parse(stored) as Stored) : null
    if (parsed) {
      setData(prefilled ? { ...parsed.data, loan: { ...parsed.data.loan, ...initial.loan } } : parsed.data)
      setStep(parsed.step)
    }
    setIdempotencyKey(parsed?.idempotencyKey ?? crypto.randomUUID())
    setRestored(true)
  }, [initial, prefilled])

  useEffect(() => {
    if (!restored) return
    const stored: Stored = { data, step, idempotencyKey }
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(stored))
  }, [data, step, idempotencyKey, restored])

  const setField = useCallback((path: string, value: unknown) => {
    setData((current) => setAt(current, path, value))
    setErrors((current) => {
      if (!current[path]) return current
      const { [path]: _removed, ...rest } = current
      return rest
    })
  }, [])

  const index = STEPS.indexOf(step)
  // The review step lists the lenders this very data goes to (the consents do not change who).
  const preview = useRecipientsPreview(
    step === 'review' && restored ? { ...toSubmission(data), consents: undefined } : null,
  )

  const showErrors = useCallback((found: Record<string, string>) => {
    setErrors(found)
    // Focus moves to the first field with an error (issue: field errors beside the field).
    const first = Object.keys(found)[0]
    if (first) requestAnimationFrame(() => document.getElementById(fieldId(first))?.focus())
  }, [])

  function goTo(next: Step) {
    setStep(next)
    setErrors({})
    requestAnimationFrame(() => heading.current?.focus())
  }

  function next() {
    const found = validateStep(step, data)
    if (Object.keys(found).length > 0) return showErrors(found)
    // Issue 18: the first step done is an application started (the experiment's measure).
    if (index === 0) applicationStarted('consumer-loan')
    draftFetcher.submit(
      { intent: 'draft', step: STEPS[index + 1] ?? step, data: JSON.stringify(data) },
      { method: 'post' },
    )
    const following = STEPS[index + 1]
    if (following) goTo(following)
  }

  function submit() {
    const found = validateStep('review', data)
    if (Object.keys(found).length > 0) {
      // An error on an earlier step: go there and show it.
      const firstPath = Object.keys(found)[0] ?? ''
      const owner = STEPS.find((candidate) => firstPath.startsWith(candidate)) ?? 'review'
      if (owner !== step) setStep(owner)
      return showErrors(found)
    }
    submitFetcher.submit(
      {
        intent: 'submit',
        idempotencyKey,
        language: lang,
        data: JSON.stringify(toSubmission(data)),
        tracking: applicationTracking(),
      },
      { method: 'post' },
    )
  }

  useEffect(() => {
    const result = submitFetcher.data
    if (result?.intent !== 'submit') return
    if (result.ok) {
      sessionStorage.removeItem(STORAGE_KEY)
      onSubmitted(result)
    } else if (result.fields) {
      // The fields show catalogue keys, as the form's own checks give them (fields.tsx translates).
      showErrors(Object.fromEntries(result.fields.map((field) => [field.path, field.code])))
    }
  }, [submitFetcher.data, onSubmitted, showErrors])

  const stepLabels = useMemo(() => STEPS.map((name) => t(`form.step.${name}`)), [t])
  const submitFailure =
    submitFetcher.data?.intent === 'submit' && !submitFetcher.data.ok ? submitFetcher.data.message : null
  const busy = submitFetcher.state !== 'idle'

  return (
    <FormContext.Provider value={{ data, errors, setField }}>
      <ProgressSteps
        steps={stepLabels}
        current={index}
        progressLabel={t('form.progress', { current: index + 1, total: STEPS.length })}
        stepsLabel={t('form.stepsLabel')}
      />
      <form
        noValidate
        className="mt-6 rounded-2xl bg-white p-6 shadow ring-1 ring-slate-200"
        onSubmit={(event) => {
          event.preventDefault()
          if (step === 'review') submit()
          else next()
        }}
      >
        <h2 ref={heading} tabIndex={-1} className="mb-4 text-2xl font-semibold text-slate-900">
          {t(`form.step.${step}`)}
        </h2>
        {Object.keys(errors).length > 0 ? (
          <p role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 p-3 text-red-800">
            {t('form.errorSummary')}
          </p>
        ) : null}
        {submitFailure ? (
          <p role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 p-3 text-red-800">
            {submitFailure}
          </p>
        ) : null}
        {step === 'loan' ? <LoanStep /> : null}
        {step === 'applicant' ? <ApplicantFields prefix="applicant" /> : null}
        {step === 'work' ? <WorkFields prefix="work" /> : null}
        {step === 'debts' ? <DebtFields prefix="debts" /> : null}
        {step === 'coApplicant' ? <CoApplicantStep /> : null}
        {step === 'review' ? <ReviewStep recipients={preview} /> : null}
        <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
          {index > 0 ? (
            <Button variant="secondary" onClick={() => goTo(STEPS[index - 1] ?? 'loan')}>
              {t('form.back')}
            </Button>
          ) : (
            <span />
          )}
          <Button
            type="submit"
            variant="primary"
            size="lg"
            loading={busy}
            loadingLabel={t('form.submitting')}
          >
            {step === 'review' ? t('form.submit') : t('form.next')}
          </Button>
        </div>
      </form>
    </FormContext.Provider>
  )
}
