import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { latestLoginEmail, logInAs, openPage, uniqueEmail } from './helpers.ts'

test.describe('accounts and passwordless login', () => {
  test('a new user logs in with the e-mailed code, opens consents, logs out', async ({ page }) => {
    const email = uniqueEmail('new')
    await openPage(page, '/')
    await page.getByRole('link', { name: 'Kirjaudu' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kirjaudu sisään')
    await page.getByLabel('Sähköpostiosoite').fill(email)
    await page.getByRole('button', { name: 'Lähetä kirjautumislinkki' }).click()
    await expect(page.getByText('Jos osoitteella voi kirjautua')).toBeVisible()
    await expect(page.getByText('Myös sähköpostin linkki kirjaa sinut sisään.')).toBeVisible()

    const { code } = await latestLoginEmail(page.request, email)
    await page.getByLabel('Kirjautumiskoodi').fill(code)
    await page.getByRole('button', { name: 'Kirjaudu', exact: true }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByTestId('header-user')).toHaveText(email)

    await openPage(page, '/asetukset/?menu=consents')
    await expect(page.getByRole('heading', { name: 'Suostumukset' })).toBeFocused()
    await page.getByLabel('Markkinointiviestit sähköpostiin').check()
    await page.getByRole('button', { name: 'Tallenna suostumukset' }).click()
    await expect(page.getByText('Suostumukset tallennettu.')).toBeVisible()
    await page.reload()
    await expect(page.getByLabel('Markkinointiviestit sähköpostiin')).toBeChecked()
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze()
    expect(results.violations).toEqual([])

    await page.getByRole('button', { name: 'Kirjaudu ulos' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('link', { name: 'Kirjaudu' })).toBeVisible()
    await openPage(page, '/asetukset/')
    await expect(page).toHaveURL(/\/kirjaudu\/\?returnTo=%2Fasetukset%2F$/)
  })

  test('the one-time link in the e-mail shows the account, logs in when asked, once', async ({ page }) => {
    const email = uniqueEmail('link')
    await page.request.post('/api/v2/passwordless/start', {
      data: { email, language: 'en', returnTo: '/en/' },
    })
    const { link } = await latestLoginEmail(page.request, email)
    const path = new URL(link).pathname + new URL(link).search
    await openPage(page, path)
    // Opening the link alone logs nobody in: the page names the account and waits (login CSRF).
    await expect(page.getByTestId('autologin-account')).toHaveText(email)
    await expect(page.getByTestId('header-user')).toHaveCount(0)
    await page.getByRole('button', { name: 'Log in to this account' }).click()
    await expect(page).toHaveURL(/\/en\/$/)
    await expect(page.getByTestId('header-user')).toHaveText(email)

    await page.context().clearCookies()
    await openPage(page, path)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('The login link is not valid')
    await expect(page.getByRole('alert')).toContainText('expired or has already been used')
  })

  test('a wrong code shows a clear message beside the form', async ({ page }) => {
    const email = uniqueEmail('wrong')
    await openPage(page, '/en/login/')
    await page.getByLabel('E-mail address').fill(email)
    await page.getByRole('button', { name: 'Send login link' }).click()
    const { code } = await latestLoginEmail(page.request, email)
    await page.getByLabel('Login code').fill(code === '000000' ? '111111' : '000000')
    await page.getByRole('button', { name: 'Log in', exact: true }).click()
    await expect(page.getByRole('alert')).toHaveText(
      'The code is wrong. Check the code in the e-mail and try again.',
    )
  })

  test('a consumer who calls an admin API is taken to the forbidden page', async ({ page }) => {
    await logInAs(page)
    await openPage(page, '/admin/users/')
    await expect(page).toHaveURL(/\/forbidden\/$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ei käyttöoikeutta')
    // The user was cleared: the header offers logging in again.
    await expect(page.getByRole('link', { name: 'Kirjaudu', exact: true })).toBeVisible()
  })
})
