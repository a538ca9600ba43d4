import { validatorCompiler } from '@fastify/type-provider-zod'
import { findUnsafeText } from '@lainava/domain/unsafe-text'
import type { MessageKey } from '@lainava/i18n'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

const UNSAFE_TEXT: MessageKey = 'validation.text.unsafe'

/** Accepts anything but unsafe text, reported at its path like any schema's issue. */
const SafeTextSchema = z.unknown().superRefine((value, ctx) => {
  const path = findUnsafeText(value)
  if (path) ctx.addIssue({ code: 'custom', path, message: UNSAFE_TEXT })
})

/**
 * Issue 13: a NUL byte or a lone surrogate anywhere in the path parameters, the query or
 * the JSON body is refused here, once for every route, before any handler or query sees it.
 * The answer is the same 400 with a field error as a schema's (the error handler's
 * validation branch), naming the first such field.
 */
export function registerUnsafeTextGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    // The pages read their own form bodies: the web app refuses such text itself (root middleware).
    if (request.routeOptions.url === '/*') return
    const parts = [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const
    for (const [context, value] of parts) {
      const result = validatorCompiler({
        schema: SafeTextSchema,
        method: request.method,
        url: request.routeOptions.url ?? request.url,
        httpPart: context,
      })(value)
      if (result && typeof result === 'object' && 'error' in result && result.error) {
        // As Fastify wraps a schema's failure, so the error handler answers it the same way.
        throw Object.assign(new Error('Text with a NUL byte or a lone surrogate'), {
          statusCode: 400,
          code: 'FST_ERR_VALIDATION',
          validation: result.error,
          validationContext: context,
        })
      }
    }
  })
}
