import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Content } from '@lainava/content'
import type { CompanyDetails } from '@lainava/domain/company'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadPrerendered, type Manifest } from './prerender.ts'

// A page file the manifest names but the build lacks (or cannot be read) must not stop the server:
// that page is left out, so it is rendered per request, with one warning line naming it.

let buildDir = ''
const company = { name: 'Lainava Oy' } as unknown as CompanyDetails
const options = {
  version: 'v1',
  publicUrl: 'https://lainava.test',
  brandName: 'Lainava',
  company,
  content: { fingerprint: 'content-1' } as unknown as Content,
}

beforeAll(() => {
  buildDir = mkdtempSync(join(tmpdir(), 'lainava-prerender-missing-'))
  const dir = join(buildDir, 'prerender')
  mkdirSync(dir, { recursive: true })
  const page = (path: string, file: string) => [path, { file, headers: { 'cache-control': 'no-cache' } }]
  const manifest: Manifest = {
    version: 'v1',
    brandName: 'Lainava',
    company,
    year: 2026,
    renderedAt: '2026-01-02T03:04:05.000Z',
    contentFingerprint: 'content-1',
    pages: Object.fromEntries([
      page('/sanasto/', 'sanasto.html'),
      page('/autolaina/', 'autolaina.html'),
      page('/lainanantajat/', 'lainanantajat.html'),
    ]),
  }
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest))
  writeFileSync(join(dir, 'sanasto.html'), '<!doctype html><title>Sanasto</title>')
  // autolaina.html is missing; lainanantajat.html is a directory (read fails with EISDIR).
  mkdirSync(join(dir, 'lainanantajat.html'))
})
afterAll(() => {
  if (buildDir) rmSync(buildDir, { recursive: true, force: true })
})

describe('a prerendered page whose file is missing or unreadable', () => {
  it('is left out (rendered per request) with one warning line naming it; the others are served', () => {
    const warnings: string[] = []
    const loaded = loadPrerendered(buildDir, { ...options, warn: (message) => warnings.push(message) })
    if ('reason' in loaded) throw new Error(loaded.reason)
    expect([...loaded.pages.keys()]).toEqual(['/sanasto/'])
    expect(warnings).toHaveLength(2)
    expect(warnings[0]).toMatch(/^Prerendered page \/autolaina\/ left out \(ENOENT: autolaina\.html\)/)
    expect(warnings[1]).toMatch(
      /^Prerendered page \/lainanantajat\/ left out \(EISDIR: lainanantajat\.html\)/,
    )
    expect(warnings.every((line) => !line.includes('\n') && !line.includes(buildDir))).toBe(true)
  })
})
