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
  })
  if (!result.ok) {
    const fieldErrors = 'fieldErrors' in result ? result.fieldErrors : undefined
    return data(
      { intent: 'submit', ok: false, message: result.message, fieldErrors } satisfies ActionResult,
      {
        status: result.status,
      },
    )
  }
  return data({ intent: 'submit', ...result } satisfies ActionResult)
}
