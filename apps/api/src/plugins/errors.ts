import { hasZodFastifySchemaValidationErrors } from '@fastify/type-provider-zod'
import type { MessageKey, MessageParams } from '@lainava/i18n'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '../app-error.ts'
import { fieldProblems, type Issue } from '../field-problems.ts'
import { requestLanguage, translatorFor } from '../language.ts'
import type { ErrorBody, FieldProblem } from '../schemas.ts'
import { unavailableAsAppError } from '../temporarily-unavailable.ts'

/** One item of a Fastify validation error from @fastify/type-provider-zod (a zod issue without its path). */
type ValidationItem = {
  keyword: string
  instancePath: string
  message: string
  params?: { origin?: unknown }
}

const CONTEXT_PREFIX: Record<string, string> = { querystring: 'query' }

/** The request's input that a validation context names (`body`, `querystring`, `params`, `headers`). */
function validatedInput(request: FastifyRequest, context: string | undefined): unknown {
  if (context === 'body') return request.body
  if (context === 'querystring') return request.query
  if (context === 'params') return request.params
  if (context === 'headers') return request.headers
  return undefined
}

/** ADR 016: the one error body, its message in the request's language. */
export function errorBody(
  request: FastifyRequest,
  error: { code: string; messageKey: MessageKey; params?: MessageParams; fields?: FieldProblem[] },
): ErrorBody {
  const t = translatorFor(requestLanguage(request))
  return {
    code: error.code,
    message: t(error.messageKey, error.params),
    fields: error.fields ?? [],
    requestId: request.id,
  }
}

// Fastify's own client errors (its content-type parser and body limit), each with a message key.
const MALFORMED_JSON = { code: 'MALFORMED_JSON', messageKey: 'api.malformedJson' } as const
const FASTIFY_CLIENT_ERRORS: Record<string, { code: string; messageKey: MessageKey }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: MALFORMED_JSON,
  FST_ERR_CTP_EMPTY_JSON_BODY: MALFORMED_JSON,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE', messageKey: 'api.unsupportedMediaType' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'BODY_TOO_LARGE', messageKey: 'api.bodyTooLarge' },
}

function clientError(error: FastifyError, status: number): { code: string; messageKey: MessageKey } {
  const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined
  if (known) return known
  // A JSON parse error that did not come through Fastify's own code (secure-json-parse's SyntaxError).
  if (status === 400 && error instanceof SyntaxError) return MALFORMED_JSON
  return { code: status === 400 ? 'BAD_REQUEST' : 'CLIENT_ERROR', messageKey: 'api.clientError' }
}

/**
 * One error handler for the whole API (house style 5, ADR 016): every error answers
 * `{ code, message, fields, requestId }` in the request's language. Bad input is a 400 with one
 * entry per field, an AppError has its own status, and a 5xx says nothing internal (the details
 * go to the log with the request id).
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = error.validationContext
      const issues: Issue[] = (error.validation as unknown as ValidationItem[]).map((item) => ({
        code: item.keyword,
        path: item.instancePath.split('/').filter(Boolean),
        message: item.message,
        origin: item.params?.origin,
      }))
      const t = translatorFor(requestLanguage(request))
      const fields = fieldProblems(issues, t, {
        input: validatedInput(request, context),
        prefix: context ? (CONTEXT_PREFIX[context] ?? context) : undefined,
      })
      return reply
        .status(400)
        .send(errorBody(request, { code: 'VALIDATION_FAILED', messageKey: 'api.badRequest', fields }))
    }
    // ADR 065: a database that takes no connections now is a 503 to retry; the cause is logged.
    const unavailable = unavailableAsAppError(error)
    if (unavailable) request.log.error({ err: error }, 'temporarily unavailable')
    const known = error instanceof AppError ? error : unavailable
    if (known) {
      const { reason, messageKey, params, retryAfterSeconds } = known.options
      if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds))
      return reply
        .status(known.statusCode)
        .send(errorBody(request, { code: reason ?? known.code, messageKey, params }))
    }
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      return reply.status(status).send(errorBody(request, clientError(error, status)))
    }
    request.log.error({ err: error }, 'request failed')
    return reply.status(500).send(errorBody(request, { code: 'INTERNAL', messageKey: 'api.internal' }))
  })
}

/** Unknown API paths answer the JSON error body with 404 (not the web 404 page). */
export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send(errorBody(request, { code: 'NOT_FOUND', messageKey: 'api.noSuchEndpoint' }))
}
