import type { Content } from '@lainava/content'
import { type CatalogueLocale, type CoreMessages, createTranslator, fallbackLocaleOf } from '@lainava/i18n'
import { siteNavigation } from '../components/layout/site-navigation.ts'
import { messagesFor, OWN_MESSAGES } from './messages.server.ts'
import { encodeRootShared } from './root-shared.ts'
import { type MessageScope, pickMessages } from './route-messages.ts'

// ADR 052: the root loader's messages and menus depend only on the content, the language, the page's
// message scope (ADR 026) and whether a consumer is signed in; each combination is built and encoded
// once per process (a few dozen in use, about 30 KB each).

const scopeIds = new WeakMap<MessageScope, string>()
const cache = new WeakMap<Content, Map<string, string>>()

function keyOf(lang: CatalogueLocale, scope: MessageScope | null, signedIn: boolean): string {
  let scopeId = scope ? scopeIds.get(scope) : '*'
  if (scopeId === undefined) {
    scopeId = scope?.join(',') ?? '*'
    if (scope) scopeIds.set(scope, scopeId)
  }
  return `${lang}|${scopeId}|${signedIn ? 'in' : 'out'}`
}

/** `RootWire.shared` for a page: its messages and the site's menus, as JSON. */
export function rootSharedJson(
  content: Content,
  lang: CatalogueLocale,
  scope: MessageScope | null,
  signedIn: boolean,
): string {
  const byKey = cache.get(content) ?? new Map<string, string>()
  cache.set(content, byKey)
  const key = keyOf(lang, scope, signedIn)
  let json = byKey.get(key)
  if (json === undefined) {
    const messages = messagesFor(lang)
    // ADR 018: a core-only locale's pages are in it or wholly in its fallback; the page decides which.
    const fallback = fallbackLocaleOf(lang)
    json = encodeRootShared({
      messages: pickMessages(fallback ? messagesFor(fallback) : messages, scope),
      coreMessages: fallback ? pickMessages(OWN_MESSAGES[lang] as CoreMessages, scope) : null,
      navigation: siteNavigation(content, lang, createTranslator(lang, messages), { signedIn }),
    })
    byKey.set(key, json)
  }
  return json
}
