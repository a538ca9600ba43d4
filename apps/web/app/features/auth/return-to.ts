/** A return path inside this site only (never `//other.example` or a full URL). */
export function safeReturnTo(value: string | null | undefined): string | undefined {
  if (!value?.startsWith('/') || value.startsWith('//') || value.includes('\\')) return undefined
  return value
}
