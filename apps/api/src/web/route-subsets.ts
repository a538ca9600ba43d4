import type { ServerBuild } from 'react-router'

// Issue 19: React Router matches a path by trying every route in turn, and a document request
// matches three or four times (the request, its loaders, the page's manifest of `/` and its
// ancestors). With ten languages the build has over 800 routes, so matching was a fifth of a live
// render's CPU. A route whose path starts with one language's prefix (`sv/…`) can only match a
// path whose first segment is that prefix, so each language gets a build with only its own routes
// and the shared ones (the root, Finnish and unprefixed pages, the catch-all). The route ids and
// the client's manifest stay the same: only routes that could not match are left out.

type Routes = ServerBuild['routes']

/** The path's first segment as React Router compares it: after `.data`, decoded, in lower case. */
function firstSegment(pathname: string): string {
  // As React Router's getNormalizedPath: `/sv/_.data` is `/sv/`, `/sv.data` is `/sv`.
  const path = pathname.endsWith('/_.data')
    ? pathname.slice(0, -'_.data'.length)
    : pathname.replace(/\.data$/, '')
  const raw = path.split('/')[1] ?? ''
  let segment = raw
  try {
    // As its decodePath: an encoded slash stays encoded; a malformed escape leaves the path as it is.
    segment = decodeURIComponent(raw).replace(/\//g, '%2F')
  } catch {}
  // Route matching ignores ASCII case; an ASCII letter is the only thing that lower-cases to one.
  return segment.toLowerCase()
}

/** The first segment of a route's full path (its parents' paths before its own). */
function routeFirstSegment(routes: Routes, id: string): string {
  const parts: string[] = []
  for (let route = routes[id]; route; route = route.parentId ? routes[route.parentId] : undefined) {
    if (route.path) parts.unshift(route.path)
  }
  return parts.join('/').replace(/^\/+/, '').split('/')[0] ?? ''
}

export type RouteSubsets = {
  /** Every route: for requests that may name any path (the lazy route manifest). */
  all: ServerBuild
  /** Per language prefix (`sv`, `dk-da`), and '' for paths of no prefix: the routes that can match. */
  byPrefix: Map<string, ServerBuild>
  /** The build whose routes include every route this path can match. */
  forPath(pathname: string): ServerBuild
}

/**
 * Splits the build's routes by language prefix (`prefixes` without slashes, lower case). A subset
 * keeps its prefix's routes and every route that is not under another prefix.
 */
export function splitRoutesByPrefix(build: ServerBuild, prefixes: readonly string[]): RouteSubsets {
  const known = new Set(prefixes.filter((prefix) => prefix !== ''))
  const prefixOf = new Map<string, string>()
  for (const id of Object.keys(build.routes)) {
    const first = routeFirstSegment(build.routes, id)
    prefixOf.set(id, known.has(first) ? first : '')
  }
  const byPrefix = new Map<string, ServerBuild>()
  for (const prefix of ['', ...known]) {
    const routes: Routes = {}
    const manifestRoutes: ServerBuild['assets']['routes'] = {}
    for (const [id, route] of Object.entries(build.routes)) {
      const owner = prefixOf.get(id)
      if (owner !== '' && owner !== prefix) continue
      routes[id] = route
      const entry = build.assets.routes[id]
      if (entry) manifestRoutes[id] = entry
    }
    // The render builds its route tree from the assets' routes and their modules: both the subset.
    byPrefix.set(prefix, { ...build, routes, assets: { ...build.assets, routes: manifestRoutes } })
  }
  const manifestPath = build.routeDiscovery.mode === 'lazy' ? build.routeDiscovery.manifestPath : null
  const fallback = byPrefix.get('') as ServerBuild
  return {
    all: build,
    byPrefix,
    forPath(pathname) {
      // The lazy manifest request lists paths of any language in its query.
      if (manifestPath !== null && pathname === manifestPath) return build
      return byPrefix.get(firstSegment(pathname)) ?? fallback
    },
  }
}
