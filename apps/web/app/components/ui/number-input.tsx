import { type ComponentProps, type FocusEvent, type ReactNode, useId, useMemo, useState } from 'react'
import { cx, Field } from './field.tsx'

/** Reads a number typed in the locale's style: "20 000", "20000,50", "€20,000.50". Null when empty or not a number. */
export function parseLocaleNumber(text: string, locale: string): number | null {
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.6)
  const group = parts.find((part) => part.type === 'group')?.value ?? ''
  const decimal = parts.find((part) => part.type === 'decimal')?.value ?? '.'
  const spaceGrouped = group === '' || /^\s$/.test(group)
  let normalised = text.replace(/\u2212/g, '-').replace(/\s/g, '')
  if (!spaceGrouped) normalised = normalised.split(group).join('')
  // Where thousands are grouped with spaces (fi, sv, fr), a comma or a point can only be the decimal mark.
  normalised = spaceGrouped ? normalised.replace(/[,.]/g, '.') : normalised.split(decimal).join('.')
  normalised = normalised.replace(/[^\d.-]/g, '')
  if (!/^-?\d*\.?\d*$/.test(normalised) || !/\d/.test(normalised)) return null
  const value = Number(normalised)
  return Number.isFinite(value) ? value : null
}

function clamp(value: number, min: number | undefined, max: number | undefined): number {
  if (min !== undefined && value < min) return min
  if (max !== undefined && value > max) return max
  return value
}

function roundTo(value: number, fractionDigits: number): number {
  const factor = 10 ** fractionDigits
  return Math.round(value * factor) / factor
}

export type NumberInputProps = Omit<
  ComponentProps<'input'>,
  'id' | 'value' | 'defaultValue' | 'onChange' | 'type' | 'inputMode' | 'min' | 'max' | 'required' | 'prefix'
> & {
  label: ReactNode
  hint?: ReactNode
  error?: ReactNode
  required?: boolean
  id?: string
  value: number | null
  /** Called with the parsed number while typing (null when empty or unreadable), and clamped on blur. */
  onValueChange: (value: number | null) => void
  /** BCP 47 locale for grouping and the decimal mark, e.g. "fi-FI". */
  locale: string
  min?: number
  max?: number
  /** Unit shown before or after the number, e.g. "€"; screen readers get it as a description. */
  prefix?: string
  suffix?: string
  minimumFractionDigits?: number
  maximumFractionDigits?: number
  /** "stripIfInteger" shows 20 000 but 20 000,50, rather than 20 000,00. */
  trailingZeroDisplay?: 'auto' | 'stripIfInteger'
  /** Classes for the wrapper. */
  className?: string
}

/** Text input for numbers, shown with the locale's grouping ("20 000") and parsed back on input. */
export function NumberInput({
  label,
  hint,
  error,
  required,
  id,
  value,
  onValueChange,
  locale,
  min,
  max,
  prefix,
  suffix,
  minimumFractionDigits = 0,
  maximumFractionDigits = 2,
  trailingZeroDisplay = 'auto',
  className,
  onFocus,
  onBlur,
  ...rest
}: NumberInputProps) {
  const generatedId = useId()
  const controlId = id ?? generatedId
  const prefixId = `${controlId}-prefix`
  const suffixId = `${controlId}-suffix`
  const formatter = useMemo(
    () =>
      new Intl.NumberFormat(locale, { minimumFractionDigits, maximumFractionDigits, trailingZeroDisplay }),
    [locale, minimumFractionDigits, maximumFractionDigits, trailingZeroDisplay],
  )
  // The user's own text while the field has focus; null shows the formatted value.
  const [draft, setDraft] = useState<string | null>(null)
  const formatted = value === null ? '' : formatter.format(value)
  // Keep the draft only while it still means the current value, so outside changes show up.
  const text = draft !== null && parseLocaleNumber(draft, locale) === value ? draft : formatted

  const handleFocus = (event: FocusEvent<HTMLInputElement>) => {
    setDraft(formatted)
    onFocus?.(event)
  }
  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    const parsed = parseLocaleNumber(event.target.value, locale)
    const next = parsed === null ? null : clamp(roundTo(parsed, maximumFractionDigits), min, max)
    setDraft(null)
    if (next !== value) onValueChange(next)
    onBlur?.(event)
  }

  const unit = (content: string | undefined, unitId: string) =>
    content ? (
      <span id={unitId} className="shrink-0 px-3 text-slate-700">
        {content}
      </span>
    ) : null

  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      required={required}
      id={controlId}
      describedBy={cx(prefix && prefixId, suffix && suffixId) || undefined}
      className={className}
    >
      {(control) => (
        // The frame draws border and focus ring, so the unit sits inside the visible box.
        <div
          className={cx(
            'flex min-h-11 w-full items-center rounded-md border border-slate-500 bg-white',
            'focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-700',
            'has-[[aria-invalid=true]]:border-2 has-[[aria-invalid=true]]:border-red-700',
          )}
        >
          {unit(prefix, prefixId)}
          <input
            {...rest}
            {...control}
            type="text"
            inputMode="decimal"
            value={text}
            onChange={(event) => {
              setDraft(event.target.value)
              const parsed = parseLocaleNumber(event.target.value, locale)
              if (parsed !== value) onValueChange(parsed)
            }}
            onFocus={handleFocus}
            onBlur={handleBlur}
            className={cx(
              'min-h-11 w-full min-w-0 flex-1 rounded-md bg-transparent py-2 text-base text-slate-900 outline-none',
              // The unit's own padding spaces it from the number.
              prefix ? 'pl-0' : 'pl-3',
              suffix ? 'pr-0' : 'pr-3',
            )}
          />
          {unit(suffix, suffixId)}
        </div>
      )}
    </Field>
  )
}

export type CurrencyInputProps = Omit<NumberInputProps, 'prefix' | 'suffix'> & {
  /** ISO 4217 code; its symbol and position come from the locale ("20 000 €", "€20,000"). */
  currency?: string
}

/** NumberInput with the currency's symbol and its usual number of decimals. */
export function CurrencyInput({ currency = 'EUR', locale, ...rest }: CurrencyInputProps) {
  const { symbol, before, fractionDigits } = useMemo(() => {
    const format = new Intl.NumberFormat(locale, { style: 'currency', currency })
    const parts = format.formatToParts(1)
    const symbolAt = parts.findIndex((part) => part.type === 'currency')
    const numberAt = parts.findIndex((part) => part.type === 'integer')
    return {
      symbol: parts[symbolAt]?.value ?? currency,
      before: symbolAt < numberAt,
      fractionDigits: format.resolvedOptions().maximumFractionDigits ?? 2,
    }
  }, [locale, currency])
  const maximumFractionDigits = rest.maximumFractionDigits ?? fractionDigits
  return (
    <NumberInput
      minimumFractionDigits={maximumFractionDigits}
      trailingZeroDisplay="stripIfInteger"
      {...rest}
      maximumFractionDigits={maximumFractionDigits}
      locale={locale}
      prefix={before ? symbol : undefined}
      suffix={before ? undefined : symbol}
    />
  )
}
