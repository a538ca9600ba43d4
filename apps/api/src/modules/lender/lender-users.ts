import { type Database, schema } from '@lainava/db'
import type { LenderRole, LenderUser } from '@lainava/domain/lender-portal'
import { and, asc, eq, isNull } from 'drizzle-orm'
import { AppError } from '../../app-error.ts'
import { inviteUser } from '../admin/invite-user.ts'
import { recordAudit } from '../audit/audit-log.ts'
import type { AuthDeps } from '../auth/login-service.ts'
import type { LenderMember } from './lender-access.ts'

// Issue 17: a lender-admin manages its own organisation's users: invites them through the same
// invitation and passwordless login as admins use, changes a role, removes one; never the last
// lender-admin. Every change is in the audit log, in the same transaction as the change.

const { loginChallenges, sessionFamilies, users } = schema

const inOrganisation = (lenderId: string) =>
  and(eq(users.lenderId, lenderId), eq(users.role, 'lender'), isNull(users.deletedAt))

export async function listLenderUsers(db: Database, lenderId: string): Promise<LenderUser[]> {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      lenderRole: users.lenderRole,
      lastLoginAt: users.lastLoginAt,
    })
    .from(users)
    .where(inOrganisation(lenderId))
    .orderBy(asc(users.email))
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    lenderRole: row.lenderRole as LenderRole,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  }))
}

/** Invites a user into the member's own organisation (never another: the lender comes from the session). */
export async function inviteLenderUser(
  deps: AuthDeps,
  member: LenderMember,
  input: { email: string; lenderRole: LenderRole; language: string },
): Promise<LenderUser> {
  const created = await inviteUser(deps, member.actor, {
    email: input.email,
    role: 'lender',
    lenderId: member.lenderId,
    lenderRole: input.lenderRole,
    language: input.language,
  })
  return { id: created.id, email: created.email, lenderRole: input.lenderRole, lastLoginAt: null }
}

/**
 * The organisation's users, locked for this transaction: two admins demoting each other at once
 * cannot leave the organisation without one.
 */
async function lockedMembers(tx: Database, lenderId: string) {
  return tx
    .select({ id: users.id, email: users.email, lenderRole: users.lenderRole })
    .from(users)
    .where(inOrganisation(lenderId))
    .for('update')
}

type Member = { id: string; email: string | null; lenderRole: string | null }

function targetOf(members: Member[], userId: string) {
  const target = members.find((candidate) => candidate.id === userId)
  if (!target) {
    throw new AppError('NOT_FOUND', 'No such user in the organisation.', {
      reason: 'USER_NOT_FOUND',
      messageKey: 'lenderPortal.api.userNotFound',
    })
  }
  return target
}

function keepOneAdmin(members: Member[], leaving: string) {
  const admins = members.filter((candidate) => candidate.lenderRole === 'lender-admin')
  if (admins.length === 1 && admins[0]?.id === leaving) {
    throw new AppError('CONFLICT', 'The organisation would have no lender-admin.', {
      reason: 'LAST_LENDER_ADMIN',
      messageKey: 'lenderPortal.api.lastAdmin',
    })
  }
}

export async function changeLenderRole(
  db: Database,
  member: LenderMember,
  userId: string,
  lenderRole: LenderRole,
): Promise<LenderUser> {
  return db.transaction(async (tx) => {
    const members = await lockedMembers(tx, member.lenderId)
    const target = targetOf(members, userId)
    if (target.lenderRole === lenderRole) {
      throw new AppError('CONFLICT', 'The user already has this role.', {
        reason: 'ROLE_UNCHANGED',
        messageKey: 'lenderPortal.api.roleUnchanged',
      })
    }
    if (lenderRole !== 'lender-admin') keepOneAdmin(members, userId)
    const [row] = await tx
      .update(users)
      .set({ lenderRole })
      .where(and(eq(users.id, userId), inOrganisation(member.lenderId)))
      .returning({ id: users.id, email: users.email, lastLoginAt: users.lastLoginAt })
    if (!row) throw new Error('the locked user was not updated')
    await recordAudit(tx, {
      actor: member.actor,
      action: 'user.role',
      subjectType: 'user',
      subjectId: userId,
      details: { from: target.lenderRole, to: lenderRole, lenderId: member.lenderId },
    })
    return { ...row, lenderRole, lastLoginAt: row.lastLoginAt?.toISOString() ?? null }
  })
}

/**
 * Removes a user from the organisation: the account ends (its address is freed for a new invitation,
 * its logins revoked at once). Never the organisation's last lender-admin.
 */
export async function removeLenderUser(db: Database, member: LenderMember, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const members = await lockedMembers(tx, member.lenderId)
    const target = targetOf(members, userId)
    keepOneAdmin(members, userId)
    const [removed] = await tx
      .update(users)
      .set({ deletedAt: new Date(), email: null })
      .where(and(eq(users.id, userId), inOrganisation(member.lenderId)))
      .returning({ id: users.id })
    if (!removed) throw new Error('the locked user was not removed')
    // A login link still unused must not open the address again (as a new account).
    if (target.email) await tx.delete(loginChallenges).where(eq(loginChallenges.email, target.email))
    await tx
      .update(sessionFamilies)
      .set({ revokedAt: new Date(), revokedReason: 'lender-user-removed' })
      .where(and(eq(sessionFamilies.userId, userId), isNull(sessionFamilies.revokedAt)))
    await recordAudit(tx, {
      actor: member.actor,
      action: 'user.remove',
      subjectType: 'user',
      subjectId: userId,
      details: { lenderRole: target.lenderRole, lenderId: member.lenderId },
    })
  })
}
