import type { MessageKey } from '@lainava/i18n'
import { createContext, type ReactNode, useContext } from 'react'
import { Checkbox } from '../../components/ui/checkbox.tsx'
import { Select } from '../../components/ui/select.tsx'
import { TextInput } from '../../components/ui/text-input.tsx'
import { useI18n } from '../../lib/i18n.tsx'
import { type BusinessFormData, getAt } from './business-form.ts'

// Inputs bound to the business form's data by dotted path, with their errors (catalogue keys
// from the shared schemas, translated here) and stable ids for moving focus to the first error.

type BusinessFormContextValue = {
  data: BusinessFormData
  errors: Record<string, string>
  setField(path: string, value: unknown): void
}

export const BusinessFormContext = createContext<BusinessFormContextValue | null>(null)

export function useBusinessForm() {
  const value = useContext(BusinessFormContext)
  if (!value) throw new Error('business fields must be inside BusinessFormContext')
  return value
}

export const fieldId = (path: string) => `field-${path.replaceAll('.', '-')}`

/** The translated error of the field at `path`. */
export function useFieldError(path: string): string | undefined {
  const { errors } = useBusinessForm()
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
  onBlur,
}: {
  path: string
  label: MessageKey
  hint?: ReactNode
  type?: string
  inputMode?: 'text' | 'numeric' | 'decimal' | 'email' | 'tel'
  autoComplete?: string
  onBlur?: () => void
}) {
  const { data, setField } = useBusinessForm()
  const { t } = useI18n()
  return (
    <TextInput
      id={fieldId(path)}
      label={t(label)}
      hint={hint}
      type={type}
      inputMode={inputMode}
      autoComplete={autoComplete}
      value={String(getAt(data, path) ?? '')}
      onChange={(event) => setField(path, event.target.value)}
      onBlur={onBlur}
      error={useFieldError(path)}
      required
    />
  )
}

/** The catalogue key of an enumeration value: `enum.smePurpose.buying-equipment`, `enum.industry.c`. */
export function enumKey(group: string, value: string): MessageKey {
  return `enum.${group}.${value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}` as MessageKey
}

export function ChoiceField({
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
  const { data, setField } = useBusinessForm()
  const { t } = useI18n()
  return (
    <Select
      id={fieldId(path)}
      label={t(label)}
      value={String(getAt(data, path) ?? '')}
      onChange={(event) => setField(path, event.target.value)}
      placeholder={t('field.choose')}
      options={values.map((value) => ({ value, label: t(enumKey(group, value)) }))}
      error={useFieldError(path)}
      required
    />
  )
}

export function CheckField({ path, label, hint }: { path: string; label: MessageKey; hint?: ReactNode }) {
  const { data, setField } = useBusinessForm()
  const { t } = useI18n()
  return (
    <Checkbox
      id={fieldId(path)}
      label={t(label)}
      checked={Boolean(getAt(data, path))}
      onChange={(event) => setField(path, event.target.checked)}
      hint={hint}
      error={useFieldError(path)}
    />
  )
}
