import {
  type IdentificationOutcome,
  type IdentificationStatus,
  isIdentificationOutcome,
} from '@lainava/domain/identification'
import { languageOfPath, pathFor } from '@lainava/routing'
import { data, redirect } from 'react-router'
import type { WebLoadContext } from '../../context.ts'

// The bank ID and identification status pages (issue 16 item 5, ADR 024) load alike: the signed-in
// person's mortgage application (the one in the path, else the latest) and how it was identified.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export type IdentificationPageData = {
  application: IdentificationStatus | null
  outcome: IdentificationOutcome | null
  /** Our start endpoint for this application, coming back to the bank ID page; null when it cannot start. */
  startHref: string | null
}

export async function loadIdentificationPage(
  request: Request,
  url: URL,
  params: { id?: string },
  context: WebLoadContext,
): Promise<IdentificationPageData> {
  const lang = languageOfPath(url.pathname)
  const user = await context.auth.currentUser(request.headers.get('cookie'))
  if (!user) {
    throw redirect(`${pathFor('login', lang)}?returnTo=${encodeURIComponent(url.pathname + url.search)}`)
  }
  const id = params.id ?? null
  // Not a UUID, or not this person's: "not found", as in the API.
  if (id !== null && !UUID.test(id)) throw data(null, { status: 404 })
  const application = await context.identification.status({ userId: user.id, mortgageApplicationId: id })
  if (id !== null && !application) throw data(null, { status: 404 })
  const outcome = url.searchParams.get('identification')
  const canStart =
    application !== null &&
    application.status === 'draft' &&
    application.hasApplicant &&
    application.identification === null
  const startHref = canStart
    ? `/api/v1/identification/start?${new URLSearchParams({
        mortgageApplicationId: application.mortgageApplicationId,
        returnTo: pathFor('bankIdAuthentication', lang, { id: application.mortgageApplicationId }),
        language: lang,
      })}`
    : null
  return { application, outcome: isIdentificationOutcome(outcome) ? outcome : null, startHref }
}
