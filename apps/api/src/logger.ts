import type { FastifyServerOptions } from 'fastify'
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
