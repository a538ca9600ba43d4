import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod'
import { type Database, schema } from '@lainava/db'
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { AppError } from '../../app-error.ts'
import { ErrorBodySchema } from '../../schemas.ts'
import { requireUser } from '../auth/guards.ts'

const LenderSchema = z
  .object({ id: z.uuid(), slug: z.string(), name: z.string(), description: z.string() })
  .meta({ id: 'LenderOrganisation' })

export const lenderRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
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
        .select({
          id: schema.lenders.id,
          slug: schema.lenders.slug,
          name: schema.lenders.name,
          description: schema.lenders.description,
        })
        .from(schema.lenders)
        .where(eq(schema.lenders.id, request.params.lenderId))
      if (!lender) throw new AppError('NOT_FOUND', 'No such lender.')
      return lender
    },
  )
}
