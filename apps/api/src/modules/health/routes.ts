import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod'
import type { DbHandle } from '@lainava/db'
import { z } from 'zod'

const HealthSchema = z.object({ status: z.literal('ok') })
const ReadySchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: z.enum(['embedded', 'server']),
})

export const healthRoutes: FastifyPluginAsyncZod<{ database: DbHandle }> = async (app, { database }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['operations'],
        summary: 'The process is up',
        response: { 200: HealthSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
  )

  app.get(
    '/ready',
    {
      schema: {
        tags: ['operations'],
        summary: 'The database answers; 503 when it does not',
        response: { 200: ReadySchema, 503: ReadySchema },
      },
    },
    async (request, reply) => {
      try {
        await database.ping()
        return { status: 'ready' as const, database: database.kind }
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed')
        return reply.status(503).send({ status: 'unavailable', database: database.kind })
      }
    },
  )
}
