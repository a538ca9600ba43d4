import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { createTranslator, type MessageKey } from '@lainava/i18n'
import { messagesFor, OWN_MESSAGES } from '@lainava/i18n/server'
import type { ScreenName } from '@lainava/routing'
import { describe, expect, it } from 'vitest'
import {
  LAYOUT_MESSAGES,
  type MessageScope,
  messageScopeOfPath,
  needsOtherMessages,
  pickMessages,
  SCREEN_CACHE_SIZE,
  SCREEN_MESSAGES,
  scopeCovers,
  screenOfPath,
} from './route-messages.ts'

const fi = messagesFor('fi')

describe('screenOfPath', () => {
  it.each([
    ['/', 'landing'],
    ['/sv/', 'landing'],
    ['/autolaina/', 'carLoan'],
    ['/en/autolaina/', 'carLoan'],
    ['/blogi/', 'blog'],
    ['/blogi/2/', 'blogPage'],
    ['/blogi/kategoria/lainat/', 'blogCategory'],
    ['/blogi/artikkeli/jokin-artikkeli/', 'article'],
    ['/sanasto/', 'glossary'],
    ['/sanasto/todellinen-vuosikorko/', 'glossaryTerm'],
    ['/lainahakemus/', 'consumerLoanForm'],
    ['/en/form/', 'consumerLoanForm'],
    ['/offers/', 'offers'],
    ['/sv/mina-offerter/', 'offers'],
    ['/asuntolainalaskuri/', 'mortgageCalculator'],
    ['/asuntolainahakemus/', 'mortgageForm'],
    ['/sv/asuntolainahakemus/', 'mortgageForm'],
    ['/en/mortgage-form/', 'mortgageForm'],
    ['/tarjoukseni/', 'mortgageStatus'],
    ['/tarjoukseni/esis/9b2f1c3e-1111-4222-8333-444455556666/', 'mortgageEsis'],
  ])('%s is %s', (path, screen) => {
    expect(screenOfPath(path)).toBe(screen)
  })

  it('knows no screen for a path no screen has', () => {
    expect(screenOfPath('/ei-ole-olemassa/eika-tama/')).toBeNull()
    expect(messageScopeOfPath('/ei-ole-olemassa/eika-tama/')).toBeNull()
  })

  // Issue 19: answers are kept by path, the latest SCREEN_CACHE_SIZE of them.
  it('gives the same answers once more paths than it keeps have been asked', () => {
    expect(screenOfPath('/lainahakemus/')).toBe('consumerLoanForm')
    for (let index = 0; index <= SCREEN_CACHE_SIZE; index++) {
      expect(screenOfPath(`/blogi/artikkeli/artikkeli-${index}/`)).toBe('article')
    }
    expect(screenOfPath('/lainahakemus/')).toBe('consumerLoanForm')
    expect(screenOfPath('/ei-ole-olemassa/')).toBeNull()
    expect(screenOfPath('/ei-ole-olemassa/')).toBeNull()
  })
})

describe('pickMessages', () => {
  it("sends the landing its own and the layout's messages, nothing of the other screens", () => {
    const landing = pickMessages(fi, messageScopeOfPath('/'))
    expect(landing['landing.hero.title']).toBe(fi['landing.hero.title'])
    expect(landing['header.login']).toBe(fi['header.login'])
    expect(landing['calculator.amount']).toBe(fi['calculator.amount'])
    expect(landing['admin.nav.label']).toBe(fi['admin.nav.label'])
    const keys = Object.keys(landing)
    expect(keys.some((key) => key.startsWith('offers.') || key.startsWith('validation.'))).toBe(false)
    // `admin.nav` is that prefix only, not every `admin.` key.
    expect(keys.filter((key) => key.startsWith('admin.'))).toEqual(
      Object.keys(fi).filter((key) => key.startsWith('admin.nav.')),
    )
    expect(JSON.stringify(landing).length).toBeLessThan(JSON.stringify(fi).length / 3)
  })

  it('sends the whole catalogue to a screen that declares nothing', () => {
    expect(SCREEN_MESSAGES.settings).toBeUndefined()
    expect(pickMessages(fi, messageScopeOfPath('/asetukset/'))).toBe(fi)
  })

  it("picks from a core-only locale's own messages too", () => {
    const own = OWN_MESSAGES.da
    const picked = pickMessages(own, messageScopeOfPath('/dk-da/'))
    expect(Object.keys(picked).length).toBeGreaterThan(0)
    expect(Object.keys(picked).every((key) => key in own)).toBe(true)
  })

  it('shows a key outside the page’s messages as itself instead of failing', () => {
    const t = createTranslator('fi', pickMessages(fi, messageScopeOfPath('/')))
    expect(t('offers.title' as MessageKey)).toBe('offers.title')
    expect(t('landing.hero.title')).toBe(fi['landing.hero.title'])
  })
})

describe('client navigation', () => {
  it('reloads the messages when the next page needs keys the current ones lack', () => {
    expect(needsOtherMessages('/', '/autolaina/')).toBe(true)
    expect(needsOtherMessages('/autolaina/', '/')).toBe(true)
    expect(needsOtherMessages('/', '/lainahakemus/')).toBe(true)
    expect(needsOtherMessages('/blogi/', '/sanasto/')).toBe(true)
  })

  it('keeps them when they already cover the next page', () => {
    expect(needsOtherMessages('/blogi/', '/blogi/artikkeli/jokin-artikkeli/')).toBe(false)
    expect(needsOtherMessages('/autolaina/', '/venelaina/')).toBe(false)
    expect(needsOtherMessages('/asetukset/', '/')).toBe(false)
  })

  it('compares scopes by prefix', () => {
    expect(scopeCovers(null, ['landing'])).toBe(true)
    expect(scopeCovers(['landing'], null)).toBe(false)
    expect(scopeCovers(['admin'], ['admin.nav'])).toBe(true)
    expect(scopeCovers(['admin.nav'], ['admin'])).toBe(false)
    expect(scopeCovers(['blog'], ['blogPosts'])).toBe(false)
  })
})

// The guard for the declarations: every catalogue key written in a declared screen's module, or in
// the modules it imports (the layout's included, and the domain's modules: keys it hands over as
// data), is in that screen's scope. A key added to a page without its prefix in SCREEN_MESSAGES
// fails here before it shows as a raw key.
const APP = resolve(dirname(new URL(import.meta.url).pathname), '..')
const DOMAIN = resolve(APP, '../../../packages/domain/src')
const MODULE_OF: Partial<Record<ScreenName, string>> = {
  landing: 'features/landing/landing-route.tsx',
  carLoan: 'features/content/content-page-route.tsx',
  blog: 'features/content/blog-route.tsx',
  article: 'features/content/article-route.tsx',
  authors: 'features/content/authors-route.tsx',
  glossary: 'features/content/glossary-route.tsx',
  glossaryTerm: 'features/content/glossary-term-route.tsx',
  faq: 'features/content/faq-route.tsx',
  consumerLoanForm: 'features/application/consumer-loan-route.tsx',
  offers: 'features/offers/offers-route.tsx',
  offer: 'features/offers/offer-route.tsx',
  mortgageCalculator: 'features/mortgage/calculator/mortgage-calculator-route.tsx',
  mortgageForm: 'features/mortgage/mortgage-form-route.tsx',
  mortgageStatus: 'features/mortgage/mortgage-status-route.tsx',
  mortgageEsis: 'features/mortgage/mortgage-esis-route.tsx',
}

// Not scanned: modules whose messages are translated on the server only (`*.server.ts`, and the
// menu, which the root loader sends already translated), and the declarations themselves.
const SERVER_ONLY = ['.server.ts', 'components/layout/site-navigation.ts', 'lib/route-messages.ts']

/** The module and every app module it imports (server-only ones left out: they never render). */
function moduleTree(entry: string): string[] {
  const seen = new Set<string>()
  const queue = [resolve(APP, entry)]
  while (queue.length > 0) {
    const file = queue.pop() as string
    if (seen.has(file)) continue
    seen.add(file)
    const source = readFileSync(file, 'utf8')
    // A domain module is read, not followed: its own imports (and the modules the app imports only
    // as types, such as context.ts's) hold every form's validation keys, which no one screen shows.
    if (file.startsWith(DOMAIN)) continue
    for (const match of source.matchAll(/(?:from |import\()'(\.{1,2}\/[^']+\.tsx?)'/g)) {
      const target = resolve(dirname(file), match[1] as string)
      if (!SERVER_ONLY.some((end) => target.endsWith(end)) && !target.includes('/+types/')) queue.push(target)
    }
    // `@lainava/domain/<path>` is packages/domain/src/<path>.ts (the package's exports); value
    // imports only (`import type` brings no key to the page).
    for (const match of source.matchAll(
      /import\s+(type\s+)?(?:\{[^}]*\}|[\w*\s]+?)\s+from\s+'@lainava\/domain(?:\/([^']+))?'/g,
    )) {
      if (!match[1]) queue.push(resolve(DOMAIN, `${match[2] ?? 'index'}.ts`))
    }
  }
  return [...seen]
}

/**
 * Catalogue keys written in a source file: whole keys, and template literals' fixed starts. A key's
 * parts after the first may hold hyphens (`mortgage.step.personal-information`).
 */
function keysIn(source: string): string[] {
  const keys = [...source.matchAll(/['"`]([a-zA-Z]\w*(?:\.[\w-]+)+)['"`]/g)]
    .map((match) => match[1] as string)
    .filter((key) => key in fi)
  const templates = [...source.matchAll(/`([a-zA-Z]\w*(?:\.[\w-]+)*)\.\$\{/g)]
    .map((match) => match[1] as string)
    .filter((prefix) => Object.keys(fi).some((key) => key.startsWith(`${prefix}.`)))
  return [...keys, ...templates]
}

describe('declared scopes', () => {
  const layoutKeys = moduleTree('root.tsx').flatMap((file) => keysIn(readFileSync(file, 'utf8')))

  it('the layout reads only layout messages', () => {
    expect(layoutKeys.length).toBeGreaterThan(10)
    expect([...new Set(layoutKeys.filter((key) => !scopeCovers(LAYOUT_MESSAGES, [key])))].join(' ')).toBe('')
  })

  it.each(Object.entries(MODULE_OF))('%s: every key its modules use is in its scope', (screen, module) => {
    const scope = SCREEN_MESSAGES[screen as ScreenName] as MessageScope
    const keys = moduleTree(module).flatMap((file) => keysIn(readFileSync(file, 'utf8')))
    expect(keys.length).toBeGreaterThan(0)
    expect([...new Set(keys.filter((key) => !scopeCovers(scope, [key])))].join(' ')).toBe('')
  })
})
