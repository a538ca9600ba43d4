import { SiteBody, useSiteEffects } from '../components/layout/site-body.tsx'
import type { LandingData } from '../features/landing/landing-data.server.ts'
import { LandingPage } from '../features/landing/landing-page.tsx'
import { pageText } from '../lib/root-data.ts'
import { decodeRootData, type RootWire } from '../lib/root-shared.ts'
import { type IslandMatch, type IslandRouting, IslandRoutingProvider } from '../lib/router.tsx'
import { BUILT_SCRIPT } from './island-context.ts'

// ADR 064: the landing's document hydrates as an island, without React Router: the same header,
// page, footer and cookie banner as the app's layout renders (SiteBody), from data the page carries
// in a script of its own. The server renders this component for the island's markup and the browser
// hydrates the same component, so the two trees, and React's generated ids in them, are the same.

/** What the landing's document carries for its island (`<script id="site-data">`). */
export type LandingIslandData = {
  /** The root loader's data, as it travels (the shared file's address in it). */
  root: RootWire
  /** The landing loader's data. */
  landing: LandingData
  /** The routes that matched, root first, without their data. */
  matches: Array<Omit<IslandMatch, 'loaderData'>>
  /** The address the page was rendered for. */
  location: IslandRouting['location']
  /** The app's modules every other page loads, fetched ahead for the next page (app-prefetch.ts). */
  appModules: string[]
}

/** The island's routing: the matches with the root's and the page's data, as React Router gives them. */
function islandRouting(data: LandingIslandData): IslandRouting {
  const leaf = data.matches.at(-1)?.id
  return {
    location: data.location,
    matches: data.matches.map((match) => ({
      ...match,
      loaderData: match.id === 'root' ? data.root : match.id === leaf ? data.landing : undefined,
    })),
  }
}

function LandingIslandPage({ landing }: { landing: LandingData }) {
  useSiteEffects()
  return <LandingPage data={landing} />
}

/** Everything inside the landing's `<div id="site">`; the root data's shared file must be at hand. */
export function LandingIsland({ data }: { data: LandingIslandData }) {
  const root = decodeRootData(data.root)
  const text = pageText(root, data.matches.at(-1)?.id)
  return (
    <IslandRoutingProvider value={islandRouting(data)}>
      <SiteBody data={root} text={text}>
        <LandingIslandPage landing={data.landing} />
      </SiteBody>
    </IslandRoutingProvider>
  )
}

/** The island's data as JSON inside a `<script>`: no `<` that could end the element early. */
export function islandDataJson(data: LandingIslandData): string {
  return JSON.stringify(data).replace(/</g, '\\u003c')
}

/** The island's data read back from its script's text; null when it is missing or not the island's. */
export function readIslandData(text: string | null | undefined): LandingIslandData | null {
  if (!text) return null
  try {
    const value = JSON.parse(text) as Partial<LandingIslandData> | null
    if (!value || typeof value.root?.shared !== 'string' || !value.landing || !Array.isArray(value.matches))
      return null
    if (typeof value.location?.pathname !== 'string') return null
    const appModules = Array.isArray(value.appModules)
      ? value.appModules.filter((href) => typeof href === 'string' && BUILT_SCRIPT.test(href))
      : []
    return { ...value, appModules } as LandingIslandData
  } catch {
    return null
  }
}
