import { pathFor } from '@lainava/routing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pageDocument } from '../test/page-document.ts'
import { createTestApp } from '../test/test-app.ts'

// The application forms as the server renders them (issue 14, "Truthful pages"): a stated
// monthly payment comes with the representative example and the warning that borrowing costs.
// Needs the production build (npm test builds before these tests).

let ctx: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  ctx = await createTestApp({ ROLES: 'web,api' })
})
afterAll(async () => {
  await ctx.close()
})

async function formPage(path: string) {
  const response = await ctx.app.inject({ method: 'GET', url: path })
  expect(response.statusCode, path).toBe(200)
  return pageDocument(response.body).querySelector('main form')
}

describe('the application forms', () => {
  it('show the representative example and the warning beside the loan form’s monthly payment', async () => {
    for (const [language, title, amount, warning] of [
      ['fi', 'Edustava esimerkki', /12\u00a0000\u00a0€/, 'Huomio! Rahan lainaaminen maksaa.'],
      ['en', 'Representative example', /€12,000/, 'Warning: borrowing money costs money.'],
    ] as const) {
      const form = await formPage(`${pathFor('consumerLoanForm', language)}?amount=12000&period=4`)
      expect(form?.querySelector('[data-testid="form-monthly-payment"]')).toBeTruthy()
      const example = form?.querySelector('[data-testid="form-representative-example"]')
      expect(example?.querySelector('h3')?.textContent, language).toBe(title)
      // The example is for the amount and period on the form, with the payment it states.
      const text = example?.textContent ?? ''
      expect(text).toMatch(amount)
      expect(text).toContain(
        form?.querySelector('[data-testid="form-monthly-payment"]')?.textContent?.split('/')[0],
      )
      expect(example?.querySelector('[role="note"]')?.textContent).toBe(warning)
    }
  })

  it('warn on the credit card form that borrowing money costs', async () => {
    const form = await formPage(pathFor('creditCardForm', 'fi'))
    expect(form?.querySelector('[role="note"]')?.textContent).toBe('Huomio! Rahan lainaaminen maksaa.')
  })
})
