// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Button, buttonClasses } from './button.tsx'

afterEach(cleanup)

describe('Button', () => {
  it('is a type="button" by default and calls onClick', async () => {
    const onClick = vi.fn()
    render(<Button onClick={onClick}>Save</Button>)
    const button = screen.getByRole('button', { name: 'Save' })
    expect(button.getAttribute('type')).toBe('button')
    await userEvent.click(button)
    expect(onClick).toHaveBeenCalledTimes(1)
  })

  it('forwards props such as type, disabled and aria attributes', () => {
    render(
      <Button type="submit" disabled aria-describedby="x" data-testid="b">
        Send
      </Button>,
    )
    const button = screen.getByTestId('b') as HTMLButtonElement
    expect(button.type).toBe('submit')
    expect(button.disabled).toBe(true)
    expect(button.getAttribute('aria-describedby')).toBe('x')
  })

  it('while loading: aria-busy, the loading label is spoken, clicks are ignored and it stays focusable', async () => {
    const onClick = vi.fn()
    render(
      <Button loading loadingLabel="Sending…" onClick={onClick}>
        Send
      </Button>,
    )
    const button = screen.getByRole('button', { name: 'Send Sending…' })
    expect(button.getAttribute('aria-busy')).toBe('true')
    expect(button.getAttribute('aria-disabled')).toBe('true')
    expect((button as HTMLButtonElement).disabled).toBe(false)
    await userEvent.click(button)
    expect(onClick).not.toHaveBeenCalled()
    button.focus()
    expect(document.activeElement).toBe(button)
  })

  it('does not submit its form while loading', async () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault())
    render(
      <form onSubmit={onSubmit}>
        <Button type="submit" loading loadingLabel="Sending…">
          Send
        </Button>
      </form>,
    )
    await userEvent.click(screen.getByRole('button'))
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('has no aria-busy when not loading', () => {
    render(<Button>Go</Button>)
    expect(screen.getByRole('button').hasAttribute('aria-busy')).toBe(false)
  })
})

describe('buttonClasses', () => {
  it('uses the AA-safe brand-700 fill for primary, never brand-500', () => {
    const classes = buttonClasses('primary', 'md').split(' ')
    expect(classes).toContain('bg-brand-700')
    expect(classes).toContain('text-white')
    expect(classes).not.toContain('bg-brand-500')
  })

  it('keeps every size at least 44px high and has a visible focus outline', () => {
    for (const size of ['sm', 'md', 'lg'] as const) {
      const classes = buttonClasses('secondary', size)
      expect(classes).toMatch(/min-h-(11|12)\b/)
      expect(classes).toContain('focus-visible:outline-brand-700')
    }
  })

  it('can style a link like a button', () => {
    render(
      <a href="/apply" className={buttonClasses('ghost', 'lg')}>
        Apply
      </a>,
    )
    expect(screen.getByRole('link', { name: 'Apply' }).className).toContain('min-h-12')
  })
})
