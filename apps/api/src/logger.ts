import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify'
import type { Config } from './config.ts'

// Structured logs without personal data: no query strings (they can carry
// tokens or e-mail addresses), no bodies, no cookies or authorization headers,
// and no query parameters or row values from database errors.

/** Drizzle puts a failed query's parameters in its message; PostgreSQL puts row values in `detail`. */
export function redactErrorText(text: string): string {
  return text.replace(/params: [\s\S]*/, 'params: [redacted]').replace(/\((?:[^()]*)\)=\([^)]*\)/g, '(…)=(…)')
}

export function serializeError(raw: Error) {
  const error = raw as Error & { code?: string; cause?: { code?: string; message?: string } }
  return {
    type: error.name,
    message: redactErrorText(error.message ?? ''),
    code: error.code ?? error.cause?.code,
    cause: error.cause?.message ? redactErrorText(error.cause.message) : undefined,
    stack: redactErrorText(error.stack ?? ''),
  }
}
/** `stream`: where the lines go instead of stdout (the tests read them). */
export function loggerOptions(
  config: Config,
  stream?: { write(line: string): void },
): FastifyServerOptions['logger'] {
  if (config.LOG_LEVEL === 'silent') return false
  return {
    level: config.LOG_LEVEL,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.hetu',
        '*.email',
      ],
      censor: '[redacted]',
    },
    serializers: {
      err: serializeError,
      req(request: { method: string; url: string; id: string }) {
        return { method: request.method, path: request.url.split('?')[0], id: request.id }
      },
      res(reply: { statusCode: number }) {
        return { statusCode: reply.statusCode }
      },
    },
  }
}

/**
 * One line per request (issue 19 goal 6): Fastify's own controller writes two ("incoming request"
 * and "request completed"), which cost half as much again as a small endpoint's work. The line
 * carries the method, the path without its query string (tokens, e-mail addresses), the status,
 * the time in ms and the request id (`reqId`, bound by Fastify); no headers, so no cookies.
 * Errors keep Fastify's own lines (the error handler, stream errors).
 */
export class RequestLogController extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = {
      method: request.method,
      path: request.url.split('?')[0],
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    }
    if (error) reply.log.error({ ...line, err: error }, 'request errored')
    else reply.log.info(line, 'request')
  }
}
