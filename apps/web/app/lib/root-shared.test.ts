import { loadContent } from '@lainava/content/server'
import { CATALOGUE_LOCALES, type CatalogueLocale, createTranslator } from '@lainava/i18n'
import { messagesFor, OWN_MESSAGES } from '@lainava/i18n/server'
import { describe, expect, it } from 'vitest'
import { siteNavigation } from '../components/layout/site-navigation.ts'
import { rootSharedJson } from './root-shared.server.ts'
import { decodeRootData, decodeRootShared, type RootWire } from './root-shared.ts'
import { messageScopeOfPath, pickMessages, SCREEN_MESSAGES } from './route-messages.ts'

const content = loadContent()
const FORM = messageScopeOfPath('/lainahakemus/')
const LOGIN = messageScopeOfPath('/kirjaudu/')

/** What the root loader sent before ADR 052, built afresh for every request. */
function uncached(lang: CatalogueLocale, path: string, signedIn: boolean) {
  const scope = messageScopeOfPath(path)
  const fallback = lang === 'da' ? 'en' : null
  return {
    messages: pickMessages(messagesFor(fallback ?? lang), scope),
    coreMessages: fallback ? pickMessages(OWN_MESSAGES.da, scope) : null,
    navigation: siteNavigation(content, lang, createTranslator(lang, messagesFor(lang)), { signedIn }),
  }
}

describe('the root data shared by every request of a language, scope and sign-in (ADR 052)', () => {
  it('is what the loader built per request, for each combination', () => {
    const cases: Array<[CatalogueLocale, string, boolean]> = [
      ['fi', '/lainahakemus/', false],
      ['fi', '/lainahakemus/', true],
      ['fi', '/kirjaudu/', false],
      ['sv', '/sv/lainahakemus/', false],
      ['en', '/en/', true],
      ['da', '/dk-da/', false],
    ]
    for (const [lang, path, signedIn] of cases) {
      const json = rootSharedJson(content, lang, messageScopeOfPath(path), signedIn)
      expect(JSON.parse(json), `${lang} ${path} ${signedIn}`).toEqual(uncached(lang, path, signedIn))
    }
  })

  it('is made once: the same value for the same language, scope and sign-in', () => {
    // A second build would encode a new object, and decoding would then give that one.
    const first = decodeRootShared(rootSharedJson(content, 'fi', FORM, false))
    expect(decodeRootShared(rootSharedJson(content, 'fi', FORM, false))).toBe(first)
    // Another array with the same prefixes is the same scope.
    expect(decodeRootShared(rootSharedJson(content, 'fi', FORM ? [...FORM] : null, false))).toBe(first)
  })

  it('keeps every combination’s value on the server, however many are in use', () => {
    const hot = decodeRootShared(rootSharedJson(content, 'fi', FORM, false))
    const scopes = [null, ...new Set(Object.values(SCREEN_MESSAGES))]
    for (const lang of CATALOGUE_LOCALES) {
      for (const scope of scopes) {
        for (const signedIn of [false, true]) rootSharedJson(content, lang, scope, signedIn)
      }
    }
    expect(CATALOGUE_LOCALES.length * scopes.length * 2).toBeGreaterThan(64)
    // Still the object it was made from: not parsed again.
    expect(decodeRootShared(rootSharedJson(content, 'fi', FORM, false))).toBe(hot)
    expect(decodeRootShared(`${rootSharedJson(content, 'fi', FORM, false)} `.trimEnd())).toBe(hot)
  })

  it('keeps languages, scopes and sign-in states apart', () => {
    const fi = decodeRootShared(rootSharedJson(content, 'fi', FORM, false))
    const sv = decodeRootShared(rootSharedJson(content, 'sv', FORM, false))
    expect(fi.messages['header.login']).toBe(messagesFor('fi')['header.login'])
    expect(sv.messages['header.login']).toBe(messagesFor('sv')['header.login'])
    expect(sv.navigation?.header[0]?.label).not.toBe(fi.navigation?.header[0]?.label)

    const login = decodeRootShared(rootSharedJson(content, 'fi', LOGIN, false))
    expect(Object.keys(login.messages).sort()).not.toEqual(Object.keys(fi.messages).sort())

    const signedIn = decodeRootShared(rootSharedJson(content, 'fi', FORM, true))
    const hrefs = (shared: typeof fi) =>
      (shared.navigation?.header ?? []).flatMap((group) => group.links.map((link) => link.href))
    expect(hrefs(signedIn).length).toBe(hrefs(fi).length + 1)
    expect(hrefs(fi)).not.toEqual(hrefs(signedIn))
  })
})

describe('decoding the root data', () => {
  const wire = (shared: string): RootWire =>
    ({ lang: 'fi', shared, brandName: 'Lainava', year: 2026, user: null }) as unknown as RootWire

  it('parses a string once and gives every reader the same objects', () => {
    const json = rootSharedJson(content, 'fi', FORM, false)
    const copy = `${json} `.trimEnd() // the same text as another string, as a client navigation brings it
    expect(decodeRootShared(copy)).toBe(decodeRootShared(json))
    const sent = wire(copy)
    const data = decodeRootData(sent)
    expect(decodeRootData(sent)).toBe(data)
    expect(data).toMatchObject({ lang: 'fi', brandName: 'Lainava', year: 2026, user: null })
    expect(data.messages).toEqual(JSON.parse(json).messages)
    expect('shared' in data).toBe(false)
  })

  it('parses a text it has not seen', () => {
    const json = JSON.stringify({
      messages: { 'header.login': 'Kirjaudu' },
      coreMessages: null,
      navigation: null,
    })
    expect(decodeRootData(wire(json))).toMatchObject({
      messages: { 'header.login': 'Kirjaudu' },
      navigation: null,
    })
  })
})
