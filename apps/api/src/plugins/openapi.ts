import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import { jsonSchemaTransform, jsonSchemaTransformObject } from '@fastify/type-provider-zod'
import type { FastifyInstance } from 'fastify'
import type { OpenAPIV3_1 } from 'openapi-types'
import type { Config } from '../config.ts'
import { finishDocument, SECURITY_SCHEMES, withoutKeywordParameters } from './openapi-document.ts'

/** The signed requests we send to an HTTP lender's endpoint (the partner API), as OpenAPI webhooks. */
const PARTNER_WEBHOOKS = {
  application: {
    post: {
      operationId: 'receiveApplication',
      tags: ['lender'],
      summary: "An application delivered to the lender's endpoint (signed)",
      description:
        'Sent once per matched application and retried with the same `X-Lainava-Delivery` until the lender answers 200 or 202. A test application from the integration settings has `test: true`, a fictional person and a delivery id starting with `test:`: answer it, but start no credit process. Full field list: docs/partner-api.md.',
      security: [{ partnerSignature: [] }],
      parameters: [
        { name: 'X-Lainava-Timestamp', in: 'header', required: true, schema: { type: 'string' } },
        { name: 'X-Lainava-Delivery', in: 'header', required: true, schema: { type: 'string' } },
      ],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: [
                'event',
                'deliveryId',
                'applicationId',
                'product',
                'loan',
                'applicants',
                'callbacks',
              ],
              properties: {
                event: { const: 'application' },
                test: { type: 'boolean', description: 'Present and true on a test application only' },
                deliveryId: { type: 'string' },
                applicationId: { type: 'string' },
                product: { type: 'string' },
                submittedAt: { type: 'string', format: 'date-time' },
                loan: { type: 'object' },
                applicants: { type: 'array', items: { type: 'object' } },
                household: { type: ['object', 'null'] },
                callbacks: {
                  type: 'object',
                  properties: { offer: { type: 'string' }, decline: { type: 'string' } },
                },
              },
            },
          },
        },
      },
      responses: {
        200: {
          description:
            'The answer at once: `{ decision: "offer", offer }` or `{ decision: "decline", reason }`',
          content: {
            'application/json': {
              schema: {
                oneOf: [
                  {
                    type: 'object',
                    required: ['decision', 'offer'],
                    properties: {
                      decision: { const: 'offer' },
                      offer: {
                        oneOf: [
                          { $ref: '#/components/schemas/LenderOfferInput' },
                          { $ref: '#/components/schemas/LenderCardOfferInput' },
                        ],
                      },
                    },
                  },
                  {
                    type: 'object',
                    required: ['decision'],
                    properties: { decision: { const: 'decline' }, reason: { type: 'string' } },
                  },
                ],
              },
            },
          },
        },
        202: { description: 'Received: the lender answers later through the lender API (createLenderOffer)' },
        401: { description: 'The signature did not verify: the delivery is retried' },
      },
    },
  },
  offerAccepted: {
    post: {
      operationId: 'receiveOfferAcceptance',
      tags: ['lender'],
      summary: "The applicant accepted the lender's offer (signed); the lender starts the signing",
      security: [{ partnerSignature: [] }],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['event', 'deliveryId', 'applicationId', 'offerId', 'acceptedAt'],
              properties: {
                event: { const: 'offer.accepted' },
                deliveryId: { type: 'string' },
                applicationId: { type: 'string' },
                offerId: { type: 'string' },
                reference: { type: ['string', 'null'] },
                acceptedAt: { type: 'string', format: 'date-time' },
              },
            },
          },
        },
      },
      responses: {
        200: { description: 'Received' },
        401: { description: 'The signature did not verify: the notice is retried' },
      },
    },
  },
}

/** OpenAPI 3.1 built from the routes' zod schemas, at /api/openapi.json; a reference page at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, config: Config) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${config.BRAND_NAME} API`,
        description:
          'Loan applications, offers and accounts. All bodies are JSON; errors use the Error schema.',
        version: '1.0.0',
      },
      servers: [{ url: config.PUBLIC_URL }],
      tags: [
        { name: 'operations', description: 'Health and readiness' },
        { name: 'loans', description: 'Loan maths' },
        { name: 'auth', description: 'Passwordless login and sessions (HttpOnly cookies)' },
        { name: 'account', description: 'My consents and data' },
        { name: 'applications', description: 'Loan and credit card applications, drafts' },
        { name: 'admin', description: 'Staff only' },
        { name: 'offers', description: "The applicant's offers: compare and accept" },
        {
          name: 'lender',
          description:
            'Lender users (session) see their own organisation only; HTTP lenders answer with their API key (docs/partner-api.md)',
        },
      ],
      components: { securitySchemes: SECURITY_SCHEMES },
      // openapi-types lacks OpenAPI 3.1's `type` lists and `const`; the served document is validated and
      // linted by the tests (app.test.ts, openapi-document.test.ts).
      webhooks: PARTNER_WEBHOOKS as unknown as OpenAPIV3_1.Document['webhooks'],
    },
    transform: (input) => withoutKeywordParameters(jsonSchemaTransform(input)),
    // ADR 029: every operation an operationId and its security; components no operation uses left out.
    transformObject: (input) => finishDocument(jsonSchemaTransformObject(input)),
  })
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true })
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger())
}
