// @vitest-environment happy-dom

import { calculateMortgage } from '@lainava/domain/mortgage/calculator'
import { formatCurrency } from '@lainava/i18n'
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { I18nProvider } from '../../../lib/i18n.tsx'
import { messagesFor } from '../../../lib/messages.server.ts'
import {
  applicationQuery,
  calculatorValueFromQuery,
  checkCalculatorValue,
  DEFAULT_CALCULATOR_VALUE,
  type MortgageCalculatorValue,
} from './calculator-value.ts'
import { MortgageCalculator } from './mortgage-calculator.tsx'

afterEach(cleanup)

const euribor = { month: '2026-10', rate: 0.022 }
const space = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ')

/** The calculator as a page holds it: the value in state. */
function Page({ lang, initial }: { lang: 'fi' | 'sv' | 'en'; initial: MortgageCalculatorValue }) {
  const [value, setValue] = useState(initial)
  return (
    <I18nProvider lang={lang} messages={messagesFor(lang)}>
      <MortgageCalculator value={value} onChange={setValue} language={lang} euribor={euribor} showContinue />
    </I18nProvider>
  )
}

function renderCalculator(
  lang: 'fi' | 'sv' | 'en',
  initial: MortgageCalculatorValue = DEFAULT_CALCULATOR_VALUE,
) {
  render(
    <MemoryRouter>
      <Page lang={lang} initial={initial} />
    </MemoryRouter>,
  )
}

const fiMoney = (value: number) => space(formatCurrency('fi-FI', value))
const summary = () => space(screen.getByTestId('mortgage-summary').textContent ?? '')

describe('the mortgage calculator (issue 16)', () => {
  it('shows the default loan’s instalment, APR, totals and the two stress rows from the domain maths', () => {
    renderCalculator('fi')
    const result = calculateMortgage(
      { price: 250_000, ownFunds: 50_000, years: 25, repaymentType: 'annuity' },
      euribor,
    )
    if (!result.ok) throw new Error(result.problem)
    const { calculation } = result
    // The summary is a live region: a screen reader hears the new figures as they change.
    expect(screen.getByTestId('mortgage-summary').getAttribute('aria-live')).toBe('polite')
    expect(summary()).toContain(fiMoney(calculation.firstInstalment))
    expect(summary()).not.toContain('9,90')
    expect(space(screen.getByTestId('mortgage-loan-amount').textContent ?? '')).toBe(
      space(formatCurrency('fi-FI', 200_000, { cents: false })),
    )
    const stress = space(screen.getByTestId('mortgage-stress').textContent ?? '')
    expect(stress).toContain('+2 prosenttiyksikköä')
    expect(stress).toContain('+5 prosenttiyksikköä')
    for (const row of calculation.stress) expect(stress).toContain(fiMoney(row.firstInstalment))
    expect(calculation.stress[1]?.firstInstalment).toBeGreaterThan(calculation.firstInstalment + 400)
    expect(screen.queryByTestId('mortgage-ltv-warning')).toBeNull()
  })

  it('hands the figures to the application form in the address', () => {
    renderCalculator('fi')
    const link = screen.getByRole('link', { name: 'Jatka asuntolainahakemukseen' })
    expect(link.getAttribute('href')).toBe(
      '/asuntolainahakemus/?price=250000&ownFunds=50000&years=25&repaymentType=annuity',
    )
  })

  it('warns with the missing euros when the loan is over the cap, for a first home too', async () => {
    renderCalculator('fi')
    const ownFunds = screen.getByLabelText(/Omarahoitus/)
    await userEvent.clear(ownFunds)
    await userEvent.type(ownFunds, '10000')
    // 240 000 € of 250 000 €: the 90 % cap allows 225 000 € → 15 000 € missing; a first home's 95 % → 2 500 €.
    const warning = space(screen.getByRole('note').textContent ?? '')
    expect(warning).toContain('96 %')
    expect(warning).toContain(space(formatCurrency('fi-FI', 15_000, { cents: false })))
    expect(warning).toContain(space(formatCurrency('fi-FI', 2_500, { cents: false })))
  })

  it('shows the first and the last instalment of equal principal, and the period a fixed instalment stretches to', async () => {
    renderCalculator('fi')
    await userEvent.click(screen.getByRole('radio', { name: 'Tasalyhennys' }))
    // 200 000 € / 300 months = 666,67 € a month + the first month's interest.
    expect(summary()).toContain('Ensimmäinen kuukausierä')
    expect(screen.getByText('Viimeinen kuukausierä')).toBeTruthy()
    await userEvent.click(screen.getByRole('radio', { name: 'Kiinteä tasaerä' }))
    // 200 000 € over 25 years at about 2,8 %: about 930 € a month. At +2 points the same instalment
    // needs years more; at +5 points (about 7,8 %) the first month's interest alone is about 1 300 €.
    const stress = within(screen.getByTestId('mortgage-stress'))
    expect(stress.getAllByText(/\d+ v \d+ kk|\d+ vuotta/).length).toBe(1)
    expect(stress.getByText('Erä ei riitä korkoihin')).toBeTruthy()
    expect(screen.getByText(/laina-aika pitenee/)).toBeTruthy()
  })

  it('names the problem and shows no figures when own funds are over the price', async () => {
    renderCalculator('fi')
    const ownFunds = screen.getByLabelText(/Omarahoitus/)
    await userEvent.clear(ownFunds)
    await userEvent.type(ownFunds, '300000')
    expect(screen.getByText('Omarahoitus on suurempi kuin kauppahinta.')).toBeTruthy()
    expect(summary()).toBe('Korjaa merkityt tiedot, niin laskuri näyttää laskelman.')
    expect(screen.queryByRole('link', { name: 'Jatka asuntolainahakemukseen' })).toBeNull()
  })

  it('speaks English and Swedish', () => {
    renderCalculator('en')
    expect(screen.getByRole('heading', { name: 'Work out your mortgage' })).toBeTruthy()
    expect(space(screen.getByTestId('mortgage-stress').textContent ?? '')).toContain('+2 percentage points')
    cleanup()
    renderCalculator('sv')
    expect(
      screen.getByRole('link', { name: 'Fortsätt till bostadslåneansökan' }).getAttribute('href'),
    ).toMatch(/^\/sv\//)
  })
})

describe('calculator value at the edges', () => {
  it('reads figures from the address as the page’s own form sends them, in each language', () => {
    const fi = calculatorValueFromQuery(
      new URLSearchParams(
        'price=300 000&ownFunds=60000&years=20&repaymentType=equal-principal&marginPercent=0,55',
      ),
      'fi-FI',
    )
    expect(fi).toEqual({
      price: 300_000,
      ownFunds: 60_000,
      years: 20,
      repaymentType: 'equal-principal',
      marginPercent: 0.55,
    })
    const en = calculatorValueFromQuery(new URLSearchParams('price=€300,000&ownFunds=60,000'), 'en-GB')
    expect(en).toMatchObject({
      price: 300_000,
      ownFunds: 60_000,
      years: 25,
      repaymentType: 'annuity',
      marginPercent: null,
    })
    // Unknown or hostile values fall back to the defaults.
    const odd = calculatorValueFromQuery(
      new URLSearchParams(`price=${'9'.repeat(50)}&repaymentType=balloon&years=x`),
      'fi-FI',
    )
    expect(odd).toEqual(DEFAULT_CALCULATOR_VALUE)
  })

  it('turns the percent margin into the domain’s fraction, once', () => {
    const check = checkCalculatorValue({ ...DEFAULT_CALCULATOR_VALUE, marginPercent: 0.55 })
    expect(check).toEqual({
      ok: true,
      data: { price: 250_000, ownFunds: 50_000, years: 25, repaymentType: 'annuity', margin: 0.0055 },
    })
    if (check.ok)
      expect(applicationQuery(check.data)).toBe('price=250000&ownFunds=50000&years=25&repaymentType=annuity')
    expect(checkCalculatorValue({ ...DEFAULT_CALCULATOR_VALUE, marginPercent: 7, years: null })).toEqual({
      ok: false,
      errors: { marginPercent: 'mortgage.error.marginRange', years: 'mortgage.error.required' },
    })
  })
})
