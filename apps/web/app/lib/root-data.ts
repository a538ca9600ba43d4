import type { CatalogueLocale, Messages } from '@lainava/i18n'
import { createTranslator } from '@lainava/i18n'

export type RootData = {
  lang: CatalogueLocale
  messages: Messages
  brandName: string
  publicUrl: string
  cspNonce: string
  year: number
  /** The logged-in user as the server saw the request; the client's user state takes over from here. */
  user: { email: string; role: 'consumer' | 'lender' | 'admin' } | null
}

/** The root loader's data from a route's `meta` matches (the root is always first). */
export function rootDataFromMatches(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
) {
  const root = matches.find((match) => match?.id === 'root')?.loaderData as RootData | undefined
  if (!root) return undefined
  return { ...root, t: createTranslator(root.lang, root.messages) }
}
