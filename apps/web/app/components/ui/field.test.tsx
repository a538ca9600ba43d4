// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Field } from './field.tsx'

afterEach(cleanup)

describe('Field', () => {
  it('labels the control and links hint and error', () => {
    render(
      <Field label="Email" hint="We send the offers here" error="Enter an email address" required>
        {(control) => <input {...control} />}
      </Field>,
    )
    const input = screen.getByLabelText('Email')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(input.hasAttribute('required')).toBe(true)

    const errorId = input.getAttribute('aria-errormessage') ?? ''
    expect(document.getElementById(errorId)?.textContent).toBe('Enter an email address')
    const describedBy = (input.getAttribute('aria-describedby') ?? '').split(' ')
    expect(describedBy).toContain(errorId)
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toEqual([
      'We send the offers here',
      'Enter an email address',
    ])
    expect(
      screen.getByRole('textbox', { description: 'We send the offers here Enter an email address' }),
    ).toBe(input)
  })

  it('marks required fields visibly but hides the marker from assistive technology', () => {
    render(
      <Field label="Name" required>
        {(control) => <input {...control} />}
      </Field>,
    )
    const marker = screen.getByText('*')
    expect(marker.getAttribute('aria-hidden')).toBe('true')
    // The accessible name stays clean.
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeTruthy()
  })

  it('has no invalid state or descriptions without hint and error', () => {
    render(<Field label="Name">{(control) => <input {...control} />}</Field>)
    const input = screen.getByLabelText('Name')
    expect(input.hasAttribute('aria-invalid')).toBe(false)
    expect(input.hasAttribute('aria-errormessage')).toBe(false)
    expect(input.hasAttribute('aria-describedby')).toBe(false)
    expect(input.hasAttribute('required')).toBe(false)
  })

  it('uses a given id', () => {
    render(
      <Field label="Name" id="applicant-name">
        {(control) => <input {...control} />}
      </Field>,
    )
    expect(screen.getByLabelText('Name').id).toBe('applicant-name')
  })
})
