import { countryOptions } from '@lainava/domain/application/countries'
import type { MessageKey } from '@lainava/i18n'
import { pathFor } from '@lainava/routing'
import { useMemo } from 'react'
import { Checkbox } from '../../components/ui/checkbox.tsx'
import { cx, FieldError, FieldHint, focusRing, RequiredMarker } from '../../components/ui/field.tsx'
import { Select } from '../../components/ui/select.tsx'
import { TextInput } from '../../components/ui/text-input.tsx'
import { useI18n } from '../../lib/i18n.tsx'
import type { FieldSpec, FormValues } from './step-fields.ts'

// The inputs of a mortgage step: plain named form controls with their saved or typed value as the
// default, so the step posts without JavaScript. Errors come from the server in the page's language.

/** The id of a field's control (the error summary links to it): `mortgage-loans-0-lender`. */
export const fieldId = (path: string) => `mortgage-${path.replaceAll('.', '-')}`

const HINTS = {
  conditional: 'mortgageForm.conditional',
  employerHint: 'mortgageForm.employerHint',
  fixedPeriodHint: 'mortgageForm.fixedPeriodHint',
  monthHint: 'mortgageForm.monthHint',
} as const satisfies Record<NonNullable<FieldSpec['hint']>, MessageKey>

const labelKey = (field: FieldSpec, prefix: string) => `mortgage.field.${prefix}${field.name}` as MessageKey
const optionKey = (group: string, value: string | number) => `mortgage.option.${group}.${value}` as MessageKey

/** Radios or ticks in a fieldset; the first control carries the field's id (the summary's link target). */
function ChoiceGroup({
  id,
  legend,
  type,
  name,
  options,
  checked,
  error,
  hint,
  required,
}: {
  id: string
  legend: string
  type: 'radio' | 'checkbox'
  name: string
  options: ReadonlyArray<{ value: string; label: string }>
  checked: (value: string) => boolean
  error?: string | undefined
  hint?: string | undefined
  required: boolean
}) {
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined
  return (
    <fieldset aria-describedby={describedBy} className="flex min-w-0 flex-col gap-1">
      <legend className="mb-1 font-medium text-slate-900">
        {legend}
        {required ? <RequiredMarker /> : null}
      </legend>
      <FieldHint id={hintId}>{hint}</FieldHint>
      <div className="flex flex-col">
        {options.map((option, index) => {
          const optionId = index === 0 ? id : `${id}-${index}`
          return (
            <div key={option.value} className="flex items-start gap-3">
              <input
                type={type}
                id={optionId}
                name={name}
                value={option.value}
                defaultChecked={checked(option.value)}
                aria-invalid={error ? true : undefined}
                className={cx('mt-3 size-5 shrink-0 cursor-pointer accent-brand-700', focusRing)}
              />
              <label htmlFor={optionId} className="flex min-h-11 cursor-pointer items-center text-slate-900">
                {option.label}
              </label>
            </div>
          )
        })}
      </div>
      <FieldError id={errorId}>{error}</FieldError>
    </fieldset>
  )
}

/** One field of a step. `name` is the posted name (`loans.2.lender` for a loan row's field). */
export function StepInput({
  field,
  name,
  labelPrefix = '',
  values,
  error,
  hidden,
}: {
  field: FieldSpec
  name: string
  /** `loans.` for a loan row's fields (their labels are `mortgage.field.loans.<name>`). */
  labelPrefix?: string
  values: FormValues
  error?: string | undefined
  /** A field whose condition is not met, once JavaScript runs (without it every field shows). */
  hidden?: boolean
}) {
  const { t, lang } = useI18n()
  const id = fieldId(name)
  const label = t(labelKey(field, labelPrefix))
  const value = values[name]
  const text = typeof value === 'string' ? value : ''
  const hint = field.hint ? t(HINTS[field.hint]) : undefined
  // A field asked only in some cases is not marked required: it is when it shows.
  const required = !field.when
  const countries = useMemo(() => (field.kind === 'country' ? countryOptions(lang) : []), [field.kind, lang])

  const control = (() => {
    switch (field.kind) {
      case 'money':
      case 'number':
        return (
          <TextInput
            id={id}
            name={name}
            label={label}
            hint={hint}
            error={error}
            required={required}
            defaultValue={text}
            inputMode={field.kind === 'number' && field.decimal ? 'decimal' : 'numeric'}
            autoComplete="off"
          />
        )
      case 'text':
        return (
          <TextInput
            id={id}
            name={name}
            label={label}
            hint={hint}
            error={error}
            required={required}
            defaultValue={text}
            type={field.type ?? 'text'}
            inputMode={field.inputMode}
            autoComplete={field.autoComplete}
          />
        )
      case 'month':
        return (
          <TextInput
            id={id}
            name={name}
            label={label}
            hint={hint}
            error={error}
            required={required}
            defaultValue={text}
            placeholder="2019-08"
            pattern="\d{4}-\d{2}"
            inputMode="numeric"
            autoComplete="off"
          />
        )
      case 'country':
        return (
          <Select
            id={id}
            name={name}
            label={label}
            error={error}
            required={required}
            defaultValue={text}
            placeholder={t('mortgageForm.choose')}
            options={countries}
            autoComplete={field.autoComplete === 'off' ? 'off' : 'country'}
          />
        )
      case 'select':
        return (
          <Select
            id={id}
            name={name}
            label={label}
            hint={hint}
            error={error}
            required={required}
            defaultValue={text}
            placeholder={t('mortgageForm.choose')}
            options={field.values.map((option) => ({
              value: String(option),
              label:
                field.optionKey === 'years'
                  ? t('mortgageStatus.years', { years: Number(option) })
                  : t(optionKey(field.group, option)),
            }))}
          />
        )
      case 'radio':
        return (
          <ChoiceGroup
            id={id}
            legend={label}
            type="radio"
            name={name}
            options={field.values.map((option) => ({
              value: option,
              label: t(optionKey(field.group, option)),
            }))}
            checked={(option) => option === text}
            error={error}
            hint={hint}
            required={required}
          />
        )
      case 'yesno':
        return (
          <ChoiceGroup
            id={id}
            legend={label}
            type="radio"
            name={name}
            options={[
              { value: 'true', label: t('mortgageForm.yes') },
              { value: 'false', label: t('mortgageForm.no') },
            ]}
            checked={(option) => option === text}
            error={error}
            hint={hint}
            required={required}
          />
        )
      case 'checkboxes': {
        const chosen = Array.isArray(value) ? value : []
        return (
          <ChoiceGroup
            id={id}
            legend={label}
            type="checkbox"
            name={name}
            options={field.values.map((option) => ({
              value: option,
              label: t(optionKey(field.group, option)),
            }))}
            checked={(option) => chosen.includes(option)}
            error={error}
            hint={hint}
            required={false}
          />
        )
      }
      case 'consent':
        return (
          <Checkbox
            id={id}
            name={name}
            value="true"
            label={label}
            required
            defaultChecked={text === 'true'}
            error={error}
            hint={
              field.link ? (
                <a
                  className="text-brand-800 underline underline-offset-4"
                  href={pathFor(field.link === 'terms' ? 'terms' : 'privacyPolicy', lang)}
                  target="_blank"
                  rel="noopener"
                >
                  {t(
                    field.link === 'terms'
                      ? 'mortgageForm.consents.termsLink'
                      : 'mortgageForm.consents.privacyLink',
                  )}
                </a>
              ) : undefined
            }
          />
        )
    }
  })()
  return (
    <div hidden={hidden} data-field={name}>
      {control}
    </div>
  )
}
