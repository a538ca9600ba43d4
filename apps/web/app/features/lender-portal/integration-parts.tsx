import { ApiError } from '@lainava/api-client'
import { useCallback, useMemo } from 'react'
import { cx, inputClasses } from '../../components/ui/field.tsx'
import { useI18n } from '../../lib/i18n.tsx'

// Small pieces of the integration settings page (issue 17 item 5).

/** The API's message in the person's language (ADR 016), or the error's own text. */
export function problemMessage(error: unknown): string {
  if (error instanceof ApiError) return error.problem?.message ?? error.message
  return String(error)
}

/** The first field's message (a missing name, a refused address), else the answer's message. */
export function fieldOrProblemMessage(error: unknown): string {
  if (error instanceof ApiError) return error.problem?.fields[0]?.message ?? problemMessage(error)
  return problemMessage(error)
}

/** A moment as a date and time in the page's language, on Finnish time (the lenders' time). */
export function useDateTime(): (iso: string) => string {
  const { intlLocale } = useI18n()
  const format = useMemo(
    () =>
      new Intl.DateTimeFormat(intlLocale, {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: 'Europe/Helsinki',
      }),
    [intlLocale],
  )
  return useCallback((iso: string) => format.format(new Date(iso)), [format])
}

/**
 * A secret shown once (a new API key or signing secret): read-only and selectable, announced to screen
 * readers by the notice above it.
 */
export function OneTimeSecret({ notice, label, secret }: { notice: string; label: string; secret: string }) {
  return (
    <div className="mt-4 max-w-2xl rounded-lg border-2 border-brand-700 bg-brand-50 p-4">
      <p role="status" className="font-medium text-slate-900">
        {notice}
      </p>
      <label className="mt-3 block">
        <span className="block text-sm font-semibold text-slate-900">{label}</span>
        <input
          readOnly
          value={secret}
          onFocus={(event) => event.currentTarget.select()}
          className={cx(inputClasses, 'mt-1 font-mono text-sm')}
        />
      </label>
    </div>
  )
}
