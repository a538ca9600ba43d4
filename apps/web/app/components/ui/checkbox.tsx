import type { ComponentProps, ReactNode } from 'react'
import { cx, FieldError, FieldHint, focusRing, RequiredMarker, useField } from './field.tsx'

export type CheckboxProps = Omit<ComponentProps<'input'>, 'id' | 'type' | 'required'> & {
  label: ReactNode
  hint?: ReactNode
  error?: ReactNode
  required?: boolean
  id?: string
  /** Classes for the wrapper. */
  className?: string
}

/** Checkbox with its label beside it; hint and error below, wired like other fields. */
export function Checkbox({ label, hint, error, required, id, className, ...rest }: CheckboxProps) {
  const { ids, controlProps } = useField({ id, hint, error, required })
  return (
    <div className={cx('flex flex-col', className)}>
      <div className="flex items-start gap-3">
        <input
          {...rest}
          {...controlProps}
          type="checkbox"
          className={cx('mt-3 size-5 shrink-0 cursor-pointer accent-brand-700', focusRing)}
        />
        {/* The label row is 44px high, a large tap target next to the small box. */}
        <div className="flex min-h-11 items-center">
          <label id={ids.label} htmlFor={ids.control} className="cursor-pointer py-2.5">
            {label}
          </label>
          {required ? <RequiredMarker /> : null}
        </div>
      </div>
      <div className="flex flex-col gap-1 pl-8">
        <FieldHint id={ids.hint}>{hint}</FieldHint>
        <FieldError id={ids.error}>{error}</FieldError>
      </div>
    </div>
  )
}
