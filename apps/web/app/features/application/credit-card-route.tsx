import { isActiveLanguage, type Language, languageOfPath } from '@lainava/routing'
import { data, type ShouldRevalidateFunctionArgs } from 'react-router'
import { webContext } from '../../context.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { rootDataFromMatches } from '../../lib/root-data.ts'
import { alternateLinks } from '../../lib/seo.ts'
import type { Route } from './+types/credit-card-route'
import type { ActionResult } from './application-form.tsx'
import { ApplicationPage } from './application-page.tsx'
import { CardForm } from './card-form.tsx'
import { previewRecipientsAction, submitApplicationAction } from './submit-application.server.ts'

export async function loader({ request, url, context }: Route.LoaderArgs) {
  if (!isActiveLanguage(languageOfPath(url.pathname) as Language)) return { notActive: true, person: null }
  const { applications } = context.get(webContext)
  // Issue 14: a signed-in person's e-mail and name are filled in, as on the loan form.
  return { notActive: false, person: await applications.signedInPerson(request.headers.get('cookie')) }
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
  if (form.get('intent') === 'recipients') {
    return previewRecipientsAction({ applications }, form, 'credit-card', payload)
  }
  return submitApplicationAction({ applications, clientIp }, request, form, 'credit-card', payload)
}

// Asking who receives the application changes nothing the loader gives.
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData?.get('intent') === 'recipients' ? false : defaultShouldRevalidate
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const root = rootDataFromMatches(matches)
  if (!root) return []
  // A country we do not serve yet: the "coming soon" screen, titled as it (ADR 018: one language).
  if (loaderData?.notActive) {
    return [
      { title: root.t('status.comingSoon.title') },
      { name: 'description', content: root.t('status.comingSoon.text') },
      { name: 'robots', content: 'noindex' },
    ]
  }
  return [
    { title: `${root.t('form.cardTitle')} – ${root.brandName}` },
    { name: 'description', content: root.t('form.lead') },
    ...alternateLinks('creditCardForm', root.lang, {}, root.publicUrl),
  ]
}

export default function CreditCardRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n()
  return (
    <ApplicationPage notActive={loaderData.notActive} title={t('form.cardTitle')} lead={t('form.lead')}>
      {(onSubmitted) => <CardForm onSubmitted={onSubmitted} person={loaderData.person} />}
    </ApplicationPage>
  )
}
