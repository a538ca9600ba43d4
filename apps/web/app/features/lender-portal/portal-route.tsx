import { languageOfPath, pathFor } from '@lainava/routing'
import { redirect } from 'react-router'
import { webContext } from '../../context.ts'
import type { Route } from './+types/portal-route'
import { requireLenderPage } from './lender-access.server.ts'

// `/lender/`: the portal's overview is its incoming applications (issue 17).
export async function loader({ request, url, context }: Route.LoaderArgs) {
  await requireLenderPage(request, url, context.get(webContext))
  throw redirect(pathFor('lenderApplications', languageOfPath(url.pathname)))
}

export default function LenderPortalRoute() {
  return null
}
