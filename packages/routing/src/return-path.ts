// The one check for a path we send a browser back to after login (issue 13 item 2).
// A return path is taken from a query string, a form field or a stored login
// challenge: all hostile. Only a path on this site survives, re-serialised by the
// WHATWG URL parser, so what we put in a Location header is exactly what the
// browser will follow.

const BASE = 'http://return-path.invalid'
const MAX_LENGTH = 500

/**
 * `value` if it is a path on this site, otherwise `fallback`. Refuses control
 * characters (a browser strips tab and newline, turning `/\t/evil` into
 * `//evil`), backslashes (read as `/`), protocol-relative and absolute URLs, and
 * anything whose parsed form leaves this origin or starts with `//`.
 */
export function safeReturnPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return fallback
  if (!value.startsWith('/') || value.startsWith('//')) return fallback
  // C0 controls, DEL, backslash, and lone surrogates (not valid UTF-16 text).
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(value) || !value.isWellFormed()) return fallback
  let url: URL
  try {
    url = new URL(value, BASE)
  } catch {
    return fallback
  }
  if (url.origin !== BASE) return fallback
  const path = `${url.pathname}${url.search}${url.hash}`
  // `/.//evil` parses to the path `//evil`, which a browser reads as another host.
  if (!path.startsWith('/') || path.startsWith('//')) return fallback
  // A percent-encoded slash or backslash at the start of a segment is left alone by browsers;
  // refusing encoded controls keeps the rule simple for every later decoder too.
  if (/%(0[0-9a-f]|1[0-9a-f]|7f|5c)/i.test(path)) return fallback
  return path
}
