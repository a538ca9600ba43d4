import type { FieldProblem } from '@lainava/domain/api-error'
import { LENDER_ROLES } from '@lainava/domain/lender-portal'
import { formatDate } from '@lainava/i18n'
import { languageOfPath } from '@lainava/routing'
import { data, Form } from 'react-router'
import { Button } from '../../components/ui/button.tsx'
import { Select } from '../../components/ui/select.tsx'
import { TextInput } from '../../components/ui/text-input.tsx'
import { type Failure, webContext } from '../../context.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { rootDataFromMatches } from '../../lib/root-data.ts'
import type { Route } from './+types/users-route'
import { isFailure, readForm, requireLenderPage, unlessRefused } from './lender-access.server.ts'
import { LenderPage, lenderMeta } from './lender-page.tsx'

// Issue 17: a lender-admin's own organisation's users: invite (the same invitation and passwordless
// login as admins use), change a role, remove one; never the last lender-admin. Agents never get here.

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const services = context.get(webContext)
  const workspace = await requireLenderPage(request, url, services, { adminOnly: true })
  const me = await services.auth.currentUser(request.headers.get('cookie'))
  const users = await unlessRefused(
    request,
    url,
    services,
    await services.lenderPortal.users({
      cookieHeader: request.headers.get('cookie'),
      language: languageOfPath(url.pathname),
    }),
  )
  if (isFailure(users)) throw data(null, { status: users.status })
  return { workspace, users, myId: me?.id ?? null }
}

type ActionResult = { intent: string; ok: boolean; message: string; fields: FieldProblem[]; email?: string }

export async function action({ request, url, context }: Route.ActionArgs) {
  const services = context.get(webContext)
  await requireLenderPage(request, url, services, { adminOnly: true })
  const form = await readForm(request)
  const field = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : ''
  }
  const intent = field('intent')
  const call = { cookieHeader: request.headers.get('cookie'), language: languageOfPath(url.pathname) }
  const result: { ok: true } | Failure | object | null =
    intent === 'invite'
      ? await services.lenderPortal.invite({
          ...call,
          email: field('email'),
          lenderRole: field('lenderRole'),
        })
      : intent === 'role'
        ? await services.lenderPortal.changeRole({
            ...call,
            userId: field('userId'),
            lenderRole: field('lenderRole'),
          })
        : intent === 'remove'
          ? await services.lenderPortal.removeUser({ ...call, userId: field('userId') })
          : null
  if (result === null) throw data(null, { status: 400 })
  const checked = await unlessRefused(request, url, services, result)
  if (isFailure(checked)) {
    const outcome: ActionResult = {
      intent,
      ok: false,
      message: checked.message,
      fields: checked.fields ?? [],
    }
    return data(outcome, { status: checked.status })
  }
  const outcome: ActionResult = { intent, ok: true, message: '', fields: [], email: field('email') }
  return outcome
}

export const meta: Route.MetaFunction = ({ matches }) =>
  lenderMeta(rootDataFromMatches(matches), 'lenderPortal.users.title')

export default function LenderUsersRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t, intlLocale } = useI18n()
  const { workspace, users, myId } = loaderData
  const result = actionData as ActionResult | undefined
  const roleOptions = LENDER_ROLES.map((role) => ({ value: role, label: t(`lenderPortal.role.${role}`) }))
  const inviteProblem = (name: string) =>
    result?.intent === 'invite'
      ? result.fields.find((problem) => problem.path.split('.').at(-1) === name)?.message
      : undefined
  const status = !result
    ? ''
    : !result.ok
      ? result.message
      : result.intent === 'invite'
        ? t('lenderPortal.users.invited', { email: result.email ?? '' })
        : result.intent === 'role'
          ? t('lenderPortal.users.roleChanged')
          : t('lenderPortal.users.removed')
  return (
    <LenderPage workspace={workspace}>
      <h1 className="text-3xl font-bold text-slate-900">{t('lenderPortal.users.title')}</h1>
      <p className="mt-2 text-slate-700">{t('lenderPortal.users.lead')}</p>
      <p
        role="status"
        className={`mt-4 font-medium ${result?.ok === false ? 'text-red-800' : 'text-green-800'}`}
      >
        {status}
      </p>
      <Form
        method="post"
        className="mt-4 grid min-w-0 gap-4 rounded-xl border border-slate-200 p-4 sm:grid-cols-2 sm:p-6"
      >
        <h2 className="text-xl font-semibold sm:col-span-2">{t('lenderPortal.users.invite')}</h2>
        <input type="hidden" name="intent" value="invite" />
        <TextInput
          name="email"
          type="email"
          autoComplete="off"
          required
          label={t('lenderPortal.users.email')}
          error={inviteProblem('email')}
        />
        <Select
          name="lenderRole"
          label={t('lenderPortal.users.role')}
          defaultValue="lender-agent"
          options={roleOptions}
          error={inviteProblem('lenderRole')}
        />
        <div className="sm:col-span-2">
          <Button type="submit" variant="primary">
            {t('lenderPortal.users.invite')}
          </Button>
        </div>
      </Form>
      <section aria-labelledby="users-list" className="mt-8">
        <h2 id="users-list" className="text-xl font-semibold">
          {t('lenderPortal.users.caption')}
        </h2>
        <ul className="mt-4 grid gap-4">
          {users.map((user) => {
            const email = user.email ?? '–'
            return (
              <li
                key={user.id}
                className="min-w-0 rounded-xl border border-slate-200 p-4"
                data-testid="lender-user"
              >
                <p className="font-semibold break-words">
                  {user.id === myId ? t('lenderPortal.users.you', { email }) : email}
                </p>
                <p className="text-sm text-slate-700">
                  {t('lenderPortal.users.lastLogin')}:{' '}
                  {user.lastLoginAt
                    ? formatDate(intlLocale, user.lastLoginAt)
                    : t('lenderPortal.users.never')}
                </p>
                <div className="mt-3 flex flex-wrap items-end gap-4">
                  <Form method="post" className="flex flex-wrap items-end gap-2">
                    <input type="hidden" name="intent" value="role" />
                    <input type="hidden" name="userId" value={user.id} />
                    <Select
                      name="lenderRole"
                      label={t('lenderPortal.users.roleOf', { email })}
                      defaultValue={user.lenderRole}
                      options={roleOptions}
                    />
                    <Button type="submit" variant="secondary">
                      {t('lenderPortal.users.saveRole')}
                    </Button>
                  </Form>
                  <Form method="post">
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="userId" value={user.id} />
                    <Button
                      type="submit"
                      variant="ghost"
                      aria-label={t('lenderPortal.users.removeLabel', { email })}
                    >
                      {t('lenderPortal.users.remove')}
                    </Button>
                  </Form>
                </div>
              </li>
            )
          })}
        </ul>
      </section>
    </LenderPage>
  )
}
