import type { CompanyDetails } from '@lainava/domain/company'
import {
  type CatalogueLocale,
  type CoreMessages,
  createTranslator,
  fallbackLocaleOf,
  type Messages,
} from '@lainava/i18n'
import type { SiteNavigation } from '../components/layout/site-navigation.ts'
import type { ConsentChoice } from './consent.ts'
import type { FlagsData } from './flags-identity.ts'
import { decodeRootData, type RootWire } from './root-shared.ts'
import { screenOfRouteId } from './screen.ts'

export type RootData = {
  /** The address's locale: links stay in it. The text may be its fallback's (`pageText`). */
  lang: CatalogueLocale
  /**
   * A complete locale's catalogue; for a core-only locale, its fallback language's (ADR 018). Only the
   * keys of the page's screen when it declares them (ADR 026); a key outside them shows as itself.
   */
  messages: Messages
  /** A core-only locale's own translations (the core screens); null for a complete locale. */
  coreMessages: CoreMessages | null
  /** The menu and footer groups in this language; null where the language has no content site. */
  navigation: SiteNavigation | null
  brandName: string
  /** Who runs the service, shown in the footer and on the company page. */
  company: CompanyDetails
  publicUrl: string
  cspNonce: string
  year: number
  /** The logged-in user as the server saw the request; the client's user state takes over from here. */
  user: { email: string; role: 'consumer' | 'lender' | 'admin' } | null
  /** Issue 18 item 4: the marketing cookie's choice as the server read it (null: not chosen yet). */
  consent?: ConsentChoice
  /** Issue 18 item 3 (ADR 038): the flags evaluated for this visitor; null when unavailable (defaults). */
  flags?: FlagsData | null
}

/**
 * The screens a core-only locale translates (core-keys.ts): the status screens, and those that
 * show one in a country we do not serve yet (the landing's "not supported", the forms' "coming soon").
 */
const CORE_SCREENS: ReadonlySet<string> = new Set([
  'landing',
  'consumerLoanForm',
  'creditCardForm',
  'notFound',
  'maintenance',
  'forbidden',
  'comingSoon',
  'test',
  'demo',
])

/** The language a page's text is in and its messages. */
export type PageText = { textLang: CatalogueLocale; messages: Messages }

const coreCatalogues = new WeakMap<Messages, WeakMap<CoreMessages, Messages>>()

function withCore(messages: Messages, core: CoreMessages): Messages {
  const byCore = coreCatalogues.get(messages) ?? new WeakMap<CoreMessages, Messages>()
  coreCatalogues.set(messages, byCore)
  const merged = byCore.get(core) ?? ({ ...messages, ...core } as Messages)
  byCore.set(core, merged)
  return merged
}

/**
 * ADR 018: a page is in one language. A core-only locale's core screens (and a path no route
 * matches: its 404) are in the locale; its other screens are wholly in its fallback language.
 * `leafRouteId` is the page's route (`login.da`); the root alone (`root`) is a 404.
 */
export function pageText(
  root: Pick<RootData, 'lang' | 'messages' | 'coreMessages'>,
  leafRouteId: string | undefined,
): PageText {
  const fallback = fallbackLocaleOf(root.lang)
  if (!fallback || !root.coreMessages) return { textLang: root.lang, messages: root.messages }
  const screen = screenOfRouteId(leafRouteId ?? '')
  if (screen === null || CORE_SCREENS.has(screen)) {
    return { textLang: root.lang, messages: withCore(root.messages, root.coreMessages) }
  }
  return { textLang: fallback, messages: root.messages }
}

/** The root loader's data from a route's `meta` matches (the root is always first, the page last). */
export function rootDataFromMatches(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
) {
  const wire = matches.find((match) => match?.id === 'root')?.loaderData as RootWire | undefined
  if (!wire) return undefined
  const root = decodeRootData(wire)
  const { textLang, messages } = pageText(root, matches.at(-1)?.id)
  return { ...root, textLang, t: createTranslator(textLang, messages) }
}
