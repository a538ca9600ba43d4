import AxeBuilder from '@axe-core/playwright'
import { messagesFor } from '@lainava/i18n/server'
import { expect, type Page, test } from '@playwright/test'
import { logInAs, openPage } from './helpers.ts'

// ADR 026: a page's HTML carries only its screen's messages; a client navigation to a page that
// needs others gets them with that page's data. Never may a raw key (`landing.hero.title`) show.
const fi = messagesFor('fi') as Record<string, string>
const KEYS = Object.keys(fi)

/** Records every catalogue key that appears as text, from the first paint on, in `window.__rawKeys`. */
async function watchForRawKeys(page: Page) {
  await page.addInitScript((keys: string[]) => {
    const known = new Set(keys)
    const found = new Set<string>()
    Object.assign(window, { __rawKeys: found })
    const scanText = (text: string | null) => {
      for (const token of (text ?? '').split(/[^\w.]+/)) if (known.has(token)) found.add(token)
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

async function rawKeysSeen(page: Page): Promise<string[]> {
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text; textContent reads the data scripts too
  const now = await page.evaluate(() => document.body.innerText + document.title)
  const current = now.split(/[^\w.]+/).filter((token) => Object.hasOwn(fi, token))
  const seen = await page.evaluate(() => [...(window as unknown as { __rawKeys: Set<string> }).__rawKeys])
  return [...new Set([...seen, ...current])]
}

/** A message's text as it stands in the HTML (the root data is a JSON-like stream). */
const inHtml = (html: string, text: string) =>
  html.includes(text) || html.includes(JSON.stringify(text).slice(1, -1))

test.describe('lean pages: messages per route', () => {
  test('the landing sends its own messages and not the rest of the catalogue', async ({ request }) => {
    const html = await (await request.get('/')).text()
    expect(inHtml(html, fi['landing.how.step2.text'] as string)).toBe(true)
    expect(inHtml(html, fi['calculator.monthlyPayment'] as string)).toBe(true)
    expect(inHtml(html, fi['footer.principles'] as string)).toBe(true)
    const elsewhere = KEYS.filter((key) => /^(offers|validation|settings|admin\.users)\./.test(key))
    expect(elsewhere.length).toBeGreaterThan(20)
    expect(
      elsewhere.filter((key) => inHtml(html, fi[key] as string) && (fi[key] as string).length > 25),
    ).toEqual([])
  })

  test('navigating between pages brings each page its messages, with no raw key at any moment @mobile', async ({
    page,
  }) => {
    await watchForRawKeys(page)
    await openPage(page, '/')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(fi['landing.hero.title'] as string)
    const footer = page.getByRole('contentinfo')

    // Landing → glossary → blog → contact page (a content page with its form) → home → the form.
    await footer.getByRole('link', { name: fi['glossary.title'] as string, exact: true }).click()
    await expect(page).toHaveURL(/\/sanasto\/$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(fi['glossary.title'] as string)

    await footer.getByRole('link', { name: fi['blog.title'] as string, exact: true }).click()
    await expect(page).toHaveURL(/\/blogi\/$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(fi['blog.title'] as string)

    await footer.getByRole('link', { name: fi['footer.contact'] as string, exact: true }).click()
    await expect(page).toHaveURL(/\/ota-yhteytta\/$/)
    await expect(page.getByRole('heading', { name: fi['contact.form.title'] as string })).toBeVisible()
    await expect(page.getByRole('button', { name: fi['contact.form.send'] as string })).toBeVisible()

    await page.getByRole('link', { name: fi['site.homeLink']?.replace('{brand}', 'Lainava') }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(fi['landing.hero.title'] as string)
    await expect(page.getByTestId('monthly-payment')).toContainText('€')

    // Issue 18 item 7: the call-to-action experiment shows a visitor either text.
    const cta = new RegExp(`^(${fi['calculator.submit']}|${fi['landing.cta.compare']})$`)
    await page.getByRole('button', { name: cta }).click()
    await expect(page).toHaveURL(/\/lainahakemus\/\?amount=20000&period=4$/)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

    expect(await rawKeysSeen(page)).toEqual([])
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze()
    expect(results.violations).toEqual([])
  })

  test('a signed-in person goes from the landing to the offers page by the header link, with no raw key', async ({
    page,
  }) => {
    await logInAs(page)
    await watchForRawKeys(page)
    await openPage(page, '/')
    await page.getByTestId('header-offers').click()
    await expect(page).toHaveURL(/\/offers\/$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(fi['offers.title'] as string)
    expect(await rawKeysSeen(page)).toEqual([])
  })

  test('a Swedish page reached by navigation is wholly Swedish', async ({ page }) => {
    const sv = messagesFor('sv') as Record<string, string>
    await watchForRawKeys(page)
    await openPage(page, '/sv/')
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: sv['glossary.title'] as string, exact: true })
      .click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(sv['glossary.title'] as string)
    await expect(page.locator('html')).toHaveAttribute('lang', 'sv')
    expect(await rawKeysSeen(page)).toEqual([])
  })
})
