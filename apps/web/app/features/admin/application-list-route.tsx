import { webContext } from '../../context.ts'
import { rootDataFromMatches } from '../../lib/root-data.ts'
import type { Route } from './+types/application-list-route'
import { requireAdminPage } from './admin-access.server.ts'
import { ApplicationList, SEGMENT_PAGES, segmentOfPath } from './application-list.tsx'

// The admins' application lists (SME, one-page onboarding, mortgage): one module for the three screens,
// the list chosen by the path.

export async function loader({ request, url, context }: Route.LoaderArgs) {
  await requireAdminPage(request, url, context.get(webContext))
  return { segment: segmentOfPath(url.pathname) }
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const root = rootDataFromMatches(matches)
  return root
    ? [
        { title: `${root.t(SEGMENT_PAGES[segmentOfPath(location.pathname)].title)} – ${root.brandName}` },
        { name: 'robots', content: 'noindex' },
      ]
    : []
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ApplicationList segment={loaderData.segment} />
}
