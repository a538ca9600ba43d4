import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod'
import {
  ANALYTICS_BATCH_MAX,
  ANALYTICS_EVENT_TYPES,
  AnalyticsAcceptedSchema,
} from '@lainava/domain/analytics'
import { z } from 'zod'
import { requestLanguage } from '../../language.ts'
import { errorBody } from '../../plugins/errors.ts'
import { ErrorBodySchema } from '../../schemas.ts'
import { type AnalyticsDeps, recordAnalyticsBatch } from './analytics-service.ts'

// Loose body schema: the service validates with messages in the request's language, so bad input is
// a 400 naming the field, never a 500.
const BodySchema = z
  .object({
    sessionId: z.unknown().describe('Random id of the browser session (16–64 URL-safe characters)'),
    sessionCount: z.unknown().describe('How many sessions this browser has had'),
    events: z
      .unknown()
      .describe(
        `1–${ANALYTICS_BATCH_MAX} events: ${ANALYTICS_EVENT_TYPES.join(', ')}, each with its time and analytics context`,
      ),
  })
  .meta({ id: 'AnalyticsBatch' })

export const analyticsRoutes: FastifyPluginAsyncZod<{ deps: AnalyticsDeps }> = async (app, { deps }) => {
  app.post(
    '/v1/events',
    {
      schema: {
        tags: ['analytics'],
        summary:
          'Store a batch of analytics events (sent only with marketing consent; rate-limited per client)',
        body: BodySchema,
        response: { 202: AnalyticsAcceptedSchema, 400: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const outcome = await recordAnalyticsBatch(deps, {
        body: request.body,
        ip: request.ip,
        language: requestLanguage(request),
      })
      if (!outcome.ok) {
        const fields = outcome.fields.map((field) => ({ ...field, path: `body.${field.path}` }))
        return reply
          .status(400)
          .send(errorBody(request, { code: 'VALIDATION_FAILED', messageKey: 'api.badRequest', fields }))
      }
      return reply.status(202).send({ accepted: outcome.accepted })
    },
  )
}
