import { z } from 'zod'

// Response schemas shared by every route (each route lists them per status).

export const FieldErrorSchema = z.object({
  field: z.string().describe('Dotted path of the field, e.g. "body.amount"'),
  message: z.string(),
})
export type FieldError = z.infer<typeof FieldErrorSchema>

export const ErrorBodySchema = z
  .object({
    error: z.string().describe('Machine-readable error code'),
    reason: z.string().optional().describe('A more specific machine-readable reason'),
    message: z.string().describe("Human-readable message in the user's language"),
    fieldErrors: z.array(FieldErrorSchema).optional(),
    requestId: z.string(),
  })
  .meta({ id: 'Error' })
