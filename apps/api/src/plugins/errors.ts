import { hasZodFastifySchemaValidationErrors } from '@fastify/type-provider-zod'
import type { FastifyError, FastifyInstance } from 'fastify'
import { AppError } from '../app-error.ts'
import { requestLanguage, translatorFor } from '../language.ts'
import { ErrorBodySchema, type FieldError } from '../schemas.ts'

type ValidationIssue = {
  instancePath?: string
  message?: string
  params?: { issue?: { path?: PropertyKey[] } }
}

function fieldErrors(context: string | undefined, issues: ValidationIssue[]): FieldError[] {
  return issues.map((issue) => {
    const path =
      issue.params?.issue?.path?.map(String) ?? issue.instancePath?.split('/').filter(Boolean) ?? []
    return { field: [context, ...path].filter(Boolean).join('.'), message: issue.message ?? 'Invalid value' }
  })
}

/**
 * One error handler for the whole API (house style 5): 400 with field errors
 * for bad input, the AppError's own status and message, and an opaque 500 that
 * never leaks internals (the details go to the log with the request id).
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const t = translatorFor(requestLanguage(request))
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(
        ErrorBodySchema.parse({
          error: 'BAD_REQUEST',
          message: t('api.badRequest'),
          fieldErrors: fieldErrors(error.validationContext, error.validation as ValidationIssue[]),
          requestId: request.id,
        }),
      )
    }
    if (error instanceof AppError) {
      const { reason, messageKey, params, retryAfterSeconds } = error.options
      if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds))
      return reply.status(error.statusCode).send({
        error: error.code,
        ...(reason ? { reason } : {}),
        message: messageKey ? t(messageKey, params) : error.message,
        requestId: request.id,
      })
    }
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, body too large, wrong content type).
      return reply.status(status).send({
        error: status === 400 ? 'BAD_REQUEST' : (error.code ?? 'CLIENT_ERROR'),
        message: error.message,
        requestId: request.id,
      })
    }
    request.log.error({ err: error }, 'request failed')
    return reply
      .status(500)
      .send({ error: 'INTERNAL', message: 'Something went wrong on our side.', requestId: request.id })
  })
}

/** Unknown API paths answer JSON 404 (not the web 404 page). */
export function registerApiNotFound(app: FastifyInstance) {
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ error: 'NOT_FOUND', message: 'No such API endpoint.', requestId: request.id })
  })
}
