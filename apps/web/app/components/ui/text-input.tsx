import type { ComponentProps, ReactNode } from 'react'
import { cx, Field, inputClasses } from './field.tsx'

export type TextInputProps = Omit<ComponentProps<'input'>, 'id' | 'required'> & {
  label: ReactNode
  hint?: ReactNode
  error?: ReactNode
  required?: boolean
  id?: string
  /** Classes for the wrapper; the input keeps the shared look. */
  className?: string
  inputClassName?: string
}

export function TextInput({
  label,
  hint,
  error,
  required,
  id,
  className,
  inputClassName,
  type = 'text',
  ...rest
}: TextInputProps) {
  return (
    <Field label={label} hint={hint} error={error} required={required} id={id} className={className}>
      {(control) => (
        <input
          {...rest}
          {...control}
          aria-describedby={cx(control['aria-describedby'], rest['aria-describedby']) || undefined}
          type={type}
          className={cx(inputClasses, inputClassName)}
        />
      )}
    </Field>
  )
}
