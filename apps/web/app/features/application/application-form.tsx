import type { FieldProblem } from '@lainava/domain/api-error'
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { Button } from '../../components/ui/button.tsx'
import { ProgressSteps } from '../../components/ui/progress-steps.tsx'
import type { Recipient } from '../../context.ts'
import { applicationTracking } from '../../lib/affiliate-capture.ts'
import { applicationStarted } from '../../lib/analytics-started.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { FormContext, fieldId } from './fields.tsx'
import { type FormData, STEPS, type Step, setAt, stepOfPath, toSubmission } from './form-state.ts'
import { LoanStep } from './loan-step.tsx'
import { useRecipientsPreview } from './recipients.tsx'
import { loadValidation } from './validation-loader.ts'

export type ActionResult =
  | { intent: 'draft'; ok: true }
  | { intent: 'submit'; ok: true; applicationId: string; lenders: Recipient[]; loginEmailSent: boolean }
  | { intent: 'submit'; ok: false; message: string; fields?: FieldProblem[] }
  | { intent: 'recipients'; ok: true; lenders: Recipient[] }
  | { intent: 'recipients'; ok: false; message: string }

const STORAGE_KEY = 'lainava:consumer-loan-form'

type Stored = { data: FormData; step: Step; idempotencyKey: string }

// The steps after the first and the checks load on the first touch of the form, not with the page
// (ADR 050): the first paint and hydration need neither.
const loadLaterSteps = () => import('./steps.tsx')
const LaterStep = lazy(loadLaterSteps)
function loadWhatTheFormNeedsNext() {
  void loadValidation()
  // A failed load is retried by React.lazy's own import when the step is shown.
  loadLaterSteps().catch(() => undefined)
}

/**
 * The consumer loan application: one step at a time with a progress bar,
 * validated by the shared schema before moving on; every change is kept in
 * this tab (a reload loses nothing) and each completed step is saved on the
 * server as a draft (another device continues after login). The schema's code
 * loads on the first touch of the form, not with the page (ADR 050).
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
  // A press of "Next" waits for the checks' code (loaded on the first touch); a second press meanwhile
  // does nothing.
  const checking = useRef(false)
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

  async function next() {
    if (checking.current) return
    checking.current = true
    const validate = await loadValidation().finally(() => {
      checking.current = false
    })
    // Without the checks' code the step goes on; the server checks the whole application at sending.
    const found = validate ? validate(step, data) : {}
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

  const showErrorsOnTheirStep = useCallback(
    (found: Record<string, string>) => {
      // An error on an earlier step: go there and show it (the same step: no change).
      setStep(stepOfPath(Object.keys(found)[0] ?? ''))
      showErrors(found)
    },
    [showErrors],
  )

  async function submit() {
    if (checking.current) return
    checking.current = true
    const validate = await loadValidation().finally(() => {
      checking.current = false
    })
    const found = validate ? validate('review', data) : {}
    if (Object.keys(found).length > 0) return showErrorsOnTheirStep(found)
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
      // The fields show catalogue keys, as the form's own checks give them (fields.tsx translates),
      // on the step they belong to (the server's checks are the only ones when the browser's did not load).
      showErrorsOnTheirStep(Object.fromEntries(result.fields.map((field) => [field.path, field.code])))
    }
  }, [submitFetcher.data, onSubmitted, showErrorsOnTheirStep])

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
        onFocus={loadWhatTheFormNeedsNext}
        onPointerDown={loadWhatTheFormNeedsNext}
        onSubmit={(event) => {
          event.preventDefault()
          if (step === 'review') void submit()
          else void next()
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
        {step === 'loan' ? (
          <LoanStep />
        ) : (
          <Suspense fallback={null}>
            <LaterStep step={step} recipients={preview} />
          </Suspense>
        )}
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
