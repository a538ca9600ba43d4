import type { AuditEntry } from '@lainava/domain/admin'
import type { FieldProblem } from '@lainava/domain/api-error'
import { FLAG_VALUE_TYPES, type FlagEnvironment, type FlagValueType } from '@lainava/domain/flags'
import { pathFor } from '@lainava/routing'
import { useState } from 'react'
import { Form, Link } from 'react-router'
import { Button } from '../../components/ui/button.tsx'
import { Checkbox } from '../../components/ui/checkbox.tsx'
import { Select } from '../../components/ui/select.tsx'
import { TextInput } from '../../components/ui/text-input.tsx'
import type { AdminFlagsView } from '../../context.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { TextArea, useProblems, ValueField } from './flags-fields.tsx'
import { type FlagDraft, OPERATORS, type RuleDraft } from './flags-form.ts'

// Issue 18 item 2: one flag's editor: its key, type, description, on/off, default value and ordered
// rules (force, rollout, experiment), each with its targeting condition; the flag's last changes.

type Problem = (path: string) => string | undefined

export function FlagEditor({
  environment,
  draft,
  problems,
  message,
  saved,
  history,
  savedGroups,
}: {
  environment: FlagEnvironment
  draft: FlagDraft
  problems: FieldProblem[]
  message: string
  saved: boolean
  history: AuditEntry[]
  savedGroups: AdminFlagsView['savedGroups']
}) {
  const { t, lang, intlLocale } = useI18n()
  const problem = useProblems(problems)
  const [type, setType] = useState<FlagValueType>(draft.valueType)
  const listPath = `${pathFor('adminFlags', lang)}?env=${environment}`
  const status =
    problems.length > 0 || message ? message || t('form.errorSummary') : saved ? t('adminFlags.saved') : ''
  const when = new Intl.DateTimeFormat(intlLocale, {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: 'Europe/Helsinki',
  })
  return (
    <>
      <p>
        <Link to={listPath} className="font-medium text-brand-800 underline underline-offset-4">
          {t('adminFlags.editor.back')}
        </Link>
      </p>
      <h1 className="mt-4 text-3xl font-bold break-words text-slate-900">
        {draft.isNew ? t('adminFlags.editor.newTitle') : t('adminFlags.editor.title', { key: draft.key })}
      </h1>
      <p className="mt-2 text-slate-700">
        {t('adminFlags.editor.environment', { environment: t(`adminFlags.env.${environment}`) })}
      </p>
      <p
        role="status"
        className={`mt-4 font-medium ${problems.length > 0 || message ? 'text-red-800' : 'text-green-800'}`}
      >
        {status}
      </p>
      <Form method="post" className="mt-4 grid min-w-0 gap-6" noValidate>
        {/* Enter in a field saves (the first submit button is the form's default). */}
        <button
          type="submit"
          name="intent"
          value="save"
          className="hidden"
          tabIndex={-1}
          aria-hidden="true"
        />
        <input type="hidden" name="env" value={environment} />
        <input type="hidden" name="isNew" value={draft.isNew ? '1' : '0'} />
        <fieldset className="grid min-w-0 gap-4 rounded-xl border border-slate-200 p-4 sm:grid-cols-2 sm:p-6">
          <legend className="px-1 text-xl font-semibold">{t('adminFlags.editor.basics')}</legend>
          {draft.isNew ? (
            <TextInput
              name="key"
              label={t('adminFlags.field.key')}
              hint={t('adminFlags.field.keyHint')}
              defaultValue={draft.key}
              error={problem('key')}
              autoComplete="off"
              required
            />
          ) : (
            <input type="hidden" name="key" value={draft.key} />
          )}
          <Select
            name="valueType"
            label={t('adminFlags.field.type')}
            value={type}
            onChange={(event) => setType(event.target.value as FlagValueType)}
            error={problem('valueType')}
            options={FLAG_VALUE_TYPES.map((value) => ({ value, label: t(`adminFlags.type.${value}`) }))}
          />
          <TextInput
            name="description"
            label={t('adminFlags.field.description')}
            defaultValue={draft.description}
            error={problem('description')}
            className="sm:col-span-2"
            autoComplete="off"
          />
          <ValueField
            type={type}
            name="defaultValue"
            label={t('adminFlags.field.defaultValue')}
            defaultValue={draft.defaultValue}
            error={problem('definition.defaultValue')}
          />
          <Checkbox name="enabled" label={t('adminFlags.field.enabled')} defaultChecked={draft.enabled} />
        </fieldset>

        <section aria-labelledby="flag-rules" className="grid min-w-0 gap-4">
          <h2 id="flag-rules" className="text-xl font-semibold">
            {t('adminFlags.rules.heading')}
          </h2>
          <p className="text-slate-700">{t('adminFlags.rules.lead')}</p>
          {draft.rules.length === 0 ? <p>{t('adminFlags.rules.empty')}</p> : null}
          <ol className="grid gap-4">
            {draft.rules.map((rule, index) => (
              <RuleFields
                // biome-ignore lint/suspicious/noArrayIndexKey: the list re-renders whole after every edit
                key={index}
                rule={rule}
                index={index}
                count={draft.rules.length}
                type={type}
                problem={problem}
                savedGroups={savedGroups}
              />
            ))}
          </ol>
          <div className="flex flex-wrap gap-2">
            {(['force', 'rollout', 'experiment'] as const).map((kind) => (
              <Button key={kind} type="submit" name="intent" value={`rule.add.${kind}`} variant="secondary">
                {t(`adminFlags.add.${kind}`)}
              </Button>
            ))}
          </div>
        </section>
        <div>
          <Button type="submit" name="intent" value="save" variant="primary">
            {t('adminFlags.save')}
          </Button>
        </div>
      </Form>

      {draft.isNew ? null : (
        <>
          <Form method="post" className="mt-6">
            <input type="hidden" name="env" value={environment} />
            <input type="hidden" name="key" value={draft.key} />
            <Button type="submit" name="intent" value="delete" variant="ghost">
              {t('adminFlags.delete', { key: draft.key })}
            </Button>
          </Form>
          <section aria-labelledby="flag-history" className="mt-10">
            <h2 id="flag-history" className="text-xl font-semibold">
              {t('adminFlags.history.heading')}
            </h2>
            {history.length === 0 ? (
              <p className="mt-2">{t('adminFlags.history.empty')}</p>
            ) : (
              <ul className="mt-4 grid gap-2" data-testid="flag-history">
                {history.map((entry) => (
                  <li key={entry.id} className="rounded-lg border border-slate-200 p-3 break-words">
                    <span className="font-medium">{when.format(new Date(entry.at))}</span>{' '}
                    {t(
                      entry.action === 'flag.create'
                        ? 'adminFlags.history.create'
                        : entry.action === 'flag.delete'
                          ? 'adminFlags.history.delete'
                          : 'adminFlags.history.update',
                      { who: entry.actorEmail ?? entry.actorRole },
                    )}
                    {typeof entry.details.rules === 'number'
                      ? ` · ${t('adminFlags.history.details', {
                          state: t(entry.details.enabled ? 'adminFlags.state.on' : 'adminFlags.state.off'),
                          rules: entry.details.rules,
                        })}`
                      : ''}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </>
  )
}

function RuleFields({
  rule,
  index,
  count,
  type,
  problem,
  savedGroups,
}: {
  rule: RuleDraft
  index: number
  count: number
  type: FlagValueType
  problem: Problem
  savedGroups: AdminFlagsView['savedGroups']
}) {
  const { t } = useI18n()
  const name = (field: string) => `rules.${index}.${field}`
  const path = `definition.rules.${index}`
  const number = index + 1
  return (
    <li className="min-w-0">
      <fieldset className="grid min-w-0 gap-4 rounded-xl border border-slate-300 p-4 sm:grid-cols-2">
        <legend className="px-1 font-semibold">
          {t('adminFlags.rule.legend', { number, kind: t(`adminFlags.kind.${rule.kind}`) })}
        </legend>
        <input type="hidden" name={name('kind')} value={rule.kind} />
        <input type="hidden" name={name('id')} value={rule.id} />
        {problem(path) ? <p className="font-medium text-red-700 sm:col-span-2">{problem(path)}</p> : null}
        {rule.kind === 'raw' ? (
          <TextArea
            name={name('raw')}
            label={t('adminFlags.rule.raw')}
            defaultValue={rule.raw}
            error={problem(`${path}.raw`)}
            className="sm:col-span-2"
            rows={6}
          />
        ) : null}
        {rule.kind === 'force' || rule.kind === 'rollout' ? (
          <ValueField
            type={type}
            name={name('value')}
            label={t('adminFlags.rule.value')}
            defaultValue={rule.value}
            error={problem(`${path}.force`)}
          />
        ) : null}
        {rule.kind === 'rollout' || rule.kind === 'experiment' ? (
          <>
            <TextInput
              name={name('coverage')}
              label={t('adminFlags.rule.coverage')}
              defaultValue={rule.coverage}
              error={problem(`${path}.coverage`)}
              inputMode="decimal"
              autoComplete="off"
            />
            <TextInput
              name={name('hashAttribute')}
              label={t('adminFlags.rule.hashAttribute')}
              hint={t('adminFlags.rule.hashAttributeHint')}
              defaultValue={rule.hashAttribute}
              error={problem(`${path}.hashAttribute`)}
              autoComplete="off"
            />
          </>
        ) : null}
        {rule.kind === 'experiment' ? (
          <>
            <TextInput
              name={name('trackingKey')}
              label={t('adminFlags.rule.trackingKey')}
              hint={t('adminFlags.rule.trackingKeyHint')}
              defaultValue={rule.trackingKey}
              error={problem(`${path}.key`)}
              autoComplete="off"
            />
            <fieldset className="grid min-w-0 gap-3 sm:col-span-2">
              <legend className="font-medium">{t('adminFlags.variations.heading')}</legend>
              {problem(`${path}.weights`) ? (
                <p className="font-medium text-red-700">{problem(`${path}.weights`)}</p>
              ) : null}
              {rule.variations.map((variation, j) => (
                <div
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows are re-rendered whole after every edit
                  key={j}
                  className="grid min-w-0 gap-3 rounded-lg bg-slate-50 p-3 sm:grid-cols-3"
                >
                  <TextInput
                    name={name(`variations.${j}.name`)}
                    label={t('adminFlags.variation.name', { number: j + 1 })}
                    defaultValue={variation.name}
                    autoComplete="off"
                  />
                  <ValueField
                    type={type}
                    name={name(`variations.${j}.value`)}
                    label={t('adminFlags.variation.value', { number: j + 1 })}
                    defaultValue={variation.value}
                    error={problem(`${path}.variations.${j}`)}
                  />
                  <TextInput
                    name={name(`variations.${j}.weight`)}
                    label={t('adminFlags.variation.weight', { number: j + 1 })}
                    defaultValue={variation.weight}
                    error={problem(`${path}.variations.${j}.weight`)}
                    inputMode="decimal"
                    autoComplete="off"
                  />
                  {rule.variations.length > 2 ? (
                    <Button
                      type="submit"
                      name="intent"
                      value={`variation.remove.${index}.${j}`}
                      variant="ghost"
                      className="sm:col-span-3 sm:justify-self-start"
                    >
                      {t('adminFlags.variation.remove', { number: j + 1 })}
                    </Button>
                  ) : null}
                </div>
              ))}
              <div>
                <Button type="submit" name="intent" value={`variation.add.${index}`} variant="secondary">
                  {t('adminFlags.variation.add')}
                </Button>
              </div>
            </fieldset>
          </>
        ) : null}
        {rule.kind === 'raw' ? null : (
          <fieldset className="grid min-w-0 gap-3 sm:col-span-2">
            <legend className="font-medium">{t('adminFlags.conditions.heading', { number })}</legend>
            <p className="text-sm text-slate-600">{t('adminFlags.conditions.hint')}</p>
            {rule.conditions.map((condition, j) => (
              <div
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are re-rendered whole after every edit
                key={j}
                className="grid min-w-0 gap-3 rounded-lg bg-slate-50 p-3 sm:grid-cols-3"
              >
                <TextInput
                  name={name(`conditions.${j}.attribute`)}
                  label={t('adminFlags.condition.attribute', { number: j + 1 })}
                  defaultValue={condition.attribute}
                  autoComplete="off"
                />
                <Select
                  name={name(`conditions.${j}.operator`)}
                  label={t('adminFlags.condition.operator', { number: j + 1 })}
                  defaultValue={condition.operator}
                  options={OPERATORS.map((operator) => ({
                    value: operator,
                    label: t(`adminFlags.op.${operator}`),
                  }))}
                />
                <TextInput
                  name={name(`conditions.${j}.value`)}
                  label={t('adminFlags.condition.value', { number: j + 1 })}
                  hint={
                    savedGroups.length > 0
                      ? t('adminFlags.condition.groups', {
                          groups: savedGroups.map((group) => group.id).join(', '),
                        })
                      : undefined
                  }
                  defaultValue={condition.value}
                  autoComplete="off"
                />
                <Button
                  type="submit"
                  name="intent"
                  value={`condition.remove.${index}.${j}`}
                  variant="ghost"
                  className="sm:col-span-3 sm:justify-self-start"
                >
                  {t('adminFlags.condition.remove', { number: j + 1 })}
                </Button>
              </div>
            ))}
            <div>
              <Button type="submit" name="intent" value={`condition.add.${index}`} variant="secondary">
                {t('adminFlags.condition.add')}
              </Button>
            </div>
            <TextArea
              name={name('advanced')}
              label={t('adminFlags.condition.advanced')}
              hint={t('adminFlags.condition.advancedHint', { example: '{"browser": {"$regex": "Firefox"}}' })}
              defaultValue={rule.advanced}
              error={problem(`${path}.advanced`) ?? problem(`${path}.condition`)}
              rows={2}
            />
          </fieldset>
        )}
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <Button
            type="submit"
            name="intent"
            value={`rule.up.${index}`}
            variant="ghost"
            disabled={index === 0}
          >
            {t('adminFlags.rule.up', { number })}
          </Button>
          <Button
            type="submit"
            name="intent"
            value={`rule.down.${index}`}
            variant="ghost"
            disabled={index === count - 1}
          >
            {t('adminFlags.rule.down', { number })}
          </Button>
          <Button type="submit" name="intent" value={`rule.remove.${index}`} variant="ghost">
            {t('adminFlags.rule.remove', { number })}
          </Button>
        </div>
      </fieldset>
    </li>
  )
}
