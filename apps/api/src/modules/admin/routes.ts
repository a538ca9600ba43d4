import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod'
import { schema } from '@lainava/db'
import { EMPLOYMENT_TYPES, LENDER_PRODUCTS } from '@lainava/domain'
import { desc, isNull } from 'drizzle-orm'
import { z } from 'zod'
import { requestLanguage, translatorFor } from '../../language.ts'
import { errorBody } from '../../plugins/errors.ts'
import { ErrorBodySchema } from '../../schemas.ts'
import { requireUser } from '../auth/guards.ts'
import { EmailSchema } from '../auth/routes.ts'
import { createManualLender } from '../lender/manual-lender.ts'
import { connectHttpLender, rotateLenderCredentials } from '../marketplace/lender-credentials.ts'
import type { MarketplaceDeps } from '../marketplace/marketplace.ts'
import { inviteUser } from './invite-user.ts'

const CriteriaSchema = z.object({
  products: z.array(z.enum(LENDER_PRODUCTS)).min(1),
  minAmount: z.number().int().min(0),
  maxAmount: z.number().int().positive(),
  minMonths: z.number().int().min(1),
  maxMonths: z.number().int().min(1),
  minAge: z.number().int().min(18).max(100),
  minNetIncome: z.number().min(0),
  employmentTypes: z.array(z.enum(EMPLOYMENT_TYPES)).min(1),
  acceptsPaymentDefaults: z.boolean(),
})

const CredentialsSchema = z
  .object({
    lenderId: z.uuid(),
    apiKey: z.string().describe('Shown once: the lender uses it on the lender API'),
    signingSecret: z.string().describe('Shown once: the lender verifies our signatures with it'),
  })
  .meta({ id: 'LenderCredentials' })

const AccountSchema = z.object({
  id: z.uuid(),
  email: z.string().nullable(),
  role: z.enum(['consumer', 'lender', 'admin']),
  lenderId: z.uuid().nullable(),
})

export const adminRoutes: FastifyPluginAsyncZod<{ deps: MarketplaceDeps }> = async (app, { deps }) => {
  const { db } = deps

  app.get(
    '/v1/admin/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'Accounts (admins only)',
        response: {
          200: z.object({ users: z.array(AccountSchema) }),
          401: ErrorBodySchema,
          403: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      await requireUser(db, request, ['admin'])
      const rows = await db
        .select({
          id: schema.users.id,
          email: schema.users.email,
          role: schema.users.role,
          lenderId: schema.users.lenderId,
        })
        .from(schema.users)
        .where(isNull(schema.users.deletedAt))
        .orderBy(desc(schema.users.createdAt))
        .limit(500)
      return { users: rows }
    },
  )

  app.post(
    '/v1/admin/invitations',
    {
      schema: {
        tags: ['admin'],
        summary: 'Invite a lender user or an admin (sends a login e-mail)',
        body: z.object({
          email: EmailSchema,
          role: z.enum(['lender', 'admin']),
          lenderId: z.uuid().optional(),
          language: z.string().max(8).optional(),
        }),
        response: {
          201: AccountSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const admin = await requireUser(db, request, ['admin'])
      const actor = { id: admin.id, role: admin.role }
      return reply.status(201).send(await inviteUser(deps, actor, request.body))
    },
  )

  app.post(
    '/v1/admin/lenders',
    {
      schema: {
        tags: ['admin'],
        summary: 'Connect an HTTP lender: returns its API key and signing secret once',
        description:
          'In production the endpoint must be https on a public address (checked here and on every connection); redirects are not followed.',
        body: z.object({
          slug: z.string().regex(/^[a-z0-9-]{2,60}$/),
          name: z.string().trim().min(2).max(100),
          description: z.string().trim().max(300).default(''),
          endpointUrl: z.url({ protocol: /^https?$/ }).max(500),
          criteria: CriteriaSchema,
        }),
        response: {
          201: CredentialsSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const admin = await requireUser(db, request, ['admin'])
      const outcome = await connectHttpLender(deps, { id: admin.id, role: admin.role }, request.body)
      if (!outcome.ok) {
        const t = translatorFor(requestLanguage(request))
        const fields = outcome.fieldErrors.map((error) => ({
          path: `body.${error.path}`,
          code: error.messageKey,
          message: t(error.messageKey),
        }))
        return reply
          .status(400)
          .send(errorBody(request, { code: 'VALIDATION_FAILED', messageKey: 'api.badRequest', fields }))
      }
      return reply.status(201).send(outcome.credentials)
    },
  )

  app.post(
    '/v1/admin/lenders/manual',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a manual lender: no API; its users answer applications in the lender portal',
        description:
          'Issue 17: the lender receives the applications that match its criteria; invite its first user (a lender-admin) at `/v1/admin/invitations`.',
        body: z.object({
          slug: z.string().regex(/^[a-z0-9-]{2,60}$/),
          name: z.string().trim().min(2).max(100),
          description: z.string().trim().max(300).default(''),
          criteria: CriteriaSchema,
        }),
        response: {
          201: z.object({ lenderId: z.uuid() }).meta({ id: 'ManualLenderCreated' }),
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const admin = await requireUser(db, request, ['admin'])
      const created = await createManualLender(db, { id: admin.id, role: admin.role }, request.body)
      return reply.status(201).send(created)
    },
  )

  app.post(
    '/v1/admin/lenders/:lenderId/credentials',
    {
      schema: {
        tags: ['admin'],
        summary: "Replace a lender's API key and signing secret (the old ones stop working)",
        params: z.object({ lenderId: z.uuid() }),
        response: {
          200: CredentialsSchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const admin = await requireUser(db, request, ['admin'])
      const actor = { id: admin.id, role: admin.role }
      return rotateLenderCredentials(db, deps.cipher, actor, request.params.lenderId)
    },
  )
}
