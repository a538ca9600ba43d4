import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import { latestLoginEmail, logInAs, openPage, uniqueEmail } from './helpers.ts'

// Issue 14 "Form details", as a person meets them in the browser.

/** Errors the page logs (a hydration mismatch of the country names would show here). */
function consoleErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

test.describe('form details', () => {
  test('a prefill of 15 250 € and 4.5 years moves on instead of sticking on an unmarked error', async ({
    page,
  }) => {
    await openPage(page, '/lainahakemus/?amount=15250&period=4.5')
    await expect(page.getByRole('slider', { name: 'Lainasumma (€)' })).toHaveValue('15500')
    await expect(page.getByRole('slider', { name: 'Laina-aika (vuotta)' })).toHaveValue('5')
    await page.getByLabel('Lainan käyttötarkoitus').selectOption('renovation')
    await page.getByRole('button', { name: 'Seuraava' }).click()
    await expect(page.getByRole('heading', { level: 2, name: 'Hakija' })).toBeVisible()
    await expect(page.getByText('Korjaa merkityt kohdat')).toHaveCount(0)
  })

  test('citizenship is a country picker named in the language, Finland first', async ({ page }) => {
    const errors = consoleErrors(page)
    await openPage(page, '/lainahakemus/')
    await page.getByLabel('Lainan käyttötarkoitus').selectOption('renovation')
    await page.getByRole('button', { name: 'Seuraava' }).click()
    const citizenship = page.getByRole('combobox', { name: 'Kansalaisuus' })
    await expect(citizenship).toHaveValue('FI')
    await expect(citizenship.locator('option:checked')).toHaveText('Suomi')
    await citizenship.selectOption({ label: 'Ruotsi' })
    await expect(citizenship).toHaveValue('SE')
    const axe = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze()
    expect(axe.violations).toEqual([])

    // The same tab keeps its place in the form: the applicant step, now in Swedish.
    await openPage(page, '/sv/lainahakemus/')
    await expect(page.getByRole('combobox', { name: 'Medborgarskap' }).locator('option:checked')).toHaveText(
      'Sverige',
    )
    expect(errors).toEqual([])
  })

  test('after an application, logging in by code from the offers page lands on the offers', async ({
    page,
  }) => {
    const email = uniqueEmail('landing')
    await openPage(page, '/offers/')
    await expect(page).toHaveURL(/\/kirjaudu\/\?returnTo=%2Foffers%2F$/)
    await page.getByLabel('Sähköpostiosoite').fill(email)
    await page.getByRole('button', { name: 'Lähetä kirjautumislinkki' }).click()
    const { code } = await latestLoginEmail(page.request, email)
    await page.getByLabel('Kirjautumiskoodi').fill(code)
    await page.getByRole('button', { name: 'Kirjaudu', exact: true }).click()
    await expect(page).toHaveURL(/\/offers\/$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tarjoukset')
  })

  test('an expired short session is renewed before the page shows the login form', async ({ page }) => {
    const email = await logInAs(page)
    // The access cookie lives 15 minutes; the refresh cookie (Path=/api/) a month. Drop the first.
    const cookies = await page.context().cookies()
    expect(cookies.find((cookie) => cookie.name === 'lv_refresh')?.path).toBe('/api/')
    await page.context().clearCookies({ name: 'lv_session' })

    await openPage(page, '/offers/')
    await expect(page).toHaveURL(/\/offers\/$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tarjoukset')
    await expect(page.getByTestId('header-user')).toHaveText(email)
  })
})
