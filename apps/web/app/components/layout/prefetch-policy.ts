// When nothing is fetched ahead for a next page (spec §9): the app's prefetcher (prefetch-start.ts)
// and the landing island's (ADR 064) ask the same question.

type NetworkInformation = { saveData?: boolean; effectiveType?: string }

/** spec §9: never prefetch on 2g, in data-saver mode, or for bots. */
export function prefetchDisabledReason(
  nav: Navigator,
  isBot: (userAgent: string) => boolean,
): '2g' | 'save-data' | 'bot' | null {
  const connection = (nav as Navigator & { connection?: NetworkInformation }).connection
  if (connection?.saveData) return 'save-data'
  if (connection?.effectiveType?.includes('2g')) return '2g'
  if (isBot(nav.userAgent)) return 'bot'
  return null
}

/** Adds a `<link>` to the head for each address that has none yet, set up by `set` (rel, priority). */
export function addHeadLinks(hrefs: readonly string[], set: (link: HTMLLinkElement) => void): void {
  for (const href of hrefs) {
    if (document.head.querySelector(`link[href="${href}"]`)) continue
    const link = document.createElement('link')
    set(link)
    link.href = href
    document.head.append(link)
  }
}
