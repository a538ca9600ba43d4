import type { FieldProblem } from '@lainava/domain/api-error'
import { BusinessIdSchema, type SmeConfig } from '@lainava/domain/application/business'
import type { EuriborQuote } from '@lainava/domain/pricing-profiles'
import type { MessageKey } from '@lainava/i18n'
import { pathFor } from '@lainava/routing'
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react'
import { Link, useFetcher } from 'react-router'
import { Button, buttonClasses } from '../../components/ui/button.tsx'
import type { Recipient } from '../../context.ts'
import { applicationTracking } from '../../lib/affiliate-capture.ts'
import { applicationStarted } from '../../lib/analytics-started.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { BusinessFormContext, fieldId } from './business-fields.tsx'
import {
  type BusinessFormData,
  type BusinessKind,
  setAt,
  stepOfPath,
  toBusinessSubmission,
  validateBusinessStep,
} from './business-form.ts'
import {
  CalculatorStep,
  CompanyDetailsStep,
  EmailAndTermsStep,
  InvoicesStep,
  type LookupState,
  type RecipientsPreview,
  ReviewSection,
} from './business-steps.tsx'
import { initialOnboardingState, onboardingReducer } from './onboarding-state.ts'

export type BusinessActionResult =
  | { intent: 'draft'; ok: boolean }
  | { intent: 'submit'; ok: true; applicationId: string; lenders: Recipient[]; loginEmailSent: boolean }
  | { intent: 'submit'; ok: false; message: string; fields?: FieldProblem[] }
  | { intent: 'recipients'; ok: true; lenders: Recipient[] }
  | { intent: 'recipients'; ok: false; message: string }
  | {
      intent: 'lookup'
      ok: true
      businessId: string
      company: { name: string; legalForm: string; registeredOn: string } | null
      /** False when no trade register is configured: nothing to say then. */
      registerOn: boolean
    }
  /** The lookup was refused (too many from this client): the person fills the details in themselves. */
  | { intent: 'lookup'; ok: false; message: string }

type Stored = { data: BusinessFormData; step: string; idempotencyKey: string }

/** The Y-tunnus as the schema reads it, or null while it is not a valid one. */
function validBusinessId(text: string): string | null {
  const parsed = BusinessIdSchema.safeParse(text)
  return parsed.success ? parsed.data : null
}

/**
 * The business onboarding (spec §4): one step at a time, each checked by the shared schema and
 * saved on the server before moving on (resumable after login, on another device too); this tab
 * keeps its own copy, so a reload or a failed send loses nothing.
 */
export function BusinessOnboarding<Step extends string>({
  kind,
  steps,
  config,
  euribor,
  initial,
  initialStep,
  prefilled,
}: {
  kind: BusinessKind
  steps: readonly Step[]
  config: SmeConfig
  euribor: EuriborQuote | null
  initial: BusinessFormData
  initialStep: Step
  /** The address carried amount and period: they win over this tab's copy on the first step. */
  prefilled: boolean
}) {
  const { t, lang } = useI18n()
  const reducer = useMemo(() => onboardingReducer(steps), [steps])
  const [state, dispatch] = useReducer(reducer, initialOnboardingState(steps, initialStep))
  const [data, setData] = useState<BusinessFormData>(initial)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [idempotencyKey, setIdempotencyKey] = useState('')
  const [restored, setRestored] = useState(false)
  const [sent, setSent] = useState<{ lenders: Recipient[]; loginEmailSent: boolean } | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const storageKey = `lainava:${kind}-form`
  const draftFetcher = useFetcher<BusinessActionResult>()
  const submitFetcher = useFetcher<BusinessActionResult>()
  const lookupFetcher = useFetcher<BusinessActionResult>()
  const recipientsFetcher = useFetcher<BusinessActionResult>()
  const step = state.step
  const index = steps.indexOf(step)
  const lastStep = steps[steps.length - 1] as Step
  const sendStep = steps[steps.length - 2] as Step

  // After hydration this tab's own copy wins (a reload in the middle of a step).
  const hydrated = useRef(false)
  useEffect(() => {
    if (hydrated.current) return
    hydrated.current = true
    const text = sessionStorage.getItem(storageKey)
    let stored: Stored | null = null
    try {
      stored = text ? (JSON.parse(text) as Stored) : null
    } catch {
      stored = null
    }
    if (stored?.data && steps.includes(stored.step as Step) && stored.step !== lastStep) {
      // A prefill from a calculator wins on the first step; past it (a reload), this tab's copy wins.
      const fresh = prefilled && stored.step === steps[0]
      setData(fresh ? { ...stored.data, loan: { ...stored.data.loan, ...initial.loan } } : stored.data)
      dispatch({ type: 'set-initial-step', step: stored.step as Step })
    }
    setIdempotencyKey(stored?.idempotencyKey ?? crypto.randomUUID())
    setRestored(true)
  }, [initial, prefilled, steps, lastStep, storageKey])

  useEffect(() => {
    if (!restored || step === lastStep) return
    sessionStorage.setItem(storageKey, JSON.stringify({ data, step, idempotencyKey } satisfies Stored))
  }, [data, step, idempotencyKey, restored, storageKey, lastStep])

  const setField = useCallback((path: string, value: unknown) => {
    setData((current) => setAt(current, path, value))
    setErrors((current) => {
      if (!current[path]) return current
      const { [path]: _removed, ...rest } = current
      return rest
    })
  }, [])

  const showErrors = useCallback((found: Record<string, string>) => {
    setErrors(found)
    // Focus moves to the first field with an error.
    const first = Object.keys(found)[0]
    if (first) requestAnimationFrame(() => document.getElementById(fieldId(first))?.focus())
  }, [])

  const focusHeading = useCallback(() => requestAnimationFrame(() => heading.current?.focus()), [])

  // --- saving a step: init → the server's answer → success or error (spec §4)
  const pendingStep = useRef<Step | null>(null)
  const seenDraft = useRef<unknown>(undefined)
  useEffect(() => {
    const target = pendingStep.current
    if (!target || draftFetcher.state !== 'idle' || draftFetcher.data === seenDraft.current) return
    pendingStep.current = null
    seenDraft.current = draftFetcher.data
    if (draftFetcher.data?.intent === 'draft' && draftFetcher.data.ok) {
      dispatch({ type: 'next-step-success', step: target })
      focusHeading()
    } else {
      dispatch({ type: 'next-step-error', error: 'business.saveFailed' })
    }
  }, [draftFetcher.state, draftFetcher.data, focusHeading])

  function next() {
    const found = validateBusinessStep(kind, step, data, config)
    if (Object.keys(found).length > 0) return showErrors(found)
    setErrors({})
    // Issue 18: the first step done is an application started (the experiment's measure).
    if (index === 0) applicationStarted(kind)
    if (step === sendStep) return send()
    const following = steps[index + 1] as Step
    dispatch({ type: 'next-step-init' })
    pendingStep.current = following
    seenDraft.current = draftFetcher.data
    draftFetcher.submit({ intent: 'draft', step: following, data: JSON.stringify(data) }, { method: 'post' })
  }

  function send() {
    dispatch({ type: 'next-step-init' })
    submitFetcher.submit(
      {
        intent: 'submit',
        idempotencyKey,
        language: lang,
        data: JSON.stringify(toBusinessSubmission(kind, data)),
        tracking: applicationTracking(),
      },
      { method: 'post' },
    )
  }

  useEffect(() => {
    const result = submitFetcher.data
    if (submitFetcher.state !== 'idle' || result?.intent !== 'submit') return
    if (result.ok) {
      sessionStorage.removeItem(storageKey)
      setSent({ lenders: result.lenders, loginEmailSent: result.loginEmailSent })
      dispatch({ type: 'set-application-id', id: result.applicationId })
      dispatch({ type: 'next-step-success', step: lastStep })
      focusHeading()
      return
    }
    dispatch({ type: 'next-step-error', error: result.message })
    if (result.fields && result.fields.length > 0) {
      // A field the server refused: its own step, its message in the page's language.
      const first = result.fields[0]?.path ?? ''
      const owner = stepOfPath(first)
      if (steps.includes(owner as Step)) dispatch({ type: 'go-to-step', step: owner as Step })
      showErrors(Object.fromEntries(result.fields.map((field) => [field.path, field.code])))
    }
  }, [submitFetcher.state, submitFetcher.data, storageKey, lastStep, steps, showErrors, focusHeading])

  // --- the trade register lookup: a valid Y-tunnus fills name, form and date (the person may correct them)
  const [lookup, setLookup] = useState<LookupState>('idle')
  const lookedUp = useRef<string | null>(null)
  const businessId = validBusinessId(data.company.businessId)
  const lookupSubmit = lookupFetcher.submit
  const askLookup = useCallback(() => {
    if (!businessId || lookedUp.current === businessId) return
    lookedUp.current = businessId
    setLookup('loading')
    lookupSubmit({ intent: 'lookup', businessId, language: lang }, { method: 'post' })
  }, [businessId, lang, lookupSubmit])
  useEffect(() => {
    if (step === 'company-details' && businessId) askLookup()
  }, [step, businessId, askLookup])
  useEffect(() => {
    const result = lookupFetcher.data
    if (lookupFetcher.state !== 'idle' || result?.intent !== 'lookup') return
    if (!result.ok) return setLookup({ failed: result.message })
    if (result.businessId !== lookedUp.current) return setLookup('idle')
    if (!result.company) return setLookup(result.registerOn ? 'not-found' : 'idle')
    const found = result.company
    setData((current) => ({
      ...current,
      company: {
        ...current.company,
        name: found.name,
        legalForm: found.legalForm,
        registeredOn: found.registeredOn,
      },
    }))
    setLookup('found')
  }, [lookupFetcher.state, lookupFetcher.data])

  // --- who receives it: asked once the last step's data is complete (the consents do not change who)
  const complete =
    step === sendStep &&
    restored &&
    Object.keys(validateBusinessStep(kind, sendStep, data, config)).length === 0
  const previewKey = complete
    ? JSON.stringify({ ...toBusinessSubmission(kind, data), consents: undefined })
    : null
  const asked = useRef<string | null>(null)
  const recipientsSubmit = recipientsFetcher.submit
  useEffect(() => {
    if (previewKey === null || asked.current === previewKey) return
    const timer = setTimeout(() => {
      asked.current = previewKey
      recipientsSubmit({ intent: 'recipients', language: lang, data: previewKey }, { method: 'post' })
    }, 300)
    return () => clearTimeout(timer)
  }, [previewKey, lang, recipientsSubmit])
  const recipients: RecipientsPreview = (() => {
    const result = recipientsFetcher.data
    if (previewKey === null) return { state: 'waiting' }
    if (asked.current !== previewKey || recipientsFetcher.state !== 'idle' || result?.intent !== 'recipients')
      return { state: 'loading' }
    return result.ok
      ? { state: 'ready', lenders: result.lenders }
      : { state: 'failed', message: result.message }
  })()

  const progressLabel = t('business.progressLabel', { current: index + 1, total: steps.length })
  const stepTitle = (name: string) => t(`business.step.${name}` as MessageKey)

  if (step === lastStep) {
    return (
      <div className="mt-6 rounded-2xl bg-white p-6 shadow ring-1 ring-slate-200">
        <h2 ref={heading} tabIndex={-1} className="text-2xl font-semibold text-slate-900">
          {t('business.success.title')}
        </h2>
        <p className="mt-4 text-slate-700">{t('business.success.next')}</p>
        {sent?.loginEmailSent ? <p className="mt-3 text-slate-700">{t('business.success.login')}</p> : null}
        {sent && sent.lenders.length > 0 ? (
          <>
            <h3 className="mt-6 text-lg font-semibold">{t('business.success.lenders')}</h3>
            <ul className="mt-2 list-disc pl-6" data-testid="business-sent-lenders">
              {sent.lenders.map((lender) => (
                <li key={lender.id}>{lender.name}</li>
              ))}
            </ul>
          </>
        ) : null}
        <p className="mt-6">
          <Link className={buttonClasses('primary', 'lg')} to={pathFor('offers', lang)}>
            {t('business.success.offers')}
          </Link>
        </p>
      </div>
    )
  }

  const failure = state.error
    ? state.error.startsWith('business.')
      ? t(state.error as MessageKey)
      : state.error
    : null
  return (
    <BusinessFormContext.Provider value={{ data, errors, setField }}>
      <div className="mt-6 flex flex-col gap-2">
        <p id="business-progress-label" className="text-sm font-medium text-slate-700">
          {progressLabel}
        </p>
        <div
          role="progressbar"
          aria-labelledby="business-progress-label"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={state.progress}
          className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
        >
          <div
            className="h-full rounded-full bg-brand-700"
            style={{ width: `${Math.max(state.progress, 4)}%` }}
          />
        </div>
      </div>
      <form
        noValidate
        className="mt-6 rounded-2xl bg-white p-4 shadow ring-1 ring-slate-200 sm:p-6"
        onSubmit={(event) => {
          event.preventDefault()
          if (!state.isLoading) next()
        }}
      >
        <h2 ref={heading} tabIndex={-1} className="mb-4 text-2xl font-semibold break-words text-slate-900">
          {stepTitle(step)}
        </h2>
        {Object.keys(errors).length > 0 ? (
          <p role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 p-3 text-red-800">
            {t('form.errorSummary')}
          </p>
        ) : null}
        {failure && Object.keys(errors).length === 0 ? (
          <p role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 p-3 text-red-800">
            {failure}
          </p>
        ) : null}
        {step === 'calculator' ? <CalculatorStep config={config} euribor={euribor} /> : null}
        {step === 'invoices' ? <InvoicesStep /> : null}
        {step === 'email-and-terms' ? <EmailAndTermsStep /> : null}
        {step === 'company-details' ? (
          <>
            <CompanyDetailsStep lookup={lookup} onBusinessIdBlur={askLookup} />
            <div className="mt-6">
              <ReviewSection kind={kind} recipients={recipients} />
            </div>
          </>
        ) : null}
        <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
          {index > 0 ? (
            <Button
              variant="secondary"
              onClick={() => {
                setErrors({})
                dispatch({ type: 'go-to-step', step: steps[index - 1] as Step })
                focusHeading()
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
            loading={state.isLoading}
            loadingLabel={t('form.submitting')}
          >
            {step === sendStep ? t('form.submit') : t('form.next')}
          </Button>
        </div>
      </form>
    </BusinessFormContext.Provider>
  )
}
