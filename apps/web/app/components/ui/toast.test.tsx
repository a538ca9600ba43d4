// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type ToastApi, ToastProvider, useToast } from './toast.tsx'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

let api: ToastApi | null = null
function Probe() {
  api = useToast()
  return null
}
const toast = (): ToastApi => {
  if (!api) throw new Error('Probe not rendered')
  return api
}

function renderToaster(durationMs?: number) {
  return render(
    <ToastProvider closeLabel="Close notification" durationMs={durationMs}>
      <Probe />
    </ToastProvider>,
  )
}

describe('toast state', () => {
  it('starts with no toast and an empty, polite live region already in place', () => {
    renderToaster()
    expect(toast().toastContent).toBeNull()
    const region = screen.getByRole('status')
    expect(region.getAttribute('aria-live')).toBe('polite')
    expect(region.textContent).toBe('')
    expect(screen.queryByRole('button', { name: 'Close notification' })).toBeNull()
  })

  it('openToast sets the content and shows it in the region', () => {
    renderToaster()
    act(() => toast().openToast('Application sent'))
    expect(toast().toastContent).toBe('Application sent')
    expect(screen.getByRole('status').textContent).toBe('Application sent')
  })

  it('closeToast clears the content to null', () => {
    renderToaster()
    act(() => toast().openToast('Application sent'))
    act(() => toast().closeToast())
    expect(toast().toastContent).toBeNull()
    expect(screen.getByRole('status').textContent).toBe('')
  })

  it('the close button clears the content', async () => {
    renderToaster()
    act(() => toast().openToast(<strong>Saved</strong>))
    await userEvent.click(screen.getByRole('button', { name: 'Close notification' }))
    expect(toast().toastContent).toBeNull()
    expect(screen.queryByText('Saved')).toBeNull()
  })

  it('stays open without durationMs', () => {
    vi.useFakeTimers()
    renderToaster()
    act(() => toast().openToast('Saved'))
    act(() => vi.advanceTimersByTime(60_000))
    expect(toast().toastContent).toBe('Saved')
  })

  it('closes itself after durationMs, timing each new message afresh', () => {
    vi.useFakeTimers()
    renderToaster(5000)
    act(() => toast().openToast('First'))
    act(() => vi.advanceTimersByTime(4000))
    act(() => toast().openToast('Second'))
    act(() => vi.advanceTimersByTime(4000))
    expect(toast().toastContent).toBe('Second')
    act(() => vi.advanceTimersByTime(1000))
    expect(toast().toastContent).toBeNull()
  })
})
