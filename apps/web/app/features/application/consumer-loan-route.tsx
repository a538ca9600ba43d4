import { parseLoanPrefill } from '@lainava/domain/application/prefill'
import { CONSUMER_LOAN_LIMITS } from '@lainava/domain/constants'
import { isActiveLanguage, type Language, languageOfPath } from '@lainava/routing'
import { data, type ShouldRevalidateFunctionArgs } from 'react-router'
import { webContext } from '../../context.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { rootDataFromMatches } from '../../lib/root-data.ts'
import { alternateLinks } from '../../lib/seo.ts'
import type { Route } from './+types/consumer-loan-route'
import { type ActionResult, ApplicationForm } from './application-form.tsx'
import { ApplicationPage } from './application-page.tsx'
import { emptyForm, type FormData, formFromDraft, STEPS, type Step, withPerson } from './form-state.ts'
import { previewRecipientsAction, submitApplicationAction } from './submit-application.server.ts'

const MAX_DRAFT_BYTES = 64 * 1024

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const language = languageOfPath(url.pathname) as Language
  if (!isActiveLanguage(language)) return { notActive: true as const }
  const { applications } = context.get(webContext)
  const cookieHeader = request.headers.get('cookie')
  const draft = await applications.loadDraft({ cookieHeader, kind: 'consumer-loan' })
  // spec §1/§5: the address can prefill amount, period and purpose.
  const prefill = parseLoanPrefill(url.searchParams, { kind: 'consumer' })
  // Issue 14: a signed-in person's e-mail and name are filled in where the draft has none.
  const base = withPerson(
    formFromDraft(
      emptyForm({ amount: CONSUMER_LOAN_LIMITS.defaultAmount, period: CONSUMER_LOAN_LIMITS.defaultYears }),
      draft?.data,
    ),
    await applications.signedInPerson(cookieHeader),
  )
  const initial: FormData = prefill
    ? {
        ...base,
        loan: {
          ...base.loan,
          amount: prefill.amount,
          period: prefill.period,
          purpose: prefill.purpose ?? base.loan.purpose,
        },
      }
    : base
  const step =
    (STEPS as readonly string[]).includes(draft?.step ?? '') && !prefill ? (draft?.step as Step) : 'loan'
  return {
    notActive: false as const,
    initial,
    initialStep: step,
    prefilled: prefill !== null,
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { applications, clientIp } = context.get(webContext)
  const cookieHeader = request.headers.get('cookie')
  const form = await request.formData()
  const text = String(form.get('data') ?? '')
  if (text.length > MAX_DRAFT_BYTES) return data({ intent: 'draft', ok: false }, { status: 413 })
  let payload: unknown
  try {
    payload = JSON.parse(text)
  } catch {
    return data({ intent: 'draft', ok: false }, { status: 400 })
  }
  if (form.get('intent') === 'draft') {
    const { setCookies } = await applications.saveDraft({
      cookieHeader,
      kind: 'consumer-loan',
      step: String(form.get('step') ?? 'loan'),
      data: payload as Record<string, unknown>,
    })
    const headers = new Headers()
    for (const cookie of setCookies) headers.append('set-cookie', cookie)
    return data({ intent: 'draft', ok: true } satisfies ActionResult, { headers })
  }
  if (form.get('intent') === 'recipients') {
    return previewRecipientsAction({ applications }, form, 'consumer-loan', payload)
  }
  return submitApplicationAction({ applications, clientIp }, request, form, 'consumer-loan', payload)
}

// Saving a draft or asking who receives the application changes nothing the loader gives:
// no reload behind the user's typing.
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const intent = formData?.get('intent')
  return intent === 'draft' || intent === 'recipients' ? false : defaultShouldRevalidate
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
    { title: `${root.t('form.title')} – ${root.brandName}` },
    { name: 'description', content: root.t('form.lead') },
    ...alternateLinks('consumerLoanForm', root.lang, {}, root.publicUrl),
  ]
}

export default function ConsumerLoanRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n()
  return (
    <ApplicationPage notActive={loaderData.notActive} title={t('form.title')} lead={t('form.lead')}>
      {(onSubmitted) =>
        loaderData.notActive ? null : (
          <div className="mt-6">
            <ApplicationForm
              initial={loaderData.initial}
              initialStep={loaderData.initialStep}
              prefilled={loaderData.prefilled}
              onSubmitted={onSubmitted}
            />
          </div>
        )
      }
    </ApplicationPage>
  )
}
