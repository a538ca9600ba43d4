import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Content } from '@lainava/content'
import type { CompanyDetails } from '@lainava/domain/company'
import {
  createRequestHandler,
  type RouterContext,
  RouterContextProvider,
  type ServerBuild,
} from 'react-router'
import type { WebLoadContext } from '../../../web/app/context.ts'
import { type CompressedSizes, inParallel, Precompressed, writeCopies } from './precompressed.ts'
import { staticPaths } from './sitemap.ts'

// Build-time prerendering of the content site (issue 7, ADR 012): every page that is the
// same for every anonymous visitor is rendered once by `npm run build` into
// build/prerender/. The server sends those files to visitors without a session; a
// visitor with one, a query string or a form post gets the page rendered per request.
//
// The files are written with a placeholder origin, replaced by PUBLIC_URL when the
// server loads them, so one build serves any address. Inline scripts carry no nonce:
// the Content-Security-Policy of a prerendered page lists their sha256 hashes instead.

export const PRERENDER_ORIGIN = 'https://prerendered.invalid'
const PLACEHOLDER_HOST = 'prerendered.invalid'
const MANIFEST = 'manifest.json'
/** Written by `scripts/precompress.ts`: the address its `.br`/`.gz` copies of the pages were made for. */
export const PRECOMPRESSED_MANIFEST = 'precompressed.json'

export type PrecompressedManifest = {
  origin: string
  /** Each page's identity ETag, so a copy is used only for the very body it was made from. */
  etags: Record<string, string>
}

export type Manifest = {
  /** The web build's version: the pages name its fingerprinted assets. */
  version: string
  brandName: string
  /** The company details in every page's footer. */
  company: CompanyDetails
  year: number
  /**
   * When rendering began, an ISO instant: the pages' figures come from the domain's dated tables as
   * they stood then (ADR 053). Absent in a manifest written before it was added.
   */
  renderedAt?: string
  contentFingerprint: string
  pages: Record<string, { file: string; headers: Record<string, string> }>
}

export type PrerenderedPage = {
  /** The page in each content coding (ADR 041). */
  resource: Precompressed
  headers: Record<string, string>
  /** `'sha256-…'` sources for the page's inline scripts. */
  scriptHashes: string[]
}

export type Prerendered = {
  year: number
  /** The manifest's `renderedAt`; for an older manifest without it, the manifest file's mtime. */
  renderedAt: Date
  pages: Map<string, PrerenderedPage>
}

export async function importServerBuild(buildDir: string): Promise<ServerBuild> {
  return (await import(pathToFileURL(join(buildDir, 'server', 'index.js')).href)) as ServerBuild
}

export function webContextKey(build: ServerBuild): RouterContext<WebLoadContext> {
  // The context key comes from the build itself, so the server and the web code share one instance.
  const key = (build.entry.module as { webContext?: RouterContext<WebLoadContext> }).webContext
  if (!key) throw new Error('The web build does not export webContext from its server entry.')
  return key
}

/** Services a prerendered page may not use: reaching one is a build error, not a silent empty page. */
function unavailable(name: string): never {
  return new Proxy(
    {},
    {
      get(_target, key) {
        throw new Error(
          `${name}.${String(key)} was used while prerendering: a page that reads it cannot be prerendered`,
        )
      },
    },
  ) as never
}

const htmlFile = (path: string) => join('html', path, 'index.html')

/** Renders every static content page into `<buildDir>/prerender/`; throws on any page that is not a 200. */
export async function writePrerender(
  buildDir: string,
  options: { content: Content; brandName: string; company: CompanyDetails; year?: number },
): Promise<{ pages: number }> {
  const build = await importServerBuild(buildDir)
  const handle = createRequestHandler(build, 'production')
  const key = webContextKey(build)
  const outDir = join(buildDir, 'prerender')
  rmSync(outDir, { recursive: true, force: true })
  const renderedAt = new Date()
  const year = options.year ?? renderedAt.getFullYear()
  // The first error a page logged: the cause of a failed build.
  let failure: unknown
  const services = {
    brandName: options.brandName,
    company: options.company,
    publicUrl: PRERENDER_ORIGIN,
    cspNonce: '',
    clientIp: '',
    log: {
      error(error: unknown) {
        failure ??= error
      },
    },
    content: options.content,
    auth: { currentUser: async () => null },
    applications: unavailable('applications'),
    account: unavailable('account'),
    admin: unavailable('admin'),
    lenders: unavailable('lenders'),
    contact: unavailable('contact'),
    offers: unavailable('offers'),
  } as unknown as WebLoadContext

  const manifest: Manifest = {
    version: build.assets.version,
    brandName: options.brandName,
    company: options.company,
    year,
    renderedAt: renderedAt.toISOString(),
    contentFingerprint: options.content.fingerprint,
    pages: {},
  }
  for (const path of staticPaths(options.content)) {
    const context = new RouterContextProvider()
    context.set(key, services)
    // A browser's request: the page is streamed whole either way, but not as to a bot.
    const request = new Request(`${PRERENDER_ORIGIN}${path}`, {
      headers: { accept: 'text/html', 'user-agent': 'Mozilla/5.0 (prerender)' },
    })
    const response = await handle(request, context)
    const body = await response.text()
    if (response.status !== 200) {
      throw new Error(`Prerendering ${path} answered ${response.status}`, { cause: failure })
    }
    if (response.headers.getSetCookie().length > 0) throw new Error(`Prerendering ${path} set a cookie`)
    const headers = Object.fromEntries(
      [...response.headers].filter(([name]) => !['set-cookie', 'date', 'content-length'].includes(name)),
    )
    const file = htmlFile(path)
    mkdirSync(dirname(join(outDir, file)), { recursive: true })
    writeFileSync(join(outDir, file), body)
    manifest.pages[path] = { file, headers }
  }
  writeFileSync(join(outDir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`)
  return { pages: Object.keys(manifest.pages).length }
}

/** sha256 sources of a page's inline `<script>` elements (data blocks included: harmless). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const match of html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    hashes.add(
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
    )
  }
  return [...hashes]
}

/** The page as served at `publicUrl`, or undefined where the placeholder would survive in another form. */
export function servedBody(raw: string, publicUrl: string): string | undefined {
  const body = raw.replaceAll(PRERENDER_ORIGIN, publicUrl)
  return body.includes(PLACEHOLDER_HOST) ? undefined : body
}

/** The build's manifest, undefined without one; throws where the file is not JSON (the build stops on that). */
export function readPrerenderManifest(buildDir: string): Manifest | undefined {
  const file = join(buildDir, 'prerender', MANIFEST)
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : undefined
}

/**
 * This build's manifest (`version`) and the time its pages were rendered at, or why it is not used. The
 * server reads it: a manifest that is not JSON (a copy cut short, say) turns prerendering off instead of
 * stopping the server.
 */
function checkedManifest(
  buildDir: string,
  version: string,
): { manifest: Manifest; renderedAt: Date } | { reason: string } {
  let manifest: Manifest | undefined
  try {
    manifest = readPrerenderManifest(buildDir)
  } catch (error) {
    return { reason: `the prerendered pages’ manifest is not JSON (${(error as Error).message})` }
  }
  if (manifest === undefined) return { reason: 'the build has no prerendered pages' }
  if (typeof manifest !== 'object' || manifest === null || typeof manifest.pages !== 'object') {
    return { reason: 'the prerendered pages’ manifest is not a manifest' }
  }
  if (manifest.version !== version) return { reason: 'they belong to another web build' }
  // The build's own record of its time: a copy of the build that does not keep timestamps would move
  // the file's mtime later (and with it the pages' validity, ADR 053). An older manifest has only that.
  if (manifest.renderedAt === undefined) {
    return { manifest, renderedAt: statSync(join(buildDir, 'prerender', MANIFEST)).mtime }
  }
  // Only the very form the prerender step writes (`toISOString`): `new Date` would also take null (0),
  // true, "2026" or "Dec 31". A time after the server's clock (a build machine's clock ahead, or a forged
  // far-future value) is taken as the server's now: no build rendered later than that, and an earlier time
  // can only bring the pages' end (the next dated change after it) nearer, never push it past a change.
  const value: unknown = manifest.renderedAt
  const at = typeof value === 'string' ? Date.parse(value) : Number.NaN
  if (Number.isNaN(at) || new Date(at).toISOString() !== value) {
    return { reason: 'the manifest’s renderedAt is not an ISO instant as the build writes it' }
  }
  return { manifest, renderedAt: new Date(Math.min(at, Date.now())) }
}

/**
 * Build side (ADR 041): `.br` and `.gz` copies of every prerendered page as served at `origin`,
 * and `precompressed.json` naming that origin and each page's ETag. Undefined without pages.
 */
export async function precompressPages(
  buildDir: string,
  origin: string,
): Promise<CompressedSizes[] | undefined> {
  const manifest = readPrerenderManifest(buildDir)
  if (!manifest) return undefined
  const dir = join(buildDir, 'prerender')
  const precompressed: PrecompressedManifest = { origin, etags: {} }
  const sizes: CompressedSizes[] = []
  await inParallel(
    Object.entries(manifest.pages).map(([path, entry]) => async () => {
      const body = servedBody(readFileSync(join(dir, entry.file), 'utf8'), origin)
      if (body === undefined) return
      const plain = Buffer.from(body)
      precompressed.etags[path] = new Precompressed(plain, 'text/html').identity.etag
      sizes.push(await writeCopies(join(dir, entry.file), plain))
    }),
  )
  writeFileSync(join(dir, PRECOMPRESSED_MANIFEST), `${JSON.stringify(precompressed, null, 2)}\n`)
  return sizes
}

// A PUBLIC_URL is put into HTML attributes, JSON and script strings as is: only plain addresses qualify.
const SAFE_ORIGIN = /^https?:\/\/[a-z0-9.-]+(:\d+)?(\/[a-z0-9._~/-]*)?$/i

/**
 * Loads the prerendered pages for this server, or explains why they are not used (then
 * every page is rendered per request, as before).
 */
export function loadPrerendered(
  buildDir: string,
  options: {
    version: string
    publicUrl: string
    brandName: string
    company: CompanyDetails
    content: Content
    /**
     * One line per page left out because its file is missing or unreadable (that page is rendered
     * live); the server passes its logger. The line names the page's path and file, nothing else.
     */
    warn?: (message: string) => void
  },
): Prerendered | { reason: string } {
  const dir = join(buildDir, 'prerender')
  const checked = checkedManifest(buildDir, options.version)
  if ('reason' in checked) return checked
  const { manifest, renderedAt } = checked
  if (manifest.brandName !== options.brandName) return { reason: 'BRAND_NAME differs from the build’s' }
  if (JSON.stringify(manifest.company) !== JSON.stringify(options.company)) {
    return { reason: 'the company details (COMPANY_*, SUPPORT_*) differ from the build’s' }
  }
  if (manifest.contentFingerprint !== options.content.fingerprint) {
    return { reason: 'the content files changed after the build (run "npm run build")' }
  }
  if (!SAFE_ORIGIN.test(options.publicUrl)) return { reason: 'PUBLIC_URL is not a plain address' }
  // The build's compressed copies fit only the address they were made for; elsewhere each page is
  // compressed in memory on its first compressed request (ADR 041).
  const precompressedFile = join(dir, PRECOMPRESSED_MANIFEST)
  const precompressed = existsSync(precompressedFile)
    ? (JSON.parse(readFileSync(precompressedFile, 'utf8')) as PrecompressedManifest)
    : undefined
  const copiesFit = precompressed?.origin === options.publicUrl
  const pages = new Map<string, PrerenderedPage>()
  for (const [path, entry] of Object.entries(manifest.pages)) {
    // An address written in another form (encoded, say) would be left behind: such a page is rendered live.
    let file: string
    try {
      file = readFileSync(join(dir, entry.file), 'utf8')
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'unreadable'
      const warn = options.warn ?? ((message: string) => console.warn(message))
      warn(`Prerendered page ${path} left out (${code}: ${entry.file}); it is rendered per request.`)
      continue
    }
    const body = servedBody(file, options.publicUrl)
    if (body === undefined) continue
    const plain = Buffer.from(body)
    let resource = new Precompressed(plain, 'text/html; charset=utf-8', { compressLater: true })
    // A compressed copy that cannot be read is made again in memory, like one that is not there.
    const copy = (suffix: string) => {
      try {
        return readFileSync(join(dir, entry.file + suffix))
      } catch {
        return undefined
      }
    }
    if (copiesFit && precompressed?.etags[path] === resource.identity.etag) {
      resource = new Precompressed(plain, 'text/html; charset=utf-8', {
        br: copy('.br'),
        gzip: copy('.gz'),
        compressLater: true,
      })
    }
    pages.set(path, { resource, headers: entry.headers, scriptHashes: inlineScriptHashes(body) })
  }
  return { year: manifest.year, renderedAt, pages }
}
