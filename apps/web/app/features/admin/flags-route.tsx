import type { FieldProblem } from '@lainava/domain/api-error'
import { FLAG_ENVIRONMENTS, type FlagEnvironment } from '@lainava/domain/flags'
import { languageOfPath, pathFor } from '@lainava/routing'
import { data, redirect } from 'react-router'
import { type Failure, webContext } from '../../context.ts'
import { rootDataFromMatches } from '../../lib/root-data.ts'
import type { Route } from './+types/flags-route'
import { requireAdminPage } from './admin-access.server.ts'
import { AdminNav } from './admin-nav.tsx'
import { FlagEditor } from './flags-editor.tsx'
import {
  type AttributeRow,
  applyEdit,
  attributesOf,
  draftFromFlag,
  draftToFlag,
  emptyDraft,
  type FlagDraft,
  readAttributes,
  readDraft,
} from './flags-form.ts'
import { FlagsOverview } from './flags-overview.tsx'

// Issue 18 item 2: /admin/flags/ — an environment's flags, saved groups, client keys and a preview;
// `?flag=<key>` edits a flag and `?new` creates one. Every change is a form post to this page's
// action (the flag services, in-process), so plain saves and the rule list's edits work without
// JavaScript; the server audits every change.

export type EditorResult = {
  kind: 'editor'
  draft: FlagDraft
  problems: FieldProblem[]
  message: string
  /** Changes on every answer, so the form's fields take the returned draft's values. */
  nonce: string
}
export type GroupResult = {
  kind: 'group'
  ok: boolean
  message: string
  problems: FieldProblem[]
  group: { id: string; name: string; attributeKey: string; values: string }
}
export type ConnectionResult = {
  kind: 'connection'
  ok: boolean
  message: string
  clientKey: string
  decryptionKey: string | null
}
export type PreviewResult = {
  kind: 'preview'
  rows: AttributeRow[]
  json: string
  values: Record<string, unknown> | null
  problems: FieldProblem[]
  message: string
  nonce: string
}
export type ActionResult = EditorResult | GroupResult | ConnectionResult | PreviewResult

const isFailure = (value: unknown): value is Failure =>
  typeof value === 'object' && value !== null && 'ok' in value && value.ok === false

function environmentOf(value: string | null): FlagEnvironment {
  return (FLAG_ENVIRONMENTS as readonly string[]).includes(value ?? '')
    ? (value as FlagEnvironment)
    : 'production'
}

const nonce = () => crypto.randomUUID()

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const services = context.get(webContext)
  await requireAdminPage(request, url, services)
  const environment = environmentOf(url.searchParams.get('env'))
  const call = {
    cookieHeader: request.headers.get('cookie'),
    language: languageOfPath(url.pathname),
    environment,
  }
  const overview = await services.flags.overview(call)
  if (isFailure(overview)) throw data(null, { status: overview.status })
  const key = url.searchParams.get('flag')
  const groupId = url.searchParams.get('group')
  let editor: FlagDraft | null = null
  let history: Awaited<ReturnType<typeof services.flags.history>> = []
  if (key !== null) {
    const flag = overview.flags.find((candidate) => candidate.key === key)
    if (!flag) throw data(null, { status: 404 })
    editor = draftFromFlag(flag)
    history = await services.flags.history({ ...call, key })
  } else if (url.searchParams.has('new')) {
    editor = emptyDraft()
  }
  return {
    environment,
    overview,
    editor,
    history: isFailure(history) ? [] : history,
    saved: url.searchParams.get('saved') === '1',
    group: overview.savedGroups.find((candidate) => candidate.id === groupId) ?? null,
  }
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const services = context.get(webContext)
  await requireAdminPage(request, url, services)
  const form = await request.formData()
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : ''
  }
  const language = languageOfPath(url.pathname)
  const environment = environmentOf(text('env') || url.searchParams.get('env'))
  const call = { cookieHeader: request.headers.get('cookie'), language, environment }
  const intent = text('intent')
  const listPath = `${pathFor('adminFlags', language)}?env=${environment}`

  if (intent === 'save' || intent === 'delete' || /^(rule|condition|variation)\./.test(intent)) {
    const draft = readDraft(form)
    const editor = (problems: FieldProblem[], message: string): EditorResult => ({
      kind: 'editor',
      draft,
      problems,
      message,
      nonce: nonce(),
    })
    if (intent === 'delete') {
      const removed = await services.flags.remove({ ...call, key: draft.key })
      if (isFailure(removed)) return data(editor([], removed.message), { status: removed.status })
      throw redirect(listPath)
    }
    if (intent !== 'save') {
      const edited = applyEdit(draft, intent, () => `fr_${nonce().slice(0, 8)}`)
      if (!edited) throw data(null, { status: 400 })
      const result: EditorResult = { ...editor([], ''), draft: edited }
      return result
    }
    const { flag, problems } = draftToFlag(draft)
    if (draft.isNew) {
      const overview = await services.flags.overview(call)
      if (!isFailure(overview) && overview.flags.some((existing) => existing.key === draft.key))
        problems.push({ path: 'key', code: 'adminFlags.error.exists' })
    }
    // Found here: the component translates the codes (they are message keys).
    if (problems.length > 0) {
      return data(
        editor(
          problems.map((problem) => ({ ...problem, message: '' })),
          '',
        ),
        { status: 400 },
      )
    }
    const saved = await services.flags.save({ ...call, key: draft.key, flag })
    if (isFailure(saved)) return data(editor(saved.fields ?? [], saved.message), { status: saved.status })
    throw redirect(`${listPath}&flag=${encodeURIComponent(draft.key)}&saved=1`)
  }

  if (intent === 'group.save') {
    const group = {
      id: text('id').trim(),
      name: text('name'),
      attributeKey: text('attributeKey'),
      values: text('values'),
    }
    const values = group.values
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean)
    const saved = await services.flags.saveGroup({
      ...call,
      id: group.id,
      group: { name: group.name, attributeKey: group.attributeKey, values },
    })
    const result: GroupResult = isFailure(saved)
      ? { kind: 'group', ok: false, message: saved.message, problems: saved.fields ?? [], group }
      : { kind: 'group', ok: true, message: '', problems: [], group }
    return data(result, { status: isFailure(saved) ? saved.status : 200 })
  }

  if (intent === 'connection.create') {
    const kind = text('connectionKind')
    const created = await services.flags.createConnection({
      ...call,
      kind: kind === 'encrypted' || kind === 'remoteEval' ? kind : 'plain',
    })
    const result: ConnectionResult = isFailure(created)
      ? { kind: 'connection', ok: false, message: created.message, clientKey: '', decryptionKey: null }
      : {
          kind: 'connection',
          ok: true,
          message: '',
          clientKey: created.clientKey,
          decryptionKey: created.decryptionKey,
        }
    return result
  }

  if (intent === 'preview' || intent === 'preview.addRow') {
    const { rows, json } = readAttributes(form)
    const result: PreviewResult = {
      kind: 'preview',
      rows,
      json,
      values: null,
      problems: [],
      message: '',
      nonce: nonce(),
    }
    if (intent === 'preview.addRow') {
      result.rows = [...rows, { key: '', value: '' }]
      return result
    }
    const { attributes, problems } = attributesOf(rows, json)
    if (problems.length > 0) {
      result.problems = problems.map((problem) => ({ ...problem, message: '' }))
      return data(result, { status: 400 })
    }
    const preview = await services.flags.preview({ ...call, attributes })
    if (isFailure(preview)) {
      result.problems = preview.fields ?? []
      result.message = preview.message
      return data(result, { status: preview.status })
    }
    result.values = preview.values
    return result
  }
  throw data(null, { status: 400 })
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataFromMatches(matches)
  return root
    ? [{ title: `${root.t('adminFlags.title')} – ${root.brandName}` }, { name: 'robots', content: 'noindex' }]
    : []
}

export default function AdminFlagsRoute({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as ActionResult | undefined
  const editorResult = result?.kind === 'editor' ? result : undefined
  const draft = editorResult?.draft ?? loaderData.editor
  // A new version (a save) draws the form again from what was stored.
  return (
    <>
      <AdminNav />
      <div className="mx-auto max-w-5xl min-w-0 px-4 py-10">
        {draft ? (
          <FlagEditor
            key={
              editorResult?.nonce ??
              `${loaderData.environment}/${draft.key}/${loaderData.overview.dateUpdated}`
            }
            environment={loaderData.environment}
            draft={draft}
            problems={editorResult?.problems ?? []}
            message={editorResult?.message ?? ''}
            saved={loaderData.saved && !editorResult}
            history={loaderData.history}
            savedGroups={loaderData.overview.savedGroups}
          />
        ) : (
          <FlagsOverview
            overview={loaderData.overview}
            editGroup={loaderData.group}
            result={result?.kind === 'editor' ? undefined : result}
          />
        )}
      </div>
    </>
  )
}
