import { data } from 'react-router'
import type { ApplicationKind, WebLoadContext } from '../../context.ts'
import type { ActionResult } from './application-form.tsx'

/** The submit half of both application forms' actions: one service call, errors as the form shows them. */
export async function submitApplicationAction(
  services: Pick<WebLoadContext, 'applications' | 'clientIp'>,
  request: Request,
  form: globalThis.FormData,
  kind: ApplicationKind,
  payload: unknown,
) {
  const result = await services.applications.submit({
    cookieHeader: request.headers.get('cookie'),
    kind,
    idempotencyKey: String(form.get('idempotencyKey') ?? ''),
    language: String(form.get('language') ?? 'fi'),
    application: payload,
    ip: services.clientIp,
    tracking: form.get('tracking'),
  })
  if (!result.ok) {
    return data(
      { intent: 'submit', ok: false, message: result.message, fields: result.fields } satisfies ActionResult,
      {
        status: result.status,
      },
    )
  }
  return data({ intent: 'submit', ...result } satisfies ActionResult)
}

/**
 * The lenders the form's current data would go to (the review step shows exactly these before
 * sending); a POST, as the data carries the identity number.
 */
export async function previewRecipientsAction(
  services: Pick<WebLoadContext, 'applications'>,
  form: globalThis.FormData,
  kind: 'consumer-loan' | 'credit-card',
  payload: unknown,
) {
  const result = await services.applications.recipients({
    kind,
    language: String(form.get('language') ?? 'fi'),
    application: payload,
  })
  if (!result.ok) {
    return data({ intent: 'recipients', ok: false, message: result.message } satisfies ActionResult, {
      status: result.status,
    })
  }
  return data({ intent: 'recipients', ok: true, lenders: result.lenders } satisfies ActionResult)
}
