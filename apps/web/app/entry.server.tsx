import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import {
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  type RouterContextProvider,
  ServerRouter,
} from 'react-router'
import { webContext } from './context.ts'

// The server process reads the context key from here, so both use one instance.
export { webContext } from './context.ts'

const ABORT_DELAY_MS = 10_000

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { cspNonce, log } = loadContext.get(webContext)
  // Bots and no-JS clients get the whole page at once; browsers get it streamed.
  const readyEvent = isbot(request.headers.get('user-agent') ?? '') ? 'onAllReady' : 'onShellReady'
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={cspNonce} />,
      {
        nonce: cspNonce,
        [readyEvent]() {
          shellRendered = true
          const body = new PassThrough()
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          )
          pipe(body)
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          // Errors after the shell are logged here; before it they reject above (and the server logs them).
          if (shellRendered) log.error(error, 'page render failed')
        },
      },
    )
    setTimeout(abort, ABORT_DELAY_MS)
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
