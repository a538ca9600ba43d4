import AxeBuilder from '@axe-core/playwright'
import { exampleMortgageSteps } from '@lainava/domain/mortgage/example-application'
import type { MortgageDataStep } from '@lainava/domain/mortgage/steps'
import { messagesFor } from '@lainava/i18n/server'
import { expect, type Locator, type Page, test } from '@playwright/test'
import { logInAs, openPage } from './helpers.ts'
import { rawKeysSeen, watchForRawKeys } from './raw-keys.ts'

// Issue 16 "Done when": a new user completes the mortgage application with a co-applicant, every
// step by its labels and axe clean, identifies with a test identity at the local provider, sees the
// status page update when a sandbox bank makes an offer, opens the ESIS and accepts; the same flow
// in English without a co-applicant on a 320 px phone, with no sideways scrolling.

type Language = 'fi' | 'en'
const FORM = { fi: '/asuntolainahakemus/', en: '/en/mortgage-form/' } as const
const CALCULATOR_FIGURES = 'price=250000&ownFunds=50000&years=25&repaymentType=annuity'

function catalogue(language: Language) {
  const messages = messagesFor(language) as Record<string, string>
  return (key: string) => {
    const message = messages[key]
    if (!message) throw new Error(`no message ${key}`)
    return message
  }
}

async function expectAxeClean(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  expect(results.violations).toEqual([])
}

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }))
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth)
}

/** Fills one field by its label, as a person would: text, a choice from a list, yes/no, ticks. */
async function fillField(
  scope: Locator,
  t: (key: string) => string,
  labelKey: string,
  group: string,
  value: unknown,
) {
  const label = t(labelKey)
  if (typeof value === 'boolean') {
    await scope
      .getByRole('group', { name: label, exact: true })
      .getByLabel(t(value ? 'mortgageForm.yes' : 'mortgageForm.no'), { exact: true })
      .check()
    return
  }
  if (Array.isArray(value)) {
    const box = scope.getByRole('group', { name: label, exact: true })
    for (const option of value)
      await box.getByLabel(t(`mortgage.option.${group}.${option}`), { exact: true }).check()
    return
  }
  const radios = scope.getByRole('group', { name: label, exact: true })
  if ((await radios.count()) > 0) {
    await radios.getByLabel(t(`mortgage.option.${group}.${value}`), { exact: true }).check()
    return
  }
  const control = scope.getByLabel(label, { exact: true })
  if ((await control.evaluate((element) => element.tagName)) === 'SELECT')
    await control.selectOption(String(value))
  else await control.fill(String(value))
}

/** Option groups of the fields whose label keys differ from their group names. */
const GROUPS: Record<string, string> = { ownFundsSources: 'ownFundsSource', type: 'loanType' }

/** Fills a step from the example application, field by field through the labels. */
async function fillStep(page: Page, t: (key: string) => string, step: MortgageDataStep, data: object) {
  const form = page.getByTestId('mortgage-form')
  for (const [name, value] of Object.entries(data)) {
    if (name === 'consents') {
      for (const consent of Object.keys(value as object))
        await form.getByLabel(t(`mortgage.field.consents.${consent}`), { exact: true }).check()
    } else if (name === 'loans') {
      const loans = value as Array<Record<string, unknown>>
      for (const [index, loan] of loans.entries()) {
        if (index > 0) await form.getByRole('button', { name: t('mortgageForm.loans.add') }).click()
        const row = form.getByTestId('mortgage-loan-row').nth(index)
        for (const [field, answer] of Object.entries(loan))
          await fillField(row, t, `mortgage.field.loans.${field}`, GROUPS[field] ?? field, answer)
      }
    } else if (name === 'citizenship') {
      await form
        .getByLabel(t('mortgage.field.citizenship'), { exact: true })
        .selectOption(String(value).toUpperCase())
    } else {
      await fillField(form, t, `mortgage.field.${name}`, GROUPS[name] ?? name, value)
    }
  }
  expect(step).toBeTruthy()
}

async function onStep(page: Page, t: (key: string) => string, step: string) {
  await expect(page.getByTestId('mortgage-form')).toHaveAttribute('data-step', step)
  await expect(
    page.getByRole('heading', { level: 2, name: t(`mortgage.step.${step}`), exact: true }),
  ).toBeVisible()
}

async function next(page: Page, t: (key: string) => string) {
  await page.getByRole('button', { name: t('mortgageForm.next'), exact: true }).click()
}

/** Every data step after the start, in order, filled from the example and saved. */
async function fillApplication(
  page: Page,
  language: Language,
  withCoApplicant: boolean,
  check?: () => Promise<void>,
) {
  const t = catalogue(language)
  const steps = (Object.keys(exampleMortgageSteps) as MortgageDataStep[]).filter(
    (step) =>
      step !== 'calculator' &&
      step !== 'mortgage-application' &&
      (withCoApplicant || !step.startsWith('co-applicant')),
  )
  for (const step of steps) {
    await onStep(page, t, step)
    await expectAxeClean(page)
    if (check) await check()
    await fillStep(page, t, step, exampleMortgageSteps[step])
    await next(page, t)
  }
}

async function startApplication(page: Page, language: Language, withCoApplicant: boolean) {
  const t = catalogue(language)
  // The calculator page's "continue" brings its figures to the first step.
  await openPage(page, `${FORM[language]}?${CALCULATOR_FIGURES}`)
  await onStep(page, t, 'calculator')
  await expectAxeClean(page)
  await page.getByRole('button', { name: t('mortgageForm.calculator.continue'), exact: true }).click()
  await onStep(page, t, 'mortgage-application')
  await expect(page.getByTestId('mortgage-calculator-summary')).toBeVisible()
  await expectAxeClean(page)
  await fillStep(page, t, 'mortgage-application', {
    ...exampleMortgageSteps['mortgage-application'],
    hasCoApplicant: withCoApplicant,
  })
  await page.getByRole('button', { name: t('mortgageForm.start.submit'), exact: true }).click()
}

/** At the identify step: identifies as the lead applicant at the local test provider and sends. */
async function identifyAndSend(page: Page, language: Language) {
  const t = catalogue(language)
  await onStep(page, t, 'identify')
  await expectAxeClean(page)
  await page.getByRole('link', { name: t('mortgageForm.identify.start'), exact: true }).click()
  const person = exampleMortgageSteps['personal-information']
  await page
    .getByRole('button', { name: new RegExp(`${person.firstName} ${person.lastName}, ${person.hetu}`) })
    .click()
  await expect(page).toHaveURL(new RegExp(`${FORM[language]}\\?step=identify&identification=ok`))
  await expect(page.getByTestId('identify-done')).toBeVisible()
  await expectAxeClean(page)
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 15_000 })
  await page.getByRole('button', { name: t('mortgageForm.identify.submit'), exact: true }).click()
}

test.describe('mortgage application', () => {
  test('a new user applies with a co-applicant, identifies, sees an offer arrive, opens the ESIS and accepts', async ({
    page,
  }) => {
    test.setTimeout(180_000)
    const t = catalogue('fi')
    await logInAs(page)
    // The mortgage screens send only their own messages (ADR 026): no raw key on any step or page.
    await watchForRawKeys(page)
    await startApplication(page, 'fi', true)

    // A wrong identity code is named beside its field and in the summary, in Finnish; the rest stays.
    await onStep(page, t, 'personal-information')
    await fillStep(page, t, 'personal-information', {
      ...exampleMortgageSteps['personal-information'],
      hetu: '131052-308A',
    })
    await next(page, t)
    const summary = page.getByTestId('mortgage-error-summary')
    await expect(summary).toBeFocused()
    await expect(summary).toContainText('Henkilötunnus ei ole oikein.')
    await expectAxeClean(page)
    await summary.getByRole('link', { name: 'Henkilötunnus ei ole oikein.' }).click()
    await expect(page.getByLabel(t('mortgage.field.hetu'), { exact: true })).toBeFocused()
    await expect(page.getByLabel(t('mortgage.field.firstName'), { exact: true })).toHaveValue('Aino')

    // Back and forward keep the data.
    await page.getByTestId('mortgage-back').click()
    await onStep(page, t, 'mortgage-application')
    await expect(page.getByLabel(t('mortgage.field.consents.terms'), { exact: true })).toBeChecked()
    await next(page, t)

    await fillApplication(page, 'fi', true)
    // Every step so far in one document; the identification leaves it (a new record after).
    expect(await rawKeysSeen(page)).toEqual([])
    await identifyAndSend(page, 'fi')

    // The status page: the banks processing, then (live, no reload) an offer.
    await expect(page).toHaveURL('/tarjoukseni/')
    await expect(page.getByRole('heading', { level: 1, name: t('mortgageStatus.title') })).toBeVisible()
    await expect(page.getByTestId('mortgage-bank').first()).toBeVisible()
    // The offers shown at the first look (the banks answer over seconds here, none at once).
    const rows = page.getByTestId('mortgage-offer-row')
    const offersAtFirst = await rows.count()
    await page.evaluate(() => {
      ;(window as unknown as { sameDocument: boolean }).sameDocument = true
    })
    await expectAxeClean(page)
    // Banks are still answering (the slowest sandbox bank takes hours, scaled to seconds here);
    // the page follows them without a reload until every bank has answered.
    const live = page.getByText(t('mortgageStatus.live'))
    await expect(live).toBeVisible()
    // A bank is still handling the application: its answer is not there yet.
    const waiting = ['pending', 'processing', 'info-requested'].map((status) =>
      t(`mortgageStatus.bankStatus.${status}`),
    )
    await expect(
      page
        .getByTestId('mortgage-bank-status')
        .filter({ hasText: new RegExp(`^(${waiting.join('|')})$`) })
        .first(),
    ).toBeVisible()
    await expect(live).toBeHidden({ timeout: 120_000 })
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    )
    // Offers arrived in the same document, without a reload.
    expect(await rows.count()).toBeGreaterThan(offersAtFirst)
    const row = rows.first()
    await expect(row).toBeVisible()
    await expect(row).toContainText('%')
    await expect(page.getByRole('link', { name: t('mortgageStatus.identification') })).toBeVisible()
    await expectAxeClean(page)

    // The ESIS of the offer, then back to accept it.
    const bank = (await row.getByRole('rowheader').textContent()) ?? ''
    await row.getByRole('link', { name: `${bank}: ESIS-tietolomake` }).click()
    await expect(page.getByRole('heading', { level: 1, name: t('mortgageEsis.title') })).toBeVisible()
    await expect(page.getByTestId('mortgage-esis')).toContainText(bank)
    await expect(page.getByRole('heading', { level: 2, name: t('mortgageEsis.section.rate') })).toBeVisible()
    await expectAxeClean(page)
    await page.getByRole('link', { name: t('mortgageEsis.back') }).click()

    await page
      .getByTestId('mortgage-offer-row')
      .filter({ hasText: bank })
      .getByRole('button', { name: `Hyväksy tarjous: ${bank}` })
      .click()
    const dialog = page.getByRole('dialog', { name: t('mortgageStatus.confirm.title') })
    await expect(dialog).toBeVisible()
    await expectAxeClean(page)
    await dialog.getByRole('button', { name: t('mortgageStatus.confirm.yes'), exact: true }).click()
    await expect(page.getByTestId('mortgage-accepted')).toContainText(bank)
    expect(await rawKeysSeen(page)).toEqual([])
  })

  test('in English on a 320 px phone, without a co-applicant, with no sideways scrolling', async ({
    page,
  }) => {
    test.setTimeout(180_000)
    await page.setViewportSize({ width: 320, height: 720 })
    const t = catalogue('en')
    await logInAs(page)
    await startApplication(page, 'en', false)
    await fillApplication(page, 'en', false, () => expectNoSidewaysScroll(page))
    await expectNoSidewaysScroll(page)
    await identifyAndSend(page, 'en')

    await expect(page).toHaveURL('/en/mortgage-application-status/')
    await expect(page.getByRole('heading', { level: 1, name: t('mortgageStatus.title') })).toBeVisible()
    await expect(page.getByTestId('mortgage-bank').first()).toBeVisible()
    await expectNoSidewaysScroll(page)
    await expectAxeClean(page)
    const card = page.getByTestId('mortgage-offer-card').first()
    await expect(card).toBeVisible({ timeout: 120_000 })
    await expectNoSidewaysScroll(page)

    // The accept dialog fits the phone and keeps the focus; Escape closes it, nothing accepted.
    await card.getByRole('button', { name: new RegExp(`^${t('mortgageStatus.accept')}`) }).click()
    const dialog = page.getByRole('dialog', { name: t('mortgageStatus.confirm.title') })
    await expect(dialog).toBeVisible()
    const box = await dialog.boundingBox()
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 999) <= 320).toBe(true)
    for (let press = 0; press < 4; press++) {
      await page.keyboard.press('Tab')
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true)
    }
    await expectAxeClean(page)
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(page.getByTestId('mortgage-accepted')).toHaveCount(0)

    // The ESIS of the offer on the phone, then back to accept it.
    const bank = (await card.getByRole('heading', { level: 3 }).textContent()) ?? ''
    await card.getByRole('link', { name: t('mortgageStatus.esisFrom').replace('{bank}', bank) }).click()
    await expect(page.getByRole('heading', { level: 1, name: t('mortgageEsis.title') })).toBeVisible()
    await expect(page.getByTestId('mortgage-esis')).toContainText(bank)
    await expectNoSidewaysScroll(page)
    await expectAxeClean(page)
    await page.getByRole('link', { name: t('mortgageEsis.back') }).click()
    await expect(page).toHaveURL('/en/mortgage-application-status/')
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 15_000 })
    const chosen = page.getByTestId('mortgage-offer-card').filter({ hasText: bank })
    await chosen.getByRole('button', { name: t('mortgageStatus.acceptFrom').replace('{bank}', bank) }).click()
    const confirm = page.getByRole('dialog', { name: t('mortgageStatus.confirm.title') })
    await confirm.getByRole('button', { name: t('mortgageStatus.confirm.yes'), exact: true }).click()
    await expect(page.getByTestId('mortgage-accepted')).toContainText(bank)
    await expectNoSidewaysScroll(page)
  })
})
