import { schema } from '@lainava/db'
import { applicationTrackingOf } from '@lainava/domain/analytics'
import type { FieldProblem } from '@lainava/domain/api-error'
import { MortgageStartBodySchema } from '@lainava/domain/mortgage/api'
import { CalculatorStepSchema } from '@lainava/domain/mortgage/schemas'
import { catalogueLocale } from '@lainava/i18n'
import { and, desc, eq } from 'drizzle-orm'
import type { Failure, WebServices } from '../../../web/app/context.ts'
import { AppError } from '../app-error.ts'
import { fieldProblems } from '../field-problems.ts'
import { translatorFor } from '../language.ts'
import {
  cancelMortgageApplication,
  latestMortgageApplicationId,
  readMortgageApplication,
  saveMortgageStep,
  startMortgageApplication,
} from '../modules/mortgage/mortgage-service.ts'
import { acceptMortgageOffer, mortgageEsis, mortgageStatus } from '../modules/mortgage/mortgage-status.ts'
import { submitMortgageApplication } from '../modules/mortgage/mortgage-submit.ts'
import type { Services } from '../services.ts'

// Issue 16: the mortgage pages' services (WebServices.mortgage). The same service functions as the
// mortgage API's routes, with the same checks; failures as the API's error body in the page's language.

/** An AppError as the failure the pages read (ADR 016), anything else thrown on. */
async function attempt<T>(language: string, run: () => Promise<T>): Promise<T | Failure> {
  try {
    return await run()
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    const t = translatorFor(catalogueLocale(language))
    const { messageKey, params, reason } = error.options
    return { ok: false, code: reason ?? error.code, message: t(messageKey, params), status: error.statusCode }
  }
}

/** Field problems as one 400 failure; paths within the step's data (the API's say `body.`). */
function invalid(language: string, fields: FieldProblem[]): Failure {
  return {
    ok: false,
    code: 'VALIDATION_FAILED',
    status: 400,
    message: translatorFor(catalogueLocale(language))('form.errorSummary'),
    fields: fields.map((field) => ({ ...field, path: field.path.replace(/^body\./, '') })),
  }
}

export function mortgageWebServices(services: Services): WebServices['mortgage'] {
  const { db } = services
  async function latestSentId(userId: string): Promise<string | null> {
    const [row] = await db
      .select({ id: schema.mortgageApplications.id })
      .from(schema.mortgageApplications)
      .where(
        and(
          eq(schema.mortgageApplications.userId, userId),
          eq(schema.mortgageApplications.status, 'submitted'),
        ),
      )
      .orderBy(desc(schema.mortgageApplications.submittedAt))
      .limit(1)
    return row?.id ?? null
  }
  return {
    async latest(userId) {
      const id = await latestMortgageApplicationId(db, userId)
      return id ? readMortgageApplication(services, userId, id) : null
    },
    async checkCalculator({ language, data }) {
      const parsed = CalculatorStepSchema.safeParse(data)
      if (parsed.success) return { ok: true }
      const t = translatorFor(catalogueLocale(language))
      return invalid(language, fieldProblems(parsed.error.issues, t, { input: data }))
    },
    async start({ userId, language, body }) {
      const parsed = MortgageStartBodySchema.safeParse(body)
      if (!parsed.success) {
        const t = translatorFor(catalogueLocale(language))
        return invalid(language, fieldProblems(parsed.error.issues, t, { input: body }))
      }
      return attempt(language, async () => ({
        ok: true as const,
        ...(await startMortgageApplication(services, userId, parsed.data)),
      }))
    },
    saveStep: ({ userId, language, mortgageApplicationId, step, data }) =>
      attempt(language, async () => {
        const result = await saveMortgageStep(services, {
          userId,
          id: mortgageApplicationId,
          step,
          body: data,
          language: catalogueLocale(language),
        })
        return result.ok ? { ok: true as const, ...result.saved } : invalid(language, result.fields)
      }),
    submit: ({ userId, language, mortgageApplicationId, tracking }) =>
      attempt(language, async () => {
        const result = await submitMortgageApplication(services, {
          userId,
          id: mortgageApplicationId,
          language: catalogueLocale(language),
          tracking: applicationTrackingOf(tracking),
        })
        return result.ok
          ? { ok: true as const, applicationId: result.applicationId }
          : invalid(language, result.fields)
      }),
    cancel: ({ userId, language, mortgageApplicationId }) =>
      attempt(language, async () => {
        await cancelMortgageApplication(services, userId, mortgageApplicationId)
        return { ok: true as const }
      }),
    async status({ userId, language, mortgageApplicationId }) {
      // Without an id, the latest application sent: a draft begun since has nothing to show yet.
      const id = mortgageApplicationId ?? (await latestSentId(userId))
      if (!id) return null
      return attempt(language, async () => ({ ok: true as const, ...(await mortgageStatus(db, userId, id)) }))
    },
    async esis({ userId, language, offerId }) {
      const result = await attempt(language, () => mortgageEsis(db, userId, offerId))
      return 'ok' in result ? null : result
    },
    accept: ({ userId, language, offerId }) =>
      attempt(language, async () => {
        await acceptMortgageOffer(services, userId, offerId)
        return { ok: true as const }
      }),
  }
}
