import { Transform, type TransformCallback } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import type { ReactElement } from 'react'
import { renderToPipeableStream } from 'react-dom/server'
import {
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  type RouterContextProvider,
  ServerRouter,
} from 'react-router'
import { webContext } from './context.ts'
import { IslandMarkupContext } from './island/island-context.ts'
import { landingIslandMarkup, readIslandBuild } from './island/island-markup.server.tsx'

// The server process reads the context key from here, so both use one instance.
export { webContext } from './context.ts'
// The page data names the shared file a page's root data will name (ADR 063, amendment of 2026-11-25).
export { rootSharedHrefs } from './lib/root-shared.server.ts'

const ABORT_DELAY_MS = 10_000

// ADR 064: the landing island's build, beside this server build (`<build>/island.json`).
const islandBuild = readIslandBuild(new URL('../island.json', import.meta.url))

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { cspNonce, log } = loadContext.get(webContext)
  // ADR 064: the landing's document hydrates as an island, without React Router's scripts and data.
  const island = islandBuild ? landingIslandMarkup(routerContext, new URL(request.url), islandBuild) : null
  if (island) routerContext.serverHandoffStream?.cancel().catch(() => {})
  const router = (
    <ServerRouter
      context={island ? { ...routerContext, serverHandoffStream: undefined } : routerContext}
      url={request.url}
      nonce={cspNonce}
    />
  )
  const page = island ? (
    <IslandMarkupContext.Provider value={island}>{router}</IslandMarkupContext.Provider>
  ) : (
    router
  )
  return renderPage(page, {
    whole: isbot(request.headers.get('user-agent') ?? ''),
    nonce: cspNonce,
    status: responseStatusCode,
    headers: responseHeaders,
    logError: (error) => log.error(error, 'page render failed'),
  })
}

type RenderOptions = {
  whole: boolean
  nonce: string
  status: number
  headers: Headers
  /** Errors after the shell; before it the promise rejects (and the server logs them). */
  logError: (error: unknown) => void
}

/**
 * React writes a page in 4 KiB pieces and calls `flush()` when it has written all it has for now
 * (the shell, then each part that was waiting for data). Passing on one chunk per flush instead of
 * every piece spares each piece its trip through the response's streams and its own socket write
 * (issue 19: the 100 KB loan form page was some 25 of them).
 */
class BatchedWrites extends Transform {
  #chunks: Buffer[] = []
  #size = 0

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.#chunks.push(chunk)
    this.#size += chunk.length
    done()
  }

  flush() {
    if (this.#size === 0) return
    const chunk = Buffer.concat(this.#chunks, this.#size)
    this.#chunks = []
    this.#size = 0
    this.push(chunk)
  }

  override _flush(done: TransformCallback) {
    this.flush()
    done()
  }
}

/**
 * Renders a page to a streamed response. A render still running after 10 s is aborted; the
 * timer is cleared once every part has rendered, so a finished render is not kept in memory
 * (nor the prerender process alive) for those 10 s (issue 19).
 */
export function renderPage(page: ReactElement, options: RenderOptions): Promise<Response> {
  let status = options.status
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    let timer: ReturnType<typeof setTimeout> | undefined
    function respond() {
      shellRendered = true
      const body = new BatchedWrites()
      options.headers.set('Content-Type', 'text/html; charset=utf-8')
      resolve(new Response(createReadableStreamFromReadable(body), { headers: options.headers, status }))
      pipe(body)
    }
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce: options.nonce,
      onShellReady() {
        if (!options.whole) respond()
      },
      onAllReady() {
        clearTimeout(timer)
        if (options.whole) respond()
      },
      onShellError(error: unknown) {
        clearTimeout(timer)
        reject(error)
      },
      onError(error: unknown) {
        status = 500
        if (shellRendered) options.logError(error)
      },
    })
    timer = setTimeout(abort, ABORT_DELAY_MS)
  })
}

/**
 * Unexpected errors in loaders and actions (ADR 016): to the server's redacting logger with the
 * request id, never to the console. A request the browser gave up on is not our failure.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return
  // A thrown response or data() (404, a refused form) is an answer, not a failure.
  if (error instanceof Response || isRouteErrorResponse(error)) return
  if (typeof error === 'object' && error !== null && 'type' in error && error.type === 'DataWithResponseInit')
    return
  context.get(webContext).log.error(error, 'page request failed')
}
