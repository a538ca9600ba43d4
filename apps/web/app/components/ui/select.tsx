import type { ComponentProps, ReactNode } from 'react'
import { cx, Field, inputClasses } from './field.tsx'

export type SelectOption = { value: string; label: string; disabled?: boolean }

export type SelectProps = Omit<ComponentProps<'select'>, 'id' | 'required' | 'children' | 'multiple'> & {
  label: ReactNode
  options: readonly SelectOption[]
  /** Text of an empty first option ("Choose…"); it has the value "". */
  placeholder?: string
  hint?: ReactNode
  error?: ReactNode
  required?: boolean
  id?: string
  /** Classes for the wrapper. */
  className?: string
}

/** Native select: keyboard, screen reader and mobile pickers work as users expect. */
export function Select({
  label,
  options,
  placeholder,
  hint,
  error,
  required,
  id,
  className,
  ...rest
}: SelectProps) {
  return (
    <Field label={label} hint={hint} error={error} required={required} id={id} className={className}>
      {(control) => (
        <select {...rest} {...control} className={cx(inputClasses, 'cursor-pointer')}>
          {placeholder !== undefined ? (
            // Not disabled: browsers would then skip it and preselect the first real option.
            <option value="">{placeholder}</option>
          ) : null}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}
