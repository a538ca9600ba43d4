import { describe, expect, it } from 'vitest'
import { languageOfPath, SERVED_LANGUAGES, stripPrefix } from './languages.ts'
import { pathFor } from './path-for.ts'
import { SCREENS } from './screens.ts'

describe('pathFor', () => {
  it('gives each language its own path or the Finnish fallback under its prefix', () => {
    expect(pathFor('landing', 'fi')).toBe('/')
    expect(pathFor('landing', 'sv')).toBe('/sv/')
    expect(pathFor('consumerLoanForm', 'fi')).toBe('/lainahakemus/')
    expect(pathFor('consumerLoanForm', 'en')).toBe('/en/form/')
    expect(pathFor('consumerLoanForm', 'sv')).toBe('/sv/lainahakemus/')
    expect(pathFor('consumerLoanForm', 'pl')).toBe('/pl-pl/kredyt-konsumencki/')
    expect(pathFor('offers', 'sv')).toBe('/sv/mina-offerter/')
    expect(pathFor('login', 'ru-lv')).toBe('/lv-ru/kirjaudu/')
  })

  it('throws the spec §8 errors for an unknown name or language', () => {
    expect(() => pathFor('nope', 'fi')).toThrow('Route for nope does not exist!')
    expect(() => pathFor('landing', 'xx')).toThrow('Prefix not found for language: xx')
  })

  it('sends an offer without id and an article without uid to the 404 route', () => {
    expect(pathFor('offer', 'fi')).toBe('/404/')
    expect(pathFor('offer', 'en', { id: 'abc' })).toBe('/en/offers/abc/')
    expect(pathFor('article', 'en')).toBe('/en/404/')
  })

  it('gives blog page 1 no page segment (spec §9)', () => {
    expect(pathFor('blogPage', 'fi', { page: 1 })).toBe('/blogi/')
    expect(pathFor('blogPage', 'fi', { page: 2 })).toBe('/blogi/2/')
    expect(pathFor('blogCategory', 'fi', { category: 'talous' })).toBe('/blogi/kategoria/talous/')
    expect(pathFor('blogCategory', 'fi', { category: 'talous', page: 1 })).toBe('/blogi/kategoria/talous/')
    expect(pathFor('blogCategory', 'fi', { category: 'talous', page: 3 })).toBe('/blogi/kategoria/talous/3/')
  })

  it('makes a path for every parameterless screen in every served language', () => {
    for (const [name, screen] of Object.entries(SCREENS)) {
      if (screen.fi.includes(':')) continue
      for (const language of SERVED_LANGUAGES) {
        const path = pathFor(name, language)
        expect(languageOfPath(path), `${name} ${language}`).toBe(language)
        expect(path.startsWith('/')).toBe(true)
      }
    }
  })
})

describe('languageOfPath and stripPrefix', () => {
  it('reads the language from the prefix', () => {
    expect(languageOfPath('/')).toBe('fi')
    expect(languageOfPath('/en/form/')).toBe('en')
    expect(languageOfPath('/lv-ru/')).toBe('ru-lv')
    expect(languageOfPath('/english/')).toBe('fi')
    expect(stripPrefix('/sv/lainahakemus/')).toBe('/lainahakemus/')
    expect(stripPrefix('/en')).toBe('/')
  })
})
