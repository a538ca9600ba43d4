import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { extname, join, relative, sep } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

// Issue 19 goal 1, ADR 041: the prerendered pages and the built files are compressed once (at
// build time, or once in memory) and sent as they are, chosen by the request's Accept-Encoding.
// The per-request compressor (`@fastify/compress` in app.ts) never touches them.

export type ContentCoding = 'br' | 'gzip' | 'identity'

/** Ours first: brotli is the smallest, then gzip, then the bytes as they are. */
const PREFERENCE: readonly ContentCoding[] = ['br', 'gzip', 'identity']

/** Files smaller than this are sent as they are: the saving is below a packet. */
export const MIN_COMPRESS_BYTES = 1024

/** Types worth compressing (text); images and fonts are compressed by their own format. */
const COMPRESSIBLE = new Set([
  '.css',
  '.html',
  '.ico',
  '.js',
  '.json',
  '.map',
  '.mjs',
  '.svg',
  '.txt',
  '.webmanifest',
  '.xml',
])

const TYPES: Record<string, string> = {
  '.avif': 'image/avif',
  '.css': 'text/css; charset=utf-8',
  '.gif': 'image/gif',
  '.html': 'text/html; charset=utf-8',
  '.ico': 'image/x-icon',
  '.jpeg': 'image/jpeg',
  '.jpg': 'image/jpeg',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.webp': 'image/webp',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.xml': 'application/xml',
}

export function isCompressible(path: string, size: number): boolean {
  return size >= MIN_COMPRESS_BYTES && COMPRESSIBLE.has(extname(path).toLowerCase())
}

/**
 * The content coding to send (RFC 9110 §12.5.3): the acceptable one with the highest weight,
 * ties broken by our preference. A coding the client does not name is acceptable only through
 * `*`; identity is acceptable unless `identity;q=0` (or `*;q=0` without identity). When nothing we
 * have is acceptable, the bytes go as they are, as the RFC advises.
 */
export function chooseEncoding(
  header: string | string[] | undefined,
  available: readonly ContentCoding[],
): ContentCoding {
  if (header === undefined) return 'identity'
  const weights = new Map<string, number>()
  for (const item of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [rawName, ...params] = item.split(';')
    const name = rawName?.trim().toLowerCase()
    if (!name) continue
    let weight = 1
    for (const param of params) {
      const [key, value] = param.split('=').map((part) => part.trim())
      if (key?.toLowerCase() !== 'q') continue
      // qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] ); anything else makes the entry void.
      weight = value && /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(value) ? Number(value) : Number.NaN
    }
    if (Number.isNaN(weight)) continue
    weights.set(name === 'x-gzip' ? 'gzip' : name, weight)
  }
  const star = weights.get('*')
  // Unnamed identity is acceptable but the last choice: below any coding the client names.
  const weightOf = (coding: ContentCoding) =>
    weights.get(coding) ?? (coding === 'identity' ? (star ?? Number.MIN_VALUE) : (star ?? 0))
  let best: ContentCoding | undefined
  let bestWeight = 0
  for (const coding of PREFERENCE) {
    if (!available.includes(coding)) continue
    const weight = weightOf(coding)
    if (weight > bestWeight) {
      best = coding
      bestWeight = weight
    }
  }
  return best ?? 'identity'
}

type Variant = { body: Buffer; etag: string }

function variant(body: Buffer, coding: ContentCoding): Variant {
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27)
  // A strong validator per variant: the compressed bytes differ from the plain ones.
  return { body, etag: coding === 'identity' ? `"${hash}"` : `"${hash}-${coding}"` }
}

const brotliOptions = (size: number, quality: number) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: quality,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: size,
  },
})
/**
 * A server at another address than the build's compresses its pages at start of use: brotli 5
 * takes about 1 ms for a 90 KiB page where 11 takes 60 (11 % larger over the 244 pages), so the
 * first visitor hardly waits and a test server visiting every page spends no CPU-minutes on it.
 */
const LATE_BROTLI_QUALITY = 5
const brotliAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** Brotli (by default at its highest quality) and gzip level 9: done once per file, worth their CPU. */
export async function compressBoth(
  body: Buffer,
  brotliQuality: number = constants.BROTLI_MAX_QUALITY,
): Promise<{ br: Buffer; gzip: Buffer }> {
  const [br, gz] = await Promise.all([
    brotliAsync(body, brotliOptions(body.length, brotliQuality)),
    gzipAsync(body, { level: 9 }),
  ])
  return { br, gzip: gz }
}

/** A compressed copy is kept only where it saves a tenth or more. */
export const worthKeeping = (compressed: Buffer, plain: Buffer) => compressed.length <= plain.length * 0.9

/**
 * One resource in every coding we have. A page whose address differs from the build's has no
 * copies at start: it is compressed once, on its first request that accepts a coding (on libuv's
 * pool, brotli at LATE_BROTLI_QUALITY); that request and any arriving meanwhile wait for it, later
 * ones get the copies from memory.
 */
export class Precompressed {
  private readonly variants: Partial<Record<ContentCoding, Variant>>
  private pending: boolean
  private compressing: Promise<void> | undefined
  readonly contentType: string

  constructor(
    identity: Buffer,
    contentType: string,
    options: { br?: Buffer; gzip?: Buffer; compressLater?: boolean } = {},
  ) {
    this.contentType = contentType
    this.variants = { identity: variant(identity, 'identity') }
    if (options.br && worthKeeping(options.br, identity)) this.variants.br = variant(options.br, 'br')
    if (options.gzip && worthKeeping(options.gzip, identity))
      this.variants.gzip = variant(options.gzip, 'gzip')
    this.pending = (options.compressLater ?? false) && !options.br && !options.gzip
  }

  get identity(): Variant {
    return this.variants.identity as Variant
  }

  /** True when more than the plain bytes exist or may: responses then vary by Accept-Encoding. */
  get varies(): boolean {
    return this.pending || this.variants.br !== undefined || this.variants.gzip !== undefined
  }

  /** True when every variant this resource will have exists (its choice per request is final). */
  get settled(): boolean {
    return !this.pending
  }

  /** True when the variant for this Accept-Encoding is at hand (nothing left to compress for it). */
  ready(acceptEncoding: string | string[] | undefined): boolean {
    return !this.pending || chooseEncoding(acceptEncoding, PREFERENCE) === 'identity'
  }

  /** Undefined when the variants for this request are at hand; else a promise of them. */
  prepare(acceptEncoding: string | string[] | undefined): Promise<void> | undefined {
    if (!this.pending || chooseEncoding(acceptEncoding, PREFERENCE) === 'identity') return undefined
    this.compressing ??= compressBoth(this.identity.body, LATE_BROTLI_QUALITY).then(({ br, gzip }) => {
      const plain = this.identity.body
      if (worthKeeping(br, plain)) this.variants.br = variant(br, 'br')
      if (worthKeeping(gzip, plain)) this.variants.gzip = variant(gzip, 'gzip')
      this.pending = false
    })
    return this.compressing
  }

  /** The variant for this Accept-Encoding among those at hand, and its coding. */
  pick(acceptEncoding: string | string[] | undefined): { coding: ContentCoding; variant: Variant } {
    const coding = chooseEncoding(
      acceptEncoding,
      PREFERENCE.filter((name) => this.variants[name]),
    )
    return { coding, variant: this.variants[coding] as Variant }
  }
}

/** `If-None-Match` against one validator (weak comparison, RFC 9110 §13.1.2). */
export function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  if (ifNoneMatch.trim() === '*') return true
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}

/**
 * Sends a precompressed resource: Content-Type, Content-Encoding, Vary, ETag of the variant,
 * 304 on a matching If-None-Match; HEAD gets the headers only. `headers` are the caller's
 * (cache policy, CSP…); a `vary` among them is kept and Accept-Encoding added.
 */
export function sendPrecompressed(
  request: FastifyRequest,
  reply: FastifyReply,
  resource: Precompressed,
  headers: Record<string, string> = {},
): FastifyReply | Promise<FastifyReply> {
  const preparing = resource.prepare(request.headers['accept-encoding'])
  if (preparing) return preparing.then(() => send(request, reply, resource, headers))
  return send(request, reply, resource, headers)
}

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  resource: Precompressed,
  headers: Record<string, string>,
): FastifyReply {
  const { coding, variant: chosen } = resource.pick(request.headers['accept-encoding'])
  reply.headers(headers)
  reply.header('content-type', resource.contentType)
  if (resource.varies)
    reply.header('vary', headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding')
  reply.header('etag', chosen.etag)
  // @fastify/compress skips a response that has a Content-Encoding; for the plain variant this
  // request header is its documented opt-out, so no coding is ever added per request.
  request.raw.headers['x-no-compression'] = '1'
  if (matches(request.headers['if-none-match'], chosen.etag)) return reply.status(304).send()
  if (coding !== 'identity') reply.header('content-encoding', coding)
  return reply.status(200).send(chosen.body)
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.')) return []
    const path = join(dir, entry.name)
    return entry.isDirectory() ? walk(path) : [path]
  })
}

/** The built files (`build/client`) with their `.br`/`.gz` siblings, as URL path → resource. */
export function loadStaticFiles(clientDir: string): Map<string, Precompressed> {
  const files = new Map<string, Precompressed>()
  if (!existsSync(clientDir)) return files
  const all = walk(clientDir)
  const present = new Set(all)
  for (const path of all) {
    // A compressed sibling is served through its original, never under its own name.
    if ((path.endsWith('.br') || path.endsWith('.gz')) && present.has(path.slice(0, -3))) continue
    const url = `/${relative(clientDir, path).split(sep).join('/')}`
    // Only names a route can carry literally (Vite's are `name-hash.ext`).
    if (!/^[\w./~-]+$/.test(url)) continue
    const plain = readFileSync(path)
    const sibling = (suffix: string) =>
      present.has(path + suffix) && statSync(path + suffix).mtimeMs >= statSync(path).mtimeMs
        ? readFileSync(path + suffix)
        : undefined
    files.set(
      url,
      new Precompressed(plain, TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream', {
        br: sibling('.br'),
        gzip: sibling('.gz'),
      }),
    )
  }
  return files
}

/**
 * Serves build/client from memory: fingerprinted assets (`/assets/`) cached for a year, other
 * files (icons, the web manifest) for an hour.
 */
export function registerStaticFiles(app: FastifyInstance, clientDir: string) {
  const files = loadStaticFiles(clientDir)
  for (const [url, resource] of files) {
    const cacheControl = url.startsWith('/assets/')
      ? 'public, max-age=31536000, immutable'
      : 'public, max-age=3600'
    app.get(url, { compress: false, schema: { hide: true } }, async (request, reply) =>
      sendPrecompressed(request, reply, resource, { 'cache-control': cacheControl }),
    )
  }
  return files
}

/** Build side: sizes before and after brotli, for the build's summary line. */
export type CompressedSizes = { plain: number; br: number }

/** Writes `path.br` and `path.gz` for `body` where they save enough, and removes stale ones. */
export async function writeCopies(path: string, body: Buffer): Promise<CompressedSizes> {
  const copies = await compressBoth(body)
  for (const [suffix, copy] of [
    ['.br', copies.br],
    ['.gz', copies.gzip],
  ] as const) {
    if (worthKeeping(copy, body)) writeFileSync(path + suffix, copy)
    else rmSync(path + suffix, { force: true })
  }
  return { plain: body.length, br: worthKeeping(copies.br, body) ? copies.br.length : body.length }
}

/** Runs the jobs a few at a time: zlib works on libuv's pool, a job per core keeps it busy. */
export async function inParallel<T>(jobs: (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = []
  let next = 0
  const lanes = Array.from({ length: Math.max(2, availableParallelism()) }, async () => {
    while (next < jobs.length) {
      const index = next++
      results[index] = await (jobs[index] as () => Promise<T>)()
    }
  })
  await Promise.all(lanes)
  return results
}

/** Build side: `.br` and `.gz` beside every file of build/client worth compressing. */
export async function precompressFiles(clientDir: string): Promise<CompressedSizes[]> {
  const files = walk(clientDir).filter(
    (path) => !path.endsWith('.br') && !path.endsWith('.gz') && isCompressible(path, statSync(path).size),
  )
  return inParallel(files.map((path) => () => writeCopies(path, readFileSync(path))))
}
