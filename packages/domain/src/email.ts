/** The form in which we store and compare e-mail addresses: trimmed and lower-cased. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase()
}
