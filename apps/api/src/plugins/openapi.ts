import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import { jsonSchemaTransform, jsonSchemaTransformObject } from '@fastify/type-provider-zod'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../config.ts'

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
      components: {
        securitySchemes: {
          lenderApiKey: { type: 'http', scheme: 'bearer', description: 'A lender API key (lvk_…)' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  })
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true })
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger())
}
