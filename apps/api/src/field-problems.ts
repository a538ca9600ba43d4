import type { FieldProblem } from '@lainava/domain/api-error'
import type { MessageKey, Translate } from '@lainava/i18n'
import { messagesFor } from '@lainava/i18n/server'

// ADR 016: every field error, from any schema, as { path, code, message }. The domain schemas
// (packages/domain) carry catalogue keys as their messages, the same keys the web forms translate
// (apps/web/app/features/application/fields.tsx); the code is that key. Other schemas speak zod's
// English: the code is zod's issue code and the message a translated generic one.

/** One zod issue, as zod gives it or as Fastify's validation error carries it. */
export type Issue = { code: string; path: readonly PropertyKey[]; message: string; origin?: unknown }

const SOURCE = messagesFor('fi')

export function isMessageKey(text: string): text is MessageKey {
  return Object.hasOwn(SOURCE, text)
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined
    value = (value as Record<PropertyKey, unknown>)[key]
  }
  return value
}

function messageKeyFor(issue: Issue, input: unknown): MessageKey {
  if (isMessageKey(issue.message)) return issue.message
  if (issue.code !== 'unrecognized_keys' && valueAt(input, issue.path) === undefined)
    return 'validation.required'
  if ((issue.code === 'too_small' || issue.code === 'too_big') && issue.origin === 'number') {
    return 'validation.number.range'
  }
  return 'validation.invalid'
}

/**
 * Field problems for zod issues. `input` is the value that was validated (a missing value reads
 * "required"); `prefix` names where it came from (`body`, `query`, `params`) or nothing.
 */
export function fieldProblems(
  issues: readonly Issue[],
  t: Translate,
  options: { input: unknown; prefix?: string },
): FieldProblem[] {
  return issues.map((issue) => ({
    path: [options.prefix, ...issue.path.map(String)].filter(Boolean).join('.'),
    code: isMessageKey(issue.message) ? issue.message : issue.code,
    message: t(messageKeyFor(issue, options.input)),
  }))
}
