import { existsSync, readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

// Issue 19 "lean pages": the landing and the content pages load neither zod (26 KiB) nor the phone
// number metadata; those belong to the forms. This walks the modules a page's browser bundle is made
// from — relative imports and our packages' entry points, not type-only imports, not `*.server.ts`
// modules or `/server` entries — and names the path to any module that imports a heavy library.

const APP = resolve(dirname(new URL(import.meta.url).pathname), '..')
const ROOT = resolve(APP, '../../..')
const HEAVY = ['zod', 'libphonenumber-js']

function packageEntry(specifier: string): string | null {
  const [, name, sub] = /^@lainava\/([\w-]+)(?:\/(.+))?$/.exec(specifier) ?? []
  if (!name) return null
  const dir = resolve(ROOT, 'packages', name)
  const exports = JSON.parse(readFileSync(resolve(dir, 'package.json'), 'utf8')).exports as Record<
    string,
    string
  >
  const target = sub ? (exports[`./${sub}`] ?? exports['./*']?.replace('*', sub)) : exports['.']
  return target ? resolve(dir, target) : null
}

/** Imports that bring code (not `import type`, nor `import { type A, type B }`); `import()` too unless `staticOnly`. */
function codeImports(source: string, staticOnly = false): string[] {
  const found: string[] = []
  for (const match of source.matchAll(/^(?:import|export)\s+(type\s+)?([^'"]*?)\s*from\s+'([^']+)'/gm)) {
    const [, typeOnly, clause = '', specifier = ''] = match
    if (typeOnly) continue
    const names = /\{([^}]*)\}/.exec(clause)?.[1]
    const defaultOrStar = clause
      .replace(/\{[^}]*\}/, '')
      .replace(/,/g, '')
      .trim()
    const allTypes =
      names !== undefined &&
      !defaultOrStar &&
      names
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean)
        .every((name) => name.startsWith('type '))
    if (!allTypes) found.push(specifier)
  }
  for (const match of source.matchAll(/^import\s+'([^']+)'/gm)) found.push(match[1] as string)
  if (!staticOnly) for (const match of source.matchAll(/import\('([^']+)'\)/g)) found.push(match[1] as string)
  return found
}

/**
 * The first chain of modules from `entry` to one importing a heavy library, or null. `staticOnly`:
 * what the page loads with its first paint, not what it imports later (`import()`).
 */
function pathToHeavy(entry: string, staticOnly = false): string[] | null {
  const parent = new Map<string, string | null>([[entry, null]])
  const queue = [entry]
  while (queue.length > 0) {
    const file = queue.shift() as string
    for (const specifier of codeImports(readFileSync(file, 'utf8'), staticOnly)) {
      if (HEAVY.some((heavy) => specifier === heavy || specifier.startsWith(`${heavy}/`))) {
        const chain = [specifier]
        for (let at: string | null = file; at; at = parent.get(at) ?? null)
          chain.unshift(at.replace(`${ROOT}/`, ''))
        return chain
      }
      const target = specifier.startsWith('.') ? resolve(dirname(file), specifier) : packageEntry(specifier)
      if (!target || !existsSync(target) || parent.has(target)) continue
      if (target.endsWith('.server.ts') || specifier.endsWith('/server') || target.endsWith('.css')) continue
      parent.set(target, file)
      queue.push(target)
    }
  }
  return null
}

/** The modules `entry` loads with its first paint (its static imports, followed), relative to the repository. */
function firstLoad(entry: string): Set<string> {
  const seen = new Set([entry])
  const queue = [entry]
  while (queue.length > 0) {
    const file = queue.shift() as string
    for (const specifier of codeImports(readFileSync(file, 'utf8'), true)) {
      const target = specifier.startsWith('.') ? resolve(dirname(file), specifier) : packageEntry(specifier)
      if (!target || !existsSync(target) || seen.has(target) || target.endsWith('.server.ts')) continue
      seen.add(target)
      queue.push(target)
    }
  }
  return new Set([...seen].map((file) => file.replace(`${ROOT}/`, '')))
}

describe('lean pages (issue 19)', () => {
  it.each([
    'root.tsx',
    'features/landing/landing-route.tsx',
    'features/content/content-page-route.tsx',
    'features/content/blog-route.tsx',
    'features/content/article-route.tsx',
    'features/content/glossary-route.tsx',
    'features/content/glossary-term-route.tsx',
    'features/content/faq-route.tsx',
    'features/content/authors-route.tsx',
  ])('%s loads neither zod nor the phone metadata', (module) => {
    expect(pathToHeavy(resolve(APP, module))?.join(' → ') ?? null).toBeNull()
  })

  it('finds the heavy libraries where they are (the consumer loan form)', () => {
    expect(pathToHeavy(resolve(APP, 'features/application/consumer-loan-route.tsx'))).not.toBeNull()
  })

  it('the consumer loan form loads its checks after the first paint, not with the page (ADR 050)', () => {
    const route = resolve(APP, 'features/application/consumer-loan-route.tsx')
    expect(pathToHeavy(route, true)?.join(' → ') ?? null).toBeNull()
    expect(pathToHeavy(route)).toContain('apps/web/app/features/application/validate.ts')
  })

  it("the root's first load has none of what loads after hydration (ADR 060), nor the affiliate table", () => {
    const loaded = firstLoad(resolve(APP, 'root.tsx'))
    expect(loaded).toContain('apps/web/app/lib/analytics-start.ts')
    const afterHydration = [
      'apps/web/app/lib/after-hydration.ts',
      'apps/web/app/lib/affiliate-capture.ts',
      'apps/web/app/lib/analytics-client.ts',
      'apps/web/app/lib/flags-sdk.ts',
      'packages/domain/src/affiliate.ts',
      'packages/domain/src/analytics-context.ts',
    ]
    expect(afterHydration.filter((module) => loaded.has(module))).toEqual([])
  })
})
