// The anchor's production server, as `react-router-serve` does it (which this workspace does not
// install): static files from build/client (hashed assets cached for a year, others for an hour),
// every other request through React Router's request handler, text responses gzipped per request
// like its `compression()` middleware. Run with NODE_ENV=production: `startBareApp` in serve.ts.
import { createReadStream, existsSync, statSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { extname, join, normalize } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGzip } from 'node:zlib'
import { createReadableStreamFromReadable } from '@react-router/node'
import { createRequestHandler, type ServerBuild } from 'react-router'

const here = new URL('.', import.meta.url).pathname
const clientDir = join(here, 'build/client')
const build = (await import(join(here, 'build/server/index.js'))) as ServerBuild
const handle = createRequestHandler(build, process.env.NODE_ENV ?? 'production')
const port = Number(process.env.PORT ?? 3000)
// Compress as the `compression` middleware does by default: text types, 1 KiB or more, level 6.
const compress = process.env.BARE_COMPRESS !== 'false'

const types: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
}

function compressible(type: string | null | undefined) {
  return !!type && /^(text\/|application\/(json|javascript)|image\/svg)/.test(type)
}

function wantsGzip(req: IncomingMessage) {
  return compress && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))
}

async function send(req: IncomingMessage, res: ServerResponse, body: Readable | null, size?: number) {
  const type = res.getHeader('content-type')
  if (body && wantsGzip(req) && compressible(String(type)) && (size === undefined || size >= 1024)) {
    res.setHeader('content-encoding', 'gzip')
    res.setHeader('vary', 'Accept-Encoding')
    res.removeHeader('content-length')
    res.writeHead(res.statusCode)
    await pipeline(body, createGzip({ level: 6 }), res)
  } else if (body) {
    res.writeHead(res.statusCode)
    await pipeline(body, res)
  } else {
    res.end()
  }
}

/** A file under build/client, or undefined (then React Router answers). */
function staticFile(pathname: string) {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return undefined
  }
  const file = normalize(join(clientDir, decoded))
  if (!file.startsWith(`${clientDir}/`) || !existsSync(file)) return undefined
  const stat = statSync(file)
  return stat.isFile() ? { file, size: stat.size } : undefined
}

async function serve(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`)
  const found = req.method === 'GET' || req.method === 'HEAD' ? staticFile(url.pathname) : undefined
  if (found) {
    res.statusCode = 200
    res.setHeader('content-type', types[extname(found.file)] ?? 'application/octet-stream')
    res.setHeader(
      'cache-control',
      url.pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
    )
    res.setHeader('content-length', found.size)
    return send(req, res, req.method === 'HEAD' ? null : createReadStream(found.file), found.size)
  }
  const controller = new AbortController()
  res.on('close', () => controller.abort())
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item)
    else if (value !== undefined) headers.set(name, value)
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
  const request = new Request(url, {
    method: req.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: createReadableStreamFromReadable(req), duplex: 'half' } : {}),
  } as RequestInit)
  const response = await handle(request)
  res.statusCode = response.status
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue
    res.setHeader(name, value)
  }
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) res.setHeader('set-cookie', cookies)
  const body = response.body
    ? Readable.fromWeb(response.body as import('node:stream/web').ReadableStream)
    : null
  return send(req, res, req.method === 'HEAD' ? null : body)
}

createServer((req, res) => {
  serve(req, res).catch((error) => {
    console.error(error)
    if (!res.headersSent) res.writeHead(500).end()
    else res.destroy()
  })
}).listen(port, '127.0.0.1', () => console.warn(`bare React Router app on http://localhost:${port}`))
