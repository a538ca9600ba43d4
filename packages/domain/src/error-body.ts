import type { ErrorBody, FieldProblem } from './api-error.ts'

// The browser reads error bodies on every page (the API client lives in the root layout), so this
// check of ADR 016's error body works without zod (issue 19: zod is 26 KiB the landing does not
// need). `ErrorBodySchema` stays the definition; error-body.test.ts holds the two to the same answers.

const isString = (value: unknown): value is string => typeof value === 'string'

function fieldProblemOf(value: unknown): FieldProblem | null {
  if (typeof value !== 'object' || value === null) return null
  const { path, code, message } = value as Record<string, unknown>
  return isString(path) && isString(code) && isString(message) ? { path, code, message } : null
}

/** The error body in `value` (unknown keys left out, as the schema's parse does); null when it is none. */
export function errorBodyOf(value: unknown): ErrorBody | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null
  const { code, message, fields, requestId } = value as Record<string, unknown>
  if (!isString(code) || !isString(message) || !isString(requestId) || !Array.isArray(fields)) return null
  const problems: FieldProblem[] = []
  for (const field of fields) {
    const problem = fieldProblemOf(field)
    if (!problem) return null
    problems.push(problem)
  }
  return { code, message, fields: problems, requestId }
}
