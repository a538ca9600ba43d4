import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod'
import {
  HetuRevealSchema,
  LenderApplicationDetailSchema,
  LenderApplicationFiltersSchema,
  LenderInvitationInputSchema,
  LenderOrganisationSchema,
  LenderRoleInputSchema,
  LenderUserListSchema,
  LenderUserSchema,
  LenderWorkspaceSchema,
  ManualDeclineInputSchema,
  ManualOfferInputSchema,
  OfferRejectionSchema,
  OfferResultSchema,
  ReceivedApplicationListSchema,
} from '@lainava/domain/lender-portal'
import { PartnerCardOfferSchema } from '@lainava/domain/marketplace/partner-protocol'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { requestLanguage } from '../../language.ts'
import { errorBody } from '../../plugins/errors.ts'
import { ErrorBodySchema } from '../../schemas.ts'
import { currentUser, requireUser } from '../auth/guards.ts'
import { requireLenderApiKey } from '../marketplace/lender-credentials.ts'
import {
  type MarketplaceDeps,
  OfferRejectedError,
  recordDecline,
  recordOffer,
} from '../marketplace/marketplace.ts'
import { lenderOrganisation, requireLenderMember } from './lender-access.ts'
import {
  asOfferResult,
  declineManually,
  lenderApplicationDetail,
  listReceivedApplications,
  makeManualOffer,
  revealApplicantHetu,
  withdrawOffer,
  withdrawOfferAsMember,
} from './lender-applications.ts'
import { changeLenderRole, inviteLenderUser, listLenderUsers, removeLenderUser } from './lender-users.ts'

// Issue 17: the lender API. Two callers: a lender's own system with its API key (the partner API's
// answers) and a lender user's session (the portal). Handlers unpack input and call one service; the
// services own the checks and the updates; the response schemas live in @lainava/domain/lender-portal.

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

const ApplicationParams = z.object({ applicationId: z.uuid() })
const UserParams = z.object({ userId: z.uuid() })

/** An offer over a cap: 422 with the violations, for API and manual offers alike. */
function sendRejection(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  if (!(error instanceof OfferRejectedError)) throw error
  return reply.status(422).send({
    ...errorBody(request, { code: 'OFFER_OVER_CAP', messageKey: error.options.messageKey }),
    violations: error.violations,
  })
}

export const lenderRoutes: FastifyPluginAsyncZod<{ deps: MarketplaceDeps }> = async (app, { deps }) => {
  const { db } = deps
  const member = (request: FastifyRequest, options?: { adminOnly?: boolean }) =>
    currentUser(db, request).then((user) => requireLenderMember(db, user, options))

  app.get(
    '/v1/lender/organisations/:lenderId',
    {
      schema: {
        tags: ['lender'],
        summary: 'A lender organisation: its own users and admins only',
        params: z.object({ lenderId: z.uuid() }),
        response: {
          200: LenderOrganisationSchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (request) =>
      lenderOrganisation(db, await requireUser(db, request, ['lender', 'admin']), request.params.lenderId),
  )

  // The lender portal (a lender user's session): only its own organisation's data.
  app.get(
    '/v1/lender/workspace',
    {
      schema: {
        tags: ['lender'],
        summary: "The lender user's organisation, its integration and the user's role",
        response: { 200: LenderWorkspaceSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (request) => {
      const { lenderId, lenderName, integration, lenderRole } = await member(request)
      return { lenderId, lenderName, integration, lenderRole }
    },
  )

  app.get(
    '/v1/lender/applications',
    {
      schema: {
        tags: ['lender'],
        summary: "Applications the lender user's organisation received (newest first, filtered, paged)",
        querystring: LenderApplicationFiltersSchema,
        response: {
          200: ReceivedApplicationListSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
        },
      },
    },
    async (request) => listReceivedApplications(db, (await member(request)).lenderId, request.query),
  )

  app.get(
    '/v1/lender/applications/:applicationId',
    {
      schema: {
        tags: ['lender'],
        summary:
          'One application the organisation received, as the partner API delivers it (henkilötunnus hidden)',
        description: 'An application sent to another lender is "not found".',
        params: ApplicationParams,
        response: {
          200: LenderApplicationDetailSchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (request) => lenderApplicationDetail(deps, await member(request), request.params.applicationId),
  )

  app.post(
    '/v1/lender/applications/:applicationId/hetu',
    {
      schema: {
        tags: ['lender'],
        summary: "Show the applicants' henkilötunnus (written to the audit log)",
        params: ApplicationParams,
        response: { 200: HetuRevealSchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) => revealApplicantHetu(deps, await member(request), request.params.applicationId),
  )

  app.post(
    '/v1/lender/applications/:applicationId/manual-offer',
    {
      schema: {
        tags: ['lender'],
        summary: "A manual lender's offer, made in the portal",
        description:
          'Priced and held to the Finnish consumer-credit caps by the same code as offers through the partner API; over a cap: 422 `OFFER_OVER_CAP` with the violations. A lender with an API integration: 409 `NOT_MANUAL_LENDER`.',
        params: ApplicationParams,
        body: ManualOfferInputSchema,
        response: {
          201: OfferResultSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
          422: OfferRejectionSchema,
        },
      },
    },
    async (request, reply) => {
      const who = await member(request)
      try {
        const result = await makeManualOffer(deps, who, request.params.applicationId, request.body)
        return reply.status(201).send(result)
      } catch (error) {
        return sendRejection(request, reply, error)
      }
    },
  )

  app.post(
    '/v1/lender/applications/:applicationId/manual-decline',
    {
      schema: {
        tags: ['lender'],
        summary: 'A manual lender declines an application in the portal, with a reason',
        params: ApplicationParams,
        body: ManualDeclineInputSchema,
        response: {
          204: z.null(),
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      await declineManually(deps, await member(request), request.params.applicationId, request.body.reason)
      return reply.status(204).send(null)
    },
  )

  app.post(
    '/v1/lender/portal/offers/:offerId/withdraw',
    {
      schema: {
        tags: ['lender'],
        summary: "Withdraw one of the organisation's open offers (session)",
        description:
          'Nothing withdrawn says why: 404 no such offer of this lender, 409 `OFFER_ACCEPTED` or `OFFER_NOT_ACTIVE`.',
        params: z.object({ offerId: z.uuid() }),
        response: {
          204: z.null(),
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      await withdrawOfferAsMember(deps, await member(request), request.params.offerId)
      return reply.status(204).send(null)
    },
  )

  // The organisation's users: lender-admins only.
  app.get(
    '/v1/lender/users',
    {
      schema: {
        tags: ['lender'],
        summary: "The organisation's users (lender-admins only)",
        response: { 200: LenderUserListSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (request) => ({
      users: await listLenderUsers(db, (await member(request, { adminOnly: true })).lenderId),
    }),
  )

  app.post(
    '/v1/lender/users',
    {
      schema: {
        tags: ['lender'],
        summary: 'Invite a user into the organisation (sends a login e-mail; lender-admins only)',
        body: LenderInvitationInputSchema,
        response: {
          201: LenderUserSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const who = await member(request, { adminOnly: true })
      const invited = await inviteLenderUser(deps, who, {
        ...request.body,
        language: requestLanguage(request),
      })
      return reply.status(201).send(invited)
    },
  )

  app.patch(
    '/v1/lender/users/:userId',
    {
      schema: {
        tags: ['lender'],
        summary: "Change a user's role (never the last lender-admin; the same role is a 409)",
        params: UserParams,
        body: LenderRoleInputSchema,
        response: {
          200: LenderUserSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (request) =>
      changeLenderRole(
        db,
        await member(request, { adminOnly: true }),
        request.params.userId,
        request.body.lenderRole,
      ),
  )

  app.delete(
    '/v1/lender/users/:userId',
    {
      schema: {
        tags: ['lender'],
        summary: 'Remove a user from the organisation (never the last lender-admin)',
        params: UserParams,
        response: {
          204: z.null(),
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      await removeLenderUser(db, await member(request, { adminOnly: true }), request.params.userId)
      return reply.status(204).send(null)
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
          422: OfferRejectionSchema,
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
        return reply.status(201).send(asOfferResult(offer))
      } catch (error) {
        return sendRejection(request, reply, error)
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
        description:
          'Nothing withdrawn says why: 404 no such offer of this lender, 409 `OFFER_ACCEPTED` (the applicant accepted it) or `OFFER_NOT_ACTIVE` (already withdrawn or expired).',
        security: [{ lenderApiKey: [] }],
        params: z.object({ offerId: z.uuid() }),
        response: { 204: z.null(), 401: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const lender = await requireLenderApiKey(db, request)
      await withdrawOffer(deps, lender.id, request.params.offerId)
      return reply.status(204).send(null)
    },
  )
}
