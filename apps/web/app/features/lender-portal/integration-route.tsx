import { webContext } from '../../context.ts'
import { rootDataFromMatches } from '../../lib/root-data.ts'
import type { Route } from './+types/integration-route'
import { requireLenderPage } from './lender-access.server.ts'
import { ComingPage, lenderMeta } from './lender-page.tsx'

// Issue 17: a placeholder until this part of the lender portal lands (its owner replaces this file).

export async function loader({ request, url, context }: Route.LoaderArgs) {
  return { workspace: await requireLenderPage(request, url, context.get(webContext), { adminOnly: true }) }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  lenderMeta(rootDataFromMatches(matches), 'lenderPortal.nav.integration')

export default function Placeholder({ loaderData }: Route.ComponentProps) {
  return <ComingPage workspace={loaderData.workspace} title="lenderPortal.nav.integration" />
}
