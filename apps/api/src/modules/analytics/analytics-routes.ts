import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod'
import {
  ANALYTICS_BATCH_MAX,
  ANALYTICS_EVENT_TYPES,
  AnalyticsAcceptedSchema,
} from '@lainava/domain/analytics'
import { z } from 'zod'
import { AppError } from '../../app-error.ts'
import { requestLanguage } from '../../language.ts'
import { isPageFormAllowed } from '../../plugins/cross-site.ts'
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

/**
 * The largest batch body (issue 18 review): 50 events of ordinary pages are a few KiB; the browser's
 * client cuts its batches below this (analytics-client.ts), so more is not one of ours.
 */
export const ANALYTICS_BODY_LIMIT = 32 * 1024

export const analyticsRoutes: FastifyPluginAsyncZod<{
  deps: AnalyticsDeps & { config: { ALLOWED_ORIGINS: readonly string[] } }
}> = async (app, { deps }) => {
  app.post(
    '/v1/events',
    {
      bodyLimit: ANALYTICS_BODY_LIMIT,
      // Only our pages send events: a post from another site is refused as other state-changing
      // calls are (ADR 015); our beacons carry our origin, or `null` with Sec-Fetch-Site: same-origin.
      onRequest: async (request) => {
        if (!isPageFormAllowed(request, deps.config.ALLOWED_ORIGINS)) {
          throw new AppError('FORBIDDEN', 'Cross-site request refused.', {
            reason: 'CROSS_SITE_REQUEST',
            messageKey: 'api.crossSite',
          })
        }
      },
      schema: {
        tags: ['analytics'],
        summary:
          'Store a batch of analytics events (sent only with marketing consent; rate-limited per client)',
        body: BodySchema,
        response: {
          202: AnalyticsAcceptedSchema,
          400: ErrorBodySchema,
          403: ErrorBodySchema,
          413: ErrorBodySchema,
          429: ErrorBodySchema,
        },
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
