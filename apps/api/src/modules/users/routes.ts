import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../app-error.ts'
import { ErrorBodySchema } from '../../schemas.ts'
import { clearedSessionCookies } from '../auth/cookies.ts'
import { requireUser } from '../auth/guards.ts'
import { UserDataExportSchema } from './user-data-export.ts'
import { deleteAccount, exportUserData, getConsents, type UserDeps, updateConsents } from './user-service.ts'

const ConsentsSchema = z
  .object({
    marketingEmail: z.boolean(),
    sms: z.boolean(),
    partnerOffers: z.boolean(),
    analyticsCookies: z.boolean(),
    offerNotifications: z.boolean().default(true).describe('E-mails about my own offers'),
  })
  .meta({ id: 'Consents' })

// Marketing and analytics consents belong to consumer accounts; staff and lender users have none.
const CONSENT_ROLES = ['consumer'] as const

export const userRoutes: FastifyPluginAsyncZod<{ deps: UserDeps; secureCookies: boolean }> = async (
  app,
  { deps, secureCookies },
) => {
  const { db } = deps
  app.get(
    '/v1/user/consents',
    {
      schema: {
        tags: ['account'],
        summary: 'My consents',
        response: {
          200: ConsentsSchema.extend({ updatedAt: z.string().nullable() }),
          401: ErrorBodySchema,
          403: ErrorBodySchema,
        },
      },
    },
    async (request) => getConsents(db, (await requireUser(db, request, CONSENT_ROLES)).id),
  )

  app.put(
    '/v1/user/consents',
    {
      schema: {
        tags: ['account'],
        summary: 'Change my consents',
        body: ConsentsSchema,
        response: {
          200: ConsentsSchema.extend({ updatedAt: z.string().nullable() }),
          400: ErrorBodySchema,
          401: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const user = await requireUser(db, request, CONSENT_ROLES)
      await updateConsents(db, user.id, request.body)
      return getConsents(db, user.id)
    },
  )

  app.get(
    '/v1/user/export',
    {
      schema: {
        tags: ['account'],
        summary: 'Download everything we hold about me (JSON)',
        response: { 200: UserDataExportSchema, 401: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(db, request)
      const data = await exportUserData(deps, user.id)
      // requireUser found the account, so only a deletion racing this request leaves nothing.
      if (!data) throw new AppError('UNAUTHORIZED', 'Not logged in.', { messageKey: 'api.unauthorized' })
      reply.header('cache-control', 'no-store')
      reply.header('content-disposition', 'attachment; filename="my-data.json"')
      return data
    },
  )

  app.delete(
    '/v1/user',
    {
      schema: {
        tags: ['account'],
        summary: 'Delete my account (anonymised; every login ends)',
        body: z.object({ confirm: z.literal(true) }),
        response: { 204: z.null(), 400: ErrorBodySchema, 401: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(db, request)
      await deleteAccount(deps, user.id)
      reply.header('set-cookie', clearedSessionCookies({ secure: secureCookies }))
      return reply.status(204).send(null)
    },
  )
}
