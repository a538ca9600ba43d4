// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { TextInput } from './text-input.tsx'

afterEach(cleanup)

function Harness() {
  const [value, setValue] = useState('')
  return <TextInput label="First name" value={value} onChange={(event) => setValue(event.target.value)} />
}

describe('TextInput', () => {
  it('is labelled and typeable', async () => {
    render(<Harness />)
    const input = screen.getByLabelText('First name') as HTMLInputElement
    expect(input.type).toBe('text')
    await userEvent.type(input, 'Aino')
    expect(input.value).toBe('Aino')
  })

  it('links its error and keeps a caller aria-describedby', () => {
    render(
      <>
        <p id="extra">Extra</p>
        <TextInput label="Phone" type="tel" error="Check the number" aria-describedby="extra" />
      </>,
    )
    const input = screen.getByLabelText('Phone')
    expect(input.getAttribute('type')).toBe('tel')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(input.getAttribute('aria-errormessage') ?? '')?.textContent).toBe(
      'Check the number',
    )
    expect(screen.getByRole('textbox', { description: 'Check the number Extra' })).toBe(input)
  })
})
