import type { Database } from '@lainava/db'
import type { FastifyRequest } from 'fastify'
import { AppError } from '../../app-error.ts'
import { ACCESS_COOKIE } from './cookies.ts'
import { authenticate, type SessionUser } from './session-service.ts'

const cache = new WeakMap<FastifyRequest, Promise<SessionUser | null>>()

/** The logged-in user of this request, looked up once per request. */
export function currentUser(db: Database, request: FastifyRequest): Promise<SessionUser | null> {
  let user = cache.get(request)
  if (!user) {
    user = authenticate(db, request.cookies[ACCESS_COOKIE])
    cache.set(request, user)
  }
  return user
}

/** Throws 401 when nobody is logged in and 403 when the role is not allowed (house style: guards throw). */
export async function requireUser(
  db: Database,
  request: FastifyRequest,
  roles: ReadonlyArray<SessionUser['role']> = ['consumer', 'lender', 'admin'],
): Promise<SessionUser> {
  const user = await currentUser(db, request)
  if (!user) throw new AppError('UNAUTHORIZED', 'Not logged in.', { messageKey: 'api.unauthorized' })
  if (!roles.includes(user.role))
    throw new AppError('FORBIDDEN', 'Not allowed.', { messageKey: 'api.forbidden' })
  return user
}
