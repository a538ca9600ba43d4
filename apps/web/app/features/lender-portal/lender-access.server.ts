import type { LenderWorkspace } from '@lainava/domain/lender-portal'
import { languageOfPath, pathFor } from '@lainava/routing'
import { data, redirect } from 'react-router'
import type { Failure, WebLoadContext } from '../../context.ts'

/**
 * The lender portal's gate (issue 17). Signed out: the login page, back here after. Signed in as anyone
 * but a lender user, or as a lender-agent on a lender-admin page: spec §6, a refusal on a /lender path
 * logs the user out and shows the forbidden page; done here, so no portal page is drawn for anyone
 * else even without JavaScript. The organisation always comes from the session, never the address.
 */
export async function requireLenderPage(
  request: Request,
  url: URL,
  services: WebLoadContext,
  options: { adminOnly?: boolean } = {},
): Promise<LenderWorkspace> {
  const cookieHeader = request.headers.get('cookie')
  const language = languageOfPath(url.pathname)
  const user = await services.auth.currentUser(cookieHeader)
  if (!user)
    throw redirect(`${pathFor('login', language)}?returnTo=${encodeURIComponent(url.pathname + url.search)}`)
  const workspace = user.role === 'lender' ? await services.lenderPortal.workspace(cookieHeader) : null
  if (!workspace || (options.adminOnly && workspace.lenderRole !== 'lender-admin')) {
    throw await forbidden(request, url, services)
  }
  return workspace
}

/** Spec §6 on /lender paths: the login ends and the forbidden page shows. */
async function forbidden(request: Request, url: URL, services: WebLoadContext) {
  const { setCookies } = await services.auth.logout(request.headers.get('cookie'))
  const headers = new Headers()
  for (const cookie of setCookies) headers.append('set-cookie', cookie)
  return redirect(pathFor('forbidden', languageOfPath(url.pathname)), { headers })
}

export const isFailure = (value: unknown): value is Failure =>
  typeof value === 'object' && value !== null && (value as { ok?: unknown }).ok === false

/**
 * A portal call's answer; a refusal (401, 403: the session ended or the role changed meanwhile) logs
 * the user out to the forbidden page as the gate does. Other failures are the page's to show.
 */
export async function unlessRefused<T>(
  request: Request,
  url: URL,
  services: WebLoadContext,
  result: T | Failure,
): Promise<T | Failure> {
  if (isFailure(result) && (result.status === 401 || result.status === 403)) {
    throw await forbidden(request, url, services)
  }
  return result
}

/** The posted form; a body that is no form (JSON, a broken multipart) is a 400, never a 500. */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData()
  } catch {
    throw data(null, { status: 400 })
  }
}
