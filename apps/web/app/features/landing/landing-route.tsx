import { isActiveLanguage, type Language } from '@lainava/routing'
import { webContext } from '../../context.ts'
import { rootDataFromMatches } from '../../lib/root-data.ts'
import { alternateLinks } from '../../lib/seo.ts'
import { StatusPage } from '../status/status-page.tsx'
import type { Route } from './+types/landing-route'
import { loadLanding } from './landing-data.server.ts'
import { LandingPage } from './landing-page.tsx'

export async function loader({ url, context }: Route.LoaderArgs) {
  return loadLanding(context.get(webContext), url)
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataFromMatches(matches)
  if (!root) return []
  if (!isActiveLanguage(root.lang as Language)) {
    return [
      { title: root.t('status.notSupported.title') },
      ...alternateLinks('landing', 'fi', {}, root.publicUrl),
    ]
  }
  return [
    { title: root.t('meta.landing.title', { brand: root.brandName }) },
    { name: 'description', content: root.t('meta.landing.description') },
    ...alternateLinks('landing', root.lang, {}, root.publicUrl),
  ]
}

/** The landing; in a language whose country is not active (no data), the "not supported country" screen. */
export default function LandingRoute({ loaderData }: Route.ComponentProps) {
  return loaderData ? <LandingPage data={loaderData} /> : <StatusPage kind="notSupported" />
}
