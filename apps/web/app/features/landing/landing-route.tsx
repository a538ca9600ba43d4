import { rootDataFromMatches } from '../../lib/root-data.ts'
import { alternateLinks } from '../../lib/seo.ts'
import type { Route } from './+types/landing-route'
import { LandingPage } from './landing-page.tsx'

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataFromMatches(matches)
  if (!root) return []
  return [
    { title: root.t('meta.landing.title', { brand: root.brandName }) },
    { name: 'description', content: root.t('meta.landing.description') },
    ...alternateLinks('landing', root.lang, {}, root.publicUrl),
  ]
}

export default function LandingRoute() {
  return <LandingPage />
}
