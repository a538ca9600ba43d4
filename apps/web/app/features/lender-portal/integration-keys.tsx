import type { CreatedApiKey, LenderApiKey } from '@lainava/domain/lender-integration'
import { type FormEvent, useState } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { TextInput } from '../../components/ui/text-input.tsx'
import { useI18n } from '../../lib/i18n.tsx'
import { useUser } from '../../lib/user-state.tsx'
import { fieldOrProblemMessage, OneTimeSecret, problemMessage, useDateTime } from './integration-parts.tsx'

const KEYS_PATH = '/api/v1/lender/integration/api-keys'

/** The organisation's API keys: create one with a name (shown once), see each one's last use, revoke. */
export function IntegrationKeys({ keys, onChange }: { keys: LenderApiKey[]; onChange: () => Promise<void> }) {
  const { t } = useI18n()
  const { client } = useUser()
  const dateTime = useDateTime()
  const [name, setName] = useState('')
  const [nameError, setNameError] = useState('')
  const [message, setMessage] = useState('')
  const [created, setCreated] = useState<CreatedApiKey | null>(null)
  const [busy, setBusy] = useState<string | null>(null)

  async function create(event: FormEvent) {
    event.preventDefault()
    setBusy('create')
    setNameError('')
    setMessage('')
    setCreated(null)
    try {
      const result = await client.postJson<CreatedApiKey>(KEYS_PATH, { name })
      if (result) setCreated(result)
      setName('')
      await onChange()
    } catch (error) {
      setNameError(fieldOrProblemMessage(error))
    } finally {
      setBusy(null)
    }
  }

  async function revoke(key: LenderApiKey) {
    setBusy(key.id)
    setMessage('')
    try {
      await client.postJson<LenderApiKey>(`${KEYS_PATH}/${key.id}/revoke`)
      setMessage(t('lenderIntegration.keys.revoked', { name: key.name }))
      await onChange()
    } catch (error) {
      setMessage(t('lenderIntegration.failed', { message: problemMessage(error) }))
    } finally {
      setBusy(null)
    }
  }

  return (
    <section aria-labelledby="integration-keys" className="mt-8">
      <h2 id="integration-keys" className="text-2xl font-semibold text-slate-900">
        {t('lenderIntegration.keys.heading')}
      </h2>
      <p className="mt-2 max-w-3xl text-slate-700">{t('lenderIntegration.keys.lead')}</p>
      <form onSubmit={create} noValidate className="mt-4 grid max-w-2xl gap-4">
        <TextInput
          label={t('lenderIntegration.keys.name')}
          hint={t('lenderIntegration.keys.nameHint')}
          required
          maxLength={60}
          autoComplete="off"
          value={name}
          error={nameError}
          onChange={(event) => setName(event.target.value)}
        />
        <div>
          <Button type="submit" variant="primary" loading={busy === 'create'}>
            {t('lenderIntegration.keys.create')}
          </Button>
        </div>
      </form>
      {created ? (
        <OneTimeSecret
          notice={t('lenderIntegration.keys.created', { name: created.key.name })}
          label={t('lenderIntegration.keys.secretLabel')}
          secret={created.secret}
        />
      ) : null}
      <p role="status" className="mt-4">
        {message}
      </p>
      <h3 className="mt-6 text-lg font-semibold text-slate-900">{t('lenderIntegration.keys.caption')}</h3>
      {keys.length === 0 ? (
        <p className="mt-2 text-slate-700">{t('lenderIntegration.keys.none')}</p>
      ) : (
        <ul className="mt-3 grid gap-3">
          {keys.map((key) => (
            <li key={key.id} className="min-w-0 rounded-lg border border-slate-200 p-4">
              <p className="font-semibold break-words text-slate-900">{key.name}</p>
              <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
                <dt className="font-medium text-slate-700">{t('lenderIntegration.keys.column.prefix')}</dt>
                <dd className="font-mono break-all text-slate-900">
                  {key.prefix ? `${key.prefix}…` : t('lenderIntegration.keys.noPrefix')}
                </dd>
                <dt className="font-medium text-slate-700">{t('lenderIntegration.keys.column.created')}</dt>
                <dd>{dateTime(key.createdAt)}</dd>
                <dt className="font-medium text-slate-700">{t('lenderIntegration.keys.column.lastUsed')}</dt>
                <dd>{key.lastUsedAt ? dateTime(key.lastUsedAt) : t('lenderIntegration.keys.never')}</dd>
                <dt className="font-medium text-slate-700">{t('lenderIntegration.keys.column.status')}</dt>
                <dd>
                  {key.revokedAt
                    ? t('lenderIntegration.keys.revokedAt', { date: dateTime(key.revokedAt) })
                    : t('lenderIntegration.keys.active')}
                </dd>
              </dl>
              {key.revokedAt ? null : (
                <Button
                  variant="secondary"
                  size="sm"
                  className="mt-3"
                  loading={busy === key.id}
                  aria-label={t('lenderIntegration.keys.revokeLabel', { name: key.name })}
                  onClick={() => void revoke(key)}
                >
                  {t('lenderIntegration.keys.revoke')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
