import { describe, expect, it } from 'vitest'
import { SERVED_LANGUAGES } from './languages.ts'
import { pathFor, staticScreenOfPath } from './path-for.ts'
import { REDIRECTS } from './redirect-table.ts'
import { createRedirectMatcher, findRedirect, normalizePath } from './redirects.ts'
import { SCREENS } from './screens.ts'

function target(row: (typeof REDIRECTS)[number], language = 'fi') {
  return 'url' in row.to ? row.to.url : pathFor(row.to.screen, language, row.to.params ?? {})
}

describe('redirect table', () => {
  it('has every category of spec §2', () => {
    const categories = new Set(REDIRECTS.map((row) => row.category))
    for (const category of [
      'old-path',
      'old-article',
      'old-brand',
      'author',
      'raffle',
      'gone',
      'retired-vertical',
    ]) {
      expect(categories, category).toContain(category)
    }
    expect(findRedirect('/blogi/artikkeli/autolaina/')?.location).toBe('/autolaina/')
  })

  for (const row of REDIRECTS) {
    it(`${row.from} → ${target(row)}`, () => {
      const permanent = !('screen' in row.to && row.to.screen === 'maintenance')
      expect(findRedirect(row.from)).toEqual({ location: target(row), permanent, category: row.category })
      // Case-insensitive, and a missing trailing slash is the same path.
      expect(findRedirect(row.from.toUpperCase().replace(/\/$/, ''))?.location).toBe(target(row))
    })
  }

  it('redirects a prefixed old path to the same language', () => {
    expect(findRedirect('/en/lainaa-heti/')?.location).toBe('/en/pikalaina/')
    expect(findRedirect('/sv/ukk')?.location).toBe('/sv/usein-kysyttya/')
    expect(findRedirect('/en/hae-lainaa/')?.location).toBe('/en/form/')
  })

  it('keeps the query string', () => {
    expect(findRedirect('/lainaa-heti/', '?utm_source=x')?.location).toBe('/pikalaina/?utm_source=x')
  })

  it('makes only a redirect to the maintenance screen temporary', () => {
    // No flow waits on maintenance today (issue 15 reopened /factoring-hakemus/): all are permanent.
    expect(REDIRECTS.filter((row) => !findRedirect(row.from)?.permanent)).toEqual([])
    const closed = createRedirectMatcher([
      { from: '/suljettu-hakemus/', to: { screen: 'maintenance' }, category: 'maintenance' },
    ])
    expect(closed('/suljettu-hakemus/')).toMatchObject({ location: '/under-maintenance/', permanent: false })
  })

  it('never redirects a current page, and never to another redirect', () => {
    for (const name of Object.keys(SCREENS)) {
      if (SCREENS[name as keyof typeof SCREENS].fi.includes(':')) continue
      for (const language of SERVED_LANGUAGES) {
        expect(findRedirect(pathFor(name, language)), `${name} ${language}`).toBeNull()
      }
    }
    for (const row of REDIRECTS) {
      if ('url' in row.to) continue
      const location = target(row)
      expect(findRedirect(location), location).toBeNull()
      if (!location.includes('/sanasto/') && !location.includes('/saastotilit/')) {
        expect(staticScreenOfPath(location), location).not.toBeNull()
      }
    }
  })

  it('sends blog page 1 to the page without a page segment (spec §9)', () => {
    expect(findRedirect('/blogi/1/')?.location).toBe('/blogi/')
    expect(findRedirect('/en/blog/1')?.location).toBe('/en/blog/')
    expect(findRedirect('/blogi/kategoria/talous/1/')?.location).toBe('/blogi/kategoria/talous/')
    expect(findRedirect('/blogi/2/')).toBeNull()
  })

  it('rejects a table with the same path twice', () => {
    expect(() =>
      createRedirectMatcher([
        { from: '/a/', to: { screen: 'landing' }, category: 'gone' },
        { from: '/A', to: { screen: 'faq' }, category: 'gone' },
      ]),
    ).toThrow(/Duplicate redirect/)
  })

  it('normalises paths', () => {
    expect(normalizePath('/Lainaa-Heti?x=1')).toBe('/lainaa-heti/')
    expect(normalizePath('//a//b')).toBe('/a/b/')
  })
})
