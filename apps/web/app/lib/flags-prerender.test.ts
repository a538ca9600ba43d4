import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

// Issue 18 (ADR 038): prerendered content pages are rendered at build time, without a visitor and without
// the flag service, so a flag read there would always show its code default, and a visitor's first
// visit would flicker to the real value once the SDK loads. Today no flag is read on them (the landing's
// call-to-action experiment is on `/`, rendered per request). This guard fails as soon as a module of
// a prerendered page (the root layout included) reaches a `useFlag(` call: such a page must then leave
// the prerender first (the server renders it per request with the visitor's flags).

const APP = resolve(dirname(new URL(import.meta.url).pathname), '..')
const ROOT = resolve(APP, '../../..')
const FLAGS_MODULE = resolve(APP, 'lib/flags.tsx')

/** The modules of prerendered pages: the root, the content site's routes, and STATIC_SCREENS' routes. */
function prerenderedModules(): string[] {
  const sitemap = readFileSync(resolve(ROOT, 'apps/api/src/web/sitemap.ts'), 'utf8')
  const list = /STATIC_SCREENS[^=]*=\s*\[([^\]]*)\]/.exec(sitemap)?.[1] ?? ''
  const staticScreens = [...list.matchAll(/'(\w+)'/g)].map((match) => match[1] as string)
  const routes = readFileSync(resolve(APP, 'routes.ts'), 'utf8')
  const staticModules = staticScreens.map((screen) => {
    const file = new RegExp(`\\b${screen}: '([^']+)'`).exec(routes)?.[1]
    if (!file) throw new Error(`no route module for the prerendered screen ${screen}`)
    return file
  })
  const contentRoutes = readdirSync(resolve(APP, 'features/content'))
    .filter((name) => name.endsWith('-route.tsx'))
    .map((name) => `features/content/${name}`)
  return [...new Set(['root.tsx', ...contentRoutes, ...staticModules])].map((file) => resolve(APP, file))
}

/** The source without comments (a comment that names `useFlag(` is not a use). */
function code(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1')
}

const USES_FLAG = /\buseFlag\s*(?:<[^>]*>)?\s*\(/

function relativeImports(file: string, source: string): string[] {
  const found: string[] = []
  for (const match of source.matchAll(/(?:from\s+|import\s*\(\s*|^import\s+)'(\.{1,2}\/[^']+)'/gm)) {
    const target = resolve(dirname(file), match[1] as string)
    if (existsSync(target)) found.push(target)
  }
  return found
}

/** The first chain from `entry` to a module that calls `useFlag(`, or null. */
function pathToFlagUse(entry: string, read: (file: string) => string): string[] | null {
  const parent = new Map<string, string | null>([[entry, null]])
  const queue = [entry]
  while (queue.length > 0) {
    const file = queue.shift() as string
    const source = code(read(file))
    if (file !== FLAGS_MODULE && USES_FLAG.test(source)) {
      const chain: string[] = []
      for (let at: string | null = file; at; at = parent.get(at) ?? null)
        chain.unshift(at.replace(`${APP}/`, ''))
      return chain
    }
    for (const target of relativeImports(file, source)) {
      if (parent.has(target)) continue
      parent.set(target, file)
      queue.push(target)
    }
  }
  return null
}

const fromDisk = (file: string) => readFileSync(file, 'utf8')

describe('flags on prerendered pages (issue 18)', () => {
  it.each(prerenderedModules().map((file) => file.replace(`${APP}/`, '')))(
    '%s reads no flag (its prerendered HTML would carry the default)',
    (module) => {
      expect(pathToFlagUse(resolve(APP, module), fromDisk)?.join(' → ') ?? null).toBeNull()
    },
  )

  it('finds a flag where one is read: the landing, rendered per request', () => {
    expect(pathToFlagUse(resolve(APP, 'features/landing/landing-route.tsx'), fromDisk)).toEqual([
      'features/landing/landing-route.tsx',
      'features/landing/landing-page.tsx',
    ])
  })

  it('would name a prerendered page that started to read a flag', () => {
    const page = resolve(APP, 'features/content/content-page-route.tsx')
    const withFlag = (file: string) =>
      file === page
        ? `${fromDisk(file)}\nconst variant = useFlag<string>('landing-cta-text', 'apply')\n`
        : fromDisk(file)
    expect(pathToFlagUse(page, withFlag)).toEqual(['features/content/content-page-route.tsx'])
  })
})
