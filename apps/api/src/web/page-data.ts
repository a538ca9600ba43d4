import { createHash } from 'node:crypto'
import type { Content } from '@lainava/content'
import { CONSUMER_LOAN_LIMITS, REPRESENTATIVE_PRICING, SME_LOAN_LIMITS } from '@lainava/domain'
import { catalogueLocale } from '@lainava/i18n'
import { messagesFor } from '@lainava/i18n/server'
import {
  FINLAND_LANGUAGES,
  findRedirect,
  LANGUAGES,
  type Language,
  languageOfPath,
  pathFor,
  SERVED_LANGUAGES,
} from '@lainava/routing'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router'
import { errorBody } from '../plugins/errors.ts'

// spec §2 "Page data": JSON about each page at /page-data/{path}/page-data.json
// (what a client-side navigation to it needs), the app version at
// /page-data/app-data.json, shared static data at /page-data/sq/d/{hash}.json,
// and the header and footer at /slice-data/{name}.json.

type Tree = RouteObject & { id: string }

function routeTree(build: ServerBuild): Tree[] {
  const nodes = new Map<string, Tree & { children: Tree[]; parentId?: string }>()
  for (const route of Object.values(build.routes)) {
    if (!route) continue
    nodes.set(route.id, {
      id: route.id,
      path: route.path,
      index: route.index as false,
      caseSensitive: route.caseSensitive,
      parentId: route.parentId,
      children: [],
    })
  }
  const roots: Tree[] = []
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined
    if (parent) parent.children.push(node)
    else roots.push(node)
  }
  return roots
}

/** `index` → `/`; `en/form` → `/en/form/` */
function pagePath(segment: string): string {
  const trimmed = segment.replace(/^\/+|\/+$/g, '')
  return trimmed === '' || trimmed === 'index' ? '/' : `/${trimmed}/`
}

export type PageData = {
  path: string
  routeId: string
  screen: string
  language: Language
  params: Record<string, string>
  canonical: string
  alternates: Array<{ hreflang: string; href: string }>
  appVersion: string
  staticQueryHashes: string[]
  /**
   * The address of the page's shared file (its messages and the menus, ADR 063) for a visitor signed
   * out and signed in: a client navigation to the page asks for it beside the page's data.
   */
  shared: { in: string; out: string }
}

type SharedHrefs = (content: Content, pathname: string) => { in: string; out: string }

function staticData(brandName: string) {
  const site = {
    brandName,
    consumerLoanLimits: CONSUMER_LOAN_LIMITS,
    smeLoanLimits: SME_LOAN_LIMITS,
    representativePricing: REPRESENTATIVE_PRICING,
    languages: SERVED_LANGUAGES.map((language) => ({ language, prefix: LANGUAGES[language].prefix })),
  }
  const body = JSON.stringify(site)
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 12)
  return new Map([[hash, body]])
}

function slices(language: Language, brandName: string) {
  const locale = catalogueLocale(language)
  const messages = messagesFor(locale)
  return {
    header: {
      brandName,
      homePath: pathFor('landing', language),
      loginPath: pathFor('login', language),
      languages: FINLAND_LANGUAGES.map((code) => ({
        language: code,
        label: messagesFor(code)[`language.${code}`],
        path: pathFor('landing', code),
      })),
    },
    footer: {
      company: messages['footer.company'].replaceAll('{brand}', brandName),
      links: (
        [
          ['privacyPolicy', 'footer.privacy'],
          ['terms', 'footer.terms'],
          ['cookiePolicy', 'footer.cookies'],
          ['fairComparisonPrinciples', 'footer.principles'],
          ['contact', 'footer.contact'],
        ] as const
      ).map(([screen, key]) => ({ label: messages[key], path: pathFor(screen, language) })),
    },
  }
}

/** ADR 016: the one error body, as every API answer has it. */
const notFound = (request: FastifyRequest) =>
  errorBody(request, { code: 'NOT_FOUND', messageKey: 'api.notFound' })

export function registerPageData(
  app: FastifyInstance,
  build: ServerBuild,
  options: { publicUrl: string; brandName: string; content: Content },
) {
  const tree = routeTree(build)
  const sharedHrefs = (build.entry.module as { rootSharedHrefs?: SharedHrefs }).rootSharedHrefs
  if (!sharedHrefs) throw new Error('The web build does not export rootSharedHrefs from its server entry.')
  const appVersion = build.assets.version
  const staticQueries = staticData(options.brandName)
  const staticQueryHashes = [...staticQueries.keys()]

  app.get('/page-data/app-data.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache')
    return { appVersion }
  })

  app.get<{ Params: { file: string } }>(
    '/page-data/sq/d/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const body = staticQueries.get(request.params.file.replace(/\.json$/, ''))
      if (!body) return reply.status(404).send(notFound(request))
      reply.header('cache-control', 'public, max-age=31536000, immutable').type('application/json')
      return body
    },
  )

  app.get<{ Params: { file: string } }>(
    '/slice-data/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const match = /^(header|footer)-([a-z-]+)\.json$/.exec(request.params.file)
      const language = match?.[2]
      if (!match || !language || !Object.hasOwn(LANGUAGES, language)) {
        return reply.status(404).send(notFound(request))
      }
      return slices(language as Language, options.brandName)[match[1] as 'header' | 'footer']
    },
  )

  app.get<{ Params: { '*': string } }>('/page-data/*', { schema: { hide: true } }, async (request, reply) => {
    const rest = request.params['*']
    if (!rest.endsWith('/page-data.json')) return reply.status(404).send(notFound(request))
    const path = pagePath(rest.slice(0, -'/page-data.json'.length))
    const redirect = findRedirect(path)
    if (redirect) return { path, redirect: { location: redirect.location, permanent: redirect.permanent } }
    const matches = matchRoutes(tree, path)
    const leaf = matches?.at(-1)
    const routeId = (leaf?.route as Tree | undefined)?.id
    // Only pages have page data: not the catch-all, nor a file such as the root's shared one (ADR 063),
    // whose ids name no screen and language (`screen.language`).
    if (!leaf || !routeId || routeId === 'not-found' || !routeId.includes('.')) {
      return reply.status(404).send(notFound(request))
    }
    const dot = routeId.lastIndexOf('.')
    const screen = routeId.slice(0, dot)
    const language = routeId.slice(dot + 1) as Language
    const params = Object.fromEntries(
      Object.entries(leaf.params).filter(([, value]) => value !== undefined),
    ) as Record<string, string>
    const data: PageData = {
      path,
      routeId,
      screen,
      language: language ?? languageOfPath(path),
      params,
      canonical: `${options.publicUrl}${pathFor(screen, language, params)}`,
      alternates: FINLAND_LANGUAGES.map((code) => ({
        hreflang: LANGUAGES[code].hreflang,
        href: `${options.publicUrl}${pathFor(screen, code, params)}`,
      })),
      appVersion,
      staticQueryHashes,
      shared: sharedHrefs(options.content, path),
    }
    reply.header('cache-control', 'no-cache')
    return data
  })
}
