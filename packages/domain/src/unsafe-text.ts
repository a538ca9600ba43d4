// Text from outside is hostile (issue 13): PostgreSQL refuses NUL bytes in text and
// jsonb, and a lone UTF-16 surrogate cannot be encoded as UTF-8 at all. The API and the
// page actions reject such input once, at the edge, with this check.

export type TextPath = Array<string | number>

/** True when the string has a NUL character or a lone surrogate. */
export function isUnsafeText(text: string): boolean {
  return text.includes('\u0000') || !text.isWellFormed()
}

type Visit = { value: unknown; key: string | number; parent: Visit | null }

function pathOf(visit: Visit): TextPath {
  const path: TextPath = []
  for (let at: Visit | null = visit; at?.parent; at = at.parent) path.push(at.key)
  return path.reverse()
}

/**
 * The path to the first string (or object key) in `value` that is unsafe text, or
 * null when there is none. Walks with its own stack, so deep nesting cannot overflow.
 */
export function findUnsafeText(value: unknown): TextPath | null {
  const stack: Visit[] = [{ value, key: '', parent: null }]
  const seen = new Set<object>()
  for (let visit = stack.pop(); visit; visit = stack.pop()) {
    const current = visit.value
    if (typeof current === 'string') {
      if (isUnsafeText(current)) return pathOf(visit)
      continue
    }
    if (typeof current !== 'object' || current === null || seen.has(current)) continue
    seen.add(current)
    const entries: Array<[string | number, unknown]> = Array.isArray(current)
      ? current.map((entry, index) => [index, entry])
      : Object.entries(current)
    for (const [key, entry] of entries) {
      if (typeof key === 'string' && isUnsafeText(key)) return [...pathOf(visit), key]
      stack.push({ value: entry, key, parent: visit })
    }
  }
  return null
}
