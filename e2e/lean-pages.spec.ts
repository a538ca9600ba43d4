import AxeBuilder from '@axe-core/playwright'
import { messagesFor } from '@lainava/i18n/server'
import { expect, test } from '@playwright/test'
import { logInAs, openPage } from './helpers.ts'
import { rawKeysSeen, watchForRawKeys } from './raw-keys.ts'

// ADR 026: a page's HTML carries only its screen's messages; a client navigation to a page that
// needs others gets them with that page's data. Never may a raw key (`landing.hero.title`) show.
const fi = messagesFor('fi') as Record<string, string>
const KEYS = Object.keys(fi)

/** A message's text as it stands in the HTML (the root data is a JSON-like stream). */
const inHtml = (html: string, text: string) =>
  html.includes(text) || html.includes(JSON.stringify(text).slice(1, -1))

test.describe('lean pages: messages per route', () => {
  test('the landing sends its own messages and not the rest of the catalogue', async ({ request }) => {
    // ADR 063: the page and the file of messages and menus it names (its root data's shared part).
    const page = await (await request.get('/')).text()
    const shared = /<link[^>]*href="(\/_shared\/fi\/[^"]+\.json)"[^>]*data-root-shared/.exec(page)?.[1]
    expect(shared).toBeDefined()
    const file = await request.get(shared as string)
    expect(file.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(file.headers()['set-cookie']).toBeUndefined()
    const html = page + (await file.text())
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

  // ADR 063: the page hydrates once its messages' file is here; a failed fetch is tried again once,
  // and a page whose file never comes stays the server's page, with working links and menus.
  test('the messages’ file failing: the second try brings it and the page hydrates, in Finnish @mobile', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    let failed = 0
    await page.route('**/_shared/**', (route) => (failed++ === 0 ? route.abort() : route.continue()))
    await watchForRawKeys(page)
    await openPage(page, '/')
    // The preload failed, and with it the first fetch, which waited on it; the second try brought the file.
    expect(failed).toBe(2)
    await page.getByRole('button', { name: fi['nav.menu'] as string }).click()
    await expect(page.getByRole('button', { name: fi['nav.menu'] as string })).toHaveAttribute(
      'aria-expanded',
      'true',
    )
    expect(await rawKeysSeen(page)).toEqual([])
  })

  test('the messages’ file never coming: the server’s page stays usable @mobile', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.route('**/_shared/**', (route) => route.abort())
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(fi['landing.hero.title'] as string)
    // The menu is the server's <details>, and its links load their pages.
    await page.locator('summary:visible', { hasText: fi['nav.menu'] as string }).click()
    await page.locator('summary:visible', { hasText: fi['nav.group.guide'] as string }).click()
    await page
      .getByRole('link', { name: fi['glossary.title'] as string, exact: true })
      .first()
      .click()
    await expect(page).toHaveURL(/\/sanasto\/$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(fi['glossary.title'] as string)
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true')
  })

  test('a client navigation whose messages’ file cannot be had loads the page from the server instead', async ({
    page,
  }) => {
    await openPage(page, '/')
    await page.route('**/_shared/**', (route) => route.abort())
    // The glossary's scope is not the landing's: its root data names another file.
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: fi['glossary.title'] as string, exact: true })
      .click()
    await expect(page).toHaveURL(/\/sanasto\/$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(fi['glossary.title'] as string)
    // A full page load: the new document has not hydrated (its file is still blocked).
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true')
  })

  test('a client navigation asks for its page’s messages’ file beside the page’s data', async ({ page }) => {
    // A loan page: the landing is an island, where a link loads the next document (ADR 064).
    await openPage(page, '/autolaina/')
    // The glossary's page data names its file, as the glossary's own page does.
    const pageData = await page.request.get('/page-data/sanasto/page-data.json')
    const { shared } = (await pageData.json()) as { shared: { out: string } }
    expect(shared.out).toMatch(/^\/_shared\/fi\/glossary\/out\/[0-9a-f]{16}\.json$/)
    const footer = page.getByRole('contentinfo')
    // The navigation's data is held until the file has been asked for. Were the file asked for only
    // once the data is here, it would not be asked for within the 10 s, and the test fails.
    const fileAsked = page.waitForRequest((request) => new URL(request.url()).pathname === shared.out, {
      timeout: 10_000,
    })
    let fileBeforeData: boolean | undefined
    await page.route('**/*.data*', async (route) => {
      fileBeforeData ??= await fileAsked.then(
        () => true,
        () => false,
      )
      await route.continue()
    })
    await page.evaluate(() => {
      ;(window as { sameDocument?: boolean }).sameDocument = true
    })
    await footer.getByRole('link', { name: fi['glossary.title'] as string, exact: true }).click()
    // Past the 10 s hold, so that a file asked for late fails below, by name.
    await expect(page).toHaveURL(/\/sanasto\/$/, { timeout: 20_000 })
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(fi['glossary.title'] as string)
    expect(fileBeforeData, 'the file was asked for before the navigation’s data came').toBe(true)
    // A client navigation, not a page load: the window is the same.
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true)
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

  // The mortgage screens declare their messages too: calculator page → form (calculator and start
  // steps, then the first person step) → status page → back to the draft, in Finnish and Swedish.
  for (const lang of ['fi', 'sv'] as const) {
    test(`the mortgage screens bring their own messages, with no raw key at any moment (${lang})`, async ({
      page,
    }) => {
      const t = messagesFor(lang) as Record<string, string>
      const text = (key: string) => {
        const message = t[key]
        if (!message) throw new Error(`no message ${key}`)
        return message
      }
      const prefix = lang === 'sv' ? '/sv' : ''
      await logInAs(page)
      await watchForRawKeys(page)
      await openPage(page, `${prefix}/asuntolainalaskuri/`)
      await page.getByRole('link', { name: text('mortgage.calculator.continue'), exact: true }).click()
      await expect(page).toHaveURL(new RegExp(`^[^?]*${prefix}/asuntolainahakemus/\\?price=`))
      const form = page.getByTestId('mortgage-form')
      await expect(form).toHaveAttribute('data-step', 'calculator')
      await page.getByRole('button', { name: text('mortgageForm.calculator.continue'), exact: true }).click()
      await expect(form).toHaveAttribute('data-step', 'mortgage-application')
      await form
        .getByLabel(text('mortgage.field.purpose'), { exact: true })
        .selectOption({ label: text('mortgage.option.purpose.first-home') })
      await form
        .getByRole('group', { name: text('mortgage.field.hasCoApplicant'), exact: true })
        .getByLabel(text('mortgageForm.no'), { exact: true })
        .check()
      for (const consent of ['terms', 'privacy', 'creditCheck'])
        await form.getByLabel(text(`mortgage.field.consents.${consent}`), { exact: true }).check()
      await page.getByRole('button', { name: text('mortgageForm.start.submit'), exact: true }).click()
      await expect(form).toHaveAttribute('data-step', 'personal-information')
      await expect(page.getByLabel(text('mortgage.field.hetu'), { exact: true })).toBeVisible()
      // The record starts again with the next document.
      expect(await rawKeysSeen(page)).toEqual([])

      await openPage(page, `${prefix}/tarjoukseni/`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('mortgageStatus.title'))
      await page.getByRole('link', { name: text('mortgageStatus.continueDraft'), exact: true }).click()
      await expect(form).toHaveAttribute('data-step', 'personal-information')
      await expect(page.locator('html')).toHaveAttribute('lang', lang)
      expect(await rawKeysSeen(page)).toEqual([])
    })
  }
})
