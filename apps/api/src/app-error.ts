// One application error type (house style 5): a code that maps to an HTTP
// status, and a message safe to show. Anything else becomes an opaque 500.

const STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
} as const

export type AppErrorCode = keyof typeof STATUS

export class AppError extends Error {
  readonly code: AppErrorCode
  readonly statusCode: number
  constructor(code: AppErrorCode, message: string) {
    super(message)
    this.name = 'AppError'
    this.code = code
    this.statusCode = STATUS[code]
  }
}
