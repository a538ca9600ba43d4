import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod'
import {
  CreateApiKeyBodySchema,
  CreatedApiKeySchema,
  EndpointBodySchema,
  IntegrationSettingsSchema,
  LenderApiKeyListSchema,
  LenderApiKeySchema,
  RotatedSecretSchema,
  RotateSecretBodySchema,
  TestApplicationResultSchema,
} from '@lainava/domain/lender-integration'
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { requestLanguage, translatorFor } from '../../language.ts'
import { errorBody } from '../../plugins/errors.ts'
import { ErrorBodySchema } from '../../schemas.ts'
import { currentUser } from '../auth/guards.ts'
import {
  createApiKey,
  type IntegrationDeps,
  integrationSettings,
  listApiKeys,
  revokeApiKey,
  rotateSigningSecret,
  saveEndpoint,
  sendTestApplication,
} from './integration-service.ts'
import { requireLenderMember } from './lender-access.ts'

// Issue 17 item 5: the lender portal's integration settings, for the organisation's lender-admins only
// (an agent gets 403). Thin: each handler checks the member and calls one service function.

const SESSION_ERRORS = { 401: ErrorBodySchema, 403: ErrorBodySchema } as const
const TAGS = ['lender']

export const integrationRoutes: FastifyPluginAsyncZod<{ deps: IntegrationDeps }> = async (app, { deps }) => {
  const { db } = deps
  const admin = async (request: FastifyRequest) =>
    requireLenderMember(db, await currentUser(db, request), { adminOnly: true })

  app.get(
    '/v1/lender/integration',
    {
      schema: {
        tags: TAGS,
        operationId: 'getLenderIntegration',
        summary: "The organisation's integration settings and API keys (lender-admin)",
        response: { 200: IntegrationSettingsSchema, ...SESSION_ERRORS },
      },
    },
    async (request) => integrationSettings(db, (await admin(request)).lenderId),
  )

  app.get(
    '/v1/lender/integration/api-keys',
    {
      schema: {
        tags: TAGS,
        operationId: 'listLenderApiKeys',
        summary: "The organisation's API keys, newest first, revoked ones too (lender-admin)",
        response: { 200: LenderApiKeyListSchema, ...SESSION_ERRORS },
      },
    },
    async (request) => ({ keys: await listApiKeys(db, (await admin(request)).lenderId) }),
  )

  app.post(
    '/v1/lender/integration/api-keys',
    {
      schema: {
        tags: TAGS,
        operationId: 'createLenderApiKey',
        summary: 'Create a named API key: the key is in this answer only (lender-admin)',
        body: CreateApiKeyBodySchema,
        response: { 201: CreatedApiKeySchema, 400: ErrorBodySchema, ...SESSION_ERRORS },
      },
    },
    async (request, reply) => {
      const member = await admin(request)
      return reply.status(201).send(await createApiKey(db, member, request.body.name))
    },
  )

  app.post(
    '/v1/lender/integration/api-keys/:keyId/revoke',
    {
      schema: {
        tags: TAGS,
        operationId: 'revokeLenderApiKey',
        summary: 'Revoke an API key: its next call is refused (lender-admin)',
        params: z.object({ keyId: z.uuid() }),
        response: { 200: LenderApiKeySchema, ...SESSION_ERRORS, 404: ErrorBodySchema, 409: ErrorBodySchema },
      },
    },
    async (request) => revokeApiKey(db, await admin(request), request.params.keyId),
  )

  app.put(
    '/v1/lender/integration/endpoint',
    {
      schema: {
        tags: TAGS,
        operationId: 'saveLenderEndpoint',
        summary: 'Where applications are sent (lender-admin; https on a public address in production)',
        body: EndpointBodySchema,
        response: {
          200: IntegrationSettingsSchema,
          400: ErrorBodySchema,
          ...SESSION_ERRORS,
          409: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const outcome = await saveEndpoint(deps, await admin(request), request.body.endpointUrl)
      if (outcome.ok) return outcome.settings
      const t = translatorFor(requestLanguage(request))
      const fields = outcome.fieldErrors.map((error) => ({
        path: `body.${error.path}`,
        code: error.messageKey,
        message: t(error.messageKey),
      }))
      return reply
        .status(400)
        .send(errorBody(request, { code: 'VALIDATION_FAILED', messageKey: 'api.badRequest', fields }))
    },
  )

  app.post(
    '/v1/lender/integration/signing-secret/rotate',
    {
      schema: {
        tags: TAGS,
        operationId: 'rotateLenderSigningSecret',
        summary:
          'A new signing secret, shown once; the old one signs beside it for the grace period (lender-admin)',
        body: RotateSecretBodySchema,
        response: { 200: RotatedSecretSchema, 400: ErrorBodySchema, ...SESSION_ERRORS, 409: ErrorBodySchema },
      },
    },
    async (request) => rotateSigningSecret(deps, await admin(request), request.body.graceHours),
  )

  app.post(
    '/v1/lender/integration/test-application',
    {
      schema: {
        tags: TAGS,
        operationId: 'sendLenderTestApplication',
        summary: 'Send a test application (test: true, a fictional person) to the endpoint (lender-admin)',
        description:
          'Signed and sent as a real delivery; the answer is returned as it came. Nothing is stored: no application, no offer.',
        response: { 200: TestApplicationResultSchema, ...SESSION_ERRORS, 409: ErrorBodySchema },
      },
    },
    async (request) => sendTestApplication(deps, (await admin(request)).lenderId),
  )
}
