import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod'
import {
  AdminApplicationDetailSchema,
  AdminApplicationFiltersSchema,
  AdminApplicationListSchema,
  AdminNoteInputSchema,
  AdminNoteSchema,
  AdminStatusInputSchema,
} from '@lainava/domain/admin'
import { z } from 'zod'
import { ErrorBodySchema } from '../../schemas.ts'
import type { AuditActor } from '../audit/audit-log.ts'
import { requireUser } from '../auth/guards.ts'
import {
  type AdminDeps,
  addNote,
  changeStatus,
  exportAdminApplications,
  listAdminApplications,
  readAdminApplication,
  revealHetu,
} from './admin-applications.ts'

// Issue 15 item 6: /admin/sme-applications/, /admin/one-page-onboarding/ and
// /admin/mortgage-applications/ (each list and its applications' pages) read and change
// applications through these routes, admins only. The services write the audit log.

const IdParams = z.object({ id: z.uuid('validation.invalid') })
const Refusals = { 401: ErrorBodySchema, 403: ErrorBodySchema } as const

export const adminApplicationRoutes: FastifyPluginAsyncZod<{ deps: AdminDeps }> = async (app, { deps }) => {
  const { db } = deps
  const admin = async (request: Parameters<typeof requireUser>[1]): Promise<AuditActor> => {
    const user = await requireUser(db, request, ['admin'])
    return { id: user.id, role: user.role }
  }

  app.get(
    '/v1/admin/applications',
    {
      schema: {
        tags: ['admin'],
        summary: 'Business or one-page applications, filtered, newest first, 25 a page',
        querystring: AdminApplicationFiltersSchema,
        response: { 200: AdminApplicationListSchema, 400: ErrorBodySchema, ...Refusals },
      },
    },
    async (request) => {
      await admin(request)
      return listAdminApplications(db, request.query)
    },
  )

  app.get(
    '/v1/admin/applications/export.csv',
    {
      schema: {
        tags: ['admin'],
        summary: 'The filtered list as CSV (audited; no henkilötunnus)',
        querystring: AdminApplicationFiltersSchema.omit({ page: true }),
        produces: ['text/csv'],
        response: { 200: z.string(), 400: ErrorBodySchema, ...Refusals },
      },
    },
    async (request, reply) => {
      const actor = await admin(request)
      const csv = await exportAdminApplications(db, actor, { ...request.query, page: 1 })
      const day = new Date().toISOString().slice(0, 10)
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="applications-${request.query.segment}-${day}.csv"`,
        )
        .send(csv)
    },
  )

  app.get(
    '/v1/admin/applications/:id',
    {
      schema: {
        tags: ['admin'],
        summary: "An application's page: company, people, lender answers, notes, history (audited)",
        params: IdParams,
        response: {
          200: AdminApplicationDetailSchema,
          400: ErrorBodySchema,
          404: ErrorBodySchema,
          ...Refusals,
        },
      },
    },
    async (request) => readAdminApplication(deps, await admin(request), request.params.id),
  )

  app.get(
    '/v1/admin/applications/:id/applicants/:role/hetu',
    {
      schema: {
        tags: ['admin'],
        summary: "An applicant's henkilötunnus, shown on request (audited)",
        params: IdParams.extend({ role: z.enum(['main', 'co'], 'validation.invalid') }),
        response: {
          200: z.object({ hetu: z.string() }),
          400: ErrorBodySchema,
          404: ErrorBodySchema,
          ...Refusals,
        },
      },
    },
    async (request) =>
      revealHetu(deps, await admin(request), { applicationId: request.params.id, role: request.params.role }),
  )

  app.post(
    '/v1/admin/applications/:id/notes',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a note to an application (stored encrypted, audited)',
        params: IdParams,
        body: AdminNoteInputSchema,
        response: { 201: AdminNoteSchema, 400: ErrorBodySchema, 404: ErrorBodySchema, ...Refusals },
      },
    },
    async (request, reply) => {
      const actor = await admin(request)
      const note = await addNote(deps, actor, { applicationId: request.params.id, text: request.body.text })
      return reply.status(201).send(note)
    },
  )

  app.post(
    '/v1/admin/applications/:id/status',
    {
      schema: {
        tags: ['admin'],
        summary: "Change an application's handling status (audited with the old and new status)",
        description:
          'An application whose offer the applicant has accepted can only be closed, and then not reopened (409).',
        params: IdParams,
        body: AdminStatusInputSchema,
        response: {
          200: z.object({ status: z.string(), changed: z.boolean() }),
          400: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
          ...Refusals,
        },
      },
    },
    async (request) =>
      changeStatus(deps, await admin(request), {
        applicationId: request.params.id,
        status: request.body.status,
      }),
  )
}
