import { randomUUID } from 'node:crypto'
import { type Database, schema } from '@lainava/db'
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '@lainava/domain/http'
import type { LightMyRequestResponse } from 'fastify'
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../modules/auth/cookies.ts'
import { createSession } from '../modules/auth/session-service.ts'

export type Cookies = Record<string, string>

/** The cookies a response sets (name → value), ignoring cleared ones. */
export function setCookies(response: LightMyRequestResponse): Cookies {
  const header = response.headers['set-cookie']
  const list = Array.isArray(header) ? header : header ? [header] : []
  return Object.fromEntries(
    list.map((cookie) => cookie.split(';')[0]?.split('=') ?? []).filter(([name, value]) => name && value),
  ) as Cookies
}

/** Cookies as one `Cookie` request header (for `inject`'s headers or a real HTTP request). */
export function cookieHeader(cookies: Cookies): string {
  return Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ')
}

/** The header our API client sends: a cookie-authenticated call without an Origin needs it (ADR 015). */
export const OUR_CLIENT = { [CLIENT_HEADER]: CLIENT_HEADER_VALUE }

/** A unique address per test (house style: no shared seed users). */
export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.fi`
}

/** Logs a new user in directly (as the e2e helper does): no e-mail round trip. */
export async function loginAs(
  db: Database,
  options: {
    role?: 'consumer' | 'lender' | 'admin'
    lenderId?: string
    lenderRole?: 'lender-admin' | 'lender-agent'
    email?: string
  } = {},
) {
  const email = options.email ?? uniqueEmail(options.role ?? 'consumer')
  const [user] = await db
    .insert(schema.users)
    .values({
      email,
      role: options.role ?? 'consumer',
      lenderId: options.lenderId ?? null,
      lenderRole: options.role === 'lender' ? (options.lenderRole ?? 'lender-admin') : null,
    })
    .returning({ id: schema.users.id })
  if (!user) throw new Error('could not create the user')
  const tokens = await createSession(db, user.id)
  return {
    userId: user.id,
    email,
    cookies: { [ACCESS_COOKIE]: tokens.access, [REFRESH_COOKIE]: tokens.refresh },
  }
}
