import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod'
import { schema } from '@lainava/db'
import { APPLICATION_KINDS, RECIPIENT_STATUSES } from '@lainava/domain'
import { PartnerCardOfferSchema } from '@lainava/domain/marketplace/partner-protocol'
import { and, desc, eq } from 'drizzle-orm'
import { z } from 'zod'
import { AppError } from '../../app-error.ts'
import { errorBody } from '../../plugins/errors.ts'
import { ErrorBodySchema } from '../../schemas.ts'
import { requireUser } from '../auth/guards.ts'
import { requireLenderApiKey } from '../marketplace/lender-credentials.ts'
import {
  type MarketplaceDeps,
  OfferRejectedError,
  recordDecline,
  recordOffer,
} from '../marketplace/marketplace.ts'

const { applicationRecipients, applications, lenders, offers } = schema

const LenderSchema = z
  .object({ id: z.uuid(), slug: z.string(), name: z.string(), description: z.string() })
  .meta({ id: 'LenderOrganisation' })

const OfferBodySchema = z
  .object({
    amount: z
      .number()
      .positive()
      .max(100_000_000)
      .describe('Offered amount in euros (may be less than asked); factoring: the advance limit'),
    months: z.number().int().min(1).max(600),
    nominalRate: z.number().min(0).max(100).describe('Annual nominal rate in percent, e.g. 9.9'),
    openingFee: z.number().min(0).max(1_000_000).default(0),
    monthlyFee: z
      .number()
      .min(0)
      .max(1_000_000)
      .default(0)
      .describe('Factoring: the service fee for a month of the stated invoicing, in euros'),
    feeFinanced: z.boolean().default(false).describe('true: the opening fee is added to the loan'),
    validDays: z.number().int().min(1).max(90).default(30),
    secciUrl: z.url().max(500).optional().describe("Link to the lender's SECCI document for this offer"),
    reference: z.string().max(100).optional().describe("The lender's own reference"),
    personalGuarantee: z
      .boolean()
      .default(false)
      .describe('Business credit: a personal guarantee is required (shown with the offer)'),
  })
  .meta({ id: 'LenderOfferInput' })

const OfferResultSchema = z
  .object({
    offerId: z.uuid(),
    monthlyPayment: z.number(),
    apr: z.number().describe('Percent, computed by Lainava (EU directive equation)'),
    totalCost: z.number(),
    totalPayable: z.number(),
    validUntil: z.string(),
  })
  .meta({ id: 'LenderOfferResult' })

const RejectionSchema = ErrorBodySchema.extend({
  violations: z.array(z.object({ code: z.string(), limit: z.number(), actual: z.number() })).optional(),
})

const ReceivedSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(APPLICATION_KINDS),
    amount: z.number(),
    periodMonths: z.number().int(),
    purpose: z.string().nullable(),
    receivedAt: z.string(),
    status: z.enum(RECIPIENT_STATUSES),
  })
  .meta({ id: 'ReceivedApplication' })

const ApplicationParams = z.object({ applicationId: z.uuid() })

export const lenderRoutes: FastifyPluginAsyncZod<{ deps: MarketplaceDeps }> = async (app, { deps }) => {
  const { db } = deps

  app.get(
    '/v1/lender/organisations/:lenderId',
    {
      schema: {
        tags: ['lender'],
        summary: 'A lender organisation: its own users and admins only',
        params: z.object({ lenderId: z.uuid() }),
        response: { 200: LenderSchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) => {
      const user = await requireUser(db, request, ['lender', 'admin'])
      // A lender sees only its own organisation.
      if (user.role === 'lender' && user.lenderId !== request.params.lenderId) {
        throw new AppError('FORBIDDEN', 'Not your organisation.', { messageKey: 'api.forbidden' })
      }
      const [lender] = await db
        .select({ id: lenders.id, slug: lenders.slug, name: lenders.name, description: lenders.description })
        .from(lenders)
        .where(eq(lenders.id, request.params.lenderId))
      if (!lender) throw new AppError('NOT_FOUND', 'No such lender.', { messageKey: 'api.lenderNotFound' })
      return lender
    },
  )

  // The lender portal (a lender user's session): only applications its organisation received.
  const receivedColumns = {
    id: applications.id,
    kind: applications.kind,
    amount: applications.amount,
    periodMonths: applications.periodMonths,
    purpose: applications.purpose,
    receivedAt: applicationRecipients.createdAt,
    status: applicationRecipients.status,
  }

  app.get(
    '/v1/lender/applications',
    {
      schema: {
        tags: ['lender'],
        summary: "Applications the lender user's organisation received (newest first)",
        response: {
          200: z.object({ applications: z.array(ReceivedSchema) }),
          401: ErrorBodySchema,
          403: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const user = await requireUser(db, request, ['lender'])
      if (!user.lenderId) throw new AppError('FORBIDDEN', 'No organisation.', { messageKey: 'api.forbidden' })
      const rows = await db
        .select(receivedColumns)
        .from(applicationRecipients)
        .innerJoin(applications, eq(applications.id, applicationRecipients.applicationId))
        .where(eq(applicationRecipients.lenderId, user.lenderId))
        .orderBy(desc(applicationRecipients.createdAt))
        .limit(200)
      return { applications: rows.map((row) => ({ ...row, receivedAt: row.receivedAt.toISOString() })) }
    },
  )

  app.get(
    '/v1/lender/applications/:applicationId',
    {
      schema: {
        tags: ['lender'],
        summary: 'One application the organisation received; any other is "not found"',
        params: ApplicationParams,
        response: { 200: ReceivedSchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) => {
      const user = await requireUser(db, request, ['lender'])
      if (!user.lenderId) throw new AppError('FORBIDDEN', 'No organisation.', { messageKey: 'api.forbidden' })
      const [row] = await db
        .select(receivedColumns)
        .from(applicationRecipients)
        .innerJoin(applications, eq(applications.id, applicationRecipients.applicationId))
        .where(
          and(
            eq(applicationRecipients.lenderId, user.lenderId),
            eq(applicationRecipients.applicationId, request.params.applicationId),
          ),
        )
      if (!row) {
        throw new AppError('NOT_FOUND', 'No such application.', { messageKey: 'api.applicationNotFound' })
      }
      return { ...row, receivedAt: row.receivedAt.toISOString() }
    },
  )

  // The partner API (an HTTP lender's API key): answers given later.
  app.post(
    '/v1/lender/applications/:applicationId/offers',
    {
      schema: {
        tags: ['lender'],
        summary: 'Make an offer on an application the lender received (API key)',
        description:
          'Send the terms; Lainava computes the instalment, APR and totals itself. A credit-card application takes card terms (`LenderCardOfferInput`: the figures returned are those of the representative example, 1 500 € or the limit drawn and repaid in 12 instalments), any other application loan terms; the wrong kind is refused with 422 `OFFER_WRONG_PRODUCT`. An offer on a consumer application that breaks the Finnish consumer-credit caps is refused with 422 and logged. Business loan and factoring applications are business credit, outside the consumer caps: their terms are refused with 422 `OFFER_NOT_PRICEABLE` only when they make no sense (a rate over 100 %, fees above the credit); `personalGuarantee` marks an offer that needs one.',
        security: [{ lenderApiKey: [] }],
        params: ApplicationParams,
        body: z.union([PartnerCardOfferSchema, OfferBodySchema]),
        response: {
          201: OfferResultSchema,
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
      const { nominalRate, ...terms } = request.body
      try {
        const offer = await recordOffer(deps, {
          applicationId: request.params.applicationId,
          lenderId: lender.id,
          offer: { ...terms, nominalRate: nominalRate / 100 },
        })
        return reply.status(201).send({
          offerId: offer.id,
          monthlyPayment: offer.monthlyPayment,
          apr: Math.round(offer.apr * 10_000) / 100,
          totalCost: offer.totalCost,
          totalPayable: offer.totalPayable,
          validUntil: offer.validUntil.toISOString(),
        })
      } catch (error) {
        if (error instanceof OfferRejectedError) {
          return reply.status(422).send({
            ...errorBody(request, { code: 'OFFER_OVER_CAP', messageKey: error.options.messageKey }),
            violations: error.violations,
          })
        }
        throw error
      }
    },
  )

  app.post(
    '/v1/lender/applications/:applicationId/decline',
    {
      schema: {
        tags: ['lender'],
        summary: 'Decline an application the lender received (API key)',
        security: [{ lenderApiKey: [] }],
        params: ApplicationParams,
        body: z.object({ reason: z.string().max(200).optional() }).default({}),
        response: { 204: z.null(), 401: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const lender = await requireLenderApiKey(db, request)
      await recordDecline(deps, {
        applicationId: request.params.applicationId,
        lenderId: lender.id,
        reason: request.body.reason ?? 'declined',
      })
      return reply.status(204).send(null)
    },
  )

  app.post(
    '/v1/lender/offers/:offerId/withdraw',
    {
      schema: {
        tags: ['lender'],
        summary: 'Withdraw an offer that the applicant has not accepted (API key)',
        security: [{ lenderApiKey: [] }],
        params: z.object({ offerId: z.uuid() }),
        response: { 204: z.null(), 401: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const lender = await requireLenderApiKey(db, request)
      const [offer] = await db
        .select({ status: offers.status })
        .from(offers)
        .where(and(eq(offers.id, request.params.offerId), eq(offers.lenderId, lender.id)))
      if (!offer) throw new AppError('NOT_FOUND', 'No such offer.', { messageKey: 'api.offerNotFound' })
      if (offer.status === 'accepted') {
        throw new AppError('CONFLICT', 'The applicant has accepted this offer.', {
          reason: 'OFFER_ACCEPTED',
          messageKey: 'api.offerAcceptedByApplicant',
        })
      }
      await db
        .update(offers)
        .set({ status: 'withdrawn' })
        .where(and(eq(offers.id, request.params.offerId), eq(offers.status, 'offered')))
      return reply.status(204).send(null)
    },
  )
}
