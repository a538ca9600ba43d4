import type { FieldProblem } from '@lainava/domain/api-error'
import type { FlagValueType } from '@lainava/domain/flags'
import type { ComponentProps, ReactNode } from 'react'
import { cx, Field, inputClasses } from '../../components/ui/field.tsx'
import { Select } from '../../components/ui/select.tsx'
import { TextInput } from '../../components/ui/text-input.tsx'
import { useI18n } from '../../lib/i18n.tsx'

// Small fields of the flag pages: a text area, a value in the flag's type, and field problems by path.

export function TextArea({
  label,
  hint,
  error,
  className,
  ...rest
}: Omit<ComponentProps<'textarea'>, 'id'> & { label: ReactNode; hint?: ReactNode; error?: ReactNode }) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <textarea
          {...rest}
          {...control}
          spellCheck={false}
          className={cx(inputClasses, 'min-h-24 font-mono text-sm')}
        />
      )}
    </Field>
  )
}

/** A value of the flag's type: true/false to choose, JSON in a text area, text otherwise. */
export function ValueField({
  type,
  name,
  label,
  defaultValue,
  error,
}: {
  type: FlagValueType
  name: string
  label: string
  defaultValue: string
  error?: string | undefined
}) {
  const { t } = useI18n()
  if (type === 'boolean') {
    return (
      <Select
        name={name}
        label={label}
        defaultValue={defaultValue === 'false' ? 'false' : 'true'}
        error={error}
        options={[
          { value: 'true', label: t('adminFlags.value.true') },
          { value: 'false', label: t('adminFlags.value.false') },
        ]}
      />
    )
  }
  if (type === 'json') {
    return <TextArea name={name} label={label} defaultValue={defaultValue} error={error} rows={3} />
  }
  return (
    <TextInput
      name={name}
      label={label}
      defaultValue={defaultValue}
      error={error}
      inputMode={type === 'number' ? 'decimal' : undefined}
      autoComplete="off"
    />
  )
}

/** A field's problem: the API's message, or ours by its message key. */
export function useProblems(problems: readonly FieldProblem[]) {
  const { t } = useI18n()
  return (path: string): string | undefined => {
    const problem = problems.find((candidate) => candidate.path === path)
    if (!problem) return undefined
    return problem.message || t(problem.code as Parameters<typeof t>[0])
  }
}
