import { type Database, schema } from '@lainava/db'
import { normalizeEmail } from '@lainava/domain'
import { type CatalogueLocale, catalogueLocale } from '@lainava/i18n'
import { eq } from 'drizzle-orm'
import { AppError } from '../../app-error.ts'
import { type AuditActor, recordAudit } from '../audit/audit-log.ts'
import { type AuthDeps, sendLoginEmail } from '../auth/login-service.ts'

const { users, lenders } = schema

export type Invitation = {
  email: string
  role: 'lender' | 'admin'
  lenderId?: string | undefined
  /** Lender users: `lender-admin` (the default) or `lender-agent` (issue 17). */
  lenderRole?: 'lender-admin' | 'lender-agent' | undefined
  language?: string | undefined
}

/** Lender and admin accounts are invited by an admin, never self-registered (product decisions). */
export async function inviteUser(deps: AuthDeps, actor: AuditActor, input: Invitation) {
  const email = normalizeEmail(input.email)
  const language: CatalogueLocale = catalogueLocale(input.language)
  if (input.role === 'lender') {
    if (!input.lenderId)
      throw new AppError('BAD_REQUEST', 'A lender user needs lenderId.', {
        reason: 'LENDER_REQUIRED',
        messageKey: 'api.lenderRequired',
      })
    const [lender] = await deps.db
      .select({ id: lenders.id })
      .from(lenders)
      .where(eq(lenders.id, input.lenderId))
    if (!lender)
      throw new AppError('NOT_FOUND', 'No such lender.', {
        reason: 'LENDER_NOT_FOUND',
        messageKey: 'api.lenderNotFound',
      })
  }
  // The account and its audit entry (ids and the role, not the address) commit together.
  const created = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        email,
        role: input.role,
        lenderId: input.role === 'lender' ? (input.lenderId ?? null) : null,
        lenderRole: input.role === 'lender' ? (input.lenderRole ?? 'lender-admin') : null,
        language,
      })
      .onConflictDoNothing()
      .returning({ id: users.id, email: users.email, role: users.role, lenderId: users.lenderId })
    if (!row)
      throw new AppError('CONFLICT', 'The address already has an account.', {
        reason: 'ACCOUNT_EXISTS',
        messageKey: 'api.accountExists',
      })
    await recordAudit(tx, {
      actor,
      action: 'user.invite',
      subjectType: 'user',
      subjectId: row.id,
      details: { role: row.role, lenderId: row.lenderId },
    })
    return row
  })
  await sendLoginEmail(deps, { email, language, returnTo: '/', invite: true })
  return { ...created, email }
}

/** Who changes a role when no admin acts: `ADMIN_EMAIL` at start-up and `npm run create-admin`. */
export const SYSTEM_ACTOR: AuditActor = { id: null, role: 'system' }

/**
 * The first admin, from the command line (scripts/create-admin.ts) or `ADMIN_EMAIL` at start-up: no e-mail
 * needed to start. Creating the account or changing its role is audited as the system's act; an address that
 * is already an admin's changes nothing and logs nothing (the server calls this on every start).
 */
export async function ensureAdmin(db: Database, rawEmail: string): Promise<{ created: boolean }> {
  const email = normalizeEmail(rawEmail)
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: users.id, role: users.role, lenderId: users.lenderId })
      .from(users)
      .where(eq(users.email, email))
      .for('update')
    if (existing) {
      if (existing.role !== 'admin') {
        await tx
          .update(users)
          .set({ role: 'admin', lenderId: null, lenderRole: null })
          .where(eq(users.id, existing.id))
        await recordAudit(tx, {
          actor: SYSTEM_ACTOR,
          action: 'user.role',
          subjectType: 'user',
          subjectId: existing.id,
          details: { from: existing.role, to: 'admin', lenderId: existing.lenderId },
        })
      }
      return { created: false }
    }
    const [created] = await tx
      .insert(users)
      .values({ email, role: 'admin' })
      .onConflictDoNothing()
      .returning({ id: users.id })
    // Another process made the account between the read and the insert: it is theirs to log.
    if (!created) return { created: false }
    await recordAudit(tx, {
      actor: SYSTEM_ACTOR,
      action: 'user.create',
      subjectType: 'user',
      subjectId: created.id,
      details: { role: 'admin' },
    })
    return { created: true }
  })
}
