import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod'
import {
  BusinessIdSchema,
  LEGAL_FORMS,
  SmeConfigResponseSchema,
  SmeConfigSchema,
  smeConfigResponse,
} from '@lainava/domain'
import { z } from 'zod'
import { ErrorBodySchema } from '../../schemas.ts'
import { requireUser } from '../auth/guards.ts'
import type { MarketplaceDeps } from '../marketplace/marketplace.ts'
import { lookupCompanyForClient } from './company-lookup.ts'
import { readSmeConfig, updateSmeConfig } from './sme-config.ts'

// Issue 15: the business side's own API: the SME limits (read by the forms and the prefill, changed
// by admins without a deploy) and the trade register lookup. Business applications themselves go
// through the applications API with kinds `business-loan` and `factoring`.

const SmeConfigBodySchema = SmeConfigSchema.meta({ id: 'SmeConfigUpdate' })

const CompanyLookupSchema = z
  .object({
    company: z
      .object({ name: z.string(), legalForm: z.enum(LEGAL_FORMS), registeredOn: z.string() })
      .nullable(),
    source: z.enum(['prh', 'off']).describe('off: no trade register is configured (PRH_API_URL)'),
  })
  .meta({ id: 'CompanyLookup' })

export const businessRoutes: FastifyPluginAsyncZod<{ deps: MarketplaceDeps }> = async (app, { deps }) => {
  const { db } = deps

  app.get(
    '/v1/config/sme',
    {
      schema: {
        tags: ['business'],
        summary: 'The SME loan limits in force (spec §3: sme_min_amount … sme_max_period)',
        description:
          'Months for the periods. From `sme_large_amount_from` euros on, the period may run to `sme_max_period_large` (spec §9).',
        response: { 200: SmeConfigResponseSchema },
      },
    },
    async () => smeConfigResponse(await readSmeConfig(db)),
  )

  app.put(
    '/v1/admin/config/sme',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change the SME loan limits (admins only; written to the audit log)',
        body: SmeConfigBodySchema,
        response: {
          200: SmeConfigResponseSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const admin = await requireUser(db, request, ['admin'])
      return smeConfigResponse(await updateSmeConfig(db, admin, request.body))
    },
  )

  app.get(
    '/v1/business/companies/:businessId',
    {
      schema: {
        tags: ['business'],
        summary: 'A company’s name, legal form and registration date from the Finnish Trade Register',
        description:
          '`company` is null when the register does not know the business ID or does not answer within 3 s; `source` is `off` when no register is configured.',
        params: z.object({ businessId: BusinessIdSchema }),
        response: { 200: CompanyLookupSchema, 400: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request) => {
      const { company, source } = await lookupCompanyForClient(deps, request.params.businessId, request.ip)
      return { company, source }
    },
  )
}
