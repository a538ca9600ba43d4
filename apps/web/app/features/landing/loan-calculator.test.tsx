// @vitest-environment happy-dom

import { maxPeriodFor } from '@lainava/domain/pricing-profiles'
import { representativeExample } from '@lainava/domain/representative-example'
import { formatCurrency } from '@lainava/i18n'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { I18nProvider } from '../../lib/i18n.tsx'
import { messagesFor } from '../../lib/messages.server.ts'
import * as realMath from './calculator-math.ts'
import type { CalculatorMath } from './calculator-math-loader.ts'
import { LoanCalculator, maxPeriodFromCaps } from './loan-calculator.tsx'

// ADR 053: the calculator's first view is the server's (`seed`); its maths load on the first touch.
// The loader is replaced here so each test decides when (and whether) the maths arrive.
const loader = vi.hoisted(() => ({
  calls: 0,
  answers: [] as Array<(module: CalculatorMath | null) => void>,
}))
vi.mock('./calculator-math-loader.ts', () => ({
  loadedCalculatorMath: () => null,
  loadCalculatorMath: () => {
    loader.calls += 1
    return new Promise<CalculatorMath | null>((resolve) => loader.answers.push(resolve))
  },
}))

beforeEach(() => {
  loader.calls = 0
  loader.answers = []
})
afterEach(cleanup)

const space = (text: string | null) => (text ?? '').replace(/[\s\u00a0\u202f]+/g, ' ')
const fiPerMonth = (value: number) => space(`${formatCurrency('fi-FI', value)}/kk`)

const EURIBOR = { rate: 0.025, month: '2026-10' }

function renderCalculator(lang: 'fi' | 'sv' | 'en' = 'fi', product: 'consumer' | 'business' = 'consumer') {
  const seed = realMath.calculatorSeed(product, product === 'consumer' ? null : EURIBOR)
  render(
    <I18nProvider lang={lang} messages={messagesFor(lang)}>
      <LoanCalculator brandName="Lainava" seed={seed} action="/lainahakemus/" />
    </I18nProvider>,
  )
  return seed
}

const payment = () => screen.getByTestId('monthly-payment')
const amountSlider = () => screen.getByRole('slider', { name: 'Lainasumma' })

/** Answers every load started so far (the maths' code came, or could not be loaded). */
async function answerLoads(module: CalculatorMath | null) {
  await act(async () => {
    for (const answer of loader.answers.splice(0)) answer(module)
  })
}

describe('the loan calculator’s maths after the first touch (ADR 053)', () => {
  it('shows the server’s first view without loading the maths', () => {
    const seed = renderCalculator()
    expect(space(payment().textContent)).toBe(fiPerMonth(representativeExample(20_000, 4).monthlyPayment))
    expect(seed.example.monthlyPayment).toBe(representativeExample(20_000, 4).monthlyPayment)
    expect(payment().getAttribute('aria-busy')).toBeNull()
    expect(loader.calls).toBe(0)
  })

  it('starts loading on the first touch, shows busy until the maths come, then the moved amount’s figures', async () => {
    renderCalculator()
    fireEvent.focus(amountSlider())
    expect(loader.calls).toBe(1)
    fireEvent.change(amountSlider(), { target: { value: '30000' } })
    expect(payment().getAttribute('aria-busy')).toBe('true')
    await answerLoads(realMath)
    expect(payment().getAttribute('aria-busy')).toBeNull()
    expect(space(payment().textContent)).toBe(fiPerMonth(representativeExample(30_000, 4).monthlyPayment))
    expect(space(screen.getByRole('region', { name: 'Edustava esimerkki' }).textContent)).toContain(
      space(formatCurrency('fi-FI', 30_000, { cents: false })),
    )
  })

  it('when the maths cannot be loaded, says so in the page’s language, keeps the input and tries again on the next move', async () => {
    renderCalculator()
    fireEvent.change(amountSlider(), { target: { value: '30000' } })
    await answerLoads(null)
    expect(payment().textContent).toBe(messagesFor('fi')['calculator.unavailable'])
    expect(payment().getAttribute('aria-busy')).toBeNull()
    // Nothing typed is lost: the slider (what the form sends) keeps the visitor's amount.
    expect((amountSlider() as HTMLInputElement).value).toBe('30000')
    // The example stays: it states its own amount and period.
    expect(space(screen.getByRole('region', { name: 'Edustava esimerkki' }).textContent)).toContain(
      space(formatCurrency('fi-FI', 20_000, { cents: false })),
    )

    fireEvent.change(amountSlider(), { target: { value: '35000' } })
    expect(loader.calls).toBe(2)
    await answerLoads(realMath)
    expect(space(payment().textContent)).toBe(fiPerMonth(representativeExample(35_000, 4).monthlyPayment))
  })

  it.each(['sv', 'en'] as const)('has the failure message in %s', async (lang) => {
    renderCalculator(lang)
    fireEvent.change(screen.getAllByRole('slider')[0] as HTMLElement, { target: { value: '30000' } })
    await answerLoads(null)
    const message = messagesFor(lang)['calculator.unavailable']
    expect(message).not.toBe(messagesFor('fi')['calculator.unavailable'])
    expect(payment().textContent).toBe(message)
  })

  it('shows a moved amount as being calculated (no figure for other values), busy only while a load runs', async () => {
    const seed = renderCalculator()
    const calculating = messagesFor('fi')['calculator.calculating']
    fireEvent.change(amountSlider(), { target: { value: '30000' } })
    expect(payment().getAttribute('aria-busy')).toBe('true')
    expect(payment().textContent).toBe(calculating)
    expect(space(payment().textContent)).not.toContain(fiPerMonth(seed.example.monthlyPayment))
    await answerLoads(null)
    expect(payment().textContent).toBe(messagesFor('fi')['calculator.unavailable'])
    expect(payment().getAttribute('aria-busy')).toBeNull()
    // A retry (the next touch) keeps the message until it answers.
    fireEvent.focus(amountSlider())
    expect(loader.calls).toBe(2)
    expect(payment().textContent).toBe(messagesFor('fi')['calculator.unavailable'])
    await answerLoads(realMath)
    expect(space(payment().textContent)).toBe(fiPerMonth(representativeExample(30_000, 4).monthlyPayment))
  })

  it('gives the business loan’s period slider its longest period for the amount before the maths come (spec §9)', () => {
    renderCalculator('fi', 'business')
    const period = screen.getByRole('slider', { name: 'Laina-aika' }) as HTMLInputElement
    expect(period.max).toBe('60')
    fireEvent.change(amountSlider(), { target: { value: '150000' } })
    expect(loader.answers.length).toBe(1)
    expect(period.max).toBe('120')
  })
})

describe('the longest period from the seed’s caps', () => {
  it.each(['consumer', 'business', 'mortgage'] as const)('agrees with maxPeriodFor for %s', (product) => {
    const seed = realMath.calculatorSeed(product, product === 'consumer' ? null : EURIBOR)
    const { minAmount, maxAmount } = seed.limits
    const amounts = [minAmount, 99_999, 100_000, 100_001, 250_000, maxAmount].filter(
      (amount) => amount >= minAmount && amount <= maxAmount,
    )
    for (const amount of amounts) {
      expect(maxPeriodFromCaps(seed.periodCaps, amount), `${amount}`).toBe(maxPeriodFor(product, amount))
    }
  })
})
