import { type ReactNode, useId } from 'react'

/** Joins class names, skipping empty ones. */
export function cx(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(' ')
}

/** True when a label, hint or error has something to show (`''`, `false` and `null` do not). */
export function hasContent(node: ReactNode): boolean {
  return node !== null && node !== undefined && node !== false && node !== ''
}

export const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700'

/** Shared look of text-like controls: 44px high, a border with ≥3:1 contrast, red when invalid. */
export const inputClasses = cx(
  'block min-h-11 w-full rounded-md border border-slate-500 bg-white px-3 py-2 text-base text-slate-900',
  'placeholder:text-slate-500 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-600',
  'aria-[invalid=true]:border-2 aria-[invalid=true]:border-red-700',
  focusRing,
)

export type FieldOptions = {
  /** Used as the control's id; generated when omitted. */
  id?: string | undefined
  hint?: ReactNode
  error?: ReactNode
  required?: boolean | undefined
  /** Further ids that describe the control (a unit suffix, for example). */
  describedBy?: string | undefined
}

/** ARIA wiring for the control a field labels. */
export type FieldControlProps = {
  id: string
  required: boolean | undefined
  'aria-describedby': string | undefined
  'aria-invalid': true | undefined
  'aria-errormessage': string | undefined
}

export type FieldIds = { control: string; label: string; hint: string; error: string }

/** Ids and ARIA attributes that tie a control to its label, hint and error. */
export function useField({ id, hint, error, required, describedBy }: FieldOptions): {
  ids: FieldIds
  invalid: boolean
  controlProps: FieldControlProps
} {
  const generated = useId()
  const control = id ?? generated
  const ids = { control, label: `${control}-label`, hint: `${control}-hint`, error: `${control}-error` }
  const invalid = hasContent(error)
  // The error is in aria-describedby too: aria-errormessage alone is poorly supported by screen readers.
  const describedByIds = [hasContent(hint) && ids.hint, invalid && ids.error, describedBy].filter(Boolean)
  return {
    ids,
    invalid,
    controlProps: {
      id: control,
      required: required || undefined,
      'aria-describedby': describedByIds.length > 0 ? describedByIds.join(' ') : undefined,
      'aria-invalid': invalid || undefined,
      'aria-errormessage': invalid ? ids.error : undefined,
    },
  }
}

/** Asterisk for sighted users; the control's `required` attribute tells assistive technology. */
export function RequiredMarker() {
  return (
    <span aria-hidden="true" className="ml-0.5 text-red-700">
      *
    </span>
  )
}

export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  if (!hasContent(children)) return null
  return (
    <p id={id} className="text-sm text-slate-600">
      {children}
    </p>
  )
}

export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  if (!hasContent(children)) return null
  return (
    <p id={id} className="text-sm font-medium text-red-700">
      {children}
    </p>
  )
}

export type FieldProps = FieldOptions & {
  label: ReactNode
  className?: string | undefined
  /** Renders the control with the ARIA wiring spread onto it. */
  children: (control: FieldControlProps) => ReactNode
}

/** Label above the control, then hint and error, all wired by id. */
export function Field({ label, className, children, ...options }: FieldProps) {
  const { ids, controlProps } = useField(options)
  return (
    <div className={cx('flex flex-col gap-1', className)}>
      {/* The marker sits outside the label so the label's text is exactly the field's name. */}
      <div className="flex items-baseline">
        <label id={ids.label} htmlFor={ids.control} className="font-medium text-slate-900">
          {label}
        </label>
        {options.required ? <RequiredMarker /> : null}
      </div>
      <FieldHint id={ids.hint}>{options.hint}</FieldHint>
      {children(controlProps)}
      <FieldError id={ids.error}>{options.error}</FieldError>
    </div>
  )
}
