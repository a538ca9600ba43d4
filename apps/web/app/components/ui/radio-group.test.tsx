// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { RadioGroup } from './radio-group.tsx'

afterEach(cleanup)

const options = [
  { value: 'full', label: 'Permanent', description: 'Employed until further notice' },
  { value: 'temp', label: 'Fixed-term' },
]

function Harness({ onValueChange }: { onValueChange: (value: string) => void }) {
  const [value, setValue] = useState<string | null>('full')
  return (
    <RadioGroup
      label="Employment"
      options={options}
      value={value}
      onValueChange={(next) => {
        onValueChange(next)
        setValue(next)
      }}
    />
  )
}

describe('RadioGroup', () => {
  it('is a fieldset named by its legend with labelled, described radios', () => {
    render(<RadioGroup label="Employment" options={options} value={null} onValueChange={() => {}} />)
    const group = screen.getByRole('group', { name: 'Employment' })
    expect(group.tagName).toBe('FIELDSET')
    const permanent = screen.getByLabelText('Permanent')
    expect(permanent.getAttribute('type')).toBe('radio')
    expect(
      screen.getByRole('radio', { name: 'Permanent', description: 'Employed until further notice' }),
    ).toBe(permanent)
    expect(screen.getByLabelText('Fixed-term').hasAttribute('aria-describedby')).toBe(false)
    // One group: all radios share a name.
    const names = screen.getAllByRole('radio').map((radio) => radio.getAttribute('name'))
    expect(new Set(names).size).toBe(1)
  })

  it('is controlled', async () => {
    const onValueChange = vi.fn()
    render(<Harness onValueChange={onValueChange} />)
    expect((screen.getByLabelText('Permanent') as HTMLInputElement).checked).toBe(true)
    await userEvent.click(screen.getByText('Fixed-term'))
    expect(onValueChange).toHaveBeenCalledWith('temp')
    expect((screen.getByLabelText('Fixed-term') as HTMLInputElement).checked).toBe(true)
    expect((screen.getByLabelText('Permanent') as HTMLInputElement).checked).toBe(false)
  })

  it('links hint and error to the group and marks each radio invalid and required', () => {
    render(
      <RadioGroup
        label="Employment"
        hint="Your main job"
        error="Choose your employment"
        required
        options={options}
        value={null}
        onValueChange={() => {}}
      />,
    )
    screen.getByRole('group', { name: 'Employment', description: 'Your main job Choose your employment' })
    for (const radio of screen.getAllByRole('radio')) {
      expect(radio.getAttribute('aria-invalid')).toBe('true')
      expect(radio.hasAttribute('required')).toBe(true)
      expect(document.getElementById(radio.getAttribute('aria-errormessage') ?? '')?.textContent).toBe(
        'Choose your employment',
      )
    }
  })
})
