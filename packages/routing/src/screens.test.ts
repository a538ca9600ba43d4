import { describe, expect, it } from 'vitest'
import { LANGUAGES, type Language, SERVED_LANGUAGES } from './languages.ts'
import { pathFor, patternFor, staticScreenOfPath } from './path-for.ts'
import { SCREENS, type Screen, type ScreenName } from './screens.ts'

// Sample values for every parameter the table uses.
const PARAMS = {
  id: 'o-1',
  page: '2',
  category: 'talous',
  uid: 'mika-on-apr',
  product: 'laina',
  provider: 'pankki',
  term: 'euribor',
}

function expected(name: ScreenName, language: Language): string {
  const screen: Screen = SCREENS[name]
  const own = screen.paths?.[language]
  const pattern = own ?? screen.fi
  const filled = pattern.replace(/:(\w+)\??/g, (_, key: keyof typeof PARAMS) => PARAMS[key])
  return `${LANGUAGES[language].prefix}${filled}`
}

describe('route table × languages', () => {
  for (const name of Object.keys(SCREENS) as ScreenName[]) {
    it(`${name}: its own path where the spec gives one, else the Finnish path under the prefix`, () => {
      for (const language of SERVED_LANGUAGES) {
        expect(pathFor(name, language, PARAMS), `${name} ${language}`).toBe(expected(name, language))
      }
    })
  }

  it('uses the languages’ own paths the spec names', () => {
    expect(pathFor('login', 'en')).toBe('/en/login/')
    expect(pathFor('mortgageForm', 'en')).toBe('/en/mortgage-form/')
    expect(pathFor('mortgageStatus', 'en')).toBe('/en/mortgage-application-status/')
    expect(pathFor('consumerLoanForm', 'lv')).toBe('/lv-lv/paterina-kredits/')
    expect(pathFor('consumerLoanForm', 'ro')).toBe('/ro-ro/formular/')
    expect(pathFor('blog', 'en')).toBe('/en/blog/')
    expect(pathFor('blog', 'sv')).toBe('/sv/blogg/')
    expect(pathFor('blog', 'lv')).toBe('/lv-lv/blogs/')
  })

  it('has the spec’s language prefixes', () => {
    expect(
      Object.fromEntries(SERVED_LANGUAGES.map((language) => [language, LANGUAGES[language].prefix])),
    ).toEqual({
      fi: '',
      en: '/en',
      sv: '/sv',
      da: '/dk-da',
      hu: '/hu-hu',
      lv: '/lv-lv',
      'ru-lv': '/lv-ru',
      pl: '/pl-pl',
      ro: '/ro-ro',
      'sv-se': '/se-sv',
    })
  })

  it('finds the static screen of a path, ignoring case and the trailing slash', () => {
    expect(staticScreenOfPath('/404/')).toEqual({ screen: 'notFound', language: 'fi' })
    expect(staticScreenOfPath('/EN/Forbidden')).toEqual({ screen: 'forbidden', language: 'en' })
    expect(staticScreenOfPath('/en/form/')).toEqual({ screen: 'consumerLoanForm', language: 'en' })
    expect(staticScreenOfPath('/ei-ole/')).toBeNull()
    expect(patternFor('offer', 'sv')).toBe('/mina-offerter/:id/')
  })
})
