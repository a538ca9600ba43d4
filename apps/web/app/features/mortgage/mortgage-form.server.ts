import type { FieldProblem } from '@lainava/domain/api-error'
import { checkMortgageApplication } from '@lainava/domain/mortgage/checks'
import { isMortgageStep, type MortgageStep, stepsFor } from '@lainava/domain/mortgage/steps'
import { latestEuribor } from '@lainava/domain/pricing-profiles'
import { catalogueLocale, INTL_LOCALE } from '@lainava/i18n'
import { type Language, languageOfPath, pathFor } from '@lainava/routing'
import { data, redirect } from 'react-router'
import type { Failure, WebLoadContext } from '../../context.ts'
import { calculatorValueFromQuery, type MortgageCalculatorValue } from './calculator/calculator-value.ts'
import { calculatorQuery, calculatorValuesOf, readStepForm, valuesOfData } from './form-values.ts'
import { readForm } from './mortgage-access.server.ts'
import type { MortgageActionResult, MortgageFormPage } from './mortgage-form.tsx'
import { LOAN_FIELDS } from './step-fields.ts'

// Issue 16: the mortgage form's loader and action. The page calls the mortgage service in-process
// (WebServices.mortgage, built on the API's own service functions), signed in as the owner.

type Services = Pick<WebLoadContext, 'auth' | 'mortgage' | 'content'>

const CALCULATOR_FIELDS = ['price', 'ownFunds', 'years', 'repaymentType', 'marginPercent'] as const
/** A figure not typed stays missing (the schema then names it), unlike on the calculator page. */
const NOTHING_TYPED: MortgageCalculatorValue = {
  price: null,
  ownFunds: null,
  years: null,
  repaymentType: 'annuity',
  marginPercent: null,
}

/** The calculator step's data from its value: the margin a percent on the page, a fraction in the data. */
function calculatorData(value: MortgageCalculatorValue) {
  return {
    price: value.price ?? undefined,
    ownFunds: value.ownFunds ?? undefined,
    years: value.years ?? undefined,
    repaymentType: value.repaymentType,
    margin: value.marginPercent === null ? undefined : Math.round(value.marginPercent * 1e4) / 1e6,
  }
}

/** Saved calculator data as the calculator's value. */
function calculatorValueOf(saved: unknown): MortgageCalculatorValue | null {
  if (typeof saved !== 'object' || saved === null) return null
  const data = saved as {
    price?: number
    ownFunds?: number
    years?: number
    repaymentType?: string
    margin?: number
  }
  return {
    price: data.price ?? null,
    ownFunds: data.ownFunds ?? null,
    years: data.years ?? null,
    repaymentType: (data.repaymentType as MortgageCalculatorValue['repaymentType']) ?? 'annuity',
    marginPercent: data.margin === undefined ? null : Math.round(data.margin * 1e6) / 1e4,
  }
}

const loginPath = (language: Language, returnTo: string) =>
  `${pathFor('login', language)}?returnTo=${encodeURIComponent(returnTo)}`

/**
 * A bank's return addresses (issue 16: a bank's site may start the application with them); kept in
 * the address through the calculator and the login, and given to the start, which keeps only
 * allowed hosts (MORTGAGE_CALLBACK_HOSTS).
 */
function bankReturn(url: URL): Record<string, string> {
  const found: Record<string, string> = {}
  for (const name of ['callbackUrl', 'redirectionUrl']) {
    const value = url.searchParams.get(name)
    if (value && value.length <= 500) found[name] = value
  }
  return found
}

/** The identification's outcome the provider's callback puts in the return address. */
const RESULT_CODE = /^[A-Za-z_]{1,40}$/

export async function loadMortgageForm(
  services: Services,
  request: Request,
  url: URL,
): Promise<MortgageFormPage> {
  const language = languageOfPath(url.pathname)
  const intlLocale = INTL_LOCALE[catalogueLocale(language)]
  const user = await services.auth.currentUser(request.headers.get('cookie'))
  const application = user ? await services.mortgage.latest(user.id) : null
  const draft = application?.status === 'draft' ? application : null
  const requested = url.searchParams.get('step')
  const fromAddress = calculatorValuesOf(url.searchParams)
  const result = url.searchParams.get('identification')
  const base = {
    signedIn: user !== null,
    submittedBefore: application?.status === 'submitted',
    identificationResult: result && RESULT_CODE.test(result) ? result : null,
    euribor: latestEuribor(services.content.euribor.values) ?? null,
  }

  if (draft) {
    const path = stepsFor(draft.hasCoApplicant)
    const furthest = path.indexOf(draft.step)
    // Any step up to the furthest reached may be opened again (back and forward keep the data).
    const index = isMortgageStep(requested) ? path.indexOf(requested) : -1
    const step: MortgageStep = index >= 0 && index <= furthest ? (requested as MortgageStep) : draft.step
    return {
      ...base,
      step,
      hasCoApplicant: draft.hasCoApplicant,
      mortgageApplicationId: draft.mortgageApplicationId,
      values: step === 'identify' ? {} : valuesOfData(step, draft.data[step]),
      calculator: null,
      calculatorValue: step === 'calculator' ? calculatorValueOf(draft.data.calculator) : null,
      resumed: requested === null,
      identified: draft.identified,
      // A saved answer that breaks a rule of the day (the LTV cap) is pointed out again on its step.
      notes: checkMortgageApplication(draft.data, new Date())
        .warnings.filter((warning) => warning.step === step)
        .map(({ code, values }) => ({ code, values: values ?? {} })),
    }
  }

  // No application yet: the calculator, then (signed in, with valid figures) the start step.
  const empty = {
    ...base,
    hasCoApplicant: false,
    mortgageApplicationId: null,
    resumed: false,
    identified: null,
    notes: [],
  }
  if (requested === 'mortgage-application' && user && fromAddress) {
    const checked = await services.mortgage.checkCalculator({ language, data: fromAddress })
    if (checked.ok) {
      return {
        ...empty,
        step: 'mortgage-application',
        values: {},
        calculator: fromAddress,
        calculatorValue: null,
      }
    }
  }
  return {
    ...empty,
    step: 'calculator',
    values: {},
    calculator: null,
    // The calculator page's "continue" (or the start step's "change") brings the figures along.
    calculatorValue: calculatorValueFromQuery(url.searchParams, intlLocale),
  }
}

function failed(step: MortgageStep, values: MortgageActionResult['values'], failure: Failure) {
  const errors: FieldProblem[] = failure.fields ?? []
  return data(
    {
      step,
      values,
      errors,
      // A message of its own only when no field says what is wrong.
      message: errors.length > 0 ? null : failure.message,
      warnings: [],
      next: null,
    } satisfies MortgageActionResult,
    { status: failure.status },
  )
}

/** Adds or removes an other-loan row without JavaScript (nothing is saved). */
function editLoanRows(values: MortgageActionResult['values'], intent: string) {
  const rows: Record<string, string | string[]>[] = []
  for (const [key, value] of Object.entries(values)) {
    const match = /^loans\.(\d+)\.(\w+)$/.exec(key)
    if (!match) continue
    const row = Number(match[1])
    rows[row] = { ...rows[row], [match[2] as string]: value }
  }
  const list = Array.from(rows, (row) => row ?? {})
  if (intent === 'add-loan') list.push(Object.fromEntries(LOAN_FIELDS.map((field) => [field.name, ''])))
  else list.splice(Number(intent.slice('remove-loan:'.length)), 1)
  return Object.fromEntries(
    list.flatMap((row, index) =>
      Object.entries(row).map(([name, value]) => [`loans.${index}.${name}`, value]),
    ),
  )
}

/**
 * The calculator step: checked (before an application exists) or saved (a draft's first step),
 * then on to the start step with the figures; signed out, by way of the login.
 */
async function calculatorAction(
  services: Services,
  input: { form: FormData; user: { id: string } | null; language: Language; formPath: string; url: URL },
) {
  const { form, user, language, formPath, url } = input
  const posted = Object.fromEntries(
    CALCULATOR_FIELDS.map((name) => {
      const value = form.get(name)
      return [name, typeof value === 'string' ? value.slice(0, 40) : '']
    }),
  )
  const intlLocale = INTL_LOCALE[catalogueLocale(language)]
  const stepData = calculatorData(
    calculatorValueFromQuery(new URLSearchParams(posted), intlLocale, NOTHING_TYPED),
  )
  const draft = user
    ? await services.mortgage.latest(user.id).then((found) => (found?.status === 'draft' ? found : null))
    : null
  if (user && draft) {
    const saved = await services.mortgage.saveStep({
      userId: user.id,
      language,
      mortgageApplicationId: draft.mortgageApplicationId,
      step: 'calculator',
      data: stepData,
    })
    if (!saved.ok) return failed('calculator', posted, saved)
    throw redirect(`${formPath}?step=${saved.step}`)
  }
  const checked = await services.mortgage.checkCalculator({ language, data: stepData })
  if (!checked.ok) return failed('calculator', posted, checked)
  const returns = new URLSearchParams(bankReturn(url)).toString()
  const next = `${formPath}?step=mortgage-application&${calculatorQuery(stepData)}${returns ? `&${returns}` : ''}`
  // Signed out: the login comes back to the start step with the figures (issue 16: resumable after login).
  throw redirect(user ? next : loginPath(language, next))
}

/**
 * "Start over" (the state machine's reset, issue 16): the draft is cancelled (kept for the person's
 * data export) and the form begins again at an empty calculator. A submitted application cannot be
 * started over: its message is shown on the step.
 */
async function startOver(
  services: Services,
  input: { user: { id: string } | null; language: Language; formPath: string; step: MortgageStep },
) {
  const { user, language, formPath, step } = input
  if (!user) throw redirect(loginPath(language, formPath))
  const application = await services.mortgage.latest(user.id)
  if (application && application.status !== 'cancelled') {
    const cancelled = await services.mortgage.cancel({
      userId: user.id,
      language,
      mortgageApplicationId: application.mortgageApplicationId,
    })
    if (!cancelled.ok) return failed(step, {}, cancelled)
  }
  throw redirect(`${formPath}?step=calculator`)
}

export async function mortgageFormAction(services: Services, request: Request, url: URL) {
  const language = languageOfPath(url.pathname)
  const formPath = pathFor('mortgageForm', language)
  const form = await readForm(request)
  const step = String(form.get('step') ?? '')
  const intent = String(form.get('intent') ?? 'save').slice(0, 30)
  if (!isMortgageStep(step)) throw redirect(formPath)
  const user = await services.auth.currentUser(request.headers.get('cookie'))

  if (intent === 'start-over') return startOver(services, { user, language, formPath, step })

  if (step === 'identify') {
    if (!user) throw redirect(loginPath(language, `${formPath}?step=identify`))
    const application = await services.mortgage.latest(user.id)
    if (application?.status !== 'draft') throw redirect(formPath)
    const sent = await services.mortgage.submit({
      userId: user.id,
      language,
      mortgageApplicationId: application.mortgageApplicationId,
      tracking: form.get('tracking'),
    })
    if (!sent.ok) return failed(step, {}, sent)
    throw redirect(pathFor('mortgageStatus', language))
  }

  if (step === 'calculator') return calculatorAction(services, { form, user, language, formPath, url })

  const { values, data: stepData } = readStepForm(step, form)
  if (intent === 'add-loan' || /^remove-loan:\d{1,2}$/.test(intent)) {
    return { step, values: editLoanRows(values, intent), errors: [], message: null, warnings: [], next: null }
  }
  const draft = user
    ? await services.mortgage.latest(user.id).then((found) => (found?.status === 'draft' ? found : null))
    : null

  if (!user) throw redirect(loginPath(language, `${url.pathname}${url.search}`))

  if (!draft) {
    if (step !== 'mortgage-application') throw redirect(formPath)
    const calculator = Object.fromEntries(
      ['price', 'ownFunds', 'years', 'repaymentType'].flatMap((name) => {
        const value = form.get(`calculator.${name}`)
        return typeof value === 'string' && value !== '' ? [[name, value.slice(0, 20)]] : []
      }),
    )
    const started = await services.mortgage.start({
      userId: user.id,
      language,
      body: { calculator, ...(stepData as Record<string, unknown>), ...bankReturn(url) },
    })
    if (!started.ok) return failed(step, values, started)
    throw redirect(`${formPath}?step=${started.step}`)
  }

  const saved = await services.mortgage.saveStep({
    userId: user.id,
    language,
    mortgageApplicationId: draft.mortgageApplicationId,
    step,
    data: stepData,
  })
  if (!saved.ok) return failed(step, values, saved)
  const warnings = saved.warnings.filter((warning) => warning.step === step)
  if (warnings.length > 0) {
    // Saved; the person reads the warning (the missing own funds in euros) and goes on from here.
    return {
      step,
      values,
      errors: [],
      message: null,
      warnings,
      next: saved.step,
    } satisfies MortgageActionResult
  }
  throw redirect(`${formPath}?step=${saved.step}`)
}
