import type { MessageKey, MessageParams } from '@lainava/i18n'

// One application error type (house style 5): a code that maps to an HTTP
// status, and a catalogue key for the message, translated into the user's
// language by the error handler (the English `message` is for logs and tests only).
// Anything else is an opaque 500.

const STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  UNPROCESSABLE: 422,
  SERVICE_UNAVAILABLE: 503,
} as const

export type AppErrorCode = keyof typeof STATUS

export type AppErrorOptions = {
  /** A more specific machine-readable reason, e.g. INVALID_CODE: the body's `code` when given (ADR 016). */
  reason?: string
  /** The catalogue key of the message the client reads, in its language (ADR 016: always one). */
  messageKey: MessageKey
  params?: MessageParams
  retryAfterSeconds?: number
}

export class AppError extends Error {
  readonly code: AppErrorCode
  readonly statusCode: number
  readonly options: AppErrorOptions
  constructor(code: AppErrorCode, message: string, options: AppErrorOptions) {
    super(message)
    this.name = 'AppError'
    this.code = code
    this.statusCode = STATUS[code]
    this.options = options
  }
}
