import { createHash } from 'node:crypto'
import type { Content } from '@lainava/content'
import {
  type CatalogueLocale,
  type CoreMessages,
  catalogueLocale,
  createTranslator,
  fallbackLocaleOf,
  isCatalogueLocale,
} from '@lainava/i18n'
import { languageOfPath, type ScreenName } from '@lainava/routing'
import { siteNavigation } from '../components/layout/site-navigation.ts'
import { messagesFor, OWN_MESSAGES } from './messages.server.ts'
import { ROOT_SHARED_PATH, type RootShared, rememberRootShared } from './root-shared.ts'
import { type MessageScope, messageScopeOfPath, pickMessages, SCREEN_MESSAGES } from './route-messages.ts'

// ADR 052: the root loader's messages and menus depend only on the content, the language, the page's
// message scope (ADR 026) and whether a consumer is signed in; each combination is built and encoded
// once per process (a few dozen in use, about 14 KB of JSON each). ADR 063: each is a file of its own,
// `/_shared/<language>/<scope>/<in|out>/<hash>.json`. The address names what it was made from, so any
// server process (two behind a load balancer, or one restarted since the page was sent) can make the
// same file again; the hash names the content, so the file is cached for good.

type SharedFile = { href: string; json: string }

const scopeIds = new WeakMap<MessageScope, string>()
const cache = new WeakMap<Content, Map<string, SharedFile>>()

function scopeIdOf(scope: MessageScope | null): string {
  if (!scope) return '*'
  let id = scopeIds.get(scope)
  if (id === undefined) {
    id = scope.join(',')
    scopeIds.set(scope, id)
  }
  return id
}

// A scope's name in the address: the first screen declaring it (SCREEN_MESSAGES), `all` for the whole catalogue.
const ALL = 'all'
const scopeNames = new Map<string, ScreenName>()
for (const [screen, scope] of Object.entries(SCREEN_MESSAGES) as Array<[ScreenName, MessageScope]>) {
  if (!scopeNames.has(scopeIdOf(scope))) scopeNames.set(scopeIdOf(scope), screen)
}

function scopeNameOf(scope: MessageScope | null): string {
  if (!scope) return ALL
  const name = scopeNames.get(scopeIdOf(scope))
  if (!name) throw new Error(`No screen declares the message scope ${scopeIdOf(scope)}`)
  return name
}

function sharedFile(content: Content, lang: CatalogueLocale, scope: MessageScope | null, signedIn: boolean) {
  const byKey = cache.get(content) ?? new Map<string, SharedFile>()
  cache.set(content, byKey)
  const key = `${lang}|${scopeIdOf(scope)}|${signedIn ? 'in' : 'out'}`
  let file = byKey.get(key)
  if (file === undefined) {
    const messages = messagesFor(lang)
    // ADR 018: a core-only locale's pages are in it or wholly in its fallback; the page decides which.
    const fallback = fallbackLocaleOf(lang)
    const value: RootShared = {
      messages: pickMessages(fallback ? messagesFor(fallback) : messages, scope),
      coreMessages: fallback ? pickMessages(OWN_MESSAGES[lang] as CoreMessages, scope) : null,
      navigation: siteNavigation(content, lang, createTranslator(lang, messages), { signedIn }),
    }
    const json = JSON.stringify(value)
    const hash = createHash('sha256').update(json).digest('hex').slice(0, 16)
    const href = `${ROOT_SHARED_PATH}${lang}/${scopeNameOf(scope)}/${signedIn ? 'in' : 'out'}/${hash}.json`
    rememberRootShared(href, value)
    file = { href, json }
    byKey.set(key, file)
  }
  return file
}

/** The address of the messages' and the site's menus' file of a language, message scope and sign-in state. */
export function rootSharedHref(
  content: Content,
  lang: CatalogueLocale,
  scope: MessageScope | null,
  signedIn: boolean,
): string {
  return sharedFile(content, lang, scope, signedIn).href
}

/** `RootWire.shared` for the page at `pathname`: its language's and its screen's file. */
export function rootSharedHrefOfPath(content: Content, pathname: string, signedIn: boolean): string {
  return rootSharedHref(
    content,
    catalogueLocale(languageOfPath(pathname)),
    messageScopeOfPath(pathname),
    signedIn,
  )
}

/**
 * The page's shared file for either sign-in state, as the root loader names it (`rootSharedHrefOfPath`):
 * its page data tells a client navigation which file it will need (`PageData.shared`), so that the
 * browser can ask for it beside the navigation's data instead of after it.
 */
export function rootSharedHrefs(content: Content, pathname: string): { in: string; out: string } {
  return {
    in: rootSharedHrefOfPath(content, pathname, true),
    out: rootSharedHrefOfPath(content, pathname, false),
  }
}

const HASH = /^[0-9a-f]{16}\.json$/

/**
 * The file for a request of `/_shared/<language>/<scope>/<in|out>/<file>`: null for an address no page
 * names (404). `current` is false when the hash is not this content's (a page sent before the content
 * changed): the file is then today's, not to be cached for good.
 */
export function rootSharedFile(
  content: Content,
  params: { lang?: string; scope?: string; signedIn?: string; file?: string },
): { json: string; current: boolean } | null {
  const { lang, scope, signedIn, file } = params
  if (!lang || !isCatalogueLocale(lang) || !file || !HASH.test(file)) return null
  if (signedIn !== 'in' && signedIn !== 'out') return null
  let messageScope: MessageScope | null = null
  if (scope !== ALL) {
    const screen = scope as ScreenName
    const declared = Object.hasOwn(SCREEN_MESSAGES, screen) ? SCREEN_MESSAGES[screen] : undefined
    if (!declared || scopeNames.get(scopeIdOf(declared)) !== screen) return null
    messageScope = declared
  }
  const made = sharedFile(content, lang, messageScope, signedIn === 'in')
  return { json: made.json, current: made.href.endsWith(`/${file}`) }
}
