import { safeReturnPath } from '@lainava/routing'
import { redirect } from 'react-router'
import type { WebLoadContext } from '../../context.ts'
import { consentCookies } from '../../lib/consent.ts'
import { SETTINGS_PARAM } from './consent-settings.ts'

// Issue 18: the cookie banner without JavaScript. Its form posts here (the root route's action, reached by
// a POST to `/`): the choice becomes the marketing cookie, the deviceId cookie's lifetime follows it
// (persistent only with consent, spec §4), a signed-in consumer's account consent takes the same choice
// (as the banner does with JavaScript) and the browser goes back to the page it came from. With
// JavaScript the banner sets the same cookies in the page and never posts.

export const CONSENT_INTENT = 'cookie-consent'

/** The choice a banner button sends: all, necessary only, or the checkbox's state. */
export function grantedOf(form: FormData): boolean | null {
  const choice = form.get('choice')
  if (choice === 'all') return true
  if (choice === 'necessary') return false
  if (choice === 'save') return form.get('marketing') === 'true'
  return null
}

/** The page to return to, without the parameter that opened the settings. */
export function returnPathOf(form: FormData, fallback: string): string {
  const path = safeReturnPath(form.get('returnTo'), fallback)
  const url = new URL(path, 'http://return.invalid')
  url.searchParams.delete(SETTINGS_PARAM)
  return `${url.pathname}${url.search}${url.hash}`
}

/** What the action needs of the web services to remember the choice in a signed-in consumer's account. */
export type ConsentAccounts = Pick<WebLoadContext, 'auth' | 'account'>

/**
 * The choice as the account's analytics-cookies consent, the other consents kept. Consents belong to
 * consumer accounts only (the API's rule too); signed out, or staff and lenders, nothing is written.
 */
async function rememberForAccount(accounts: ConsentAccounts, cookieHeader: string | null, granted: boolean) {
  const user = await accounts.auth.currentUser(cookieHeader)
  if (user?.role !== 'consumer') return
  const { updatedAt: _updatedAt, ...consents } = await accounts.account.getConsents(user.id)
  await accounts.account.updateConsents(user.id, { ...consents, analyticsCookies: granted })
}

/** The root action: a banner form's post, or a 405 for anything else posted to the root. */
export async function consentAction(
  request: Request,
  options: { secure: boolean; accounts?: ConsentAccounts },
): Promise<never> {
  const form = await request.formData().catch(() => null)
  const granted = form && form.get('intent') === CONSENT_INTENT ? grantedOf(form) : null
  if (!form || granted === null) throw new Response(null, { status: 405 })
  const cookieHeader = request.headers.get('cookie')
  if (options.accounts) await rememberForAccount(options.accounts, cookieHeader, granted)
  const headers = new Headers()
  for (const cookie of consentCookies(granted, cookieHeader, options.secure))
    headers.append('set-cookie', cookie)
  throw redirect(returnPathOf(form, '/'), { status: 303, headers })
}
