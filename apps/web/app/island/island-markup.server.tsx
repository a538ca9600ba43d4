import { readFileSync } from 'node:fs'
import { renderToString } from 'react-dom/server'
import type { EntryContext } from 'react-router'
import type { LandingData } from '../features/landing/landing-data.server.ts'
import type { RootWire } from '../lib/root-shared.ts'
import { screenOfRouteId } from '../lib/screen.ts'
import { BUILT_SCRIPT, type IslandBuild, type IslandMarkup } from './island-context.ts'
import { islandDataJson, LandingIsland, type LandingIslandData } from './landing-island.tsx'

// ADR 064: the landing's island on the server. The island's script is
// built apart from the app's (island.vite.config.ts), which writes its address and its imports'
// to `island.json` beside the server's build; a build without it (the dev server) hydrates the
// landing with React Router as every other page.

/** The island's build at this file; null when there is none (or it is not one). */
export function readIslandBuild(file: URL): IslandBuild | null {
  let value: unknown
  try {
    value = JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    return null
  }
  const { script, preloads } = (value ?? {}) as Partial<IslandBuild>
  if (typeof script !== 'string' || !BUILT_SCRIPT.test(script)) return null
  if (
    !Array.isArray(preloads) ||
    !preloads.every((href) => typeof href === 'string' && BUILT_SCRIPT.test(href))
  )
    return null
  return { script, preloads }
}

/** React Router's entry and the root route's modules, with their imports: what every other page loads. */
function appModulesOf(context: EntryContext): string[] {
  const { entry, routes } = context.manifest
  const root = routes.root
  return [
    ...new Set([entry.module, ...entry.imports, ...(root ? [root.module, ...(root.imports ?? [])] : [])]),
  ]
}

/**
 * The landing's island for this render, or null when the page is not a landing that has one: another
 * page, an error or another status, a language whose landing is the "not supported" screen.
 */
export function landingIslandMarkup(
  context: EntryContext,
  url: URL,
  build: IslandBuild,
): IslandMarkup | null {
  const handler = context.staticHandlerContext
  if (handler.errors || handler.statusCode !== 200) return null
  const leaf = handler.matches.at(-1)
  if (!leaf || screenOfRouteId(leaf.route.id) !== 'landing') return null
  const root = handler.loaderData.root as RootWire | undefined
  const landing = handler.loaderData[leaf.route.id] as LandingData | null | undefined
  if (!root || !landing) return null
  const data: LandingIslandData = {
    root,
    landing,
    matches: handler.matches.map((match) => ({
      id: match.route.id,
      pathname: match.pathname,
      params: match.params,
    })),
    location: { pathname: url.pathname, search: url.search, hash: '' },
    appModules: appModulesOf(context),
  }
  return { ...build, html: renderToString(<LandingIsland data={data} />), json: islandDataJson(data) }
}
