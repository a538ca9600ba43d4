import { parseLoanPrefill } from '@lainava/domain/application/prefill'
import { CONSUMER_LOAN_LIMITS } from '@lainava/domain/constants'
import { isActiveLanguage, type Language, languageOfPath } from '@lainava/routing'
import { data } from 'react-router'
import { webContext } from '../../context.ts'
import type { Route } from './+types/consumer-loan-route'
import type { ActionResult } from './application-form.tsx'
import { emptyForm, type FormData, formFromDraft, STEPS, type Step, withPerson } from './form-state.ts'
import { previewRecipientsAction, submitApplicationAction } from './submit-application.server.ts'

// The consumer loan form's loader and action (the route module only hands over): server code, so
// none of it, nor the prefill's schemas, reaches the page's scripts (ADR 050).

const MAX_DRAFT_BYTES = 64 * 1024

export async function consumerLoanLoader({ request, url, context }: Route.LoaderArgs) {
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

export async function consumerLoanAction({ request, context }: Route.ActionArgs) {
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
    const saved = await applications.saveDraft({
      cookieHeader,
      kind: 'consumer-loan',
      step: String(form.get('step') ?? 'loan'),
      data: payload as Record<string, unknown>,
    })
    // The form keeps its data in the browser too: a draft not saved now is saved at the next step.
    if (!saved.ok) return data({ intent: 'draft', ok: false }, { status: saved.status })
    const headers = new Headers()
    for (const cookie of saved.setCookies) headers.append('set-cookie', cookie)
    return data({ intent: 'draft', ok: true } satisfies ActionResult, { headers })
  }
  if (form.get('intent') === 'recipients') {
    return previewRecipientsAction({ applications }, form, 'consumer-loan', payload)
  }
  return submitApplicationAction({ applications, clientIp }, request, form, 'consumer-loan', payload)
}
