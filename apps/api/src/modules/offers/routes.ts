import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod'
import { APPLICATION_KINDS, CARD_TYPES } from '@lainava/domain'
import { z } from 'zod'
import { ErrorBodySchema } from '../../schemas.ts'
import { requireUser } from '../auth/guards.ts'
import type { MarketplaceDeps } from '../marketplace/marketplace.ts'
import { acceptOffer, getOffer, listApplicationOffers } from '../marketplace/offers.ts'

const OfferStatusSchema = z.enum(['offered', 'accepted', 'expired', 'withdrawn'])

export const OfferSchema = z
  .object({
    id: z.uuid(),
    applicationId: z.uuid(),
    lender: z.object({ id: z.uuid(), name: z.string(), slug: z.string() }),
    status: OfferStatusSchema,
    amount: z.number(),
    amountAsked: z.number(),
    months: z.number().int(),
    monthsAsked: z.number().int().describe('The period asked for (a card: 12)'),
    product: z.enum(APPLICATION_KINDS).describe("The application's kind"),
    nominalRate: z.number().describe('Percent'),
    openingFee: z.number(),
    monthlyFee: z.number(),
    feeFinanced: z.boolean(),
    monthlyPayment: z.number().describe('Instalment including the monthly fee'),
    apr: z.number().describe('Percent, EU directive equation, computed by us'),
    totalCost: z.number(),
    totalPayable: z.number(),
    repaymentType: z.literal('annuity'),
    validUntil: z.string(),
    secciUrl: z.string().nullable(),
    createdAt: z.string(),
    acceptedAt: z.string().nullable(),
    card: z
      .object({
        cardType: z.enum(CARD_TYPES),
        exampleAmount: z.number(),
        annualFee: z.number(),
        gracePeriodDays: z.number().int(),
      })
      .nullable()
      .describe(
        'Card offers: amount is the credit limit; the instalment, APR and totals are those of the representative example (exampleAmount drawn, 12 instalments)',
      ),
    personalGuarantee: z.boolean().describe("Business offers: the owner's personal guarantee is required"),
  })
  .meta({ id: 'LoanOffer' })

const ApplicationOffersSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(APPLICATION_KINDS),
    status: z.string(),
    amount: z.number(),
    periodMonths: z.number().int(),
    purpose: z.string().nullable(),
    createdAt: z.string(),
    summary: z.object({
      asked: z.number().int(),
      answered: z.number().int(),
      offered: z.number().int(),
      pending: z.number().int(),
    }),
    lenders: z.array(
      z.object({
        id: z.uuid(),
        name: z.string(),
        status: z.enum(['pending', 'declined', 'offered', 'accepted', 'expired', 'withdrawn']),
        offerId: z.uuid().nullable(),
      }),
    ),
    offers: z.array(OfferSchema),
  })
  .meta({ id: 'ApplicationOffers' })

const OfferParams = z.object({ offerId: z.uuid() })

export const offerRoutes: FastifyPluginAsyncZod<{ deps: MarketplaceDeps }> = async (app, { deps }) => {
  const { db } = deps

  app.get(
    '/v1/loanOffers',
    {
      schema: {
        tags: ['offers'],
        summary: "The user's applications with each lender's answer and the offers (APR order)",
        response: {
          200: z.object({ applications: z.array(ApplicationOffersSchema) }),
          401: ErrorBodySchema,
          403: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const user = await requireUser(db, request, ['consumer'])
      reply.header('cache-control', 'no-store')
      return { applications: await listApplicationOffers(db, user.id) }
    },
  )

  app.get(
    '/v1/loanOffers/:offerId',
    {
      schema: {
        tags: ['offers'],
        summary: 'One of my offers',
        params: OfferParams,
        response: { 200: OfferSchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(db, request, ['consumer'])
      reply.header('cache-control', 'no-store')
      return getOffer(db, user.id, request.params.offerId)
    },
  )

  app.post(
    '/v1/loanOffers/:offerId/accept',
    {
      schema: {
        tags: ['offers'],
        summary: 'Accept one of my offers (one per application; the lender is told)',
        params: OfferParams,
        response: {
          200: OfferSchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const user = await requireUser(db, request, ['consumer'])
      return acceptOffer(deps, user.id, request.params.offerId)
    },
  )
}
