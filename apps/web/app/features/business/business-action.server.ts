import { data } from 'react-router'
import type { WebLoadContext } from '../../context.ts'
import type { BusinessKind } from './business-form.ts'
import type { BusinessActionResult } from './business-onboarding.tsx'

const MAX_BODY_CHARS = 64 * 1024

/**
 * The business forms' page action: save a step, ask who would receive the application, look a
 * company up in the trade register, or send. One service call each; failures as the form shows them.
 */
export async function businessAction(
  services: Pick<WebLoadContext, 'applications' | 'business' | 'clientIp'>,
  request: Request,
  kind: BusinessKind,
) {
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const language = String(form.get('language') ?? 'fi')
  const cookieHeader = request.headers.get('cookie')

  if (intent === 'lookup') {
    const businessId = String(form.get('businessId') ?? '').slice(0, 20)
    const result = await services.business.lookupCompany({ businessId, language, ip: services.clientIp })
    if (!result.ok) {
      return data({ intent: 'lookup', ok: false, message: result.message } satisfies BusinessActionResult, {
        status: result.status,
      })
    }
    return data({
      intent: 'lookup',
      ok: true,
      businessId,
      company: result.company,
      registerOn: result.source === 'prh',
    } satisfies BusinessActionResult)
  }

  const text = String(form.get('data') ?? '')
  if (text.length > MAX_BODY_CHARS)
    return data({ intent: 'draft', ok: false } satisfies BusinessActionResult, { status: 413 })
  let payload: unknown
  try {
    payload = JSON.parse(text)
  } catch {
    return data({ intent: 'draft', ok: false } satisfies BusinessActionResult, { status: 400 })
  }

  if (intent === 'draft') {
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
      return data({ intent: 'draft', ok: false } satisfies BusinessActionResult, { status: 400 })
    const saved = await services.applications.saveDraft({
      cookieHeader,
      kind,
      step: String(form.get('step') ?? '').slice(0, 40),
      data: payload as Record<string, unknown>,
    })
    if (!saved.ok)
      return data({ intent: 'draft', ok: false } satisfies BusinessActionResult, { status: saved.status })
    const headers = new Headers()
    for (const cookie of saved.setCookies) headers.append('set-cookie', cookie)
    return data({ intent: 'draft', ok: true } satisfies BusinessActionResult, { headers })
  }

  if (intent === 'recipients') {
    const result = await services.applications.recipients({ kind, language, application: payload })
    if (!result.ok) {
      return data(
        { intent: 'recipients', ok: false, message: result.message } satisfies BusinessActionResult,
        {
          status: result.status,
        },
      )
    }
    return data({ intent: 'recipients', ok: true, lenders: result.lenders } satisfies BusinessActionResult)
  }

  const result = await services.applications.submit({
    cookieHeader,
    kind,
    idempotencyKey: String(form.get('idempotencyKey') ?? ''),
    language,
    application: payload,
    ip: services.clientIp,
    tracking: form.get('tracking'),
  })
  if (!result.ok) {
    return data(
      {
        intent: 'submit',
        ok: false,
        message: result.message,
        fields: result.fields,
      } satisfies BusinessActionResult,
      { status: result.status },
    )
  }
  return data({ intent: 'submit', ...result } satisfies BusinessActionResult)
}
