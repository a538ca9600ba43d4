import { fileURLToPath } from 'node:url'
import { LANGUAGES } from '@lainava/routing'
import { createStaticHandler, type RouteObject, type ServerBuild } from 'react-router'
import { beforeAll, describe, expect, it } from 'vitest'
import { importServerBuild } from './prerender.ts'
import { type RouteSubsets, splitRoutesByPrefix } from './route-subsets.ts'

// The production build's routes (npm test builds before the integration tests).
let build: ServerBuild
let subsets: RouteSubsets
beforeAll(async () => {
  build = await importServerBuild(fileURLToPath(new URL('../../../web/build', import.meta.url)))
  subsets = splitRoutesByPrefix(
    build,
    Object.values(LANGUAGES).map(({ prefix }) => prefix.slice(1)),
  )
})

/** The route tree React Router matches, from a build's flat route list. */
function tree(routes: ServerBuild['routes']): RouteObject[] {
  const children = new Map<string | undefined, RouteObject[]>()
  const list = (parentId: string | undefined) => children.get(parentId) ?? []
  for (const route of Object.values(routes)) {
    if (route) children.set(route.parentId, [...list(route.parentId), route as RouteObject])
  }
  const build = (parentId: string | undefined): RouteObject[] =>
    list(parentId).map((route) =>
      route.index
        ? { id: route.id, path: route.path, index: true }
        : { id: route.id, path: route.path, children: build(route.id) },
    )
  return build(undefined)
}

/** The route ids React Router's own matcher finds for the path, as the server's request handler does. */
function matcher(routes: ServerBuild['routes']) {
  const handler = createStaticHandler(tree(routes))
  return (path: string) => handler.match(path)?.map((match) => match.route.id) ?? null
}

/** A path each route matches: its parents' paths and its own, parameters filled in. */
function examplePath(routes: ServerBuild['routes'], id: string): string {
  const parts: string[] = []
  for (let route = routes[id]; route; route = route.parentId ? routes[route.parentId] : undefined) {
    if (route.path) parts.unshift(route.path)
  }
  const filled = parts
    .join('/')
    .replace(/:[\w-]+\?/g, 'x')
    .replace(/:[\w-]+/g, 'x')
    .replace(/\*$/, 'ei/ole')
  return `/${filled}`.replace(/\/+/g, '/')
}

/** React Router's own reading of a data request's path (`/sv/_.data` is `/sv/`). */
const dataPath = (path: string) =>
  path.endsWith('/_.data') ? path.slice(0, -6) : path.replace(/\.data$/, '')

describe('routes split by language prefix (issue 19)', () => {
  it('keeps every route in a subset and each subset far smaller than the whole', () => {
    const all = Object.keys(build.routes)
    expect(all.length).toBeGreaterThan(500)
    const kept = new Set<string>()
    for (const subset of subsets.byPrefix.values()) {
      const ids = Object.keys(subset.routes)
      for (const id of ids) kept.add(id)
      expect(ids.length).toBeLessThan(all.length / 4)
      // The render reads the client manifest's entry of every route it knows, and only of those.
      expect(Object.keys(subset.assets.routes).sort()).toEqual([...ids].sort())
    }
    expect([...kept].sort()).toEqual([...all].sort())
  })

  it('matches every page, and any other path, to the same routes as the whole route table does', () => {
    const whole = matcher(build.routes)
    const bySubset = new Map([...subsets.byPrefix.values()].map((subset) => [subset, matcher(subset.routes)]))
    const paths = Object.keys(build.routes).flatMap((id) => {
      const path = examplePath(build.routes, id)
      const [first = '', ...rest] = path.slice(1).split('/')
      return [
        path,
        path.toUpperCase(),
        // An encoded first segment is decoded before matching.
        `/${[encodeURIComponent(first).replace(/[a-z]/, (letter) => `%${letter.charCodeAt(0).toString(16)}`), ...rest].join('/')}`,
        `${path}nope/`,
        path.endsWith('/') ? `${path}_.data` : `${path}.data`,
        `${path.replace(/\/$/, '')}.data`,
      ]
    })
    paths.push('/', '/_.data', '/sv', '/sv.data', '/%2Fsv/', '/%zz/', '//sv/', '/sv%2F/lainahakemus/')
    for (const path of paths) {
      const subset = bySubset.get(subsets.forPath(path))
      expect(subset, path).toBeDefined()
      expect(subset?.(dataPath(path)), path).toEqual(whole(dataPath(path)))
    }
  })

  it('serves a language’s pages from its own subset and the lazy route manifest from every route', () => {
    expect(subsets.forPath('/sv/lainahakemus/')).toBe(subsets.byPrefix.get('sv'))
    expect(subsets.forPath('/SV/lainahakemus/')).toBe(subsets.byPrefix.get('sv'))
    expect(subsets.forPath('/lainahakemus/')).toBe(subsets.byPrefix.get(''))
    expect(subsets.forPath('/__manifest')).toBe(subsets.all)
  })
})
