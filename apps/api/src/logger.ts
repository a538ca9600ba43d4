import type { FastifyServerOptions } from 'fastify'
import type { Config } from './config.ts'

// Structured logs without personal data: no query strings (they can carry
// tokens or e-mail addresses), no bodies, no cookies or authorization headers.
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  if (config.LOG_LEVEL === 'silent') return false
  return {
    level: config.LOG_LEVEL,
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
      req(request: { method: string; url: string; id: string }) {
        return { method: request.method, path: request.url.split('?')[0], id: request.id }
      },
      res(reply: { statusCode: number }) {
        return { statusCode: reply.statusCode }
      },
    },
  }
}
