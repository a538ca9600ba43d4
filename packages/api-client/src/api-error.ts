import type { ErrorBody } from '@lainava/domain/api-error'
import { errorBodyOf } from '@lainava/domain/error-body'

// spec §3 "API error object" and §8 "Other non-OK status": an error with the
// status text, the status code and the body (JSON when the response says it is
// JSON, else text).
export class ApiError extends Error {
  readonly statusText: string
  readonly statusCode: number
  readonly body: unknown
  /**
   * The API's error body (ADR 016) when the answer carries one: `code`, `message` in the
   * request's language and `fields` with one problem per invalid field. Null for other bodies.
   */
  readonly problem: ErrorBody | null
  constructor(statusText: string, statusCode: number, body: unknown) {
    super(`${statusCode} ${statusText}`)
    this.name = 'ApiError'
    this.statusText = statusText
    this.statusCode = statusCode
    this.body = body
    this.problem = errorBodyOf(body)
  }
}

/** Reads a response body: nothing for an empty body, JSON for a JSON content type, otherwise text. */
export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text()
  if (text === '') return undefined
  const type = response.headers.get('content-type') ?? ''
  if (/\bjson\b/i.test(type)) {
    try {
      return JSON.parse(text)
    } catch {
      return text
    }
  }
  return text
}

export async function apiErrorFrom(response: Response): Promise<ApiError> {
  return new ApiError(response.statusText, response.status, await readBody(response))
}
