import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod'
import {
  APPLICATION_KINDS,
  businessLoanApplicationSchema,
  ConsumerLoanApplicationSchema,
  CreditCardApplicationSchema,
  FactoringApplicationSchema,
  SME_CONFIG_BOUNDS,
} from '@lainava/domain'
import { SITE_COOKIES } from '@lainava/domain/consent-cookie'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { fieldProblems } from '../../field-problems.ts'
import { requestLanguage, translatorFor } from '../../language.ts'
import { errorBody } from '../../plugins/errors.ts'
import { ErrorBodySchema } from '../../schemas.ts'
import { currentUser, requireUser } from '../auth/guards.ts'
import { randomToken } from '../auth/tokens.ts'
import { readSmeConfig } from '../business/sme-config.ts'
import {
  type ApplicationDeps,
  getApplication,
  listApplications,
  loadDraft,
  saveDraft,
  submitApplication,
} from './application-service.ts'

export const DRAFT_COOKIE = SITE_COOKIES.draft.name
const DRAFT_MAX_AGE = SITE_COOKIES.draft.maxAge

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
  // Issue 15: the SME limits in force are checked again on submit (admins change them).
  z.object({
    kind: z.literal('business-loan'),
    idempotencyKey: z.uuid(),
    language: z.string().max(8).default('fi'),
    application: businessLoanApplicationSchema(SME_CONFIG_BOUNDS),
  }),
  z.object({
    kind: z.literal('factoring'),
    idempotencyKey: z.uuid(),
    language: z.string().max(8).default('fi'),
    application: FactoringApplicationSchema,
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
      if (request.body.kind === 'business-loan') {
        // The static schema takes the widest limits an admin may set; these are the ones in force.
        const limits = businessLoanApplicationSchema(await readSmeConfig(db)).safeParse(
          request.body.application,
        )
        if (!limits.success) {
          const t = translatorFor(requestLanguage(request))
          const fields = fieldProblems(limits.error.issues, t, {
            input: request.body.application,
            prefix: 'body.application',
          })
          return reply
            .status(400)
            .send(errorBody(request, { code: 'VALIDATION_FAILED', messageKey: 'api.badRequest', fields }))
        }
      }
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
