// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Slider } from './slider.tsx'

afterEach(cleanup)

const euros = (value: number) => `${new Intl.NumberFormat('fi-FI').format(value).replace(/\s/g, ' ')} €`

function Harness({ onValueChange }: { onValueChange?: (value: number) => void }) {
  const [value, setValue] = useState(20000)
  return (
    <Slider
      label="Loan amount"
      min={500}
      max={60000}
      step={500}
      value={value}
      formatValue={euros}
      onValueChange={(next) => {
        onValueChange?.(next)
        setValue(next)
      }}
    />
  )
}

describe('Slider', () => {
  it('is a labelled range with min, max, step and a spoken value', () => {
    render(<Harness />)
    const slider = screen.getByRole('slider', { name: 'Loan amount' }) as HTMLInputElement
    expect(screen.getByLabelText('Loan amount')).toBe(slider)
    expect(slider.type).toBe('range')
    expect(slider.min).toBe('500')
    expect(slider.max).toBe('60000')
    expect(slider.step).toBe('500')
    expect(slider.value).toBe('20000')
    expect(slider.getAttribute('aria-valuetext')).toBe('20 000 €')
  })

  it('shows min and max labels', () => {
    render(<Harness />)
    expect(screen.getByText('500 €')).toBeTruthy()
    expect(screen.getByText('60 000 €')).toBeTruthy()
  })

  it('reports numbers and updates aria-valuetext', () => {
    const onValueChange = vi.fn()
    render(<Harness onValueChange={onValueChange} />)
    const slider = screen.getByRole('slider')
    fireEvent.change(slider, { target: { value: '30500' } })
    expect(onValueChange).toHaveBeenCalledWith(30500)
    expect(slider.getAttribute('aria-valuetext')).toBe('30 500 €')
  })

  it('links an error', () => {
    render(
      <Slider
        label="Term"
        min={1}
        max={10}
        value={5}
        formatValue={String}
        onValueChange={() => {}}
        error="Too long"
      />,
    )
    const slider = screen.getByRole('slider', { name: 'Term', description: 'Too long' })
    expect(slider.getAttribute('aria-invalid')).toBe('true')
  })
})
