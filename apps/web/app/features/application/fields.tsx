import type { MessageKey } from '@lainava/i18n'
import { createContext, type ReactNode, useContext } from 'react'
import { Checkbox } from '../../components/ui/checkbox.tsx'
import { Select } from '../../components/ui/select.tsx'
import { TextInput } from '../../components/ui/text-input.tsx'
import { useI18n } from '../../lib/i18n.tsx'
import { type FormData, getAt } from './form-state.ts'

// Inputs bound to the form data by dotted path, with their errors (message
// keys from the shared schema, translated here) and stable ids for focusing.

type FormContextValue = {
  data: FormData
  errors: Record<string, string>
  setField(path: string, value: unknown): void
}

export const FormContext = createContext<FormContextValue | null>(null)

/** The form's data, errors and setter, for the fields and steps inside the form. */
export function useForm() {
  const value = useContext(FormContext)
  if (!value) throw new Error('fields must be inside FormContext')
  return value
}

export const fieldId = (path: string) => `field-${path.replaceAll('.', '-')}`

/** The translated error of the field at `path`, for inputs that are not built here (the loan sliders). */
export function useError(path: string): string | undefined {
  const { errors } = useForm()
  const { t } = useI18n()
  const key = errors[path]
  if (!key) return undefined
  return key.startsWith('validation.') ? t(key as MessageKey) : t('validation.invalid')
}

export function TextField({
  path,
  label,
  hint,
  type = 'text',
  inputMode,
  autoComplete,
}: {
  path: string
  label: MessageKey
  hint?: MessageKey
  type?: string
  inputMode?: 'text' | 'numeric' | 'decimal' | 'email' | 'tel'
  autoComplete?: string
}) {
  const { data, setField } = useForm()
  const { t } = useI18n()
  const error = useError(path)
  return (
    <TextInput
      id={fieldId(path)}
      label={t(label)}
      hint={hint ? t(hint) : undefined}
      type={type}
      inputMode={inputMode}
      autoComplete={autoComplete}
      value={String(getAt(data, path) ?? '')}
      onChange={(event) => setField(path, event.target.value)}
      error={error}
      required
    />
  )
}

export function MoneyField({ path, label }: { path: string; label: MessageKey }) {
  return <TextField path={path} label={label} inputMode="decimal" />
}

export function EnumField({
  path,
  label,
  group,
  values,
}: {
  path: string
  label: MessageKey
  group: string
  values: readonly string[]
}) {
  const { data, setField } = useForm()
  const { t } = useI18n()
  const error = useError(path)
  return (
    <Select
      id={fieldId(path)}
      label={t(label)}
      value={String(getAt(data, path) ?? '')}
      onChange={(event) => setField(path, event.target.value)}
      placeholder={t('field.choose')}
      options={values.map((value) => ({ value, label: t(enumKey(group, value)) }))}
      error={error}
      required
    />
  )
}

export function CheckField({
  path,
  label,
  hint,
  children,
}: {
  path: string
  label: MessageKey
  /** Below the box and read with it (aria-describedby): the link to the terms a consent refers to. */
  hint?: ReactNode
  children?: ReactNode
}) {
  const { data, setField } = useForm()
  const { t } = useI18n()
  const error = useError(path)
  return (
    <div>
      <Checkbox
        id={fieldId(path)}
        label={t(label)}
        checked={Boolean(getAt(data, path))}
        onChange={(event) => setField(path, event.target.checked)}
        hint={hint}
        error={error}
      />
      {children}
    </div>
  )
}

/** The catalogue key of an enumeration value: `enum.purpose.car-boat-motorcycle`. */
export function enumKey(group: string, value: string): MessageKey {
  return `enum.${group}.${value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}` as MessageKey
}
