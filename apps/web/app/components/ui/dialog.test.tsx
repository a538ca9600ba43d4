// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { Dialog } from './dialog.tsx'

afterEach(cleanup)

// happy-dom has showModal() and close() but does not turn Escape into a cancel event as browsers do.
function escapeCancelsDialog(event: KeyboardEvent) {
  if (event.key !== 'Escape' || event.defaultPrevented) return
  const dialog = Array.from(document.querySelectorAll('dialog[open]')).at(-1)
  if (!(dialog instanceof HTMLDialogElement)) return
  if (dialog.dispatchEvent(new Event('cancel', { cancelable: true }))) dialog.close()
}
beforeAll(() => document.addEventListener('keydown', escapeCancelsDialog))
afterAll(() => document.removeEventListener('keydown', escapeCancelsDialog))

function Harness({ onClose, ignoreClose = false }: { onClose?: () => void; ignoreClose?: boolean }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Show terms
      </button>
      <Dialog
        open={open}
        onClose={() => {
          onClose?.()
          if (!ignoreClose) setOpen(false)
        }}
        title="Loan terms"
        description="Read before applying"
        closeLabel="Close"
      >
        <a href="#terms">Full terms</a>
      </Dialog>
    </>
  )
}

// The dialog is removed from the page while open rather than closed.
function UnmountHarness() {
  const [shown, setShown] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setShown(true)}>
        Show notice
      </button>
      {shown ? (
        <Dialog open onClose={() => {}} title="Notice" closeLabel="Close">
          <button type="button" onClick={() => setShown(false)}>
            Done
          </button>
        </Dialog>
      ) : null}
    </>
  )
}

const dialogElement = () => document.querySelector('dialog') as HTMLDialogElement

async function openDialog() {
  const opener = screen.getByRole('button', { name: 'Show terms' })
  await userEvent.click(opener)
  return opener
}

describe('Dialog', () => {
  it('starts closed and opens as a modal labelled by its title', async () => {
    render(<Harness />)
    expect(dialogElement().open).toBe(false)
    await openDialog()
    expect(dialogElement().open).toBe(true)
    const dialog = screen.getByRole('dialog', { name: 'Loan terms', description: 'Read before applying' })
    expect(dialog).toBe(dialogElement())
    expect(dialog.contains(document.activeElement)).toBe(true)
  })

  it('closes with its close button and returns focus to the opener', async () => {
    const onClose = vi.fn()
    render(<Harness onClose={onClose} />)
    const opener = await openDialog()
    await userEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(dialogElement().open).toBe(false)
    expect(document.activeElement).toBe(opener)
  })

  it('closes on Escape and returns focus to the opener', async () => {
    const onClose = vi.fn()
    render(<Harness onClose={onClose} />)
    const opener = await openDialog()
    await userEvent.keyboard('{Escape}')
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(dialogElement().open).toBe(false)
    expect(document.activeElement).toBe(opener)
  })

  it('stays open on Escape until the owner sets open to false', async () => {
    const onClose = vi.fn()
    render(<Harness onClose={onClose} ignoreClose />)
    await openDialog()
    await userEvent.keyboard('{Escape}')
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(dialogElement().open).toBe(true)
  })

  it('keeps Tab and Shift+Tab inside the open dialog', async () => {
    render(<Harness />)
    await openDialog()
    const close = screen.getByRole('button', { name: 'Close' })
    const last = screen.getByRole('link', { name: 'Full terms' })
    last.focus()
    await userEvent.tab()
    expect(document.activeElement).toBe(close)
    await userEvent.tab({ shift: true })
    expect(document.activeElement).toBe(last)
    await userEvent.tab({ shift: true })
    expect(document.activeElement).toBe(close)
  })

  it('returns focus to the opener when unmounted while open', async () => {
    render(<UnmountHarness />)
    const opener = screen.getByRole('button', { name: 'Show notice' })
    await userEvent.click(opener)
    await userEvent.click(screen.getByRole('button', { name: 'Done' }))
    expect(document.querySelector('dialog')).toBeNull()
    expect(document.activeElement).toBe(opener)
  })
})
