import type { ComponentProps, ReactNode } from 'react'
import { cx, Field, focusRing } from './field.tsx'

export type SliderProps = Omit<
  ComponentProps<'input'>,
  'id' | 'type' | 'value' | 'defaultValue' | 'onChange' | 'min' | 'max' | 'step' | 'required'
> & {
  label: ReactNode
  value: number
  onValueChange: (value: number) => void
  min: number
  max: number
  step?: number
  /** Formats the value for sight and speech alike, e.g. 20000 → "20 000 €". */
  formatValue: (value: number) => string
  hint?: ReactNode
  error?: ReactNode
  id?: string
  /** Classes for the wrapper. */
  className?: string
}

/** Native range input; the formatted value is spoken through aria-valuetext. */
export function Slider({
  label,
  value,
  onValueChange,
  min,
  max,
  step = 1,
  formatValue,
  hint,
  error,
  id,
  className,
  ...rest
}: SliderProps) {
  return (
    <Field label={label} hint={hint} error={error} id={id} className={className}>
      {(control) => (
        <div className="flex flex-col">
          {/* Hidden from screen readers: aria-valuetext already says it, and a live value would chatter. */}
          <span aria-hidden="true" className="text-lg font-semibold text-brand-800">
            {formatValue(value)}
          </span>
          <input
            {...rest}
            {...control}
            type="range"
            min={min}
            max={max}
            step={step}
            value={value}
            aria-valuetext={formatValue(value)}
            onChange={(event) => onValueChange(Number(event.target.value))}
            className={cx('h-11 w-full cursor-pointer accent-brand-700', focusRing)}
          />
          <div className="flex justify-between text-sm text-slate-600">
            <span>{formatValue(min)}</span>
            <span>{formatValue(max)}</span>
          </div>
        </div>
      )}
    </Field>
  )
}
