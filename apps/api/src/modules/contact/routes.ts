import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod'
import { CONTACT_TOPICS } from '@lainava/domain/contact'
import { z } from 'zod'
import { requestLanguage } from '../../language.ts'
import { errorBody } from '../../plugins/errors.ts'
import { ErrorBodySchema } from '../../schemas.ts'
import { ACCESS_COOKIE } from '../auth/cookies.ts'
import { authenticate } from '../auth/session-service.ts'
import { type ContactDeps, sendContactMessage } from './contact-service.ts'

// Loose body schema: the service validates (with messages in the sender's language),
// so a bad field is a 400 naming the field, never a 500.
const BodySchema = z
  .object({
    name: z.unknown().describe('Sender name, 1–120 characters'),
    email: z.unknown().describe('Sender e-mail address'),
    topic: z.unknown().describe(`One of ${CONTACT_TOPICS.join(', ')}`),
    message: z.unknown().describe('10–3000 characters'),
  })
  .meta({ id: 'ContactMessage' })

export const contactRoutes: FastifyPluginAsyncZod<{ deps: ContactDeps }> = async (app, { deps }) => {
  app.post(
    '/v1/contact',
    {
      schema: {
        tags: ['content'],
        summary: 'Send a message to customer service (stored and e-mailed to staff; rate-limited)',
        body: BodySchema,
        response: { 202: z.object({ id: z.string() }), 400: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const language = requestLanguage(request)
      const user = await authenticate(deps.db, request.cookies[ACCESS_COOKIE])
      const outcome = await sendContactMessage(deps, {
        ...request.body,
        language,
        ip: request.ip,
        userId: user?.id ?? null,
      })
      if (!outcome.ok) {
        const fields = outcome.fields.map((field) => ({ ...field, path: `body.${field.path}` }))
        return reply
          .status(400)
          .send(errorBody(request, { code: 'VALIDATION_FAILED', messageKey: 'api.badRequest', fields }))
      }
      return reply.status(202).send({ id: outcome.id })
    },
  )
}
