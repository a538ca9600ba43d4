import { randomUUID } from 'node:crypto'
import { expect, type Page, test } from '@playwright/test'
import { expectAccessible, logInAsAdmin, openPage } from './helpers.ts'

// Issue 18 item 2: an admin creates a boolean flag with a force rule targeted by a condition on
// /admin/flags/, then previews two sets of attributes and sees the two values the flag gives them.

async function expectNoSidewaysScroll(page: Page) {
  await page.setViewportSize({ width: 320, height: 800 })
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  await page.setViewportSize({ width: 1280, height: 800 })
}

test.describe('admin flag editor', () => {
  test('an admin creates a targeted boolean flag and previews what two visitors get', async ({ page }) => {
    const key = `e2e-banner-${randomUUID().slice(0, 6)}`
    await logInAsAdmin(page)
    await openPage(page, '/admin/flags/?env=development')
    await expect(page.getByRole('heading', { level: 1, name: 'Ominaisuusliput ja kokeilut' })).toBeVisible()
    await expectAccessible(page)

    await page.getByRole('link', { name: 'Uusi lippu' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Uusi lippu' })).toBeVisible()
    await page.getByLabel('Avain', { exact: true }).fill(key)
    await page.getByLabel('Kuvaus').fill('Banneri suomalaisille')
    await page.getByLabel('Oletusarvo', { exact: true }).selectOption('false')

    // The rule and its condition row come from the server (the same posts work without JavaScript).
    await page.getByRole('button', { name: 'Lisää pakotettu arvo' }).click()
    await expect(page.getByRole('group', { name: 'Sääntö 1: Pakotettu arvo' })).toBeVisible()
    await page.getByRole('button', { name: 'Lisää ehto' }).click()
    await page.getByLabel('Ehdon 1 attribuutti', { exact: true }).fill('country')
    await page.getByLabel('Ehdon 1 vertailu', { exact: true }).selectOption('equals')
    await page.getByLabel('Ehdon 1 arvo', { exact: true }).fill('FI')
    await expect(page.getByLabel('Avain', { exact: true })).toHaveValue(key)
    await page.getByLabel('Arvo', { exact: true }).selectOption('true')
    await expectAccessible(page)
    await expectNoSidewaysScroll(page)

    await page.getByRole('button', { name: 'Tallenna lippu' }).click()
    await expect(page.getByText('Lippu tallennettu.')).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: `Lippu ${key}` })).toBeVisible()
    await expect(page.getByTestId('flag-history')).toContainText('loi lipun: e2e-admin@example.fi')
    await expectAccessible(page)

    await page.getByRole('link', { name: 'Takaisin lippuihin' }).click()
    await expect(page.getByRole('link', { name: key })).toBeVisible()

    // Two visitors: one from Finland gets the rule's value, one from Sweden the default.
    const preview = page.getByRole('region', { name: 'Esikatselu' })
    const flagValue = () => preview.getByRole('row', { name: key }).getByRole('cell')
    await preview.getByLabel('Attribuutin 1 arvo').fill('visitor-1')
    await preview.getByLabel('Attribuutin 3 arvo').fill('FI')
    await preview.getByRole('button', { name: 'Näytä arvot' }).click()
    await expect(flagValue()).toHaveText('true')
    await preview.getByLabel('Attribuutin 3 arvo').fill('SE')
    await preview.getByRole('button', { name: 'Näytä arvot' }).click()
    await expect(flagValue()).toHaveText('false')
    await expect(preview.getByLabel('Attribuutin 3 arvo')).toHaveValue('SE')
    await expectAccessible(page)
    await expectNoSidewaysScroll(page)
  })
})
