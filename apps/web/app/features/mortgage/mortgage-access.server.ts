import { type Language, languageOfPath, pathFor } from '@lainava/routing'
import { data, redirect } from 'react-router'
import type { WebLoadContext } from '../../context.ts'

/** An offer or application id is a UUID; anything else names nothing (and never reaches the database). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * The mortgage status pages' gate: signed out → the login page and back here. `forbid` is spec §6
 * for `/mortgage-application/status`: a refusal logs the person out and shows the forbidden page,
 * done here already so that nothing of another person's application is drawn, even without JavaScript.
 */
export async function requireOwner(services: Pick<WebLoadContext, 'auth'>, request: Request, url: URL) {
  const cookieHeader = request.headers.get('cookie')
  const language = languageOfPath(url.pathname) as Language
  const user = await services.auth.currentUser(cookieHeader)
  if (!user)
    throw redirect(`${pathFor('login', language)}?returnTo=${encodeURIComponent(url.pathname + url.search)}`)
  async function forbid(): Promise<never> {
    const { setCookies } = await services.auth.logout(cookieHeader)
    const headers = new Headers()
    for (const cookie of setCookies) headers.append('set-cookie', cookie)
    throw redirect(pathFor('forbidden', language), { headers })
  }
  return { user, language, forbid }
}

/** The posted form; a body that is no form (JSON, a broken multipart) is a 400, never a 500. */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData()
  } catch {
    throw data(null, { status: 400 })
  }
}
