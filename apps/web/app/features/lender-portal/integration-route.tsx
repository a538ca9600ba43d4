import { ApiError } from '@lainava/api-client'
import type { IntegrationSettings, RotatedSecret } from '@lainava/domain/lender-integration'
import { type FormEvent, useCallback, useEffect, useState } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { TextInput } from '../../components/ui/text-input.tsx'
import { webContext } from '../../context.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { rootDataFromMatches } from '../../lib/root-data.ts'
import { useUser } from '../../lib/user-state.tsx'
import type { Route } from './+types/integration-route'
import { IntegrationKeys } from './integration-keys.tsx'
import { OneTimeSecret, problemMessage, useDateTime } from './integration-parts.tsx'
import { IntegrationTest } from './integration-test.tsx'
import { requireLenderPage } from './lender-access.server.ts'
import { LenderPage, lenderMeta } from './lender-page.tsx'

// Issue 17 item 5 (ADR 028): a lender-admin's integration settings. The loader gates the page (an agent or
// anyone else is logged out to /forbidden/); the data comes from the integration API in the browser,
// which checks the role on every call, as on the admin pages.

export async function loader({ request, url, context }: Route.LoaderArgs) {
  return { workspace: await requireLenderPage(request, url, context.get(webContext), { adminOnly: true }) }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  lenderMeta(rootDataFromMatches(matches), 'lenderIntegration.title')

const SETTINGS_PATH = '/api/v1/lender/integration'

export default function IntegrationRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n()
  const { client } = useUser()
  const [settings, setSettings] = useState<IntegrationSettings | null>(null)
  const [loadError, setLoadError] = useState('')

  const load = useCallback(async () => {
    try {
      const result = await client.get<IntegrationSettings>(SETTINGS_PATH)
      if (result) setSettings(result)
    } catch (error) {
      setLoadError(t('lenderIntegration.failed', { message: problemMessage(error) }))
    }
  }, [client, t])

  useEffect(() => {
    void load()
  }, [load])

  return (
    <LenderPage workspace={loaderData.workspace}>
      <h1 className="text-3xl font-bold text-slate-900">{t('lenderIntegration.title')}</h1>
      <p className="mt-2 max-w-3xl text-slate-700">{t('lenderIntegration.lead')}</p>
      {settings === null ? (
        <p role={loadError ? 'alert' : 'status'} className="mt-6">
          {loadError || t('lenderIntegration.loading')}
        </p>
      ) : (
        <>
          {settings.integration === 'http' ? null : (
            <p className="mt-6 max-w-3xl rounded-lg bg-slate-100 p-4 text-slate-800">
              {t('lenderIntegration.manualNote')}
            </p>
          )}
          <IntegrationKeys keys={settings.keys} onChange={load} />
          {settings.integration === 'http' ? (
            <>
              <EndpointSection settings={settings} onSaved={setSettings} />
              <SecretSection settings={settings} onRotated={load} />
              <IntegrationTest hasEndpoint={!!settings.endpointUrl} />
            </>
          ) : null}
        </>
      )}
    </LenderPage>
  )
}

const sectionClasses = 'mt-10 border-t border-slate-200 pt-8'

function EndpointSection({
  settings,
  onSaved,
}: {
  settings: IntegrationSettings
  onSaved: (settings: IntegrationSettings) => void
}) {
  const { t } = useI18n()
  const { client } = useUser()
  const [endpointUrl, setEndpointUrl] = useState(settings.endpointUrl ?? '')
  const [fieldError, setFieldError] = useState('')
  const [message, setMessage] = useState('')
  const [saving, setSaving] = useState(false)

  async function save(event: FormEvent) {
    event.preventDefault()
    setSaving(true)
    setFieldError('')
    setMessage('')
    try {
      const saved = await client.put<IntegrationSettings>(`${SETTINGS_PATH}/endpoint`, { endpointUrl })
      if (saved) onSaved(saved)
      setMessage(t('lenderIntegration.endpoint.saved'))
    } catch (error) {
      const field = error instanceof ApiError ? error.problem?.fields[0]?.message : undefined
      if (field) setFieldError(field)
      else setMessage(t('lenderIntegration.failed', { message: problemMessage(error) }))
    } finally {
      setSaving(false)
    }
  }

  return (
    <section aria-labelledby="integration-endpoint" className={sectionClasses}>
      <h2 id="integration-endpoint" className="text-2xl font-semibold text-slate-900">
        {t('lenderIntegration.endpoint.heading')}
      </h2>
      <p className="mt-2 max-w-3xl text-slate-700">{t('lenderIntegration.endpoint.lead')}</p>
      <form onSubmit={save} noValidate className="mt-4 grid max-w-2xl gap-4">
        <TextInput
          label={t('lenderIntegration.endpoint.label')}
          type="url"
          inputMode="url"
          autoComplete="off"
          required
          value={endpointUrl}
          error={fieldError}
          onChange={(event) => setEndpointUrl(event.target.value)}
        />
        <div>
          <Button type="submit" variant="primary" loading={saving}>
            {t('lenderIntegration.endpoint.save')}
          </Button>
        </div>
        <p role="status">{message}</p>
      </form>
    </section>
  )
}

function SecretSection({ settings, onRotated }: { settings: IntegrationSettings; onRotated: () => void }) {
  const { t } = useI18n()
  const { client } = useUser()
  const dateTime = useDateTime()
  const [graceHours, setGraceHours] = useState('24')
  const [fieldError, setFieldError] = useState('')
  const [message, setMessage] = useState('')
  const [rotated, setRotated] = useState<RotatedSecret | null>(null)
  const [busy, setBusy] = useState(false)

  async function rotate(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    setFieldError('')
    setMessage('')
    try {
      const result = await client.postJson<RotatedSecret>(`${SETTINGS_PATH}/signing-secret/rotate`, {
        graceHours: Number(graceHours.trim() === '' ? Number.NaN : graceHours),
      })
      if (result) setRotated(result)
      onRotated()
    } catch (error) {
      const field = error instanceof ApiError ? error.problem?.fields[0]?.message : undefined
      if (field) setFieldError(field)
      else setMessage(t('lenderIntegration.failed', { message: problemMessage(error) }))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section aria-labelledby="integration-secret" className={sectionClasses}>
      <h2 id="integration-secret" className="text-2xl font-semibold text-slate-900">
        {t('lenderIntegration.secret.heading')}
      </h2>
      <p className="mt-2 max-w-3xl text-slate-700">{t('lenderIntegration.secret.lead')}</p>
      <p className="mt-3 max-w-3xl font-medium text-slate-900">
        {!settings.hasSigningSecret
          ? t('lenderIntegration.secret.none')
          : settings.previousSecretValidUntil
            ? t('lenderIntegration.secret.previousUntil', {
                date: dateTime(settings.previousSecretValidUntil),
              })
            : t('lenderIntegration.secret.current')}
      </p>
      <form onSubmit={rotate} noValidate className="mt-4 grid max-w-2xl gap-4">
        <TextInput
          label={t('lenderIntegration.secret.grace')}
          inputMode="numeric"
          autoComplete="off"
          value={graceHours}
          error={fieldError}
          onChange={(event) => setGraceHours(event.target.value)}
          className="max-w-xs"
        />
        <div>
          <Button type="submit" variant="secondary" loading={busy}>
            {t('lenderIntegration.secret.rotate')}
          </Button>
        </div>
        <p role="status">{message}</p>
      </form>
      {rotated ? (
        <OneTimeSecret
          notice={t('lenderIntegration.secret.rotated')}
          label={t('lenderIntegration.secret.newLabel')}
          secret={rotated.signingSecret}
        />
      ) : null}
    </section>
  )
}
