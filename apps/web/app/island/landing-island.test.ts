import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { readIslandBuild } from './island-markup.server.tsx'
import { islandDataJson, type LandingIslandData, readIslandData } from './landing-island.tsx'

const data = {
  root: { shared: '/_shared/fi/landing/out/0123456789abcdef.json', lang: 'fi' },
  landing: {
    calculator: {},
    lenders: [],
    faq: [{ slug: 'a', question: 'Q', html: '<p>x</p></script><script>alert(1)</script>' }],
    articles: [],
  },
  matches: [{ id: 'root', pathname: '/', params: {} }],
  location: { pathname: '/', search: '', hash: '' },
  appModules: ['/assets/entry.client-a1.js', '/assets/framework-b2.js'],
} as unknown as LandingIslandData

describe('the landing island’s data (ADR 064)', () => {
  it('goes into its script with no `<`, so no text in it can end the element, and reads back the same', () => {
    const json = islandDataJson(data)
    expect(json).not.toContain('<')
    expect(readIslandData(json)).toEqual(data)
  })

  it('is refused when it is missing, not JSON or not the island’s', () => {
    expect(readIslandData(undefined)).toBeNull()
    expect(readIslandData('{')).toBeNull()
    expect(readIslandData('null')).toBeNull()
    expect(readIslandData(JSON.stringify({ ...data, root: {} }))).toBeNull()
    expect(readIslandData(JSON.stringify({ ...data, matches: 'x' }))).toBeNull()
    expect(readIslandData(JSON.stringify({ ...data, location: null }))).toBeNull()
  })

  it('keeps only the app’s modules that are built assets', () => {
    const appModules = ['/assets/a.js', 'https://example.com/b.js', '/assets/../c.js', 7, '/assets/d.js']
    expect(readIslandData(JSON.stringify({ ...data, appModules }))?.appModules).toEqual([
      '/assets/a.js',
      '/assets/d.js',
    ])
    expect(readIslandData(JSON.stringify({ ...data, appModules: undefined }))?.appModules).toEqual([])
  })
})

describe('the island’s build as the server reads it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'island-'))
  const file = (name: string, value: unknown) => {
    writeFileSync(join(dir, name), JSON.stringify(value))
    return pathToFileURL(join(dir, name))
  }

  it('names the script and its preloads among the built assets', () => {
    const build = { script: '/assets/island-AbC_1.js', preloads: ['/assets/island-consent-x.js'] }
    expect(readIslandBuild(file('ok.json', build))).toEqual(build)
  })

  it('is none without the file (the dev server) or with an address outside the assets', () => {
    expect(readIslandBuild(pathToFileURL(join(dir, 'missing.json')))).toBeNull()
    expect(readIslandBuild(file('far.json', { script: 'https://example.com/x.js', preloads: [] }))).toBeNull()
    expect(readIslandBuild(file('up.json', { script: '/assets/../x.js', preloads: [] }))).toBeNull()
    expect(
      readIslandBuild(file('quote.json', { script: '/assets/a.js', preloads: ['/assets/"a.js'] })),
    ).toBeNull()
    expect(readIslandBuild(file('none.json', { preloads: [] }))).toBeNull()
  })
})
