// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { Select } from './select.tsx'

afterEach(cleanup)

const options = [
  { value: 'rent', label: 'Rented' },
  { value: 'own', label: 'Owner-occupied' },
]

function Harness() {
  const [value, setValue] = useState('')
  return (
    <Select
      label="Housing"
      placeholder="Choose…"
      options={options}
      value={value}
      onChange={(event) => setValue(event.target.value)}
    />
  )
}

describe('Select', () => {
  it('is a labelled native select with a placeholder option', async () => {
    render(<Harness />)
    const select = screen.getByLabelText('Housing') as HTMLSelectElement
    expect(select.tagName).toBe('SELECT')
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Choose…',
      'Rented',
      'Owner-occupied',
    ])
    expect(select.value).toBe('')
    await userEvent.selectOptions(select, 'own')
    expect(select.value).toBe('own')
  })

  it('links hint and error and marks it invalid and required', () => {
    render(<Select label="Housing" options={options} hint="Where you live now" error="Choose one" required />)
    const select = screen.getByRole('combobox', {
      name: 'Housing',
      description: 'Where you live now Choose one',
    })
    expect(select.getAttribute('aria-invalid')).toBe('true')
    expect(select.hasAttribute('required')).toBe(true)
    expect(document.getElementById(select.getAttribute('aria-errormessage') ?? '')?.textContent).toBe(
      'Choose one',
    )
  })
})
