import { catalogueLocale } from '@lainava/i18n'
import { isActiveLanguage, LANGUAGES, languageOfPath } from '@lainava/routing'
import { type ReactNode, useContext, useState } from 'react'
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useMatches,
  useRouteLoaderData,
} from 'react-router'
import type { Route } from './+types/root'
import appCssUrl from './app.css?url'
import { consentAction } from './components/consent/consent-action.server.ts'
import { Prefetcher } from './components/layout/prefetcher.tsx'
import { SiteBody, useSiteEffects } from './components/layout/site-body.tsx'
import { webContext } from './context.ts'
import { StatusPage } from './features/status/status-page.tsx'
import { type IslandMarkup, IslandMarkupContext } from './island/island-context.ts'
import { beforeClientNavigation } from './lib/client-navigation.ts'
import { consentOf } from './lib/consent.ts'
import { flagIdentity, flagsForRequest } from './lib/flags.server.ts'
import { pageText } from './lib/root-data.ts'
import { useResolvedRootData } from './lib/root-data-context.tsx'
import { rootSharedHrefOfPath } from './lib/root-shared.server.ts'
import { loadRootShared, type RootWire, sharedFileOf } from './lib/root-shared.ts'
import { needsOtherMessages } from './lib/route-messages.ts'
import { refuseUnsafeInput } from './lib/unsafe-input.server.ts'

// Every page and action: hostile text is refused before a loader or an action sees it (issue 13).
export const middleware: Route.MiddlewareFunction[] = [refuseUnsafeInput, flagIdentity]

export async function loader({ url, request, context }: Route.LoaderArgs): Promise<RootWire> {
  const { brandName, company, publicUrl, cspNonce, auth, content } = context.get(webContext)
  const user = await auth.currentUser(request.headers.get('cookie'))
  const language = languageOfPath(url.pathname)
  const lang = catalogueLocale(language)
  return {
    lang,
    // ADR 026: only the messages this page's screen uses reach the browser; with the menus, made
    // once per language, scope and sign-in state (ADR 052), in a file of their own (ADR 063).
    shared: rootSharedHrefOfPath(content, url.pathname, user?.role === 'consumer'),
    brandName,
    company,
    publicUrl,
    cspNonce,
    year: new Date().getFullYear(),
    user: user ? { email: user.email, role: user.role } : null,
    // Issue 18 (ADR 038): the cookie choice and the flags, evaluated for this visitor's attributes.
    consent: consentOf(request.headers.get('cookie')),
    flags: flagsForRequest(context, {
      request,
      url,
      country: LANGUAGES[language].country,
      language: lang,
      userId: user?.id ?? null,
    }),
  }
}

// Issue 18: the cookie banner's form without JavaScript posts to `/`, which is this route's action
// (a POST to the index's path without `?index` belongs to its parent).
export async function action({ request, context }: Route.ActionArgs) {
  const { publicUrl, auth, account } = context.get(webContext)
  return consentAction(request, {
    secure: new URL(publicUrl).protocol === 'https:',
    accounts: { auth, account },
  })
}

// The root data depends on the language, the login and the page's messages: reload it when the
// prefix changes, after a form submission (login, logout, settings), and when the next page
// needs messages the current ones lack (ADR 026: they arrive with that page's data, no raw keys).
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== 'GET') return defaultShouldRevalidate
  return rootDataChanges(currentUrl, nextUrl)
}

/** A navigation between these pages loads the root's data again: another language, or other messages. */
function rootDataChanges(currentUrl: URL, nextUrl: URL): boolean {
  return (
    languageOfPath(currentUrl.pathname) !== languageOfPath(nextUrl.pathname) ||
    needsOtherMessages(currentUrl.pathname, nextUrl.pathname)
  )
}

// Client navigations ask the server's page data first (redirects, 404/500, new versions). A page whose
// root data names another shared file (another language, scope or sign-in) shows once the file is here
// (ADR 063); if it cannot be had, the page is loaded from the server instead.
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async ({ request, url }, next) => {
    const page = await beforeClientNavigation(request)
    // The page's file as its page data names it, asked for beside the navigation's data when the root's
    // data will be loaded again (ADR 063, amendment of 2026-11-25); a failure shows below, if it matters.
    const early = sharedFileOf(page.shared)
    if (early && request.method === 'GET' && rootDataChanges(new URL(window.location.href), url)) {
      loadRootShared(early).catch(() => {})
    }
    const results = await next()
    const root = results.root
    const shared = root?.type === 'data' ? (root.result as Partial<RootWire> | undefined)?.shared : undefined
    if (typeof shared === 'string') {
      try {
        await loadRootShared(shared)
      } catch (error) {
        // A navigation another one replaced is not loaded from the server either.
        if (request.signal.aborted) throw error
        window.location.assign(request.url)
        await new Promise(() => {})
      }
    }
    return results
  },
]

export const links: Route.LinksFunction = () => [
  { rel: 'manifest', href: '/manifest.webmanifest' },
  { rel: 'icon', href: '/icons/icon.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/icons/icon-192.png' },
]

/**
 * The site's one stylesheet (7.5 KiB gzip), linked and preloaded: cached between pages. An inline copy
 * in every page (4aaad82) lost to the link in two alternated Lighthouse runs on `/` and `/sanasto/`
 * (LCP 0.15–0.25 s later, ADR 045's 2026-11-24 amendment): the HTML it made bigger cost more than the
 * second request it saved.
 */
function SiteStylesheet() {
  return (
    <>
      <link rel="preload" as="style" href={appCssUrl} />
      <link rel="stylesheet" href={appCssUrl} />
    </>
  )
}

// zod reads its settings from this global when it loads (zod/v4/core: globalConfig).
const ZOD_SETTINGS = 'globalThis.__zod_globalConfig={jitless:true}'

export function Layout({ children }: { children: ReactNode }) {
  const data = useResolvedRootData()
  // The first page's file: a navigation's own file is loaded by the client middleware, and a preload
  // of it here would only fetch it again.
  const firstShared = useRouteLoaderData<RootWire>('root')?.shared
  const [sharedHref] = useState(firstShared)
  const leafRouteId = useMatches().at(-1)?.id
  const text = data ? pageText(data, leafRouteId) : null
  const htmlLang = LANGUAGES[text?.textLang ?? 'fi'].htmlLang
  // ADR 064: the landing's document, on the server, with its island instead of React Router's scripts.
  const island = useContext(IslandMarkupContext)
  return (
    <html lang={htmlLang} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#586BEA" />
        {/* Before any module runs: zod must not probe for eval (`new Function`), which our CSP forbids.
            A setting in a module would depend on the order the bundle evaluates its chunks in. */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of ours, no input */}
        <script nonce={data?.cspNonce} dangerouslySetInnerHTML={{ __html: ZOD_SETTINGS }} />
        <Meta />
        {/* Issue 14: a country not active yet has coming-soon pages only; none is for search engines. */}
        {data && !isActiveLanguage(data.lang) ? <meta name="robots" content="noindex" /> : null}
        <Links />
        <SiteStylesheet />
        {/* ADR 063: the root's messages and menus, fetched by entry.client.tsx before it hydrates. */}
        {sharedHref ? (
          <link rel="preload" as="fetch" href={sharedHref} crossOrigin="anonymous" data-root-shared="" />
        ) : null}
        {island
          ? [island.script, ...island.preloads].map((href) => (
              <link key={href} rel="modulepreload" href={href} />
            ))
          : null}
      </head>
      <body className="flex min-h-screen flex-col">
        {island ? (
          <IslandBody island={island} nonce={data?.cspNonce} />
        ) : (
          <>
            {data && text ? (
              <SiteBody data={data} text={text} extra={<Prefetcher />}>
                {children}
              </SiteBody>
            ) : (
              <main id="main">{children}</main>
            )}
            <ScrollRestoration nonce={data?.cspNonce} />
            <Scripts nonce={data?.cspNonce} />
          </>
        )}
      </body>
    </html>
  )
}

/** The landing's body as its island (ADR 064): the server's markup of it, its data and its script. */
function IslandBody({ island, nonce }: { island: IslandMarkup; nonce: string | undefined }) {
  return (
    <>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: React's own render of the island (island-markup.tsx) */}
      <div id="site" className="contents" dangerouslySetInnerHTML={{ __html: island.html }} />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with every `<` escaped (islandDataJson) */}
      <script type="application/json" id="site-data" dangerouslySetInnerHTML={{ __html: island.json }} />
      <script type="module" src={island.script} nonce={nonce} />
    </>
  )
}

export default function App() {
  useSiteEffects()
  return <Outlet />
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404
  return <StatusPage kind={notFound ? 'notFound' : 'error'} documentTitle />
}
