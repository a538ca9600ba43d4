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
import {
  type FormData,
  inFormOrder,
  STEPS,
  type Step,
  setAt,
  stepOfPath,
  toSubmission,
} from './form-state.ts'
import { LoanStep } from './loan-step.tsx'
import { useRecipientsPreview } from './recipients.tsx'
import LaterStep from './steps.tsx'
import { loadedValidation, loadValidation, type ValidateStep } from './validation-loader.ts'

export type ActionResult =
  | { intent: 'draft'; ok: true }
  | { intent: 'submit'; ok: true; applicationId: string; lenders: Recipient[]; loginEmailSent: boolean }
  | { intent: 'submit'; ok: false; message: string; fields?: FieldProblem[] }
  | { intent: 'recipients'; ok: true; lenders: Recipient[] }
  | { intent: 'recipients'; ok: false; message: string }

const STORAGE_KEY = 'lainava:consumer-loan-form'

type Stored = { data: FormData; step: Step; idempotencyKey: string }

// The checks load on the first touch of the form, not with the page (ADR 050): the first paint and
// hydration do not need them. The later steps are part of the page: a step that failed to load would
// leave no way to send.
function loadWhatTheFormNeedsNext() {
  void loadValidation()
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
  // A press of "Next" or "Send" before the checks' code has come waits for it, the button busy; a second
  // press, or "Back", meanwhile does nothing.
  const checking = useRef(false)
  const [waitingForChecks, setWaitingForChecks] = useState(false)
  // What the form shows now, for a press that had to wait for the checks (ADR 050): if the step changed
  // or the form is gone meanwhile, the press is stale.
  const current = useRef({ step, data, mounted: true })
  current.current.step = step
  current.current.data = data
  useEffect(() => {
    current.current.mounted = true
    return () => {
      current.current.mounted = false
    }
  }, [])
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

  // Focus moves to the first field with an error (issue: field errors beside the field), once the
  // errors and their step have been rendered (a step change from the server's answer included).
  const focusAfterRender = useRef<string | null>(null)
  const showErrors = useCallback((found: Record<string, string>) => {
    setErrors(found)
    focusAfterRender.current = Object.keys(found)[0] ?? null
  }, [])
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each render of new errors or step
  useEffect(() => {
    const first = focusAfterRender.current
    if (!first) return
    focusAfterRender.current = null
    document.getElementById(fieldId(first))?.focus()
  }, [errors, step])

  function goTo(next: Step) {
    setStep(next)
    setErrors({})
    requestAnimationFrame(() => heading.current?.focus())
  }

  /**
   * The checks for a press on `pressed`: at once when their code is here, else after it has loaded
   * (`undefined`: the form moved on or is gone meanwhile, the press is dropped). `null`: no checks could
   * load; the step goes on and the server checks the whole application at sending.
   */
  async function checksFor(pressed: Step): Promise<ValidateStep | null | undefined> {
    const ready = loadedValidation()
    if (ready) return ready
    if (checking.current) return undefined
    checking.current = true
    setWaitingForChecks(true)
    const validate = await loadValidation()
    checking.current = false
    if (!current.current.mounted) return undefined
    setWaitingForChecks(false)
    return current.current.step === pressed ? validate : undefined
  }

  async function next() {
    const pressed = step
    const validate = await checksFor(pressed)
    if (validate === undefined) return
    // The data and step of now (what was typed while the checks loaded counts).
    const { data } = current.current
    const index = STEPS.indexOf(pressed)
    const found = validate ? validate(pressed, data) : {}
    if (Object.keys(found).length > 0) return showErrors(found)
    // Issue 18: the first step done is an application started (the experiment's measure).
    if (index === 0) applicationStarted('consumer-loan')
    draftFetcher.submit(
      { intent: 'draft', step: STEPS[index + 1] ?? pressed, data: JSON.stringify(data) },
      { method: 'post' },
    )
    const following = STEPS[index + 1]
    if (following) goTo(following)
  }

  const showErrorsOnTheirStep = useCallback(
    (found: Record<string, string>) => {
      // Errors on earlier steps: go to the earliest and show them there, focus on its first (the same
      // step: no change).
      const ordered = inFormOrder(found)
      setStep(stepOfPath(Object.keys(ordered)[0] ?? 'review'))
      showErrors(ordered)
    },
    [showErrors],
  )

  async function submit() {
    const validate = await checksFor('review')
    if (validate === undefined) return
    const { data } = current.current
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
        {step === 'loan' ? <LoanStep /> : <LaterStep step={step} recipients={preview} />}
        <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
          {index > 0 ? (
            <Button
              variant="secondary"
              aria-disabled={waitingForChecks || undefined}
              onClick={() => {
                if (!checking.current) goTo(STEPS[index - 1] ?? 'loan')
              }}
            >
              {t('form.back')}
            </Button>
          ) : (
            <span />
          )}
          <Button
            type="submit"
            variant="primary"
            size="lg"
            loading={busy || waitingForChecks}
            loadingLabel={busy ? t('form.submitting') : undefined}
          >
            {step === 'review' ? t('form.submit') : t('form.next')}
          </Button>
        </div>
      </form>
    </FormContext.Provider>
  )
}
