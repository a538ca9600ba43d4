import type { ReactNode } from 'react'
import { cx, FieldError, FieldHint, focusRing, RequiredMarker, useField } from './field.tsx'

export type RadioOption = { value: string; label: ReactNode; description?: ReactNode; disabled?: boolean }

export type RadioGroupProps = {
  /** Question shown as the fieldset's legend. */
  label: ReactNode
  options: readonly RadioOption[]
  value: string | null
  onValueChange: (value: string) => void
  /** Form field name; generated when omitted. */
  name?: string
  hint?: ReactNode
  error?: ReactNode
  required?: boolean
  disabled?: boolean
  id?: string
  orientation?: 'vertical' | 'horizontal'
  className?: string
}

/** Radios in a fieldset; hint and error describe the whole group. */
export function RadioGroup({
  label,
  options,
  value,
  onValueChange,
  name,
  hint,
  error,
  required,
  disabled,
  id,
  orientation = 'vertical',
  className,
}: RadioGroupProps) {
  const { ids, controlProps } = useField({ id, hint, error, required })
  return (
    // The fieldset (role group) is described by hint and error; aria-invalid is not allowed on a
    // group, so each radio carries it.
    <fieldset
      id={ids.control}
      aria-describedby={controlProps['aria-describedby']}
      disabled={disabled}
      className={cx('flex min-w-0 flex-col gap-1', className)}
    >
      <legend className="mb-1 font-medium text-slate-900">
        {label}
        {required ? <RequiredMarker /> : null}
      </legend>
      <FieldHint id={ids.hint}>{hint}</FieldHint>
      <div className={cx('flex gap-x-6', orientation === 'vertical' ? 'flex-col' : 'flex-row flex-wrap')}>
        {options.map((option, index) => {
          const optionId = `${ids.control}-option-${index}`
          const descriptionId = `${optionId}-description`
          const described = option.description !== undefined && option.description !== null
          return (
            <div key={option.value} className="flex items-start gap-3">
              <input
                type="radio"
                id={optionId}
                name={name ?? ids.control}
                value={option.value}
                checked={value === option.value}
                onChange={() => onValueChange(option.value)}
                required={required}
                disabled={option.disabled}
                aria-invalid={controlProps['aria-invalid']}
                aria-errormessage={controlProps['aria-errormessage']}
                aria-describedby={described ? descriptionId : undefined}
                className={cx('mt-3 size-5 shrink-0 cursor-pointer accent-brand-700', focusRing)}
              />
              <div className="flex flex-col">
                {/* The label row is 44px high so the whole line is an easy target. */}
                <label
                  htmlFor={optionId}
                  className="flex min-h-11 cursor-pointer items-center text-slate-900"
                >
                  {option.label}
                </label>
                {described ? (
                  <p id={descriptionId} className="-mt-2 pb-2 text-sm text-slate-600">
                    {option.description}
                  </p>
                ) : null}
              </div>
            </div>
          )
        })}
      </div>
      <FieldError id={ids.error}>{error}</FieldError>
    </fieldset>
  )
}
