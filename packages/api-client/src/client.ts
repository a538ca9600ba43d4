import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '@lainava/domain/http'
import { apiErrorFrom, readBody } from './api-error.ts'

// The generic API client of spec §7 and §8.

export type Query = Record<string, unknown>

export type ApiClientOptions = {
  baseUrl?: string
  fetch?: typeof fetch
  /** spec §4/§8: a 403 on a protected path or a failed refresh: clear the user, go to the forbidden page. */
  onForbidden: () => void | Promise<void>
  /** Receives the profile answer (`{ userProfile }`) loaded after a successful refresh (spec §7). */
  onProfile?: (profile: unknown) => void
  paths?: { refresh?: string; profile?: string }
}

export type ApiClient = {
  get<T>(path: string, query?: Query, options?: { text?: boolean }): Promise<T | undefined>
  postJson<T>(path: string, body?: unknown): Promise<T | undefined>
  postForm<T>(path: string, fields: Record<string, string>): Promise<T | undefined>
  put<T>(path: string, body?: unknown): Promise<T | undefined>
  patch<T>(path: string, body?: unknown): Promise<T | undefined>
  delete<T>(path: string, body?: unknown): Promise<T | undefined>
}

/** spec §6: paths whose 403 means "you are not allowed here" rather than "nothing for you". */
const PROTECTED = ['/loanOffers', '/lender', '/admin', '/mortgage-application/status']

export function isProtectedPath(path: string): boolean {
  // The rule is about the path: a query such as `?next=/admin` must not make a call protected.
  const [pathname = ''] = path.split('?')
  return PROTECTED.some((fragment) => pathname.includes(fragment))
}

/** spec §7: dates as ISO strings, objects as JSON strings; nothing for undefined or null. */
export function encodeQuery(query: Query = {}): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue
    if (value instanceof Date) params.append(key, value.toISOString())
    else if (typeof value === 'object') params.append(key, JSON.stringify(value))
    else params.append(key, String(value))
  }
  const text = params.toString()
  return text ? `?${text}` : ''
}

function withQuery(path: string, search: string): string {
  return search && path.includes('?') ? `${path}&${search.slice(1)}` : `${path}${search}`
}

type Request = { method: string; path: string; body?: BodyInit; contentType?: string; text?: boolean }

export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = options.baseUrl ?? ''
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init))
  const refreshPath = options.paths?.refresh ?? '/api/v3/user/token/refresh'
  const profilePath = options.paths?.profile ?? '/api/v2/user/profile'
  let refreshing: Promise<boolean> | null = null

  function send(request: Request): Promise<Response> {
    const headers: Record<string, string> = {
      accept: request.text ? 'text/plain' : 'application/json',
      // ADR 015: marks the call as ours for the API's cross-site request check.
      [CLIENT_HEADER]: CLIENT_HEADER_VALUE,
    }
    if (request.contentType) headers['content-type'] = request.contentType
    return fetchImpl(`${baseUrl}${request.path}`, {
      method: request.method,
      credentials: 'include',
      headers,
      ...(request.body === undefined ? {} : { body: request.body }),
    })
  }

  /** One refresh at a time: concurrent 401s wait for the same one. */
  function refresh(): Promise<boolean> {
    refreshing ??= fetchImpl(`${baseUrl}${refreshPath}`, {
      method: 'POST',
      credentials: 'include',
      headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE },
    })
      .then((response) => response.ok)
      .catch(() => false)
      .finally(() => {
        refreshing = null
      })
    return refreshing
  }

  async function loadProfile() {
    try {
      const response = await send({ method: 'GET', path: profilePath })
      if (response.ok) options.onProfile?.(await readBody(response))
    } catch {
      // The original request already succeeded; the profile is a bonus.
    }
  }

  async function outcome<T>(
    request: Request,
    response: Response,
    canRefresh: boolean,
  ): Promise<T | undefined> {
    if (response.status === 401 && canRefresh) {
      // spec §8: refresh once, retry once, then load the profile; a failed refresh is forbidden.
      if (!(await refresh())) {
        await options.onForbidden()
        return undefined
      }
      // The session is good again whatever the retry answers, so the profile is loaded before the
      // retry's outcome is applied: a forbidden retry then has the last word on the user state.
      let retried: Response
      try {
        retried = await send(request)
      } finally {
        await loadProfile()
      }
      return outcome<T>(request, retried, false)
    }
    if (response.status === 403) {
      if (isProtectedPath(request.path)) await options.onForbidden()
      return undefined
    }
    if (!response.ok) throw await apiErrorFrom(response)
    if (request.text) {
      const text = await response.text()
      return (text === '' ? undefined : text) as T | undefined
    }
    return (await readBody(response)) as T | undefined
  }

  async function call<T>(request: Request): Promise<T | undefined> {
    return outcome<T>(request, await send(request), true)
  }

  const json =
    (method: string) =>
    <T>(path: string, body?: unknown) =>
      call<T>({
        method,
        path,
        ...(body === undefined ? {} : { body: JSON.stringify(body), contentType: 'application/json' }),
      })

  return {
    get: (path, query, getOptions) =>
      call({
        method: 'GET',
        path: withQuery(path, encodeQuery(query)),
        ...(getOptions?.text ? { text: true } : {}),
      }),
    postJson: json('POST'),
    postForm: (path, fields) =>
      call({
        method: 'POST',
        path,
        body: new URLSearchParams(fields).toString(),
        contentType: 'application/x-www-form-urlencoded',
      }),
    put: json('PUT'),
    patch: json('PATCH'),
    delete: json('DELETE'),
  }
}
