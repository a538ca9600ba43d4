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
import { emptyForm, type FormData, STEPS, type Step } from './form-state.ts'
import { submitApplicationAction } from './submit-application.server.ts'

const MAX_DRAFT_BYTES = 64 * 1024

function mergeDraft(base: FormData, draft: Record<string, unknown> | undefined): FormData {
  if (!draft) return base
  return { ...base, ...(draft as Partial<FormData>) }
}

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const language = languageOfPath(url.pathname) as Language
  if (!isActiveLanguage(language)) return { notActive: true as const }
  const { applications } = context.get(webContext)
  const cookieHeader = request.headers.get('cookie')
  const [draft, lenders] = await Promise.all([
    applications.loadDraft({ cookieHeader, kind: 'consumer-loan' }),
    applications.recipients(),
  ])
  // spec §1/§5: the address can prefill amount, period and purpose.
  const prefill = parseLoanPrefill(url.searchParams, { kind: 'consumer' })
  const base = mergeDraft(
    emptyForm({ amount: CONSUMER_LOAN_LIMITS.defaultAmount, period: CONSUMER_LOAN_LIMITS.defaultYears }),
    draft?.data,
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
    lenders,
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
  return submitApplicationAction({ applications, clientIp }, request, form, 'consumer-loan', payload)
}

// Saving a draft changes nothing the page shows: no reload of the loaders behind the user's typing.
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData?.get('intent') === 'draft' ? false : defaultShouldRevalidate
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataFromMatches(matches)
  if (!root) return []
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
              lenders={loaderData.lenders}
              onSubmitted={onSubmitted}
            />
          </div>
        )
      }
    </ApplicationPage>
  )
}
