// A file of its own that imports nothing: the root's hook in the browser's first load keeps a landing's
// referrer with it (ADR 060) without bringing the rest of the analytics context.

/** A referrer as analytics keeps it: its origin only (`https://www.google.fi`), or null. */
export function referrerOrigin(referrer: string | null | undefined): string | null {
  if (!referrer) return null
  try {
    const origin = new URL(referrer).origin
    return origin === 'null' ? null : origin
  } catch {
    return null
  }
}
