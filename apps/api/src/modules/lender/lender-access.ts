import { type Database, schema } from '@lainava/db'
import type { LenderOrganisation, LenderRole, LenderWorkspace } from '@lainava/domain/lender-portal'
import { and, eq, isNull } from 'drizzle-orm'
import { AppError } from '../../app-error.ts'
import type { AuditActor } from '../audit/audit-log.ts'
import type { SessionUser } from '../auth/session-service.ts'

const { users, lenders } = schema

/** A signed-in lender user in its organisation: every portal query is scoped by this `lenderId`. */
export type LenderMember = LenderWorkspace & { userId: string; actor: AuditActor }

/**
 * The lender organisation and role of a signed-in user, or null for anyone who is not a lender user
 * (issue 17). The organisation comes from the account, never from the address or the request body.
 */
export async function lenderMemberOf(db: Database, user: SessionUser | null): Promise<LenderMember | null> {
  if (user?.role !== 'lender') return null
  const [row] = await db
    .select({
      lenderId: lenders.id,
      lenderName: lenders.name,
      integration: lenders.integration,
      lenderRole: users.lenderRole,
    })
    .from(users)
    .innerJoin(lenders, eq(lenders.id, users.lenderId))
    .where(and(eq(users.id, user.id), eq(users.role, 'lender'), isNull(users.deletedAt)))
  if (!row?.lenderRole) return null
  return {
    ...row,
    lenderRole: row.lenderRole as LenderRole,
    userId: user.id,
    actor: { id: user.id, role: row.lenderRole },
  }
}

/**
 * Throws 401 when nobody is signed in and 403 for anyone but a lender user, or, with `adminOnly`, for a
 * lender-agent (an agent handles applications; users, keys and filters are the lender-admin's).
 */
export async function requireLenderMember(
  db: Database,
  user: SessionUser | null,
  options: { adminOnly?: boolean } = {},
): Promise<LenderMember> {
  if (!user) throw new AppError('UNAUTHORIZED', 'Not logged in.', { messageKey: 'api.unauthorized' })
  const member = await lenderMemberOf(db, user)
  if (!member) {
    throw new AppError('FORBIDDEN', 'Not a lender user.', {
      reason: 'NOT_LENDER_USER',
      messageKey: 'lenderPortal.api.notLender',
    })
  }
  if (options.adminOnly && member.lenderRole !== 'lender-admin') {
    throw new AppError('FORBIDDEN', 'Lender admins only.', {
      reason: 'LENDER_ADMIN_ONLY',
      messageKey: 'lenderPortal.api.adminOnly',
    })
  }
  return member
}

/** A lender organisation's public record: a lender user reads only its own (403 otherwise), an admin any. */
export async function lenderOrganisation(
  db: Database,
  user: SessionUser,
  lenderId: string,
): Promise<LenderOrganisation> {
  if (user.role === 'lender' && user.lenderId !== lenderId) {
    throw new AppError('FORBIDDEN', 'Not your organisation.', { messageKey: 'api.forbidden' })
  }
  const [lender] = await db
    .select({ id: lenders.id, slug: lenders.slug, name: lenders.name, description: lenders.description })
    .from(lenders)
    .where(eq(lenders.id, lenderId))
  if (!lender) throw new AppError('NOT_FOUND', 'No such lender.', { messageKey: 'api.lenderNotFound' })
  return lender
}
