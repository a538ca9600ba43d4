import type { FieldProblem } from '@lainava/domain/api-error'
import type { MortgageWarning } from '@lainava/domain/mortgage/api'
import {
  initialMortgageState,
  type MortgageApplicationState,
  mortgageReducer,
} from '@lainava/domain/mortgage/state'
import {
  type MortgageDataStep,
  type MortgageStep,
  previousStep,
  progressOf,
  stepsFor,
} from '@lainava/domain/mortgage/steps'
import type { EuriborQuote } from '@lainava/domain/pricing-profiles'
import type { MessageKey } from '@lainava/i18n'
import { pathFor } from '@lainava/routing'
import { type ReactNode, useEffect, useId, useReducer, useRef, useState } from 'react'
import { Form, Link, useLocation, useNavigation } from 'react-router'
import { Button, buttonClasses } from '../../components/ui/button.tsx'
import { applicationTracking } from '../../lib/affiliate-capture.ts'
import { applicationStarted } from '../../lib/analytics-started.ts'
import { useI18n } from '../../lib/i18n.tsx'
import {
  type CalculatorField,
  calculatorValueFromQuery,
  type MortgageCalculatorValue,
} from './calculator/calculator-value.ts'
import { MortgageCalculator } from './calculator/mortgage-calculator.tsx'
import { loanRowsOf } from './form-values.ts'
import { applies, type FormValues, isLoansStep, LOAN_FIELDS, STEP_FIELDS } from './step-fields.ts'
import { fieldId, StepInput } from './step-inputs.tsx'

// Issue 16: the mortgage application, one step per screen on one route (/asuntolainahakemus/).
// Each step is a plain form posted to the route's action, which saves it through the mortgage
// service and answers with the next step's address or the field errors; with JavaScript the same
// posts go by fetch and the spec §3 reducer (packages/domain) follows them for the progress bar,
// the busy state and the error.

export type Identified = { method: string; level: string; identifiedAt: string }

export type MortgageFormPage = {
  step: MortgageStep
  hasCoApplicant: boolean
  mortgageApplicationId: string | null
  signedIn: boolean
  /** The step's answers: saved ones, or the calculator's figures from the address. */
  values: FormValues
  /** Before the application exists: the calculator's figures the start step sends with it. */
  calculator: FormValues | null
  resumed: boolean
  /** The person has sent an application before (its offers are on the status page). */
  submittedBefore: boolean
  identified: Identified | null
  /** An identification's outcome code on return from the provider (`HETU_MISMATCH`, …). */
  identificationResult: string | null
  /** The calculator step: its figures, and the Euribor its results use. */
  calculatorValue: MortgageCalculatorValue | null
  euribor: EuriborQuote | null
  /** Warnings of this step's saved answers (catalogue key and its figures). */
  notes: Array<{ code: string; values: Record<string, number> }>
}

export type MortgageActionResult = {
  step: MortgageStep
  values: FormValues
  errors: FieldProblem[]
  /** A failure that names no field (the service's message, in the page's language). */
  message: string | null
  /** Saved, with warnings the person should read before going on. */
  warnings: MortgageWarning[]
  next: MortgageStep | null
}

function stateOf(page: MortgageFormPage): MortgageApplicationState {
  return {
    ...initialMortgageState,
    step: page.step,
    hasCoApplicant: page.hasCoApplicant,
    progress: progressOf(page.step, page.hasCoApplicant),
    mortgageApplicationId: page.mortgageApplicationId,
    applicationStarted: page.mortgageApplicationId !== null,
  }
}

/** The spec §3 state, fed by the page's navigations: post → init, answer → success / error, link → back. */
function useMortgageState(page: MortgageFormPage, result: MortgageActionResult | undefined) {
  const [state, dispatch] = useReducer(mortgageReducer, page, stateOf)
  const navigation = useNavigation()
  const submitting = navigation.state === 'submitting'
  useEffect(() => {
    if (submitting) dispatch({ type: 'next/init' })
  }, [submitting])
  const seen = useRef({ step: page.step, result })
  const startedId = useRef(page.mortgageApplicationId)
  useEffect(() => {
    // Started over: the draft is gone and the state returns to its beginning (spec §3 reset).
    if (startedId.current && !page.mortgageApplicationId) {
      dispatch({ type: 'reset' })
      seen.current.step = page.step
    }
    startedId.current = page.mortgageApplicationId
    dispatch({ type: 'setCoApplicant', hasCoApplicant: page.hasCoApplicant })
    if (page.mortgageApplicationId)
      dispatch({ type: 'started', mortgageApplicationId: page.mortgageApplicationId })
    if (seen.current.step === page.step) return
    const path = stepsFor(page.hasCoApplicant)
    const forward = path.indexOf(page.step) > path.indexOf(seen.current.step)
    // Issue 18: the first step saved is an application started (the experiment's measure).
    if (forward && seen.current.step === path[0]) applicationStarted('mortgage')
    seen.current.step = page.step
    dispatch(forward ? { type: 'next/success', step: page.step } : { type: 'back', step: page.step })
  }, [page.step, page.hasCoApplicant, page.mortgageApplicationId])
  useEffect(() => {
    if (!result || seen.current.result === result) return
    seen.current.result = result
    if (result.errors.length > 0 || result.message) {
      dispatch({
        type: 'next/error',
        error: { code: 'VALIDATION_FAILED', message: result.message ?? '', fields: result.errors },
      })
    } else {
      // Saved with warnings: the person stays to read them.
      dispatch({ type: 'next/success', step: result.step })
    }
  }, [result])
  return state
}

function Progress({
  step,
  hasCoApplicant,
  progress,
}: {
  step: MortgageStep
  hasCoApplicant: boolean
  progress: number
}) {
  const { t } = useI18n()
  const path = stepsFor(hasCoApplicant)
  const current = Math.max(path.indexOf(step), 0) + 1
  const labelId = useId()
  const text = t('mortgageForm.progress', { current, total: path.length })
  return (
    <div className="mt-6 flex flex-col gap-2">
      <p id={labelId} className="text-sm font-medium text-slate-700" data-testid="mortgage-progress">
        {text}
      </p>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        aria-valuetext={text}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-700" style={{ width: `${Math.max(progress, 3)}%` }} />
      </div>
    </div>
  )
}

/** GOV.UK-style summary: a heading, then a link to each field with its message. */
function ErrorSummary({ errors, message }: { errors: FieldProblem[]; message: string | null }) {
  const { t } = useI18n()
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    ref.current?.focus()
  }, [])
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby="mortgage-error-summary"
      className="mb-6 rounded-md border-2 border-red-700 bg-red-50 p-4 text-red-900"
      data-testid="mortgage-error-summary"
    >
      <h3 id="mortgage-error-summary" className="text-lg font-semibold">
        {t('mortgageForm.errorSummary')}
      </h3>
      {message ? <p className="mt-1">{message}</p> : null}
      {errors.length > 0 ? (
        <>
          <p className="mt-1">{t('mortgageForm.errorSummaryLead')}</p>
          <ul className="mt-2 list-disc pl-5">
            {errors.map((error) => (
              <li key={`${error.path}-${error.code}`}>
                <a
                  className="underline underline-offset-4"
                  href={`#${fieldId(error.path)}`}
                  onClick={(event) => {
                    // A link to a fragment only scrolls: the field itself takes the focus. The
                    // calculator's inputs have ids of their own and are found by their name.
                    const name = error.path === 'margin' ? 'marginPercent' : error.path
                    const input =
                      document.getElementById(fieldId(error.path)) ??
                      document.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`)
                    if (!input) return
                    event.preventDefault()
                    input.focus()
                    input.scrollIntoView({ block: 'center' })
                  }}
                >
                  {error.message}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  )
}

function Warnings({ warnings, next }: { warnings: MortgageWarning[]; next: string | null }) {
  const { t } = useI18n()
  return (
    <div
      role="status"
      className="mb-6 rounded-md border-2 border-amber-700 bg-amber-50 p-4 text-amber-950"
      data-testid="mortgage-warnings"
    >
      <h3 className="text-lg font-semibold">{t('mortgageForm.warning.heading')}</h3>
      <ul className="mt-2 flex flex-col gap-2">
        {warnings.map((warning) => (
          <li key={`${warning.step}-${warning.code}`}>{warning.message}</li>
        ))}
      </ul>
      <p className="mt-2">{t('mortgageForm.warning.saved')}</p>
      {next ? (
        <Link className={`${buttonClasses('primary', 'md')} mt-3`} to={next}>
          {t('mortgageForm.warning.continue')}
        </Link>
      ) : null}
    </div>
  )
}

/** The warnings of a step's saved answers, when the person comes back to it. */
function Notes({ notes }: { notes: MortgageFormPage['notes'] }) {
  const { t } = useI18n()
  return (
    <div
      className="mb-6 rounded-md border-2 border-amber-700 bg-amber-50 p-4 text-amber-950"
      data-testid="mortgage-notes"
    >
      <h3 className="text-lg font-semibold">{t('mortgageForm.warning.heading')}</h3>
      <ul className="mt-2 flex flex-col gap-2">
        {notes.map((note) => (
          // The cross-step checks give each warning exactly the figures its message names.
          <li key={note.code}>{t(note.code as MessageKey, note.values as never)}</li>
        ))}
      </ul>
    </div>
  )
}

/** The other-loan rows: one empty row at least; add and remove work with and without JavaScript. */
function LoanRows({ values, errors }: { values: FormValues; errors: Map<string, string> }) {
  const { t } = useI18n()
  const initialRows = Math.max(loanRowsOf(values), 1)
  const [rows, setRows] = useState(() => Array.from({ length: initialRows }, (_, index) => index))
  const nextId = useRef(initialRows)
  return (
    <div className="flex flex-col gap-4">
      <p className="text-slate-700">{t('mortgageForm.loans.lead')}</p>
      {rows.map((rowId, index) => (
        <fieldset
          key={rowId}
          className="min-w-0 rounded-lg border border-slate-300 p-4"
          data-testid="mortgage-loan-row"
        >
          <legend className="px-1 font-semibold text-slate-900">
            {t('mortgageForm.loans.item', { number: index + 1 })}
          </legend>
          <div className="grid gap-4 sm:grid-cols-2">
            {LOAN_FIELDS.map((field) => {
              const name = `loans.${index}.${field.name}`
              // Values of a row drawn by the server keep their place; rows added here start empty.
              const rowValues =
                rowId < initialRows ? { [name]: values[`loans.${rowId}.${field.name}`] ?? '' } : {}
              return (
                <StepInput
                  key={field.name}
                  field={field}
                  name={name}
                  labelPrefix="loans."
                  values={rowValues}
                  error={errors.get(name)}
                />
              )
            })}
          </div>
          <button
            type="submit"
            name="intent"
            value={`remove-loan:${index}`}
            className={`${buttonClasses('ghost', 'sm')} mt-3`}
            onClick={(event) => {
              event.preventDefault()
              setRows((current) => current.filter((id) => id !== rowId))
            }}
          >
            {t('mortgageForm.loans.remove', { number: index + 1 })}
          </button>
        </fieldset>
      ))}
      {rows.length === 0 ? <p className="text-slate-700">{t('mortgageForm.loans.none')}</p> : null}
      {rows.length < 20 ? (
        <button
          type="submit"
          name="intent"
          value="add-loan"
          className={`${buttonClasses('secondary', 'md')} self-start`}
          onClick={(event) => {
            event.preventDefault()
            setRows((current) => [...current, nextId.current++])
          }}
        >
          {t('mortgageForm.loans.add')}
        </button>
      ) : null}
    </div>
  )
}

/** The fields of a data step; fields whose condition is unmet hide once JavaScript runs. */
function StepFields({
  step,
  values,
  errors,
}: {
  step: MortgageDataStep
  values: FormValues
  errors: Map<string, string>
}) {
  const fields = STEP_FIELDS[step]
  const [live, setLive] = useState<FormValues | null>(null)
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const form = ref.current?.closest('form')
    if (!form) return
    // The answers conditions look at, read from the form as the person changes them.
    const read = () => {
      const data = new FormData(form)
      setLive(Object.fromEntries(fields.map((field) => [field.name, String(data.get(field.name) ?? '')])))
    }
    read()
    form.addEventListener('change', read)
    return () => form.removeEventListener('change', read)
  }, [fields])
  return (
    <div ref={ref} className="flex flex-col gap-5">
      {fields.map((field) => (
        <StepInput
          key={field.name}
          field={field}
          name={field.name}
          values={values}
          error={errors.get(field.name)}
          hidden={live !== null && !applies(field, live)}
        />
      ))}
    </div>
  )
}

/**
 * The first step: the mortgage calculator (its inputs are named, so the step posts without
 * JavaScript), drawn from the saved or posted figures; errors beside its fields by their keys.
 */
function CalculatorStep({
  initial,
  posted,
  euribor,
  errors,
}: {
  initial: MortgageCalculatorValue | null
  posted: FormValues | null
  euribor: EuriborQuote
  errors: FieldProblem[]
}) {
  const { lang, intlLocale } = useI18n()
  const [value, setValue] = useState<MortgageCalculatorValue>(() =>
    posted
      ? calculatorValueFromQuery(new URLSearchParams(posted as Record<string, string>), intlLocale)
      : (initial ?? calculatorValueFromQuery(new URLSearchParams(), intlLocale)),
  )
  const fieldErrors = Object.fromEntries(
    errors.map((error) => [error.path === 'margin' ? 'marginPercent' : error.path, error.code]),
  ) as Partial<Record<CalculatorField, string>>
  return (
    <MortgageCalculator
      value={value}
      onChange={setValue}
      language={lang}
      euribor={euribor}
      errors={errors.length > 0 ? fieldErrors : undefined}
    />
  )
}

/** The outcomes the identification's return address can carry (its messages: identification.result.*). */
const IDENTIFICATION_RESULTS: readonly string[] = [
  'HETU_MISMATCH',
  'IDENTIFICATION_CANCELLED',
  'IDENTIFICATION_FAILED',
  'STATE_INVALID',
  'LEVEL_UNKNOWN',
]

function IdentifyStep({ page, formPath }: { page: MortgageFormPage; formPath: string }) {
  const { t, intlLocale } = useI18n()
  const returnTo = `${formPath}?step=identify`
  const start = `/api/v1/identification/start?${new URLSearchParams({
    mortgageApplicationId: page.mortgageApplicationId ?? '',
    returnTo,
  })}`
  const result = page.identificationResult
  const time = page.identified
    ? new Intl.DateTimeFormat(intlLocale, {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: 'Europe/Helsinki',
      }).format(new Date(page.identified.identifiedAt))
    : ''
  return (
    <div className="flex flex-col gap-4">
      <p className="text-slate-700">{t('mortgageForm.identify.lead')}</p>
      {result && result !== 'ok' && !page.identified ? (
        <p
          role="alert"
          className="rounded-md border-2 border-red-700 bg-red-50 p-3 text-red-900"
          data-testid="identify-result"
        >
          {t(
            `identification.result.${IDENTIFICATION_RESULTS.includes(result) ? result : 'IDENTIFICATION_FAILED'}` as MessageKey,
          )}
        </p>
      ) : null}
      {page.identified ? (
        <div role="status" className="rounded-md bg-green-50 p-3 text-green-900" data-testid="identify-done">
          <p className="font-semibold">{t('mortgageForm.identify.done', { time })}</p>
          <p>
            {t(
              page.identified.level === 'high'
                ? 'mortgageForm.identify.level.high'
                : 'mortgageForm.identify.level.substantial',
            )}
          </p>
        </div>
      ) : null}
      <a
        className={`${buttonClasses(page.identified ? 'secondary' : 'primary', 'lg')} self-start`}
        href={start}
        data-testid="identify-start"
      >
        {t(page.identified ? 'mortgageForm.identify.again' : 'mortgageForm.identify.start')}
      </a>
      {page.identified ? <p className="text-slate-700">{t('mortgageForm.identify.submitLead')}</p> : null}
    </div>
  )
}

export function MortgageForm({
  page,
  result,
  formPath,
  children,
}: {
  page: MortgageFormPage
  result: MortgageActionResult | undefined
  /** The form's own path in the page's language (`/en/mortgage-form/`). */
  formPath: string
  /** Above the form: the calculator's figures, notices. */
  children?: ReactNode
}) {
  const { t, lang } = useI18n()
  const location = useLocation()
  const state = useMortgageState(page, result)
  const step = page.step
  // The action's answer belongs to this step only while the person is on it.
  const own = result && result.step === step ? result : undefined
  const values = own?.values ?? page.values
  const errors = new Map((own?.errors ?? []).map((error) => [error.path, error.message]))
  const heading = useRef<HTMLHeadingElement>(null)
  const firstRender = useRef(true)
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new step moves focus to its heading
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false
      return
    }
    heading.current?.focus()
  }, [step])

  const back = previousStep(step, page.hasCoApplicant)
  const query = new URLSearchParams(location.search)
  const backQuery = new URLSearchParams(query)
  if (back) backQuery.set('step', back)
  backQuery.delete('identification')
  const actionQuery = new URLSearchParams(query)
  actionQuery.set('step', step)
  actionQuery.delete('identification')
  const signedOutCalculator = step === 'calculator' && !page.signedIn
  const showErrors = own && (own.errors.length > 0 || own.message)
  const canSubmit = step !== 'identify' || page.identified !== null

  return (
    <>
      <Progress step={step} hasCoApplicant={page.hasCoApplicant} progress={state.progress} />
      {children}
      <Form
        method="post"
        action={`${formPath}?${actionQuery}`}
        noValidate
        className="mt-6 rounded-2xl bg-white p-4 shadow ring-1 ring-slate-200 sm:p-6"
        data-testid="mortgage-form"
        data-step={step}
      >
        <h2
          ref={heading}
          tabIndex={-1}
          className="mb-4 text-xl font-semibold break-words hyphens-auto text-slate-900 sm:text-2xl"
        >
          {t(`mortgage.step.${step}`)}
        </h2>
        {showErrors ? (
          <ErrorSummary key={JSON.stringify(own.errors)} errors={own.errors} message={own.message} />
        ) : null}
        {own && own.warnings.length > 0 ? (
          <Warnings warnings={own.warnings} next={own.next ? `${formPath}?step=${own.next}` : null} />
        ) : !own && page.notes.length > 0 ? (
          <Notes notes={page.notes} />
        ) : null}
        <input type="hidden" name="step" value={step} />
        {page.calculator && step === 'mortgage-application' && !page.mortgageApplicationId
          ? Object.entries(page.calculator).map(([name, value]) => (
              <input key={name} type="hidden" name={`calculator.${name}`} value={String(value)} />
            ))
          : null}
        {step === 'calculator' ? (
          <p className="mb-4 text-slate-700">{t('mortgageForm.calculator.lead')}</p>
        ) : null}
        {step === 'mortgage-application' && !page.mortgageApplicationId ? (
          <p className="mb-4 text-slate-700">{t('mortgageForm.start.lead')}</p>
        ) : null}
        {step === 'co-applicant-personal-information' ? (
          <p className="mb-4 text-slate-700">{t('mortgageForm.coApplicantLead')}</p>
        ) : null}
        {step !== 'identify' ? (
          <p className="mb-4 text-sm text-slate-600">{t('mortgageForm.required')}</p>
        ) : null}
        {step === 'identify' ? <TrackingInput /> : null}
        {step === 'identify' ? (
          <IdentifyStep page={page} formPath={formPath} />
        ) : step === 'calculator' && page.euribor ? (
          <CalculatorStep
            initial={page.calculatorValue}
            posted={own ? own.values : null}
            euribor={page.euribor}
            errors={own?.errors ?? []}
          />
        ) : isLoansStep(step) ? (
          <LoanRows key={step} values={values} errors={errors} />
        ) : (
          <StepFields key={step} step={step} values={values} errors={errors} />
        )}
        {signedOutCalculator ? (
          <p className="mt-4 text-slate-700">{t('mortgageForm.calculator.signIn')}</p>
        ) : null}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
          {back ? (
            <Link
              className={buttonClasses('secondary', 'md')}
              to={`${formPath}?${backQuery}`}
              data-testid="mortgage-back"
            >
              {t('mortgageForm.back')}
            </Link>
          ) : (
            <span />
          )}
          {canSubmit ? (
            <Button
              type="submit"
              name="intent"
              value={step === 'identify' ? 'submit' : 'save'}
              variant="primary"
              size="lg"
              loading={state.isLoading}
              loadingLabel={t('mortgageForm.saving')}
            >
              {step === 'identify'
                ? t('mortgageForm.identify.submit')
                : signedOutCalculator
                  ? t('mortgageForm.calculator.signInButton')
                  : step === 'calculator'
                    ? t('mortgageForm.calculator.continue')
                    : step === 'mortgage-application' && !page.mortgageApplicationId
                      ? t('mortgageForm.start.submit')
                      : t('mortgageForm.next')}
            </Button>
          ) : null}
        </div>
      </Form>
      {page.mortgageApplicationId ? (
        <Form method="post" className="mt-8 border-t border-slate-200 pt-4" data-testid="mortgage-start-over">
          <input type="hidden" name="step" value={step} />
          <p className="mb-3 text-sm text-slate-600">{t('mortgageForm.startOverHint')}</p>
          <Button type="submit" name="intent" value="start-over" variant="secondary" size="md">
            {t('mortgageForm.startOver')}
          </Button>
        </Form>
      ) : null}
      {page.submittedBefore ? (
        <p className="mt-6 text-slate-700">
          <Link className="text-brand-800 underline underline-offset-4" to={pathFor('mortgageStatus', lang)}>
            {t('mortgageForm.submittedLink')}
          </Link>
        </p>
      ) : null}
    </>
  )
}

/** Issue 18 item 6: where the applicant came from, sent with the last step (empty without JavaScript). */
function TrackingInput() {
  const [value, setValue] = useState('')
  useEffect(() => {
    setValue(applicationTracking())
  }, [])
  return <input type="hidden" name="tracking" value={value} />
}
