import type { LenderWorkspace } from '@lainava/domain/lender-portal'
import { languageOfPath, pathFor } from '@lainava/routing'
import { redirect } from 'react-router'
import type { WebLoadContext } from '../../context.ts'

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
    const { setCookies } = await services.auth.logout(cookieHeader)
    const headers = new Headers()
    for (const cookie of setCookies) headers.append('set-cookie', cookie)
    throw redirect(pathFor('forbidden', language), { headers })
  }
  return workspace
}
