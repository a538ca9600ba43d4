import { webContext } from '../context.ts'
import type { Route } from './+types/root-shared-route'
import { rootSharedFile } from './root-shared.server.ts'
import { ROOT_SHARED_PATH } from './root-shared.ts'

// ADR 063: `/_shared/<language>/<scope>/<in|out>/<hash>.json`, the root's messages and menus for pages
// of that language, message scope and sign-in state. Public (no visitor's data: the same file for
// everyone), and named by its content, so kept by the browser for good; an address whose hash is not
// today's content gets today's file, not kept.
export function loader({ url, params, context }: Route.LoaderArgs) {
  // Only the address as a page names it: React Router also matches it in other cases and encodings
  // (`/_SHARED/…`, `/%5Fshared/…`), which must not become a second, cacheable copy of the file.
  const { lang, scope, signedIn, file: name } = params
  const exact = url.pathname === `${ROOT_SHARED_PATH}${lang}/${scope}/${signedIn}/${name}`
  const file = exact ? rootSharedFile(context.get(webContext).content, params) : null
  if (!file) {
    return new Response('Not found', {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    })
  }
  return new Response(file.json, {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': file.current ? 'public, max-age=31536000, immutable' : 'no-cache',
    },
  })
}
