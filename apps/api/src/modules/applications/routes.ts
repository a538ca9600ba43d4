import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod'
import {
  APPLICATION_KINDS,
  ConsumerLoanApplicationSchema,
  CreditCardApplicationSchema,
} from '@lainava/domain'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { errorBody } from '../../plugins/errors.ts'
import { ErrorBodySchema } from '../../schemas.ts'
import { currentUser, requireUser } from '../auth/guards.ts'
import { randomToken } from '../auth/tokens.ts'
import {
  type ApplicationDeps,
  getApplication,
  listApplications,
  loadDraft,
  saveDraft,
  submitApplication,
} from './application-service.ts'

export const DRAFT_COOKIE = 'lv_draft'
const DRAFT_MAX_AGE = 60 * 60 * 24 * 30

const KindSchema = z.enum(APPLICATION_KINDS)
const RecipientSchema = z.object({ id: z.uuid(), name: z.string() })
const SummarySchema = z
  .object({
    id: z.uuid(),
    kind: KindSchema,
    status: z.string(),
    amount: z.number(),
    periodMonths: z.number(),
    purpose: z.string().nullable(),
    createdAt: z.string(),
    lenders: z.array(RecipientSchema),
  })
  .meta({ id: 'ApplicationSummary' })
const DraftSchema = z
  .object({
    kind: KindSchema,
    step: z.string(),
    data: z.record(z.string(), z.unknown()),
    updatedAt: z.string(),
  })
  .meta({ id: 'ApplicationDraft' })

const SubmitSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('consumer-loan'),
    idempotencyKey: z.uuid(),
    language: z.string().max(8).default('fi'),
    application: ConsumerLoanApplicationSchema,
  }),
  z.object({
    kind: z.literal('credit-card'),
    idempotencyKey: z.uuid(),
    language: z.string().max(8).default('fi'),
    application: CreditCardApplicationSchema,
  }),
])

export const applicationRoutes: FastifyPluginAsyncZod<{ deps: ApplicationDeps }> = async (app, { deps }) => {
  const { db, config } = deps

  function browserToken(request: FastifyRequest, reply: FastifyReply) {
    let token = request.cookies[DRAFT_COOKIE]
    if (!token || token.length < 20) {
      token = randomToken()
      reply.setCookie(DRAFT_COOKIE, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: config.COOKIE_SECURE,
        maxAge: DRAFT_MAX_AGE,
      })
    }
    return token
  }

  app.put(
    '/v1/applications/drafts/:kind',
    {
      schema: {
        tags: ['applications'],
        summary: 'Save the progress of an application form (this browser, and the user after login)',
        params: z.object({ kind: KindSchema }),
        body: z.object({ step: z.string().max(40), data: z.record(z.string(), z.unknown()) }),
        response: { 200: DraftSchema, 400: ErrorBodySchema, 413: ErrorBodySchema },
      },
      bodyLimit: 64 * 1024,
    },
    async (request, reply) => {
      const user = await currentUser(db, request)
      return saveDraft(deps, {
        browserToken: browserToken(request, reply),
        userId: user?.id ?? null,
        kind: request.params.kind,
        step: request.body.step,
        data: request.body.data,
      })
    },
  )

  app.get(
    '/v1/applications/drafts/:kind',
    {
      schema: {
        tags: ['applications'],
        summary: 'The saved progress to continue (this browser, or the user’s newest from any device)',
        params: z.object({ kind: KindSchema }),
        response: { 200: DraftSchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const user = await currentUser(db, request)
      const draft = await loadDraft(deps, {
        browserToken: request.cookies[DRAFT_COOKIE],
        userId: user?.id ?? null,
        kind: request.params.kind,
      })
      if (!draft) {
        return reply
          .status(404)
          .send(errorBody(request, { code: 'NOT_FOUND', messageKey: 'api.draftNotFound' }))
      }
      return draft
    },
  )

  app.post(
    '/v1/applications',
    {
      schema: {
        tags: ['applications'],
        summary: 'Submit an application (idempotent by idempotencyKey)',
        description:
          'A retried submit with the same idempotencyKey answers 200 with the same application. Without a login, a consumer account is created or linked by the applicant’s e-mail and a login e-mail is sent.',
        body: SubmitSchema,
        response: {
          200: z.object({
            applicationId: z.uuid(),
            lenders: z.array(RecipientSchema),
            loginEmailSent: z.boolean(),
          }),
          201: z.object({
            applicationId: z.uuid(),
            lenders: z.array(RecipientSchema),
            loginEmailSent: z.boolean(),
          }),
          400: ErrorBodySchema,
          409: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const user = await currentUser(db, request)
      const result = await submitApplication(deps, {
        ...request.body,
        loggedInUserId: user?.id ?? null,
        browserToken: request.cookies[DRAFT_COOKIE],
        ip: request.ip,
      } as Parameters<typeof submitApplication>[1])
      const { applicationId, lenders, loginEmailSent } = result
      return reply.status(result.created ? 201 : 200).send({ applicationId, lenders, loginEmailSent })
    },
  )

  app.get(
    '/v1/applications',
    {
      schema: {
        tags: ['applications'],
        summary: 'My applications',
        response: { 200: z.object({ applications: z.array(SummarySchema) }), 401: ErrorBodySchema },
      },
    },
    async (request) => ({ applications: await listApplications(db, (await requireUser(db, request)).id) }),
  )

  app.get(
    '/v1/applications/:id',
    {
      schema: {
        tags: ['applications'],
        summary: 'One of my applications',
        params: z.object({ id: z.uuid() }),
        response: { 200: SummarySchema, 401: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) => getApplication(db, (await requireUser(db, request)).id, request.params.id),
  )
}
