import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { isActiveLanguage, LANGUAGES, type Language, pathFor } from '@lainava/routing'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { IslandBuild } from '../../../web/app/island/island-context.ts'
import { LandingIsland, readIslandData } from '../../../web/app/island/landing-island.tsx'
import { type RootShared, rememberRootShared } from '../../../web/app/lib/root-shared.ts'
import { cookieHeader, loginAs } from '../test/sessions.ts'
import { createTestApp } from '../test/test-app.ts'

// ADR 064: the landing's document hydrates as an island, without React Router's scripts and data.
// Needs the production build (npm test builds before these tests).

let ctx: Awaited<ReturnType<typeof createTestApp>>
let island: IslandBuild
beforeAll(async () => {
  ctx = await createTestApp({ ROLES: 'web,api', PUBLIC_URL: 'http://localhost:3000' })
  island = JSON.parse(
    readFileSync(join(ctx.services.config.WEB_BUILD_DIR, 'island.json'), 'utf8'),
  ) as IslandBuild
})
afterAll(async () => {
  await ctx.close()
})

const SITE =
  /<div id="site" class="contents">([\s\S]*)<\/div><script type="application\/json" id="site-data">([^<]*)<\/script>/

async function get(url: string, cookie?: string) {
  const page = await ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })
  expect(page.statusCode, url).toBe(200)
  return page.body
}

/** The island's markup and data in a page; fails when the page has none. */
function islandOf(body: string) {
  const [, markup, json] = SITE.exec(body) ?? []
  const data = readIslandData(json)
  expect(markup, 'the island’s markup').toBeTruthy()
  expect(data, 'the island’s data').not.toBeNull()
  return { markup: markup ?? '', data: data as NonNullable<typeof data> }
}

describe('the landing’s document', () => {
  it('names the island’s script and its imports instead of React Router’s, in each Finland language', async () => {
    for (const lang of ['fi', 'sv', 'en'] as const) {
      const body = await get(pathFor('landing', lang))
      expect(body, lang).toContain(`<script type="module" src="${island.script}"`)
      for (const href of [island.script, ...island.preloads]) {
        expect(body, lang).toContain(`<link rel="modulepreload" href="${href}"/>`)
      }
      // No React Router: neither its hand-off data nor its entry and route modules.
      expect(body, lang).not.toContain('__reactRouter')
      expect(body, lang).not.toMatch(/<(script|link)[^>]+\/assets\/(entry\.client|root|landing-route)-/)
      const { data } = islandOf(body)
      expect(data.matches.at(-1)?.id, lang).toBe(`landing.${lang}`)
      expect(data.root.lang, lang).toBe(lang)
      expect(data.landing.calculator, lang).toBeTruthy()
    }
  })

  it('carries the data that renders its markup again exactly, signed out and signed in', async () => {
    const consumer = cookieHeader((await loginAs(ctx.services.db)).cookies)
    for (const [url, cookie] of [
      [pathFor('landing', 'fi'), undefined],
      [`${pathFor('landing', 'sv')}?ref=partner`, undefined],
      [pathFor('landing', 'en'), consumer],
    ] as const) {
      const { markup, data } = islandOf(await get(url, cookie))
      // What the browser does: the shared file, then its own render of the island from the page's data.
      const shared = await ctx.app.inject({ method: 'GET', url: data.root.shared })
      expect(shared.statusCode, url).toBe(200)
      rememberRootShared(data.root.shared, shared.json() as RootShared)
      expect(renderToString(createElement(LandingIsland, { data })), url).toBe(markup)
      expect(data.root.user !== null, url).toBe(cookie !== undefined)
    }
  })

  it('names the app’s modules every other page loads, for the island to fetch ahead', async () => {
    const { data } = islandOf(await get(pathFor('landing', 'fi')))
    const glossary = await get(pathFor('glossary', 'fi'))
    const preloaded = [...glossary.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map(
      (match) => match[1],
    )
    expect(data.appModules.length).toBeGreaterThan(2)
    for (const href of data.appModules) expect(preloaded).toContain(href)
  })

  it('is the app’s, with React Router, on every other page and on a landing of a country not served yet', async () => {
    const inactive = (Object.keys(LANGUAGES) as Language[]).find((language) => !isActiveLanguage(language))
    expect(inactive).toBeDefined()
    for (const url of [pathFor('glossary', 'fi'), pathFor('landing', inactive as Language)]) {
      const body = await get(url)
      expect(body, url).toContain('__reactRouterContext')
      expect(body, url).not.toContain('id="site-data"')
      expect(body, url).not.toContain(island.script)
    }
  })

  it('has its scripts cached for good, and served compressed as every built file is', async () => {
    const fetchFile = (url: string) =>
      ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } })
    for (const href of [island.script, ...island.preloads]) {
      const file = await fetchFile(href)
      expect(file.statusCode, href).toBe(200)
      expect(file.headers['content-type'], href).toMatch(/javascript/)
      expect(file.headers['cache-control'], href).toContain('immutable')
    }
    // The script itself (the precompression leaves out only files too small to gain from it).
    expect((await fetchFile(island.script)).headers['content-encoding']).toBe('br')
  })
})
