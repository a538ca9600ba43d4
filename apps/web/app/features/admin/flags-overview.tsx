import { FLAG_ENVIRONMENTS } from '@lainava/domain/flags'
import { pathFor } from '@lainava/routing'
import { Form, Link } from 'react-router'
import { Button } from '../../components/ui/button.tsx'
import { Select } from '../../components/ui/select.tsx'
import { TextInput } from '../../components/ui/text-input.tsx'
import type { AdminFlagsView } from '../../context.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { TextArea, useProblems } from './flags-fields.tsx'
import { type AttributeRow, PREVIEW_ATTRIBUTES } from './flags-form.ts'
import type { ConnectionResult, GroupResult, PreviewResult } from './flags-route.tsx'

// Issue 18 item 2: the environment's flags, a preview of what given attributes get, saved groups and
// client keys.

const linkClasses = 'font-medium text-brand-800 underline underline-offset-4'

export function FlagsOverview({
  overview,
  editGroup,
  result,
}: {
  overview: AdminFlagsView
  editGroup: AdminFlagsView['savedGroups'][number] | null
  result: GroupResult | ConnectionResult | PreviewResult | undefined
}) {
  const { t, lang, intlLocale } = useI18n()
  const { environment } = overview
  const base = pathFor('adminFlags', lang)
  const when = new Intl.DateTimeFormat(intlLocale, {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: 'Europe/Helsinki',
  })
  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">{t('adminFlags.title')}</h1>
      <p className="mt-2 text-slate-700">{t('adminFlags.lead')}</p>
      <nav aria-label={t('adminFlags.env.label')} className="mt-4">
        <ul className="flex flex-wrap gap-2">
          {FLAG_ENVIRONMENTS.map((env) => (
            <li key={env}>
              <Link
                to={`${base}?env=${env}`}
                aria-current={env === environment ? 'page' : undefined}
                className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-4 font-medium text-brand-800 aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-50 aria-[current=page]:font-semibold"
              >
                {t(`adminFlags.env.${env}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <section aria-labelledby="flags-list" className="mt-8">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="flags-list" className="text-xl font-semibold">
            {t('adminFlags.list.heading', { environment: t(`adminFlags.env.${environment}`) })}
          </h2>
          <Link to={`${base}?env=${environment}&new`} className={linkClasses}>
            {t('adminFlags.list.new')}
          </Link>
        </div>
        {overview.flags.length === 0 ? (
          <p className="mt-2">{t('adminFlags.list.empty')}</p>
        ) : (
          <ul className="mt-4 grid gap-3" data-testid="flag-list">
            {overview.flags.map((flag) => (
              <li key={flag.key} className="min-w-0 rounded-xl border border-slate-200 p-4">
                <p className="font-semibold break-all">
                  <Link
                    to={`${base}?env=${environment}&flag=${encodeURIComponent(flag.key)}`}
                    className={linkClasses}
                  >
                    {flag.key}
                  </Link>
                </p>
                {flag.description ? (
                  <p className="mt-1 break-words text-slate-700">{flag.description}</p>
                ) : null}
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
                  <dt className="text-slate-600">{t('adminFlags.col.type')}</dt>
                  <dd>{t(`adminFlags.type.${flag.valueType}`)}</dd>
                  <dt className="text-slate-600">{t('adminFlags.col.state')}</dt>
                  <dd>{t(flag.enabled ? 'adminFlags.state.on' : 'adminFlags.state.off')}</dd>
                  <dt className="text-slate-600">{t('adminFlags.col.rules')}</dt>
                  <dd>{flag.definition.rules?.length ?? 0}</dd>
                  <dt className="text-slate-600">{t('adminFlags.col.updated')}</dt>
                  <dd>{when.format(new Date(flag.updatedAt))}</dd>
                </dl>
              </li>
            ))}
          </ul>
        )}
      </section>

      <Preview environment={environment} result={result?.kind === 'preview' ? result : undefined} />
      <SavedGroups
        overview={overview}
        editGroup={editGroup}
        result={result?.kind === 'group' ? result : undefined}
      />
      <ClientKeys overview={overview} result={result?.kind === 'connection' ? result : undefined} />
    </>
  )
}

function Preview({ environment, result }: { environment: string; result: PreviewResult | undefined }) {
  const { t } = useI18n()
  const problem = useProblems(result?.problems ?? [])
  const rows: AttributeRow[] = result?.rows ?? PREVIEW_ATTRIBUTES.map((key) => ({ key, value: '' }))
  const values = result?.values ? Object.entries(result.values) : null
  return (
    <section aria-labelledby="flags-preview" className="mt-10">
      <h2 id="flags-preview" className="text-xl font-semibold">
        {t('adminFlags.preview.heading')}
      </h2>
      <p className="mt-2 text-slate-700">{t('adminFlags.preview.lead')}</p>
      <Form
        method="post"
        key={result?.nonce ?? 'preview'}
        className="mt-4 grid min-w-0 gap-3 rounded-xl border border-slate-200 p-4 sm:p-6"
      >
        <input type="hidden" name="env" value={environment} />
        <button
          type="submit"
          name="intent"
          value="preview"
          className="hidden"
          tabIndex={-1}
          aria-hidden="true"
        />
        {rows.map((row, j) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are re-rendered whole after every post
          <div key={j} className="grid min-w-0 gap-3 sm:grid-cols-2">
            <TextInput
              name={`attributes.${j}.key`}
              label={t('adminFlags.preview.attribute', { number: j + 1 })}
              defaultValue={row.key}
              autoComplete="off"
            />
            <TextInput
              name={`attributes.${j}.value`}
              label={t('adminFlags.preview.value', { number: j + 1 })}
              defaultValue={row.value}
              autoComplete="off"
            />
          </div>
        ))}
        <div>
          <Button type="submit" name="intent" value="preview.addRow" variant="secondary">
            {t('adminFlags.preview.addRow')}
          </Button>
        </div>
        <TextArea
          name="attributesJson"
          label={t('adminFlags.preview.json')}
          hint={t('adminFlags.preview.jsonHint', { example: '{"loggedIn": true}' })}
          defaultValue={result?.json ?? ''}
          error={problem('attributesJson')}
          rows={3}
        />
        <div>
          <Button type="submit" name="intent" value="preview" variant="primary">
            {t('adminFlags.preview.run')}
          </Button>
        </div>
        <p role="status" className="font-medium text-red-800">
          {result?.message ?? ''}
        </p>
      </Form>
      {values ? (
        values.length === 0 ? (
          <p className="mt-4">{t('adminFlags.preview.none')}</p>
        ) : (
          <table className="mt-4 w-full table-fixed text-left" data-testid="preview-result">
            <caption className="text-left font-semibold">{t('adminFlags.preview.caption')}</caption>
            <thead>
              <tr>
                <th scope="col" className="py-2">
                  {t('adminFlags.preview.flag')}
                </th>
                <th scope="col" className="py-2">
                  {t('adminFlags.preview.result')}
                </th>
              </tr>
            </thead>
            <tbody>
              {values.map(([key, value]) => (
                <tr key={key} className="border-t border-slate-200">
                  <th scope="row" className="py-2 pr-2 font-medium break-all">
                    {key}
                  </th>
                  <td className="py-2 font-mono text-sm break-all">{JSON.stringify(value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      ) : null}
    </section>
  )
}

function SavedGroups({
  overview,
  editGroup,
  result,
}: {
  overview: AdminFlagsView
  editGroup: AdminFlagsView['savedGroups'][number] | null
  result: GroupResult | undefined
}) {
  const { t, lang } = useI18n()
  const problem = useProblems(result?.problems ?? [])
  const base = `${pathFor('adminFlags', lang)}?env=${overview.environment}`
  const shown =
    result && !result.ok
      ? result.group
      : editGroup
        ? { ...editGroup, values: editGroup.values.join('\n') }
        : { id: '', name: '', attributeKey: '', values: '' }
  return (
    <section aria-labelledby="flags-groups" className="mt-10">
      <h2 id="flags-groups" className="text-xl font-semibold">
        {t('adminFlags.groups.heading')}
      </h2>
      <p className="mt-2 text-slate-700">{t('adminFlags.groups.lead')}</p>
      {overview.savedGroups.length === 0 ? (
        <p className="mt-2">{t('adminFlags.groups.empty')}</p>
      ) : (
        <ul className="mt-4 grid gap-2">
          {overview.savedGroups.map((group) => (
            <li key={group.id} className="min-w-0 rounded-lg border border-slate-200 p-3 break-words">
              <span className="font-semibold">{group.name}</span> ({group.id}) –{' '}
              {t('adminFlags.groups.summary', { attribute: group.attributeKey, count: group.values.length })}{' '}
              <Link to={`${base}&group=${encodeURIComponent(group.id)}`} className={linkClasses}>
                {t('adminFlags.groups.edit', { name: group.name })}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Form
        method="post"
        key={`${editGroup?.id ?? ''}/${result?.ok ?? ''}`}
        className="mt-4 grid min-w-0 gap-4 rounded-xl border border-slate-200 p-4 sm:grid-cols-2 sm:p-6"
      >
        <h3 className="text-lg font-semibold sm:col-span-2">
          {editGroup
            ? t('adminFlags.groups.editTitle', { name: editGroup.name })
            : t('adminFlags.groups.new')}
        </h3>
        <input type="hidden" name="env" value={overview.environment} />
        <TextInput
          name="id"
          label={t('adminFlags.groups.id')}
          hint={t('adminFlags.field.keyHint')}
          defaultValue={shown.id}
          error={problem('id')}
          autoComplete="off"
          required
        />
        <TextInput
          name="name"
          label={t('adminFlags.groups.name')}
          defaultValue={shown.name}
          error={problem('name')}
          autoComplete="off"
          required
        />
        <TextInput
          name="attributeKey"
          label={t('adminFlags.groups.attribute')}
          defaultValue={shown.attributeKey}
          error={problem('attributeKey')}
          autoComplete="off"
          required
        />
        <TextArea
          name="values"
          label={t('adminFlags.groups.values')}
          hint={t('adminFlags.groups.valuesHint')}
          defaultValue={shown.values}
          error={problem('values')}
          rows={4}
        />
        <div className="sm:col-span-2">
          <Button type="submit" name="intent" value="group.save" variant="primary">
            {t('adminFlags.groups.save')}
          </Button>
        </div>
        <p
          role="status"
          className={`font-medium sm:col-span-2 ${result?.ok === false ? 'text-red-800' : 'text-green-800'}`}
        >
          {result
            ? result.ok
              ? t('adminFlags.groups.saved', { name: result.group.name })
              : result.message
            : ''}
        </p>
      </Form>
    </section>
  )
}

function ClientKeys({
  overview,
  result,
}: {
  overview: AdminFlagsView
  result: ConnectionResult | undefined
}) {
  const { t } = useI18n()
  const kindOf = (connection: AdminFlagsView['connections'][number]) =>
    connection.remoteEval ? 'remoteEval' : connection.encrypted ? 'encrypted' : 'plain'
  return (
    <section aria-labelledby="flags-keys" className="mt-10">
      <h2 id="flags-keys" className="text-xl font-semibold">
        {t('adminFlags.keys.heading')}
      </h2>
      <p className="mt-2 text-slate-700">{t('adminFlags.keys.lead')}</p>
      {overview.connections.length === 0 ? (
        <p className="mt-2">{t('adminFlags.keys.empty')}</p>
      ) : (
        <ul className="mt-4 grid gap-2">
          {overview.connections.map((connection) => (
            <li key={connection.clientKey} className="min-w-0 rounded-lg border border-slate-200 p-3">
              <code className="break-all">{connection.clientKey}</code> –{' '}
              {t(`adminFlags.keys.kind.${kindOf(connection)}`)}
            </li>
          ))}
        </ul>
      )}
      <Form method="post" className="mt-4 flex min-w-0 flex-wrap items-end gap-3">
        <input type="hidden" name="env" value={overview.environment} />
        <Select
          name="connectionKind"
          label={t('adminFlags.keys.kind')}
          defaultValue="plain"
          options={(['plain', 'encrypted', 'remoteEval'] as const).map((kind) => ({
            value: kind,
            label: t(`adminFlags.keys.kind.${kind}`),
          }))}
        />
        <Button type="submit" name="intent" value="connection.create" variant="secondary">
          {t('adminFlags.keys.create')}
        </Button>
      </Form>
      <div role="status" className="mt-4">
        {result ? (
          result.ok ? (
            <div className="rounded-xl border border-green-700 bg-green-50 p-4 break-all">
              <p>{t('adminFlags.keys.created', { key: result.clientKey })}</p>
              {result.decryptionKey ? (
                <p className="mt-2">
                  {t('adminFlags.keys.decryptionKey')}{' '}
                  <code data-testid="decryption-key">{result.decryptionKey}</code>{' '}
                  <strong>{t('adminFlags.keys.once')}</strong>
                </p>
              ) : null}
            </div>
          ) : (
            <p className="font-medium text-red-800">{result.message}</p>
          )
        ) : null}
      </div>
    </section>
  )
}
