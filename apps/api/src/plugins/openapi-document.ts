import { ACCESS_COOKIE, REFRESH_COOKIE } from '../modules/auth/cookies.ts'

// Issue 17 item 7 (ADR 029): the API document lenders build from. Every operation gets an operationId and
// says how it is authenticated, and components no operation uses are left out. Done once over the whole
// document, so routes added later are covered without anyone remembering to.

type SecurityRequirement = Record<string, string[]>
type Operation = { operationId?: string; security?: SecurityRequirement[]; [key: string]: unknown }
type OpenApiDocument = {
  paths?: Record<string, Record<string, Operation>>
  webhooks?: Record<string, Record<string, Operation>>
  components?: Record<string, Record<string, unknown> | undefined>
  [key: string]: unknown
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'])

export const SECURITY_SCHEMES = {
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: ACCESS_COOKIE,
    description:
      'A signed-in user (passwordless login, 15-minute access session). Calls from a browser also need our Origin or the x-lainava-client header (ADR 015).',
  },
  refreshCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: REFRESH_COOKIE,
    description: 'The rotating refresh token, sent only to /api/ (renews the access session).',
  },
  lenderApiKey: {
    type: 'http',
    scheme: 'bearer',
    description:
      "A lender API key (`Authorization: Bearer lvk_…`), made and revoked by the lender's admins on /lender/integration/.",
  },
  partnerSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Lainava-Signature',
    description:
      "Our requests to a lender's endpoint: `v1=` HMAC-SHA256 of `<X-Lainava-Timestamp>.<raw body>` under the lender's signing secret; during a rotation's grace period one entry per valid secret, comma-separated, any of which verifies (ADR 028).",
  },
} as const

const PUBLIC: SecurityRequirement[] = []
/** Works signed out too; a session, when there is one, ties the call to the account. */
const OPTIONAL_SESSION: SecurityRequirement[] = [{}, { sessionCookie: [] }]
const SESSION: SecurityRequirement[] = [{ sessionCookie: [] }]

/**
 * How operations that do not declare `security` themselves are authenticated, by `METHOD /path`. Anything
 * not listed needs a session: a new route is protected in the document unless someone says otherwise,
 * and the OpenAPI test holds these against what the routes actually answer without a login.
 */
const SECURITY_BY_OPERATION: Record<string, SecurityRequirement[]> = {
  'GET /api/health': PUBLIC,
  'GET /api/ready': PUBLIC,
  'GET /api/v1/loan-calculator': PUBLIC,
  'GET /api/v1/config/sme': PUBLIC,
  'GET /api/v1/business/companies/{businessId}': PUBLIC,
  'POST /api/v2/passwordless/start': PUBLIC,
  'POST /api/v2/passwordless/verify': OPTIONAL_SESSION,
  'POST /api/v2/passwordless/verify-link': OPTIONAL_SESSION,
  'POST /api/v3/user/token/refresh': [{ refreshCookie: [] }],
  'GET /api/v3/user/token/refresh': [{ refreshCookie: [] }],
  'POST /api/v2/user/logout': [{}, { sessionCookie: [], refreshCookie: [] }],
  'POST /api/v1/contact': OPTIONAL_SESSION,
  'POST /api/v1/applications': OPTIONAL_SESSION,
  'GET /api/v1/applications/drafts/{kind}': OPTIONAL_SESSION,
  'PUT /api/v1/applications/drafts/{kind}': OPTIONAL_SESSION,
  'POST /api/v1/lender/applications/{applicationId}/offers': [{ lenderApiKey: [] }],
  'POST /api/v1/lender/applications/{applicationId}/decline': [{ lenderApiKey: [] }],
  'POST /api/v1/lender/offers/{offerId}/withdraw': [{ lenderApiKey: [] }],
  // GrowthBook's SDK endpoints: the client key in the path is public by design (it is in every page).
  'GET /api/features/{clientKey}': PUBLIC,
  'POST /api/eval/{clientKey}': PUBLIC,
  'GET /sub/{clientKey}': PUBLIC,
}

/**
 * Readable operation ids for the calls a lender's developers use (client generators name functions after
 * them); other operations get one derived from the method and path.
 */
const OPERATION_IDS: Record<string, string> = {
  'POST /api/v1/lender/applications/{applicationId}/offers': 'createLenderOffer',
  'POST /api/v1/lender/applications/{applicationId}/decline': 'declineLenderApplication',
  'POST /api/v1/lender/offers/{offerId}/withdraw': 'withdrawLenderOffer',
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1)
}

/**
 * `GET /api/v1/admin/applications/{id}/notes` → `getAdminApplicationsByIdNotes`: the method, then the path
 * without `/api` and its version, parameters as `By<Name>`. Deterministic, so ids stay put between builds.
 */
export function derivedOperationId(method: string, path: string): string {
  const words = path
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter((segment) => segment && !/^v\d+$/.test(segment))
    .flatMap((segment) => {
      const parameter = /^\{(.+)\}$/.exec(segment)?.[1]
      if (parameter) return [`By${capitalise(parameter)}`]
      return segment
        .split(/[^A-Za-z0-9]+/)
        .filter(Boolean)
        .map(capitalise)
    })
  return `${method.toLowerCase()}${words.join('')}`
}

function versionOf(path: string): string {
  return /^\/api\/(v\d+)\//.exec(path)?.[1]?.toUpperCase() ?? ''
}

/**
 * A free-form querystring or header set (a zod record: an object schema with no `properties`) has no named
 * parameters. @fastify/swagger would list its JSON Schema keywords (`type`, `propertyNames` …) as parameters,
 * which makes the document invalid; it gets an empty property list instead, and the route's description says
 * what it takes.
 */
export function withoutKeywordParameters<T extends { schema?: unknown }>(route: T): T {
  const schema = route.schema as Record<string, unknown> | undefined
  if (!schema) return route
  const fixed = { ...schema }
  for (const part of ['querystring', 'headers', 'params']) {
    const value = fixed[part]
    if (value && typeof value === 'object' && !('properties' in value) && !('$ref' in value))
      fixed[part] = { type: 'object', properties: {} }
  }
  return { ...route, schema: fixed }
}

/** Every `$ref` inside a value. */
function collectRefs(value: unknown, into: Set<string>) {
  if (Array.isArray(value)) {
    for (const item of value) collectRefs(item, into)
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') into.add(item)
      else collectRefs(item, into)
    }
  }
}

/** Drops components that no operation reaches (directly or through other components). */
function pruneComponents(document: OpenApiDocument) {
  const components = document.components
  if (!components) return
  const reached = new Set<string>()
  collectRefs({ paths: document.paths, webhooks: document.webhooks }, reached)
  const queue = [...reached]
  while (queue.length > 0) {
    const ref = queue.pop() ?? ''
    const [, kind, name] = /^#\/components\/([^/]+)\/(.+)$/.exec(ref) ?? []
    const target = kind && name ? components[kind]?.[decodeURIComponent(name)] : undefined
    const inner = new Set<string>()
    collectRefs(target, inner)
    for (const found of inner) {
      if (!reached.has(found)) {
        reached.add(found)
        queue.push(found)
      }
    }
  }
  for (const [kind, entries] of Object.entries(components)) {
    if (kind === 'securitySchemes' || !entries) continue
    for (const name of Object.keys(entries)) {
      if (!reached.has(`#/components/${kind}/${name}`)) delete entries[name]
    }
  }
}

/** Adds operation ids and security where routes did not set them, then drops unused components. */
export function finishDocument<T extends object>(input: T): T {
  const document = input as OpenApiDocument
  const operations: Array<{ key: string; path: string; operation: Operation }> = []
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue
      operations.push({ key: `${method.toUpperCase()} ${path}`, path, operation })
    }
  }
  const derived = new Map<Operation, string>()
  for (const { key, path, operation } of operations) {
    operation.security ??= SECURITY_BY_OPERATION[key] ?? SESSION
    if (!operation.operationId) {
      const chosen = OPERATION_IDS[key]
      if (chosen) operation.operationId = chosen
      else derived.set(operation, derivedOperationId(key.split(' ')[0] ?? '', path))
    }
  }
  // Two versions of one path (`/api/v1/x`, `/api/v2/x`) would derive the same id: both take their version.
  const taken = new Map<string, number>()
  for (const { operation } of operations) {
    const id = operation.operationId ?? derived.get(operation) ?? ''
    taken.set(id, (taken.get(id) ?? 0) + 1)
  }
  for (const { path, operation } of operations) {
    const id = derived.get(operation)
    if (!id) continue
    operation.operationId = (taken.get(id) ?? 0) > 1 ? `${id}${versionOf(path)}` : id
  }
  pruneComponents(document)
  return input
}
