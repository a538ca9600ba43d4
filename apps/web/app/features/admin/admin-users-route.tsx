import { ApiError } from '@lainava/api-client'
import { type FormEvent, useCallback, useEffect, useState } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { Select } from '../../components/ui/select.tsx'
import { TextInput } from '../../components/ui/text-input.tsx'
import { webContext } from '../../context.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { rootDataFromMatches } from '../../lib/root-data.ts'
import { useUser } from '../../lib/user-state.tsx'
import type { Route } from './+types/admin-users-route'
import { requireAdminPage } from './admin-access.server.ts'
import { AdminNav } from './admin-nav.tsx'

type Account = {
  id: string
  email: string | null
  role: 'consumer' | 'lender' | 'admin'
  lenderId: string | null
}

// Staff page: the data comes from the admin API in the browser, which checks the role on every call;
// the loader already logs a non-admin out to /forbidden/ (spec §6), as on every admin page.
export async function loader({ request, url, context }: Route.LoaderArgs) {
  await requireAdminPage(request, url, context.get(webContext))
  return null
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataFromMatches(matches)
  return root
    ? [
        { title: `${root.t('admin.users.title')} – ${root.brandName}` },
        { name: 'robots', content: 'noindex' },
      ]
    : []
}

export default function AdminUsersRoute() {
  const { t, lang } = useI18n()
  const { client } = useUser()
  const [users, setUsers] = useState<Account[] | null>(null)
  const [message, setMessage] = useState('')
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<'lender' | 'admin'>('lender')
  const [lenderId, setLenderId] = useState('')

  const load = useCallback(async () => {
    const result = await client.get<{ users: Account[] }>('/api/v1/admin/users')
    if (result) setUsers(result.users)
  }, [client])

  useEffect(() => {
    void load()
  }, [load])

  async function invite(event: FormEvent) {
    event.preventDefault()
    try {
      await client.postJson('/api/v1/admin/invitations', {
        email,
        role,
        language: lang,
        ...(role === 'lender' ? { lenderId } : {}),
      })
      setMessage(t('admin.users.invited', { email }))
      setEmail('')
      await load()
    } catch (error) {
      const body = error instanceof ApiError ? (error.body as { message?: string } | undefined) : undefined
      setMessage(t('admin.users.failed', { message: body?.message ?? String(error) }))
    }
  }

  return (
    <>
      <AdminNav />
      <div className="mx-auto max-w-4xl px-4 py-12">
        <h1 className="text-3xl font-bold text-slate-900">{t('admin.users.title')}</h1>
        <p className="mt-2 text-slate-700">{t('admin.users.lead')}</p>
        <form
          onSubmit={invite}
          className="mt-6 grid gap-4 rounded-xl border border-slate-200 p-6 md:grid-cols-2"
        >
          <h2 className="text-xl font-semibold md:col-span-2">{t('admin.users.invite')}</h2>
          <TextInput
            label={t('admin.users.email')}
            type="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Select
            label={t('admin.users.inviteRole')}
            value={role}
            onChange={(e) => setRole(e.target.value as 'lender' | 'admin')}
            options={[
              { value: 'lender', label: t('role.lender') },
              { value: 'admin', label: t('role.admin') },
            ]}
          />
          {role === 'lender' ? (
            <TextInput
              label={t('admin.users.lenderId')}
              value={lenderId}
              onChange={(e) => setLenderId(e.target.value)}
            />
          ) : null}
          <div className="md:col-span-2">
            <Button type="submit" variant="primary">
              {t('admin.users.invite')}
            </Button>
          </div>
          <p role="status" className="md:col-span-2">
            {message}
          </p>
        </form>
        {users === null ? (
          <p role="status" className="mt-6">
            {t('admin.users.loading')}
          </p>
        ) : (
          <table className="mt-6 w-full text-left">
            <thead>
              <tr>
                <th scope="col" className="py-2">
                  {t('admin.users.email')}
                </th>
                <th scope="col" className="py-2">
                  {t('admin.users.role')}
                </th>
              </tr>
            </thead>
            <tbody>
              {users.map((account) => (
                <tr key={account.id} className="border-t border-slate-200">
                  <td className="py-2">{account.email}</td>
                  <td className="py-2">{t(`role.${account.role}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </>
  )
}
