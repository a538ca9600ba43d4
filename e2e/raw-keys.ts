import { messagesFor } from '@lainava/i18n/server'
import type { Page } from '@playwright/test'

// ADR 026: a page's HTML carries only its screen's messages, and a raw key (`landing.hero.title`)
// must never show, not even for a moment while a navigation brings the next page's messages. The
// watcher records every catalogue key that appears as text (a key may hold hyphens:
// `mortgage.step.personal-information`); the keys are the same in every language. A document load
// starts a new record: read it before leaving the document.
const fi = messagesFor('fi') as Record<string, string>
const KEYS = Object.keys(fi)

/** Records every catalogue key that appears as text, from the first paint on, in `window.__rawKeys`. */
export async function watchForRawKeys(page: Page) {
  await page.addInitScript((keys: string[]) => {
    const known = new Set(keys)
    const found = new Set<string>()
    Object.assign(window, { __rawKeys: found })
    const scanText = (text: string | null) => {
      for (const token of (text ?? '').split(/[^\w.-]+/)) if (known.has(token)) found.add(token)
    }
    // Text the reader sees: not the page's data scripts, which hold the keys by design.
    const hidden = (node: Node | null) => !!node?.parentElement?.closest('script, style, template')
    const scan = (node: Node) => {
      if (node.nodeType === Node.TEXT_NODE) {
        if (!hidden(node)) scanText(node.textContent)
        return
      }
      const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT)
      for (let text = walker.nextNode(); text; text = walker.nextNode())
        if (!hidden(text)) scanText(text.textContent)
    }
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        if (mutation.type === 'characterData') scan(mutation.target)
        for (const node of mutation.addedNodes) scan(node)
      }
      scanText(document.title)
    }).observe(document, { childList: true, subtree: true, characterData: true })
  }, KEYS)
}

export async function rawKeysSeen(page: Page): Promise<string[]> {
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text; textContent reads the data scripts too
  const now = await page.evaluate(() => document.body.innerText + document.title)
  const current = now.split(/[^\w.-]+/).filter((token) => Object.hasOwn(fi, token))
  const seen = await page.evaluate(() => [...(window as unknown as { __rawKeys: Set<string> }).__rawKeys])
  return [...new Set([...seen, ...current])]
}
