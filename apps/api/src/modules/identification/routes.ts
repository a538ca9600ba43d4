import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod'
import { z } from 'zod'
import { requestLanguage } from '../../language.ts'
import { ErrorBodySchema } from '../../schemas.ts'
import { currentUser, requireUser } from '../auth/guards.ts'
import {
  clearedFlowCookie,
  FLOW_COOKIE,
  finishIdentification,
  type IdentificationDeps,
  returnOrigin,
  startIdentification,
} from './identification-service.ts'

// ADR 024: the browser's way through strong identification. Both are page navigations, so they answer
// with redirects; only a request that cannot start (not signed in, not the owner) answers an error body.

const StartQuery = z.object({
  mortgageApplicationId: z.uuid(),
  returnTo: z.string().max(500).optional(),
  language: z.string().max(8).optional(),
})

export const identificationRoutes: FastifyPluginAsyncZod<{ deps: IdentificationDeps }> = async (
  app,
  { deps },
) => {
  app.get(
    '/v1/identification/start',
    {
      schema: {
        tags: ['applications'],
        operationId: 'startIdentification',
        summary: 'Start strong identification (bank ID) of a mortgage application’s lead applicant',
        description:
          'Signed-in owner of a draft mortgage application only. Answers 302 to the OpenID provider, with a ' +
          'short-lived HttpOnly cookie holding the flow (state, nonce, PKCE verifier). returnTo is a path on ' +
          'this site; the callback comes back to it with ?identification=ok or an error code.',
        querystring: StartQuery,
        response: {
          302: z.null().describe('Location: the provider’s authorization endpoint'),
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
          503: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const user = await requireUser(deps.db, request, ['consumer'])
      const { location, cookie } = await startIdentification(deps, {
        userId: user.id,
        mortgageApplicationId: request.query.mortgageApplicationId,
        returnTo: request.query.returnTo,
        language: requestLanguage(request),
        origin: returnOrigin(deps.config, request.protocol, request.host),
      })
      return reply.code(302).header('set-cookie', cookie).header('location', location).send(null)
    },
  )

  app.get(
    '/v1/identification/callback',
    {
      schema: {
        tags: ['applications'],
        operationId: 'finishIdentification',
        summary: 'The OpenID provider’s redirect back after identification',
        description:
          'Checks the flow cookie, the session and the state, exchanges the code and stores the identification ' +
          'when the identified henkilötunnus is the lead applicant’s. Answers 303 to the returnTo path with ' +
          '?identification=ok, HETU_MISMATCH, IDENTIFICATION_CANCELLED, IDENTIFICATION_FAILED, STATE_INVALID ' +
          'or LEVEL_UNKNOWN; the flow cookie is cleared either way.',
        querystring: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
        response: { 303: z.null().describe('Location: the returnTo path with the outcome') },
      },
    },
    async (request, reply) => {
      const user = await currentUser(deps.db, request)
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : ''
      const { location } = await finishIdentification(deps, {
        userId: user?.id ?? null,
        sealedFlow: request.cookies[FLOW_COOKIE],
        query,
        language: requestLanguage(request),
      })
      return reply
        .code(303)
        .header('set-cookie', clearedFlowCookie(deps.config))
        .header('location', location)
        .send(null)
    },
  )
}
