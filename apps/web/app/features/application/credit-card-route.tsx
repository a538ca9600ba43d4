import { isActiveLanguage, type Language, languageOfPath } from '@lainava/routing'
import { useState } from 'react'
import { data } from 'react-router'
import { webContext } from '../../context.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { rootDataFromMatches } from '../../lib/root-data.ts'
import { alternateLinks } from '../../lib/seo.ts'
import { StatusPage } from '../status/status-page.tsx'
import type { Route } from './+types/credit-card-route'
import type { ActionResult } from './application-form.tsx'
import { CardForm } from './card-form.tsx'
import { Confirmation } from './confirmation.tsx'
import { submitApplicationAction } from './submit-application.server.ts'

export async function loader({ url, context }: Route.LoaderArgs) {
  if (!isActiveLanguage(languageOfPath(url.pathname) as Language))
    return { notActive: true as const, lenders: [] }
  return { notActive: false as const, lenders: await context.get(webContext).applications.recipients() }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { applications, clientIp } = context.get(webContext)
  const form = await request.formData()
  let payload: unknown
  try {
    payload = JSON.parse(String(form.get('data') ?? ''))
  } catch {
    return data({ intent: 'submit', ok: false, message: '' } satisfies ActionResult, { status: 400 })
  }
  return submitApplicationAction({ applications, clientIp }, request, form, 'credit-card', payload)
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataFromMatches(matches)
  if (!root) return []
  return [
    { title: `${root.t('form.cardTitle')} – ${root.brandName}` },
    ...alternateLinks('creditCardForm', root.lang, {}, root.publicUrl),
  ]
}

export default function CreditCardRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n()
  const [submitted, setSubmitted] = useState<Extract<ActionResult, { ok: true; intent: 'submit' }> | null>(
    null,
  )
  if (loaderData.notActive) return <StatusPage kind="comingSoon" />
  if (submitted) return <Confirmation result={submitted} />
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">{t('form.cardTitle')}</h1>
      <p className="mt-2 text-slate-700">{t('form.lead')}</p>
      <CardForm lenders={loaderData.lenders} onSubmitted={setSubmitted} />
    </div>
  )
}
