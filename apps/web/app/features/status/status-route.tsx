import { staticScreenOfPath } from '@lainava/routing'
import { data } from 'react-router'
import { rootDataFromMatches } from '../../lib/root-data.ts'
import { screenOfRouteId } from '../../lib/screen.ts'
import { alternateLinks } from '../../lib/seo.ts'
import type { Route } from './+types/status-route'
import { type StatusKind, StatusPage } from './status-page.tsx'

// One module for the status screens (spec §2); the route id says which screen.
const SCREEN_KIND = {
  notFound: { kind: 'notFound', status: 404 },
  maintenance: { kind: 'maintenance', status: 503 },
  forbidden: { kind: 'forbidden', status: 403 },
  comingSoon: { kind: 'comingSoon', status: 200 },
  test: { kind: 'test', status: 200 },
  demo: { kind: 'demo', status: 200 },
} as const satisfies Record<string, { kind: StatusKind; status: number }>

type StatusScreen = keyof typeof SCREEN_KIND

function isStatusScreen(screen: string | null | undefined): screen is StatusScreen {
  return !!screen && Object.hasOwn(SCREEN_KIND, screen)
}

export function loader({ url }: Route.LoaderArgs) {
  const found = staticScreenOfPath(url.pathname)
  const screen = isStatusScreen(found?.screen) ? found.screen : 'notFound'
  const { status } = SCREEN_KIND[screen]
  // The maintenance screen asks clients to come back (RFC 9110 Retry-After).
  const headers: HeadersInit = status === 503 ? { 'Retry-After': '300' } : {}
  return data({ screen }, { status, headers })
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const root = rootDataFromMatches(matches)
  const screen = loaderData?.screen ?? screenOfRouteId(matches.at(-1)?.id ?? '')
  if (!root || !isStatusScreen(screen)) return []
  const { kind } = SCREEN_KIND[screen]
  return [
    { title: root.t(`status.${kind}.title`) },
    { name: 'description', content: root.t(`status.${kind}.text`, { brand: root.brandName }) },
    // Issue 14: the test, demo and coming-soon screens are not pages to find in a search engine either.
    { name: 'robots', content: 'noindex' },
    ...alternateLinks(screen, root.lang, {}, root.publicUrl),
  ]
}

export default function StatusRoute({ loaderData }: Route.ComponentProps) {
  return <StatusPage kind={SCREEN_KIND[loaderData.screen].kind} />
}
