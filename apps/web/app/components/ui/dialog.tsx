import { type ReactNode, type SyntheticEvent, useEffect, useId, useRef } from 'react'
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

/** Modal on the native <dialog>: the browser makes the page inert and traps focus. */
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
      // Closed by the browser itself (a method="dialog" form): tell the owner. Our own close() comes
      // after `open` is already false, so it is not reported back.
      onClose={() => {
        if (open) onClose()
      }}
      className={cx(
        'm-auto w-[min(32rem,calc(100%-2rem))] rounded-lg bg-white p-0 text-slate-900 shadow-xl',
        'backdrop:bg-slate-900/60 focus-visible:outline-none',
        className,
      )}
    >
      <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-6 py-4">
        <h2 id={titleId} className="pt-2 text-xl font-semibold">
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
      <div className="px-6 py-4">
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
