import { isActiveLanguage, type Language, languageOfPath } from '@lainava/routing'
import { data } from 'react-router'
import { webContext } from '../../context.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { rootDataFromMatches } from '../../lib/root-data.ts'
import { alternateLinks } from '../../lib/seo.ts'
import type { Route } from './+types/credit-card-route'
import type { ActionResult } from './application-form.tsx'
import { ApplicationPage } from './application-page.tsx'
import { CardForm } from './card-form.tsx'
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
  return (
    <ApplicationPage notActive={loaderData.notActive} title={t('form.cardTitle')} lead={t('form.lead')}>
      {(onSubmitted) => <CardForm lenders={loaderData.lenders} onSubmitted={onSubmitted} />}
    </ApplicationPage>
  )
}
