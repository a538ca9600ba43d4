// A small ICU-style message formatter (ADR 017): `{name}` arguments, `{n, number}` and
// `{count, plural, one {…} other {…}}` with `#` for the number, chosen by the language's
// own plural rules (Intl.PluralRules). Enough for our catalogues, and small enough to ship.
//
// Rules: a filled-in value is never read as syntax (`#` in "Laina #1 Oy" stays); a number
// is grouped only where the message asks (`{n, number}` and a plural's `#`), so a plain
// `{year}` is 2026, not 2 026; a missing argument shows as `{name}` instead of throwing
// (the types make it a compile error: see MessageParamsOf).

import { numberFormat, pluralRulesFor } from './intl-cache.ts'

export type MessageParams = Record<string, string | number>

/** Finds the index of the brace that closes the one opened at `start`. */
function closingBrace(text: string, start: number): number {
  let depth = 0
  for (let i = start; i < text.length; i++) {
    if (text[i] === '{') depth++
    else if (text[i] === '}') {
      depth--
      if (depth === 0) return i
    }
  }
  throw new Error(`Unbalanced braces in message: ${text}`)
}

const grouped = (locale: string, value: number) => numberFormat(locale).format(value)
const plain = (locale: string, value: number) =>
  numberFormat(locale, { useGrouping: false, maximumFractionDigits: 20 }).format(value)

function formatPlural(locale: string, key: string, body: string, value: number, params: MessageParams) {
  const options = new Map<string, string>()
  let i = 0
  while (i < body.length) {
    const open = body.indexOf('{', i)
    if (open === -1) break
    const selector = body.slice(i, open).trim()
    const close = closingBrace(body, open)
    options.set(selector, body.slice(open + 1, close))
    i = close + 1
  }
  const chosen =
    options.get(`=${value}`) ?? options.get(pluralRulesFor(locale).select(value)) ?? options.get('other')
  if (chosen === undefined) throw new Error(`Plural message has no "other" option: ${body}`)
  return format(locale, chosen, params, { key, text: grouped(locale, value) })
}

/**
 * Formats one level of a message. `pound` is the enclosing plural's number: `#` in this
 * level's own text becomes it; the arguments' values are inserted as they are.
 */
function format(
  locale: string,
  message: string,
  params: MessageParams,
  pound?: { key: string; text: string },
) {
  let out = ''
  const literal = (text: string) => (pound ? text.replaceAll('#', pound.text) : text)
  let i = 0
  while (i < message.length) {
    const open = message.indexOf('{', i)
    if (open === -1) {
      out += literal(message.slice(i))
      break
    }
    out += literal(message.slice(i, open))
    const close = closingBrace(message, open)
    const inner = message.slice(open + 1, close)
    const [name = '', kind = '', ...rest] = inner.split(',')
    const key = name.trim()
    const value = params[key]
    const type = kind.trim()
    if (value === undefined || (type !== '' && typeof value !== 'number')) {
      // A missing (or, for plural and number, non-numeric) argument shows where it goes.
      out += `{${key}}`
    } else if (type === 'plural' && typeof value === 'number') {
      out += formatPlural(locale, key, rest.join(',').trim(), value, params)
    } else if (type === 'number' && typeof value === 'number') {
      out += grouped(locale, value)
    } else {
      out += typeof value === 'number' ? plain(locale, value) : value
    }
    i = close + 1
  }
  return out
}

export function formatMessage(locale: string, message: string, params: MessageParams = {}): string {
  return format(locale, message, params)
}

// Parameter types of a message, read from its literal type: `{name}` takes a string or a
// number, `{n, number}` and `{n, plural, …}` a number; arguments inside plural options count.
type NoBrace<S extends string> = S extends `${string}{${string}` | `${string}}${string}` ? false : true
type Trim<S extends string> = S extends ` ${infer R}` ? Trim<R> : S extends `${infer R} ` ? Trim<R> : S

/** Reads text up to an unmatched `}` (or the end): [params found, what follows the `}`]. */
type ParseText<S extends string, P> = S extends `${infer Before}{${infer After}`
  ? Before extends `${string}}${infer Rest}`
    ? [P, `${Rest}{${After}`]
    : ParseArgument<After, P> extends [infer P2, infer R2 extends string]
      ? ParseText<R2, P2>
      : [P, '']
  : S extends `${string}}${infer Rest}`
    ? [P, Rest]
    : [P, '']

/** Reads one argument after its `{`: [params with it, what follows its closing `}`]. */
type ParseArgument<S extends string, P> = S extends `${infer Name},${infer Tail}`
  ? NoBrace<Name> extends true
    ? Tail extends `${infer Kind},${infer Options}`
      ? NoBrace<Kind> extends true
        ? ParseOptions<Options, P & { [K in Trim<Name>]: number }>
        : ParseNumber<Trim<Name>, Tail, P>
      : ParseNumber<Trim<Name>, Tail, P>
    : ParseSimple<S, P>
  : ParseSimple<S, P>

type ParseSimple<S extends string, P> = S extends `${infer Name}}${infer Rest}`
  ? [P & { [K in Trim<Name>]: string | number }, Rest]
  : [P, '']

type ParseNumber<Name extends string, Tail extends string, P> = Tail extends `${string}}${infer Rest}`
  ? [P & { [K in Name]: number }, Rest]
  : [P, '']

/** Reads `selector {text}` options up to the plural's closing `}`. */
type ParseOptions<S extends string, P> = S extends `${infer Selector}{${infer Body}`
  ? NoBrace<Selector> extends true
    ? ParseText<Body, P> extends [infer P2, infer R2 extends string]
      ? ParseOptions<R2, P2>
      : [P, '']
    : S extends `${string}}${infer Rest}`
      ? [P, Rest]
      : [P, '']
  : S extends `${string}}${infer Rest}`
    ? [P, Rest]
    : [P, '']

type Flatten<P> = { [K in keyof P]: P[K] }

/** A message without arguments takes none. */
export type NoParams = { readonly [name: string]: never }

/** The parameters a message literal needs, e.g. `'{count, plural, …} {name}'` → `{ count: number; name: string | number }`. */
export type ParamsOfMessage<S extends string> = ParseText<S, unknown>[0] extends infer P
  ? keyof P extends never
    ? NoParams
    : Flatten<P>
  : never
