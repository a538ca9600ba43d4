import { languageOfPath, pathFor } from '@lainava/routing'
import { redirect } from 'react-router'
import type { WebLoadContext } from '../../context.ts'

/**
 * The admin pages' gate. Signed out: the login page, back here after. Signed in without the admin
 * role: spec §6, a refusal on an /admin path logs the user out and shows the forbidden page; done
 * here already, so no admin page is drawn for anyone else even without JavaScript. The data itself
 * comes from the admin API, which checks the role on every call.
 */
export async function requireAdminPage(request: Request, url: URL, services: WebLoadContext) {
  const cookieHeader = request.headers.get('cookie')
  const language = languageOfPath(url.pathname)
  const user = await services.auth.currentUser(cookieHeader)
  if (!user)
    throw redirect(`${pathFor('login', language)}?returnTo=${encodeURIComponent(url.pathname + url.search)}`)
  if (user.role !== 'admin') {
    const { setCookies } = await services.auth.logout(cookieHeader)
    const headers = new Headers()
    for (const cookie of setCookies) headers.append('set-cookie', cookie)
    throw redirect(pathFor('forbidden', language), { headers })
  }
  return user
}
