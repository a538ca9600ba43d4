import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod'
import type { Database } from '@lainava/db'
import { AuditLogPageSchema, AuditLogQuerySchema } from '@lainava/domain/admin'
import { ErrorBodySchema } from '../../schemas.ts'
import { requireUser } from '../auth/guards.ts'
import { listAuditLog } from './audit-log.ts'

// Admins read the audit log; there is deliberately no route that changes or removes an entry.
export const auditRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/v1/admin/audit-log',
    {
      schema: {
        tags: ['admin'],
        summary: 'The audit log: who read or changed what, newest first (admins only)',
        querystring: AuditLogQuerySchema,
        response: {
          200: AuditLogPageSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      await requireUser(db, request, ['admin'])
      return listAuditLog(db, request.query)
    },
  )
}
