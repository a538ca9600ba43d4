import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod'
import { schema } from '@lainava/db'
import { desc, isNull } from 'drizzle-orm'
import { z } from 'zod'
import { ErrorBodySchema } from '../../schemas.ts'
import { requireUser } from '../auth/guards.ts'
import type { AuthDeps } from '../auth/login-service.ts'
import { EmailSchema } from '../auth/routes.ts'
import { inviteUser } from './invite-user.ts'

const AccountSchema = z.object({
  id: z.uuid(),
  email: z.string().nullable(),
  role: z.enum(['consumer', 'lender', 'admin']),
  lenderId: z.uuid().nullable(),
})

export const adminRoutes: FastifyPluginAsyncZod<{ deps: AuthDeps }> = async (app, { deps }) => {
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
      await requireUser(db, request, ['admin'])
      return reply.status(201).send(await inviteUser(deps, request.body))
    },
  )
}
