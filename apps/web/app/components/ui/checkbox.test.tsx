// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { Checkbox } from './checkbox.tsx'

afterEach(cleanup)

function Harness() {
  const [checked, setChecked] = useState(false)
  return (
    <Checkbox label="I accept the terms" checked={checked} onChange={(e) => setChecked(e.target.checked)} />
  )
}

describe('Checkbox', () => {
  it('is labelled and toggles by its label', async () => {
    render(<Harness />)
    const box = screen.getByLabelText('I accept the terms') as HTMLInputElement
    expect(box.type).toBe('checkbox')
    expect(box.checked).toBe(false)
    await userEvent.click(screen.getByText('I accept the terms'))
    expect(box.checked).toBe(true)
  })

  it('links hint and error', () => {
    render(<Checkbox label="I accept the terms" hint="Read them first" error="You must accept" required />)
    expect(screen.getByLabelText('I accept the terms')).toBeTruthy()
    const box = screen.getByRole('checkbox', {
      name: 'I accept the terms',
      description: 'Read them first You must accept',
    })
    expect(box.getAttribute('aria-invalid')).toBe('true')
    expect(box.hasAttribute('required')).toBe(true)
    expect(document.getElementById(box.getAttribute('aria-errormessage') ?? '')?.textContent).toBe(
      'You must accept',
    )
  })
})
