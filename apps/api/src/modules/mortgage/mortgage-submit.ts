import { schema } from '@lainava/db'
import {
  checkMortgageApplication,
  type MortgageApplicationData,
  type MortgageDataStep,
  mortgageStepSchemas,
  stepsFor,
} from '@lainava/domain'
import type { ApplicationTracking } from '@lainava/domain/analytics'
import type { FieldProblem } from '@lainava/domain/api-error'
import type { CatalogueLocale } from '@lainava/i18n'
import { and, eq } from 'drizzle-orm'
import { AppError } from '../../app-error.ts'
import { translatorFor } from '../../language.ts'
import { identifiesApplicant } from '../identification/identification-service.ts'
import type { MarketplaceDeps } from '../marketplace/marketplace.ts'
import { dispatchMortgageApplication, receiveMortgageApplication } from './mortgage-delivery.ts'
import { applicantRows, type StoredMortgageDetails } from './mortgage-facts.ts'
import { crossStepFields, dataOf, identificationOfApplication, notFound } from './mortgage-service.ts'

const { applications, applicants, mortgageApplications } = schema

// Issue 16: sending a finished mortgage application to the banks. Every step of the person's path
// must be valid (by its schema and the cross-step checks of the day), and the lead applicant must
// have identified strongly with the same henkilötunnus. The marketplace application (kind
// `mortgage`, the applicants in their own rows with the identity numbers encrypted and hashed like
// the consumer flow) and its recipients are stored in one transaction; submitting again answers
// the same application.

export type SubmitResult = { ok: true; applicationId: string } | { ok: false; fields: FieldProblem[] }

/** The path's data steps that are missing or no longer valid, as field problems (`steps.<step>`). */
function incompleteSteps(
  data: MortgageApplicationData,
  hasCoApplicant: boolean,
  language: CatalogueLocale,
  now: Date,
): { data: MortgageApplicationData; fields: FieldProblem[] } {
  const t = translatorFor(language)
  const fields: FieldProblem[] = []
  const valid: Record<string, unknown> = {}
  for (const step of stepsFor(hasCoApplicant)) {
    if (step === 'identify') continue
    const parsed = mortgageStepSchemas[step as MortgageDataStep].safeParse(data[step as MortgageDataStep])
    if (parsed.success) valid[step] = parsed.data
    else
      fields.push({
        path: `steps.${step}`,
        code: 'mortgage.error.required',
        message: t('mortgage.api.incomplete'),
      })
  }
  const checked = valid as MortgageApplicationData
  if (fields.length === 0) {
    fields.push(
      ...crossStepFields(checkMortgageApplication(checked, now).errors, language, (step) => `steps.${step}`),
    )
  }
  return { data: checked, fields }
}

export async function submitMortgageApplication(
  deps: MarketplaceDeps,
  input: {
    userId: string
    id: string
    language: CatalogueLocale
    /** Issue 18 item 6: where the applicant came from; the affiliate record goes into the details. */
    tracking?: ApplicationTracking | null
  },
  now: Date = new Date(),
): Promise<SubmitResult> {
  const outcome = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(mortgageApplications)
      .where(and(eq(mortgageApplications.id, input.id), eq(mortgageApplications.userId, input.userId)))
      .for('update')
    if (!row) throw notFound()
    // Submitted already (a retry, a double click): the same application again.
    if (row.status === 'submitted' && row.applicationId)
      return { ok: true as const, applicationId: row.applicationId, created: false }
    if (row.status !== 'draft') {
      throw new AppError('CONFLICT', 'The application was cancelled.', {
        reason: 'CANCELLED',
        messageKey: 'mortgage.api.cancelled',
      })
    }
    const checked = incompleteSteps(dataOf(deps.cipher, row), row.hasCoApplicant, input.language, now)
    if (checked.fields.length > 0) return { ok: false as const, fields: checked.fields }
    const { data } = checked
    const identification = await identificationOfApplication(tx, row)
    if (!identification) {
      throw new AppError('CONFLICT', 'Strong identification is required before submitting.', {
        reason: 'IDENTIFICATION_REQUIRED',
        messageKey: 'mortgage.api.identificationRequired',
      })
    }
    // The lead applicant as the application has it now (the hetu may have changed since).
    if (!identifiesApplicant(deps.cipher, identification, data['personal-information']?.hetu ?? '')) {
      throw new AppError('CONFLICT', 'The identified person is not the applicant.', {
        reason: 'IDENTIFICATION_MISMATCH',
        messageKey: 'mortgage.api.identificationMismatch',
      })
    }
    const purpose = data['mortgage-application']?.purpose
    const loan = data['loan-requirement']
    const property = data['property-information']
    const funding = data['funding-proposal']
    const household = data['household-information']
    if (!purpose || !loan || !property || !funding || !household) throw new Error('checked steps are missing')
    const details: StoredMortgageDetails = {
      mortgageApplicationId: row.id,
      hasCoApplicant: row.hasCoApplicant,
      purpose,
      calculator: data.calculator ?? null,
      property,
      loan,
      funding,
      household,
      identification: {
        method: identification.method,
        level: identification.level,
        identifiedAt: identification.identifiedAt.toISOString(),
      },
    }
    const [created] = await tx
      .insert(applications)
      .values({
        userId: input.userId,
        kind: 'mortgage',
        idempotencyKey: `mortgage:${row.id}`,
        amount: loan.loanAmount,
        periodMonths: loan.years * 12,
        purpose,
        language: input.language,
        trafficSource: input.tracking?.trafficSource ?? null,
        details: input.tracking?.affiliate ? { ...details, affiliate: input.tracking.affiliate } : details,
      })
      .returning({ id: applications.id })
    if (!created) throw new Error('application insert returned nothing')
    await tx.insert(applicants).values(applicantRows(deps.cipher, created.id, data, row.hasCoApplicant))
    await receiveMortgageApplication(tx, deps.cipher, created.id)
    // ADR 043: the deliveries in one INSERT, committed with the application or not at all.
    await dispatchMortgageApplication(deps, created.id, tx)
    await tx
      .update(mortgageApplications)
      .set({
        status: 'submitted',
        applicationId: created.id,
        identificationId: identification.id,
        submittedAt: now,
        updatedAt: now,
      })
      .where(eq(mortgageApplications.id, row.id))
    return { ok: true as const, applicationId: created.id, created: true }
  })
  if (!outcome.ok) return outcome
  return { ok: true, applicationId: outcome.applicationId }
}
