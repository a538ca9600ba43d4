import { ErrorBodySchema as SharedErrorBodySchema } from '@lainava/domain/api-error'

// Response schemas shared by every route (each route lists them per status).

export type { ErrorBody, FieldProblem } from '@lainava/domain/api-error'

/** ADR 016: `{ code, message, fields: [{ path, code, message }], requestId }` for every error answer. */
export const ErrorBodySchema = SharedErrorBodySchema.meta({ id: 'Error' })
