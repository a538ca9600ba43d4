import type { TestApplicationResult } from '@lainava/domain/lender-integration'
import { useState } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { useI18n } from '../../lib/i18n.tsx'
import { useUser } from '../../lib/user-state.tsx'
import { problemMessage } from './integration-parts.tsx'

/** JSON laid out for reading; any other text as it came. */
function readable(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2)
  } catch {
    return body
  }
}

const preClasses =
  'mt-1 rounded-md bg-slate-900 p-3 font-mono text-sm whitespace-pre-wrap text-slate-50 [overflow-wrap:anywhere]'

/** "Send a test application": the request as sent (headers, body) and the lender's answer (status, body, time). */
export function IntegrationTest({ hasEndpoint }: { hasEndpoint: boolean }) {
  const { t } = useI18n()
  const { client } = useUser()
  const [result, setResult] = useState<TestApplicationResult | null>(null)
  const [message, setMessage] = useState('')
  const [sending, setSending] = useState(false)

  async function send() {
    setSending(true)
    setMessage('')
    setResult(null)
    try {
      const answer = await client.postJson<TestApplicationResult>(
        '/api/v1/lender/integration/test-application',
      )
      if (answer) setResult(answer)
    } catch (error) {
      setMessage(t('lenderIntegration.failed', { message: problemMessage(error) }))
    } finally {
      setSending(false)
    }
  }

  return (
    <section aria-labelledby="integration-test" className="mt-10 border-t border-slate-200 pt-8">
      <h2 id="integration-test" className="text-2xl font-semibold text-slate-900">
        {t('lenderIntegration.test.heading')}
      </h2>
      <p className="mt-2 max-w-3xl text-slate-700">{t('lenderIntegration.test.lead')}</p>
      {hasEndpoint ? (
        <Button
          variant="primary"
          className="mt-4"
          loading={sending}
          loadingLabel={t('lenderIntegration.test.sending')}
          onClick={() => void send()}
        >
          {t('lenderIntegration.test.send')}
        </Button>
      ) : (
        <p className="mt-4 font-medium text-slate-900">{t('lenderIntegration.test.noEndpoint')}</p>
      )}
      <p role="status" className="mt-4">
        {message || (result ? t('lenderIntegration.test.response') : '')}
      </p>
      {result ? <TestResult result={result} /> : null}
    </section>
  )
}

function TestResult({ result }: { result: TestApplicationResult }) {
  const { t } = useI18n()
  return (
    <div className="grid gap-6">
      <div className="min-w-0">
        <h3 className="text-lg font-semibold text-slate-900">{t('lenderIntegration.test.request')}</h3>
        <p className="mt-1 font-mono text-sm [overflow-wrap:anywhere]">
          {result.request.method} {result.request.url}
        </p>
        <h4 className="mt-3 font-semibold text-slate-900">{t('lenderIntegration.test.headers')}</h4>
        <dl className="mt-1 grid gap-y-1 font-mono text-sm">
          {Object.entries(result.request.headers).map(([name, value]) => (
            <div key={name} className="min-w-0 [overflow-wrap:anywhere]">
              <dt className="inline font-semibold">{name}: </dt>
              <dd className="inline">{value}</dd>
            </div>
          ))}
        </dl>
        <h4 className="mt-3 font-semibold text-slate-900">{t('lenderIntegration.test.body')}</h4>
        <pre className={preClasses}>{readable(result.request.body)}</pre>
      </div>
      <div className="min-w-0">
        <h3 className="text-lg font-semibold text-slate-900">{t('lenderIntegration.test.response')}</h3>
        {result.response ? (
          <>
            <dl className="mt-1 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
              <dt className="font-medium text-slate-700">{t('lenderIntegration.test.status')}</dt>
              <dd className="font-mono">{result.response.status}</dd>
              <dt className="font-medium text-slate-700">{t('lenderIntegration.test.time')}</dt>
              <dd>{t('lenderIntegration.test.milliseconds', { ms: result.response.durationMs })}</dd>
            </dl>
            <h4 className="mt-3 font-semibold text-slate-900">{t('lenderIntegration.test.body')}</h4>
            <pre className={preClasses}>
              {result.response.body ? readable(result.response.body) : t('lenderIntegration.test.emptyBody')}
            </pre>
          </>
        ) : (
          <p className="mt-1 font-medium text-red-800">
            {t(
              result.failure === 'refused'
                ? 'lenderIntegration.test.failure.refused'
                : 'lenderIntegration.test.failure.unreachable',
            )}
          </p>
        )}
      </div>
    </div>
  )
}
