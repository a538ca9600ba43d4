import { z } from 'zod'

// ADR 016: the one error body every API endpoint answers with, defined once for the API (which documents
// and sends it) and the API client (which reads it).

export const FieldProblemSchema = z.object({
  path: z
    .string()
    .describe('Dotted path of the field in the request, e.g. "body.applicant.hetu" or "query.amount"'),
  code: z
    .string()
    .describe(
      'A message catalogue key (e.g. "validation.hetu.invalid", as the web forms use) or zod’s issue code',
    ),
  message: z.string().describe('What is wrong with the field, in the request’s language'),
})
export type FieldProblem = z.infer<typeof FieldProblemSchema>

export const ErrorBodySchema = z.object({
  code: z
    .string()
    .describe('Machine-readable error code: the specific reason (e.g. INVALID_CODE) or the status name'),
  message: z.string().describe('What went wrong, in the request’s language (Accept-Language, else Finnish)'),
  fields: z
    .array(FieldProblemSchema)
    .describe('One entry per invalid field; empty when no field is to blame'),
  requestId: z.string().describe('The request id (also in the x-request-id header) for support and the logs'),
})
export type ErrorBody = z.infer<typeof ErrorBodySchema>
