// A small ICU-style message formatter: `{name}` arguments and
// `{count, plural, one {…} other {…}}` with `#` for the number, chosen by the
// language's own plural rules (Intl.PluralRules). Enough for our catalogues,
// and nothing of it ships to the browser but this file.

export type MessageParams = Record<string, string | number>

const pluralRulesCache = new Map<string, Intl.PluralRules>()

function pluralRules(locale: string): Intl.PluralRules {
  let rules = pluralRulesCache.get(locale)
  if (!rules) {
    rules = new Intl.PluralRules(locale)
    pluralRulesCache.set(locale, rules)
  }
  return rules
}

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

function formatPlural(locale: string, body: string, value: number, params: MessageParams): string {
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
    options.get(`=${value}`) ?? options.get(pluralRules(locale).select(value)) ?? options.get('other')
  if (chosen === undefined) throw new Error(`Plural message has no "other" option: ${body}`)
  const number = new Intl.NumberFormat(locale).format(value)
  return formatMessage(locale, chosen, params).replaceAll('#', number)
}

export function formatMessage(locale: string, message: string, params: MessageParams = {}): string {
  let out = ''
  let i = 0
  while (i < message.length) {
    const open = message.indexOf('{', i)
    if (open === -1) {
      out += message.slice(i)
      break
    }
    out += message.slice(i, open)
    const close = closingBrace(message, open)
    const inner = message.slice(open + 1, close)
    const [name = '', kind, ...rest] = inner.split(',')
    const key = name.trim()
    const value = params[key]
    if (kind?.trim() === 'plural') {
      if (typeof value !== 'number') throw new Error(`Message needs a number for "${key}": ${message}`)
      out += formatPlural(locale, rest.join(',').trim(), value, params)
    } else {
      if (value === undefined) throw new Error(`Message needs a value for "${key}": ${message}`)
      out += typeof value === 'number' ? new Intl.NumberFormat(locale).format(value) : value
    }
    i = close + 1
  }
  return out
}
