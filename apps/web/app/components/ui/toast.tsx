import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react'
import { cx } from './field.tsx'

/** What a toast shows; `null` means no toast (spec §4). */
export type ToastContent = NonNullable<ReactNode> | null

export type ToastApi = {
  toastContent: ToastContent
  openToast: (content: NonNullable<ReactNode>) => void
  closeToast: () => void
}

const ToastContext = createContext<ToastApi | null>(null)

export type ToastProviderProps = {
  children: ReactNode
  /** Accessible name of the toast's close button, e.g. "Close notification". */
  closeLabel: string
  /** Closes the toast after this many milliseconds; by default it stays until closed (WCAG 2.2.1). */
  durationMs?: number
}

/** Holds the toast state and renders the Toaster after its children. */
export function ToastProvider({ children, closeLabel, durationMs }: ToastProviderProps) {
  const [toastContent, setToastContent] = useState<ToastContent>(null)
  const openToast = useCallback((content: NonNullable<ReactNode>) => setToastContent(content), [])
  const closeToast = useCallback(() => setToastContent(null), [])
  const api = useMemo(() => ({ toastContent, openToast, closeToast }), [toastContent, openToast, closeToast])
  return (
    <ToastContext.Provider value={api}>
      {children}
      <Toaster closeLabel={closeLabel} durationMs={durationMs} />
    </ToastContext.Provider>
  )
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext)
  if (!api) throw new Error('useToast must be used inside ToastProvider')
  return api
}

/** The live region. It is always in the DOM: screen readers only announce changes to a region they already know. */
function Toaster({ closeLabel, durationMs }: { closeLabel: string; durationMs: number | undefined }) {
  const { toastContent, closeToast } = useToast()
  // Hover or focus pauses auto-close, so the message can be read at one's own pace. The pause belongs
  // to one toast: a closed toast may never see mouseleave or blur.
  const [pausedFor, setPausedFor] = useState<ToastContent>(null)
  const showing = toastContent !== null
  const paused = showing && pausedFor === toastContent

  useEffect(() => {
    // Keyed on the content itself, so a new message gets the full time.
    if (toastContent === null || durationMs === undefined || paused) return
    const timer = setTimeout(closeToast, durationMs)
    return () => clearTimeout(timer)
  }, [toastContent, durationMs, paused, closeToast])

  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex justify-center p-4">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: hover only pauses the timer, nothing to operate */}
      <div
        onMouseEnter={() => setPausedFor(toastContent)}
        onMouseLeave={() => setPausedFor(null)}
        onFocus={() => setPausedFor(toastContent)}
        onBlur={() => setPausedFor(null)}
        className={cx(
          'flex w-full max-w-md items-start gap-3',
          showing && 'pointer-events-auto rounded-lg bg-slate-900 py-2 pr-2 pl-4 text-white shadow-lg',
        )}
      >
        <div role="status" aria-live="polite" aria-atomic="true" className="flex-1 self-center py-2">
          {toastContent}
        </div>
        {showing ? (
          <button
            type="button"
            onClick={closeToast}
            aria-label={closeLabel}
            className={cx(
              'inline-flex size-11 shrink-0 items-center justify-center rounded-md hover:bg-slate-700',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white',
            )}
          >
            <svg viewBox="0 0 24 24" className="size-5" fill="none" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        ) : null}
      </div>
    </div>
  )
}
