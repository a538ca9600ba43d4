// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CurrencyInput, NumberInput, parseLocaleNumber } from './number-input.tsx'

afterEach(cleanup)

// Intl uses no-break spaces for grouping; compare with plain spaces.
const plain = (text: string) => text.replace(/\s/g, ' ')

describe('parseLocaleNumber', () => {
  it.each([
    ['20 000', 20000],
    ['20\u00a0000', 20000],
    ['20\u202f000', 20000],
    ['20000', 20000],
    ['20000,50', 20000.5],
    ['20 000,50 €', 20000.5],
    ['20000.5', 20000.5],
    ['\u22125', -5],
    [' 7 ', 7],
  ])('fi-FI %j → %d', (text, expected) => {
    expect(parseLocaleNumber(text, 'fi-FI')).toBe(expected)
  })

  it.each(['', '   ', 'abc', '1,2,3', '--1', '-'])('fi-FI %j → null', (text) => {
    expect(parseLocaleNumber(text, 'fi-FI')).toBeNull()
  })

  it('follows the locale where the group separator is a comma or a point', () => {
    expect(parseLocaleNumber('20,000.50', 'en-US')).toBe(20000.5)
    expect(parseLocaleNumber('€20,000', 'en-US')).toBe(20000)
    expect(parseLocaleNumber('20.000,5', 'de-DE')).toBe(20000.5)
  })
})

function CurrencyHarness({
  initial = null,
  min,
  max,
  onValueChange,
  locale = 'fi-FI',
}: {
  initial?: number | null
  min?: number
  max?: number
  onValueChange?: (value: number | null) => void
  locale?: string
}) {
  const [value, setValue] = useState<number | null>(initial)
  return (
    <>
      <CurrencyInput
        label="Loan amount"
        locale={locale}
        value={value}
        min={min}
        max={max}
        onValueChange={(next) => {
          onValueChange?.(next)
          setValue(next)
        }}
      />
      <output data-testid="value">{String(value)}</output>
    </>
  )
}

const shownValue = () => screen.getByTestId('value').textContent

describe('CurrencyInput', () => {
  it('is a labelled decimal text input showing Finnish grouping and a € suffix', () => {
    render(<CurrencyHarness initial={20000} />)
    const input = screen.getByLabelText('Loan amount') as HTMLInputElement
    expect(input.type).toBe('text')
    expect(input.inputMode).toBe('decimal')
    expect(plain(input.value)).toBe('20 000')
    // The unit is visible and given to screen readers as a description.
    expect(screen.getByRole('textbox', { name: 'Loan amount', description: '€' })).toBe(input)
  })

  it('parses "20 000" while typing', async () => {
    const onValueChange = vi.fn()
    render(<CurrencyHarness onValueChange={onValueChange} />)
    const input = screen.getByLabelText('Loan amount') as HTMLInputElement
    await userEvent.type(input, '20 000')
    expect(shownValue()).toBe('20000')
    // The user's text is kept as typed while editing.
    expect(input.value).toBe('20 000')
    expect(onValueChange).toHaveBeenLastCalledWith(20000)
  })

  it('parses "20000,50" and shows it formatted after blur', async () => {
    render(<CurrencyHarness />)
    const input = screen.getByLabelText('Loan amount') as HTMLInputElement
    await userEvent.type(input, '20000,50')
    expect(shownValue()).toBe('20000.5')
    await userEvent.tab()
    expect(plain(input.value)).toBe('20 000,50')
  })

  it('clamps to max and min on blur', async () => {
    render(<CurrencyHarness min={500} max={60000} />)
    const input = screen.getByLabelText('Loan amount') as HTMLInputElement
    await userEvent.type(input, '100000')
    // No clamping while typing: the user may be halfway through a number.
    expect(shownValue()).toBe('100000')
    await userEvent.tab()
    expect(shownValue()).toBe('60000')
    expect(plain(input.value)).toBe('60 000')

    await userEvent.clear(input)
    await userEvent.type(input, '12')
    await userEvent.tab()
    expect(shownValue()).toBe('500')
    expect(input.value).toBe('500')
  })

  it('rounds to cents on blur', async () => {
    render(<CurrencyHarness />)
    const input = screen.getByLabelText('Loan amount') as HTMLInputElement
    await userEvent.type(input, '10,456')
    await userEvent.tab()
    expect(shownValue()).toBe('10.46')
    expect(input.value).toBe('10,46')
  })

  it('empties to null and does not clamp an empty field', async () => {
    render(<CurrencyHarness initial={20000} min={500} />)
    const input = screen.getByLabelText('Loan amount') as HTMLInputElement
    await userEvent.clear(input)
    expect(shownValue()).toBe('null')
    await userEvent.tab()
    expect(shownValue()).toBe('null')
    expect(input.value).toBe('')
  })

  it('shows a value changed from outside', () => {
    const { rerender } = render(
      <CurrencyInput label="Amount" locale="fi-FI" value={1000} onValueChange={() => {}} />,
    )
    rerender(<CurrencyInput label="Amount" locale="fi-FI" value={25000} onValueChange={() => {}} />)
    expect(plain((screen.getByLabelText('Amount') as HTMLInputElement).value)).toBe('25 000')
  })

  it('puts the symbol first where the locale does', () => {
    render(<CurrencyHarness initial={20000} locale="en-US" />)
    const input = screen.getByLabelText('Loan amount') as HTMLInputElement
    expect(input.value).toBe('20,000')
    const unit = document.getElementById(input.getAttribute('aria-describedby') ?? '')
    expect(unit?.textContent).toBe('€')
    expect(unit?.compareDocumentPosition(input)).toBe(Node.DOCUMENT_POSITION_FOLLOWING)
  })

  it('links an error', () => {
    render(
      <CurrencyInput label="Amount" locale="fi-FI" value={null} onValueChange={() => {}} error="Too small" />,
    )
    const input = screen.getByLabelText('Amount')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(input.getAttribute('aria-errormessage') ?? '')?.textContent).toBe(
      'Too small',
    )
  })
})

function TermHarness() {
  const [value, setValue] = useState<number | null>(12)
  return (
    <NumberInput
      label="Loan term"
      locale="fi-FI"
      suffix="months"
      maximumFractionDigits={0}
      min={1}
      max={180}
      value={value}
      onValueChange={setValue}
    />
  )
}

describe('NumberInput', () => {
  it('shows a custom suffix and whole numbers', async () => {
    render(<TermHarness />)
    const input = screen.getByRole('textbox', {
      name: 'Loan term',
      description: 'months',
    }) as HTMLInputElement
    expect(input.value).toBe('12')
    await userEvent.clear(input)
    await userEvent.type(input, '36,4')
    await userEvent.tab()
    expect(input.value).toBe('36')
  })
})
