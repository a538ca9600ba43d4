import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod'
import {
  LenderFilterPreviewBodySchema,
  LenderFilterPreviewSchema,
  LenderFilterSavedSchema,
  LenderFilterSaveSchema,
  LenderFilterViewSchema,
} from '@lainava/domain/marketplace/lender-filter'
import type { FastifyRequest } from 'fastify'
import { ErrorBodySchema } from '../../schemas.ts'
import { currentUser } from '../auth/guards.ts'
import type { MarketplaceDeps } from '../marketplace/marketplace.ts'
import { lenderFilterView, previewLenderFilter, saveLenderFilter } from './filtering-service.ts'
import { requireLenderMember } from './lender-access.ts'

// Issue 17: the lender's filter (/lender/filtering/), for its lender-admins only: an agent handles
// applications and gets 403 here. The organisation is the session's, never the request's.

export const lenderFilteringRoutes: FastifyPluginAsyncZod<{ deps: MarketplaceDeps }> = async (
  app,
  { deps },
) => {
  const { db } = deps
  const admin = (request: FastifyRequest) =>
    currentUser(db, request).then((user) => requireLenderMember(db, user, { adminOnly: true }))

  app.get(
    '/v1/lender/filtering',
    {
      schema: {
        tags: ['lender'],
        operationId: 'getLenderFilter',
        summary: "The lender's filter, its version history and today's applications (lender-admins)",
        response: { 200: LenderFilterViewSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (request) => lenderFilterView(db, (await admin(request)).lenderId),
  )

  app.post(
    '/v1/lender/filtering/preview',
    {
      schema: {
        tags: ['lender'],
        operationId: 'previewLenderFilter',
        summary:
          "How many of the last 30 days' applications a draft filter and the current one would have matched",
        body: LenderFilterPreviewBodySchema,
        response: {
          200: LenderFilterPreviewSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
        },
      },
    },
    async (request) => previewLenderFilter(deps, (await admin(request)).lenderId, request.body.filter),
  )

  app.put(
    '/v1/lender/filtering',
    {
      schema: {
        tags: ['lender'],
        operationId: 'saveLenderFilter',
        summary: 'Save the filter (from the next application on), as a new version; 409 if it changed since',
        body: LenderFilterSaveSchema,
        response: {
          200: LenderFilterSavedSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (request) => saveLenderFilter(db, await admin(request), request.body),
  )
}
