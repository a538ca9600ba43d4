import { loadContent } from '@lainava/content/server'
import { CATALOGUE_LOCALES, type CatalogueLocale, createTranslator } from '@lainava/i18n'
import { messagesFor, OWN_MESSAGES } from '@lainava/i18n/server'
import { describe, expect, it, vi } from 'vitest'
import { siteNavigation } from '../components/layout/site-navigation.ts'
import {
  rootSharedFile,
  rootSharedHref,
  rootSharedHrefOfPath,
  rootSharedHrefs,
} from './root-shared.server.ts'
import {
  decodeRootData,
  loadRootShared,
  type RootShared,
  type RootWire,
  rootSharedAt,
  sharedFileOf,
} from './root-shared.ts'
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

/** The parts of a shared file's address. */
function partsOf(href: string) {
  const [, , lang, scope, signedIn, file] = href.split('/')
  return { lang, scope, signedIn, file }
}

/** The file a request of this address gets (what the `/_shared/…` route answers). */
function fileAt(href: string) {
  return rootSharedFile(content, partsOf(href))
}

const shared = (href: string) => rootSharedAt(href) as RootShared

describe('the root data shared by every request of a language, scope and sign-in (ADR 052, 063)', () => {
  it('is a file with what the loader built per request, for each combination', () => {
    const cases: Array<[CatalogueLocale, string, boolean]> = [
      ['fi', '/lainahakemus/', false],
      ['fi', '/lainahakemus/', true],
      ['fi', '/kirjaudu/', false],
      ['sv', '/sv/lainahakemus/', false],
      ['en', '/en/', true],
      ['da', '/dk-da/', false],
    ]
    for (const [lang, path, signedIn] of cases) {
      const href = rootSharedHref(content, lang, messageScopeOfPath(path), signedIn)
      expect(href).toMatch(
        new RegExp(`^/_shared/${lang}/[a-zA-Z]+/${signedIn ? 'in' : 'out'}/[0-9a-f]{16}\\.json$`),
      )
      const file = fileAt(href)
      expect(file?.current).toBe(true)
      expect(JSON.parse(file?.json ?? ''), `${lang} ${path} ${signedIn}`).toEqual(
        uncached(lang, path, signedIn),
      )
      // The server's render reads the value it made, equal to the file.
      expect(shared(href)).toEqual(uncached(lang, path, signedIn))
    }
  })

  it('is made once: the same address and value for the same language, scope and sign-in', () => {
    const href = rootSharedHref(content, 'fi', FORM, false)
    const first = shared(href)
    expect(rootSharedHref(content, 'fi', FORM, false)).toBe(href)
    expect(shared(href)).toBe(first)
    // Another array with the same prefixes is the same scope.
    expect(rootSharedHref(content, 'fi', FORM ? [...FORM] : null, false)).toBe(href)
  })

  it('keeps every combination’s value on the server, however many are in use', () => {
    const href = rootSharedHref(content, 'fi', FORM, false)
    const hot = shared(href)
    const scopes = [null, ...new Set(Object.values(SCREEN_MESSAGES))]
    for (const lang of CATALOGUE_LOCALES) {
      for (const scope of scopes) {
        for (const signedIn of [false, true]) {
          const other = rootSharedHref(content, lang, scope, signedIn)
          // Every address names what it was made from, so another process makes the same file.
          expect(fileAt(other)?.current, other).toBe(true)
        }
      }
    }
    expect(CATALOGUE_LOCALES.length * scopes.length * 2).toBeGreaterThan(64)
    expect(shared(href)).toBe(hot)
  })

  it('keeps languages, scopes and sign-in states apart', () => {
    const fi = shared(rootSharedHref(content, 'fi', FORM, false))
    const sv = shared(rootSharedHref(content, 'sv', FORM, false))
    expect(fi.messages['header.login']).toBe(messagesFor('fi')['header.login'])
    expect(sv.messages['header.login']).toBe(messagesFor('sv')['header.login'])
    expect(sv.navigation?.header[0]?.label).not.toBe(fi.navigation?.header[0]?.label)

    const login = shared(rootSharedHref(content, 'fi', LOGIN, false))
    expect(Object.keys(login.messages).sort()).not.toEqual(Object.keys(fi.messages).sort())

    const signedIn = shared(rootSharedHref(content, 'fi', FORM, true))
    const hrefs = (value: RootShared) =>
      (value.navigation?.header ?? []).flatMap((group) => group.links.map((link) => link.href))
    expect(hrefs(signedIn).length).toBe(hrefs(fi).length + 1)
    expect(hrefs(fi)).not.toEqual(hrefs(signedIn))
  })
})

describe('the page data’s shared files', () => {
  it('are the files the root loader names for the page, signed out and signed in', () => {
    for (const path of ['/', '/sanasto/', '/sv/lansokan/', '/en/blog/', '/pl-pl/', '/ei-ole/']) {
      expect(rootSharedHrefs(content, path)).toEqual({
        in: rootSharedHrefOfPath(content, path, true),
        out: rootSharedHrefOfPath(content, path, false),
      })
    }
    expect(rootSharedHrefOfPath(content, '/sanasto/', false)).toBe(
      rootSharedHref(content, 'fi', messageScopeOfPath('/sanasto/'), false),
    )
    expect(rootSharedHrefOfPath(content, '/en/blog/', true)).toBe(
      rootSharedHref(content, 'en', messageScopeOfPath('/en/blog/'), true),
    )
  })
})

describe('the /_shared/ route’s addresses', () => {
  const href = rootSharedHref(content, 'fi', FORM, false)
  const parts = partsOf(href)

  it('answers only an address a page could name', () => {
    expect(fileAt(href)?.current).toBe(true)
    const bad: Array<Partial<typeof parts>> = [
      { lang: 'xx' },
      { lang: '__proto__' },
      { scope: 'toString' },
      { scope: 'nosuchscreen' },
      { signedIn: 'maybe' },
      { file: 'abc.json' },
      { file: `${parts.file?.slice(0, 16)}.js` },
      { file: '../../etc/passwd' },
      { lang: undefined },
    ]
    for (const change of bad)
      expect(rootSharedFile(content, { ...parts, ...change }), JSON.stringify(change)).toBeNull()
    // A screen that shares another's scope is not a second name for the same file.
    const [first, second] = Object.entries(SCREEN_MESSAGES).filter(([, scope]) => scope === FORM)
    expect(first?.[0]).toBe(parts.scope)
    if (second) expect(rootSharedFile(content, { ...parts, scope: second[0] })).toBeNull()
  })

  it('gives a page sent before the content changed today’s file, not to be kept', () => {
    const stale = rootSharedFile(content, { ...parts, file: '0123456789abcdef.json' })
    expect(stale?.current).toBe(false)
    expect(stale?.json).toBe(fileAt(href)?.json)
  })

  it('serves the whole catalogue’s scope by the name “all”', () => {
    const whole = rootSharedHref(content, 'en', null, false)
    expect(partsOf(whole).scope).toBe('all')
    expect(Object.keys(shared(whole).messages).length).toBe(Object.keys(messagesFor('en')).length)
  })
})

describe('the root data in the browser', () => {
  const wire = (href: string): RootWire =>
    ({ lang: 'fi', shared: href, brandName: 'Lainava', year: 2026, user: null }) as unknown as RootWire
  const value = { messages: { 'header.login': 'Kirjaudu' }, coreMessages: null, navigation: null }
  const answering = (body: string, status = 200) => {
    const asked: string[] = []
    const request = (async (url: string) => {
      asked.push(url)
      return new Response(body, { status, headers: { 'content-type': 'application/json' } })
    }) as unknown as typeof fetch
    return { asked, request }
  }

  it('decodes a loader result once its file is here, one object for every reader', async () => {
    const href = '/_shared/fi/landing/out/00000000000000aa.json'
    expect(() => decodeRootData(wire(href))).toThrow(/not loaded/)
    const server = answering(JSON.stringify(value))
    await expect(loadRootShared(href, server.request)).resolves.toEqual(value)
    await loadRootShared(href, server.request)
    expect(server.asked).toEqual([href])
    const sent = wire(href)
    const data = decodeRootData(sent)
    expect(decodeRootData(sent)).toBe(data)
    expect(data).toMatchObject({ lang: 'fi', brandName: 'Lainava', year: 2026, user: null, ...value })
    expect('shared' in data).toBe(false)
  })

  it('asks once for requests made at the same time', async () => {
    const href = '/_shared/fi/landing/out/00000000000000ab.json'
    const server = answering(JSON.stringify(value))
    const [a, b] = await Promise.all([
      loadRootShared(href, server.request),
      loadRootShared(href, server.request),
    ])
    expect(a).toBe(b)
    expect(server.asked).toHaveLength(1)
  })

  it('rejects an error answer or a body that is not the file, and asks again next time', async () => {
    const href = '/_shared/fi/landing/out/00000000000000ac.json'
    await expect(loadRootShared(href, answering('gone', 404).request)).rejects.toThrow(/HTTP 404/)
    await expect(loadRootShared(href, answering('{"messages":1}').request)).rejects.toThrow(/not the root/)
    await expect(loadRootShared(href, answering('<html>').request)).rejects.toThrow()
    expect(rootSharedAt(href)).toBeUndefined()
    const server = answering(JSON.stringify(value))
    await expect(loadRootShared(href, server.request)).resolves.toEqual(value)
    expect(server.asked).toEqual([href])
  })

  it('takes the file a navigation will need from its page data, for the visitor’s sign-in state', async () => {
    const shared = {
      in: '/_shared/fi/glossary/in/00000000000000b1.json',
      out: '/_shared/fi/glossary/out/00000000000000b2.json',
    }
    const server = answering(JSON.stringify(value))
    // The current page's file says whether the visitor is signed in (in the browser: a document).
    vi.stubGlobal('document', {})
    for (const [current, expected] of [
      ['/_shared/fi/landing/out/00000000000000b3.json', shared.out],
      ['/_shared/fi/landing/in/00000000000000b4.json', shared.in],
    ] as const) {
      await loadRootShared(current, server.request)
      decodeRootData(wire(current))
      expect(sharedFileOf(shared)).toBe(expected)
    }
    vi.unstubAllGlobals()
    // Only an address such a file has: nothing else is fetched on a page data's word.
    for (const other of [
      'https://elsewhere.example/x.json',
      '/api/v1/me',
      '/_shared/fi/x/in/../../a.json',
      1,
    ]) {
      expect(sharedFileOf({ in: other, out: other })).toBeUndefined()
    }
    expect(sharedFileOf(undefined)).toBeUndefined()
  })

  it('keeps the last 64 files it fetched', async () => {
    const server = answering(JSON.stringify(value))
    const hrefs = Array.from(
      { length: 65 },
      (_, i) => `/_shared/fi/landing/out/${String(i).padStart(16, 'e')}.json`,
    )
    for (const href of hrefs) await loadRootShared(href, server.request)
    expect(rootSharedAt(hrefs[0] as string)).toBeUndefined()
    expect(rootSharedAt(hrefs[64] as string)).toEqual(value)
  })
})
