import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod'
import {
  PartnerMortgageOfferSchema,
  PartnerMortgageStatusSchema,
} from '@lainava/domain/marketplace/partner-protocol'
import {
  MortgageApplicationViewSchema,
  MortgageEsisSchema,
  MortgageOfferSchema,
  MortgageStartBodySchema,
  MortgageStartedSchema,
  MortgageStatusSchema,
  MortgageStepParamsSchema,
  MortgageStepSavedSchema,
  MortgageSubmittedSchema,
} from '@lainava/domain/mortgage/api'
import { z } from 'zod'
import { requestLanguage } from '../../language.ts'
import { errorBody } from '../../plugins/errors.ts'
import { ErrorBodySchema } from '../../schemas.ts'
import { requireUser } from '../auth/guards.ts'
import { requireLenderApiKey } from '../marketplace/lender-credentials.ts'
import type { MarketplaceDeps } from '../marketplace/marketplace.ts'
import {
  MortgageOfferRefusedError,
  recordMortgageDecline,
  recordMortgageOffer,
  recordMortgageStatus,
} from './mortgage-answers.ts'
import { offerFromPartner } from './mortgage-delivery.ts'
import {
  cancelMortgageApplication,
  readMortgageApplication,
  saveMortgageStep,
  startMortgageApplication,
} from './mortgage-service.ts'
import { acceptMortgageOffer, mortgageEsis, mortgageStatus } from './mortgage-status.ts'
import { submitMortgageApplication } from './mortgage-submit.ts'

// Issue 16: the mortgage application API (the contract's endpoints) and the banks' side of it on the
// lender API. Handlers unpack and call one service function; the services own the checks.

const IdParams = z.object({ id: z.uuid() })
const OfferParams = z.object({ offerId: z.uuid() })
const ApplicationParams = z.object({ applicationId: z.uuid() })

const StepBodySchema = z
  .record(z.string(), z.unknown())
  .describe('The step’s data, as its schema in packages/domain/src/mortgage/schemas.ts takes it')

const RejectionSchema = ErrorBodySchema.extend({
  violations: z.array(z.object({ code: z.string(), limit: z.number(), actual: z.number() })).optional(),
})

const LenderMortgageOfferResultSchema = z
  .object({
    offerId: z.uuid(),
    firstInstalment: z.number(),
    apr: z.number().describe('Percent, computed by Lainava (the reference rate held constant)'),
    totalCost: z.number(),
    totalPayable: z.number(),
    validUntil: z.string(),
  })
  .meta({ id: 'LenderMortgageOfferResult' })

export const mortgageRoutes: FastifyPluginAsyncZod<{ deps: MarketplaceDeps }> = async (app, { deps }) => {
  const { db } = deps
  const consumer = (request: Parameters<typeof requireUser>[1]) => requireUser(db, request, ['consumer'])

  app.post(
    '/v1/mortgage-application',
    {
      schema: {
        tags: ['applications'],
        summary: 'Start a mortgage application (signed in): the calculator’s figures and the first step',
        description:
          '`callbackUrl` and `redirectionUrl` are kept only when their host is allowed (MORTGAGE_CALLBACK_HOSTS).',
        body: MortgageStartBodySchema,
        response: {
          201: MortgageStartedSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const user = await consumer(request)
      return reply.status(201).send(await startMortgageApplication(deps, user.id, request.body))
    },
  )

  app.get(
    '/v1/mortgage-application/status',
    {
      schema: {
        tags: ['applications'],
        summary: 'The status of my latest mortgage application: each bank’s answer and the offers',
        response: {
          200: MortgageStatusSchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (request) => mortgageStatus(db, (await consumer(request)).id, null),
  )

  app.get(
    '/v1/mortgage-application/status/:id',
    {
      schema: {
        tags: ['applications'],
        summary: 'The status of a mortgage application (403 for another user’s, spec §6)',
        params: IdParams,
        response: {
          200: MortgageStatusSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (request) => mortgageStatus(db, (await consumer(request)).id, request.params.id),
  )

  app.get(
    '/v1/mortgage-application/offers/:offerId/esis',
    {
      schema: {
        tags: ['applications'],
        summary: 'The ESIS (European Standardised Information Sheet) data of one of my mortgage offers',
        params: OfferParams,
        response: {
          200: MortgageEsisSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (request) => mortgageEsis(db, (await consumer(request)).id, request.params.offerId),
  )

  app.post(
    '/v1/mortgage-application/offers/:offerId/accept',
    {
      schema: {
        tags: ['applications'],
        summary: 'Accept one of my mortgage offers (one per application; the bank is told)',
        params: OfferParams,
        response: {
          200: MortgageOfferSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (request) => acceptMortgageOffer(deps, (await consumer(request)).id, request.params.offerId),
  )

  app.get(
    '/v1/mortgage-application/:id',
    {
      schema: {
        tags: ['applications'],
        summary: 'My mortgage application as saved (404 for anyone else’s)',
        params: IdParams,
        response: {
          200: MortgageApplicationViewSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (request) => readMortgageApplication(deps, (await consumer(request)).id, request.params.id),
  )

  app.put(
    '/v1/mortgage-application/:id/steps/:step',
    {
      schema: {
        tags: ['applications'],
        summary: 'Save one step of my mortgage application',
        description:
          'Validated by the step’s schema and the cross-step checks (400 with field errors in the request’s language). A co-applicant step without a co-applicant is `STEP_NOT_ON_PATH`, a step after the furthest reached `STEP_NOT_REACHED`; an earlier step may be saved again. `warnings` (the LTV cap with the missing own funds) do not stop the application.',
        params: MortgageStepParamsSchema,
        body: StepBodySchema,
        response: {
          200: MortgageStepSavedSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const user = await consumer(request)
      const result = await saveMortgageStep(deps, {
        userId: user.id,
        id: request.params.id,
        step: request.params.step,
        body: request.body,
        language: requestLanguage(request),
      })
      if (result.ok) return result.saved
      return reply.status(400).send(
        errorBody(request, {
          code: 'VALIDATION_FAILED',
          messageKey: 'api.badRequest',
          fields: result.fields,
        }),
      )
    },
  )

  app.post(
    '/v1/mortgage-application/:id/cancel',
    {
      schema: {
        tags: ['applications'],
        summary: 'Start over: cancel my mortgage application in progress',
        description:
          'The draft is kept as `cancelled` (it is in the person’s data export) and the next start is a new application. A submitted application cannot be cancelled (409 `ALREADY_SUBMITTED`); cancelling again answers the same. The answer is the application as saved.',
        params: IdParams,
        response: {
          200: MortgageApplicationViewSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const user = await consumer(request)
      await cancelMortgageApplication(deps, user.id, request.params.id)
      return readMortgageApplication(deps, user.id, request.params.id)
    },
  )

  app.post(
    '/v1/mortgage-application/:id/submit',
    {
      schema: {
        tags: ['applications'],
        summary: 'Send my finished mortgage application to the banks',
        description:
          'Every step of the path must be valid (400 `VALIDATION_FAILED`, `fields` naming `steps.<step>`), and the lead applicant strongly identified with the same henkilötunnus (409 `IDENTIFICATION_REQUIRED` or `IDENTIFICATION_MISMATCH`). Submitting again answers the same application.',
        params: IdParams,
        response: {
          202: MortgageSubmittedSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const user = await consumer(request)
      const result = await submitMortgageApplication(deps, {
        userId: user.id,
        id: request.params.id,
        language: requestLanguage(request),
      })
      if (result.ok) return reply.status(202).send({ applicationId: result.applicationId })
      return reply.status(400).send(
        errorBody(request, {
          code: 'VALIDATION_FAILED',
          messageKey: 'mortgage.api.incomplete',
          fields: result.fields,
        }),
      )
    },
  )

  // The banks' side (partner API, API key): intermediate status, offer and decline of a mortgage application.

  app.post(
    '/v1/lender/mortgage-applications/:applicationId/status',
    {
      schema: {
        tags: ['lender'],
        summary: 'Say that the bank is processing a mortgage application or needs more information (API key)',
        security: [{ lenderApiKey: [] }],
        params: ApplicationParams,
        body: PartnerMortgageStatusSchema,
        response: {
          204: z.null(),
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const lender = await requireLenderApiKey(db, request)
      await recordMortgageStatus(deps, {
        applicationId: request.params.applicationId,
        lenderId: lender.id,
        status: request.body.status,
        redirectionUrl: request.body.redirectionUrl,
      })
      return reply.status(204).send(null)
    },
  )

  app.post(
    '/v1/lender/mortgage-applications/:applicationId/offers',
    {
      schema: {
        tags: ['lender'],
        summary: 'Make a mortgage offer with its ESIS items (API key)',
        description:
          'Lainava computes the first instalment, the APR (the reference rate held constant, Mortgage Credit Directive) and the totals. `referenceRateValue + margin` is the nominal rate. A period over the legal maximum of the day is refused with 422.',
        security: [{ lenderApiKey: [] }],
        params: ApplicationParams,
        body: PartnerMortgageOfferSchema,
        response: {
          201: LenderMortgageOfferResultSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
          422: RejectionSchema,
        },
      },
    },
    async (request, reply) => {
      const lender = await requireLenderApiKey(db, request)
      try {
        const offer = await recordMortgageOffer(deps, {
          applicationId: request.params.applicationId,
          lenderId: lender.id,
          offer: offerFromPartner(request.body),
        })
        return reply.status(201).send({
          offerId: offer.id,
          firstInstalment: offer.monthlyPayment,
          apr: Math.round(offer.apr * 10_000) / 100,
          totalCost: offer.totalCost,
          totalPayable: offer.totalPayable,
          validUntil: offer.validUntil.toISOString(),
        })
      } catch (error) {
        if (error instanceof MortgageOfferRefusedError) {
          return reply.status(422).send({
            ...errorBody(request, { code: 'OFFER_REFUSED', messageKey: error.options.messageKey }),
            violations: error.violations,
          })
        }
        throw error
      }
    },
  )

  app.post(
    '/v1/lender/mortgage-applications/:applicationId/decline',
    {
      schema: {
        tags: ['lender'],
        summary: 'Decline a mortgage application, also after processing or asking for information (API key)',
        security: [{ lenderApiKey: [] }],
        params: ApplicationParams,
        body: z.object({ reason: z.string().max(200).optional() }).default({}),
        response: {
          204: z.null(),
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const lender = await requireLenderApiKey(db, request)
      await recordMortgageDecline(deps, {
        applicationId: request.params.applicationId,
        lenderId: lender.id,
        reason: request.body.reason ?? 'declined',
      })
      return reply.status(204).send(null)
    },
  )
}
