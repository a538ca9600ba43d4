import { webContext } from '../../context.ts'
import { rootDataFromMatches } from '../../lib/root-data.ts'
import type { Route } from './+types/one-page-onboarding-route'
import { requireAdminPage } from './admin-access.server.ts'
import { ApplicationList } from './application-list.tsx'

export async function loader({ request, url, context }: Route.LoaderArgs) {
  await requireAdminPage(request, url, context.get(webContext))
  return null
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataFromMatches(matches)
  return root
    ? [
        { title: `${root.t('admin.apps.onePage.title')} – ${root.brandName}` },
        { name: 'robots', content: 'noindex' },
      ]
    : []
}

export default function Page() {
  return <ApplicationList segment="one-page" />
}
