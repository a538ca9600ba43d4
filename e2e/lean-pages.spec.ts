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
