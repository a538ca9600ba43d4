import { type Database, schema } from '@lainava/db'
import {
  checkMortgageApplication,
  isCoApplicantStep,
  MORTGAGE_STEPS,
  type MortgageApplicationData,
  type MortgageDataStep,
  type MortgageStep,
  mortgageStepSchemas,
  nextStep,
  progressOf,
  stepsFor,
} from '@lainava/domain'
import type { FieldProblem } from '@lainava/domain/api-error'
import type {
  MortgageApplicationView,
  MortgageStartData,
  MortgageStarted,
  MortgageStepSaved,
  MortgageWarning,
} from '@lainava/domain/mortgage/api'
import type { CatalogueLocale } from '@lainava/i18n'
import { and, desc, eq } from 'drizzle-orm'
import { AppError } from '../../app-error.ts'
import type { Config } from '../../config.ts'
import type { FieldCipher } from '../../crypto/field-encryption.ts'
import { fieldProblems, isMessageKey } from '../../field-problems.ts'
import { translatorFor } from '../../language.ts'
import { type Identification, identificationOf } from '../identification/identification-service.ts'

const { mortgageApplications } = schema

// Issue 16: a mortgage application in progress. It is started at the `mortgage-application` step by a
// signed-in person (with the calculator's figures), saved after every step (the data encrypted as a
// whole: it holds identity numbers), and read back only by its owner. Each step is validated by its
// schema and the cross-step checks; the state machine decides which steps may be saved.

export type MortgageDeps = { db: Database; cipher: FieldCipher; config: Config }

type Row = typeof mortgageApplications.$inferSelect

export const notFound = () =>
  new AppError('NOT_FOUND', 'No such mortgage application.', { messageKey: 'mortgage.api.notFound' })

/** The saved data of a row (decrypted). */
export function dataOf(cipher: FieldCipher, row: Pick<Row, 'dataEncrypted'>): MortgageApplicationData {
  return JSON.parse(cipher.decrypt(row.dataEncrypted)) as MortgageApplicationData
}

/** The owner's row; anyone else's is "not found" (no existence leak). */
export async function ownMortgageApplication(db: Database, userId: string, id: string): Promise<Row> {
  const [row] = await db
    .select()
    .from(mortgageApplications)
    .where(and(eq(mortgageApplications.id, id), eq(mortgageApplications.userId, userId)))
  if (!row) throw notFound()
  return row
}

/** Keeps a bank's return address only when it is https (or a loopback http) on an allowed host. */
export function allowedReturnUrl(config: Config, value: string | undefined): string | null {
  if (!value || !URL.canParse(value)) return null
  const url = new URL(value)
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) return null
  if (url.username || url.password) return null
  return config.MORTGAGE_CALLBACK_HOSTS.includes(url.host.toLowerCase()) ? url.toString() : null
}

const stepIndex = (step: MortgageStep) => MORTGAGE_STEPS.indexOf(step)

/** The later of two steps in the steps' order. */
function furthest(a: MortgageStep, b: MortgageStep): MortgageStep {
  return stepIndex(a) >= stepIndex(b) ? a : b
}

/** Where a saved step leads: the next step on the person's path (identify after the last). */
function after(step: MortgageDataStep, hasCoApplicant: boolean): MortgageStep {
  return nextStep(step, hasCoApplicant) ?? 'identify'
}

/** The step to continue from: the furthest reached, or the next on the path when that is off it. */
function currentStep(row: Pick<Row, 'step' | 'hasCoApplicant'>): MortgageStep {
  const step = (MORTGAGE_STEPS as readonly string[]).includes(row.step)
    ? (row.step as MortgageStep)
    : 'calculator'
  if (stepsFor(row.hasCoApplicant).includes(step)) return step
  return nextStep(step, row.hasCoApplicant) ?? 'identify'
}

/** Starts an application with the calculator's figures and the `mortgage-application` step (already valid). */
export async function startMortgageApplication(
  deps: MortgageDeps,
  userId: string,
  body: MortgageStartData,
): Promise<MortgageStarted> {
  const data: MortgageApplicationData = {
    calculator: body.calculator,
    'mortgage-application': {
      purpose: body.purpose,
      hasCoApplicant: body.hasCoApplicant,
      consents: body.consents,
    },
  }
  const step = after('mortgage-application', body.hasCoApplicant)
  const [row] = await deps.db
    .insert(mortgageApplications)
    .values({
      userId,
      step,
      hasCoApplicant: body.hasCoApplicant,
      dataEncrypted: deps.cipher.encrypt(JSON.stringify(data)),
      callbackUrl: allowedReturnUrl(deps.config, body.callbackUrl),
      redirectionUrl: allowedReturnUrl(deps.config, body.redirectionUrl),
    })
    .returning({ id: mortgageApplications.id })
  if (!row) throw new Error('mortgage application insert returned nothing')
  return { mortgageApplicationId: row.id, step, progress: progressOf(step, body.hasCoApplicant) }
}

/** The identification linked to the application (the identification module links a matching one). */
export function identificationOfApplication(db: Database, row: Pick<Row, 'id'>) {
  return identificationOf(db, row.id)
}

export function identifiedView(found: Identification | null) {
  return found
    ? { method: found.method, level: found.level, identifiedAt: found.identifiedAt.toISOString() }
    : null
}

/** The owner's application as saved. */
export async function readMortgageApplication(
  deps: MortgageDeps,
  userId: string,
  id: string,
): Promise<MortgageApplicationView> {
  const row = await ownMortgageApplication(deps.db, userId, id)
  const step = currentStep(row)
  return {
    mortgageApplicationId: row.id,
    status: row.status as MortgageApplicationView['status'],
    step,
    progress: progressOf(step, row.hasCoApplicant),
    hasCoApplicant: row.hasCoApplicant,
    data: dataOf(deps.cipher, row),
    identified: identifiedView(await identificationOfApplication(deps.db, row)),
    callbackUrl: row.callbackUrl,
    redirectionUrl: row.redirectionUrl,
    applicationId: row.applicationId,
    submittedAt: row.submittedAt?.toISOString() ?? null,
  }
}

/** The user's latest mortgage application, or null. */
export async function latestMortgageApplicationId(db: Database, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: mortgageApplications.id })
    .from(mortgageApplications)
    .where(eq(mortgageApplications.userId, userId))
    .orderBy(desc(mortgageApplications.createdAt))
    .limit(1)
  return row?.id ?? null
}

export function editable(row: Pick<Row, 'status'>): void {
  if (row.status === 'submitted') {
    throw new AppError('CONFLICT', 'The application was submitted already.', {
      reason: 'ALREADY_SUBMITTED',
      messageKey: 'mortgage.api.alreadySubmitted',
    })
  }
  if (row.status === 'cancelled') {
    throw new AppError('CONFLICT', 'The application was cancelled.', {
      reason: 'CANCELLED',
      messageKey: 'mortgage.api.cancelled',
    })
  }
}

/**
 * "Start over" (issue 16, the state machine's `reset`): the owner's draft is cancelled, not deleted
 * (kept for the person's data export), and the next start is a new application. A submitted
 * application cannot be started over; cancelling a cancelled one again changes nothing.
 */
export async function cancelMortgageApplication(
  deps: Pick<MortgageDeps, 'db'>,
  userId: string,
  id: string,
  now: Date = new Date(),
): Promise<MortgageApplicationView['status']> {
  const row = await ownMortgageApplication(deps.db, userId, id)
  if (row.status === 'cancelled') return 'cancelled'
  if (row.status === 'submitted') editable(row)
  const updated = await deps.db
    .update(mortgageApplications)
    .set({ status: 'cancelled', updatedAt: now })
    .where(and(eq(mortgageApplications.id, row.id), eq(mortgageApplications.status, 'draft')))
    .returning({ id: mortgageApplications.id })
  // Submitted by another request in between: nothing was cancelled.
  if (updated.length === 0) editable({ status: 'submitted' })
  return 'cancelled'
}

/** Cross-step warnings of one step, translated, with the figures their messages use. */
export function warningsOf(
  problems: ReturnType<typeof checkMortgageApplication>['warnings'],
  language: CatalogueLocale,
): MortgageWarning[] {
  const t = translatorFor(language)
  return problems.map((problem) => ({
    step: problem.step,
    path: problem.path,
    code: problem.code,
    message: isMessageKey(problem.code) ? t(problem.code, problem.values) : problem.code,
    values: problem.values ?? {},
  }))
}

/** Cross-step errors as field problems (paths within the request body). */
export function crossStepFields(
  problems: ReturnType<typeof checkMortgageApplication>['errors'],
  language: CatalogueLocale,
  prefix: (step: MortgageDataStep) => string,
): FieldProblem[] {
  const t = translatorFor(language)
  return problems.map((problem) => ({
    path: `${prefix(problem.step)}.${problem.path}`,
    code: problem.code,
    message: isMessageKey(problem.code) ? t(problem.code, problem.values) : problem.code,
  }))
}

export type StepSaveResult = { ok: true; saved: MortgageStepSaved } | { ok: false; fields: FieldProblem[] }

/**
 * Saves one step: only the owner's draft, only a step on the person's path that has been reached
 * (saving an earlier step again is allowed; the later steps' data stays), valid by its schema and
 * the cross-step checks. Invalid data is not saved: the answer lists the fields in `language`.
 */
export async function saveMortgageStep(
  deps: MortgageDeps,
  input: { userId: string; id: string; step: MortgageDataStep; body: unknown; language: CatalogueLocale },
  now: Date = new Date(),
): Promise<StepSaveResult> {
  const { step, language } = input
  const row = await ownMortgageApplication(deps.db, input.userId, input.id)
  editable(row)
  const parsed = mortgageStepSchemas[step].safeParse(input.body)
  if (!parsed.success) {
    return {
      ok: false,
      fields: fieldProblems(parsed.error.issues, translatorFor(language), {
        input: input.body,
        prefix: 'body',
      }),
    }
  }
  const hasCoApplicant =
    step === 'mortgage-application'
      ? (parsed.data as { hasCoApplicant: boolean }).hasCoApplicant
      : row.hasCoApplicant
  if (isCoApplicantStep(step) && !hasCoApplicant) {
    throw new AppError('BAD_REQUEST', 'A co-applicant step without a co-applicant.', {
      reason: 'STEP_NOT_ON_PATH',
      messageKey: 'mortgage.api.stepNotOnPath',
    })
  }
  const reached = currentStep(row)
  if (stepIndex(step) > stepIndex(reached)) {
    throw new AppError('BAD_REQUEST', 'The earlier steps are not filled in yet.', {
      reason: 'STEP_NOT_REACHED',
      messageKey: 'mortgage.api.stepNotReached',
    })
  }
  const data = { ...dataOf(deps.cipher, row), [step]: parsed.data } as MortgageApplicationData
  const check = checkMortgageApplication(data, now)
  const errors = check.errors.filter((problem) => problem.step === step)
  if (errors.length > 0) return { ok: false, fields: crossStepFields(errors, language, () => 'body') }

  const next = after(step, hasCoApplicant)
  const stored = furthest(reached, next)
  const updated = await deps.db
    .update(mortgageApplications)
    .set({
      step: stored,
      hasCoApplicant,
      dataEncrypted: deps.cipher.encrypt(JSON.stringify(data)),
      updatedAt: now,
    })
    .where(and(eq(mortgageApplications.id, row.id), eq(mortgageApplications.status, 'draft')))
    .returning({ id: mortgageApplications.id })
  // Submitted by another request in between: nothing was saved.
  if (updated.length === 0) editable({ status: 'submitted' })
  return {
    ok: true,
    saved: {
      step: next,
      progress: progressOf(next, hasCoApplicant),
      hasCoApplicant,
      warnings: warningsOf(
        check.warnings.filter((warning) => warning.step === step),
        language,
      ),
    },
  }
}
