import { type KeyboardEvent, type ReactNode, type SyntheticEvent, useEffect, useId, useRef } from 'react'
import { cx, focusRing } from './field.tsx'

export type DialogProps = {
  open: boolean
  /** Asked to close (Escape, the close button, a form with method="dialog"); set `open` to false to close. */
  onClose: () => void
  /** Heading that also names the dialog. */
  title: ReactNode
  description?: ReactNode
  /** Accessible name of the close button, e.g. "Close". */
  closeLabel: string
  children?: ReactNode
  className?: string
}

const TABBABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',')

/**
 * Tab from the last control goes back to the first, Shift+Tab from the first to the last. A modal
 * <dialog> makes the page inert, but browsers still let Tab leave it for the browser's own controls
 * (and on a phone, to nowhere visible); issue 14 asks that focus stay in the dialog.
 */
function keepFocusInside(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return
  const dialog = event.currentTarget
  const tabbable = Array.from(dialog.querySelectorAll<HTMLElement>(TABBABLE)).filter(
    (element) => !element.closest('[hidden], [inert]') && element.getAttribute('aria-hidden') !== 'true',
  )
  const first = tabbable[0]
  const last = tabbable.at(-1)
  if (!first || !last) return
  const active = document.activeElement
  if (event.shiftKey && (active === first || active === dialog)) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && active === last) {
    event.preventDefault()
    first.focus()
  }
}

/** Modal on the native <dialog>: the browser makes the page inert; Tab stays inside it. */
export function Dialog({ open, onClose, title, description, closeLabel, children, className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const descriptionId = useId()

  useEffect(() => {
    const dialog = ref.current
    if (!open || !dialog) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (!dialog.open) dialog.showModal()
    // Browsers focus the first focusable element; make sure focus is inside in any case.
    if (!dialog.contains(document.activeElement)) dialog.focus()
    return () => {
      if (dialog.open) dialog.close()
      // Back to where the user was, also when the dialog unmounts while open.
      if (opener?.isConnected) opener.focus()
    }
  }, [open])

  const handleCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    // Escape: stay open until the owner sets `open` to false, so state and DOM agree.
    event.preventDefault()
    onClose()
  }

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      tabIndex={-1}
      onCancel={handleCancel}
      onKeyDown={keepFocusInside}
      // Closed by the browser itself (a method="dialog" form): tell the owner. Our own close() comes
      // after `open` is already false, so it is not reported back.
      onClose={() => {
        if (open) onClose()
      }}
      className={cx(
        // Never wider or taller than the screen (also a short landscape phone): the body scrolls under
        // the title bar, so the buttons at its end stay reachable.
        'm-auto max-h-[calc(100dvh-2rem)] w-[min(32rem,calc(100vw-2rem))] max-w-none rounded-lg bg-white p-0',
        'text-slate-900 shadow-xl open:flex open:flex-col',
        'backdrop:bg-slate-900/60 focus-visible:outline-none',
        className,
      )}
    >
      <div className="flex shrink-0 items-start justify-between gap-4 border-b border-slate-200 px-4 py-3 sm:px-6 sm:py-4">
        <h2 id={titleId} className="min-w-0 break-words pt-2 text-xl font-semibold">
          {title}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label={closeLabel}
          className={cx(
            'inline-flex size-11 shrink-0 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100',
            focusRing,
          )}
        >
          <svg viewBox="0 0 24 24" className="size-6" fill="none" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <div className="min-h-0 overflow-y-auto px-4 py-4 sm:px-6">
        {description ? (
          <p id={descriptionId} className="mb-4 text-slate-700">
            {description}
          </p>
        ) : null}
        {children}
      </div>
    </dialog>
  )
}
