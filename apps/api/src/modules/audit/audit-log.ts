import { type Database, schema } from '@lainava/db'
import type { AuditEntry, AuditLogQuery } from '@lainava/domain/admin'
import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm'

// Issue 15: who read or changed what. One function writes an entry: the admin application pages, the
// settings, invitations, lenders and their credentials (admin routes), and `ADMIN_EMAIL` / create-admin
// (as the `system` actor). There is no lender portal yet; when one changes data, it must write here too.
// The table refuses UPDATE, DELETE and TRUNCATE (migration 0005), and no route offers either.

const { auditLog } = schema

export type AuditActor = { id: string | null; role: string }

/** Dotted verbs in use; others may be added as features need them. */
export type AuditAction =
  | 'application.read'
  | 'application.export'
  | 'application.note'
  | 'application.status'
  | 'applicant.hetu.read'
  | 'settings.update'
  | 'user.invite'
  | 'user.create'
  | 'user.role'
  | 'lender.create'
  | 'lender.credentials.rotate'
  | (string & {})

export type AuditEntryInput = {
  actor: AuditActor
  action: AuditAction
  subjectType: string
  subjectId: string
  /** Ids, field names, old and new values of statuses: never personal data (the log outlives people). */
  details?: Record<string, string | number | boolean | null | readonly string[]>
}

/** Writes one entry; pass the transaction of the change so that both happen or neither does. */
export async function recordAudit(db: Database, entry: AuditEntryInput): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actor.id,
    actorRole: entry.actor.role,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    details: entry.details ?? {},
  })
}

export const AUDIT_PAGE_SIZE = 50

function asEntry({
  entry: row,
  actorEmail,
}: {
  entry: typeof auditLog.$inferSelect
  actorEmail: string | null
}): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actorId: row.actorId,
    actorEmail,
    actorRole: row.actorRole,
    action: row.action,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    details: (row.details ?? {}) as Record<string, unknown>,
  }
}

/** Entries by subject, actor, action and period (whole days, `to` included), newest first. */
export async function listAuditLog(
  db: Database,
  query: AuditLogQuery,
): Promise<{ entries: AuditEntry[]; page: number; pageSize: number; hasMore: boolean }> {
  const where: SQL[] = []
  if (query.subjectType) where.push(eq(auditLog.subjectType, query.subjectType))
  if (query.subjectId) where.push(eq(auditLog.subjectId, query.subjectId))
  if (query.actorId) where.push(eq(auditLog.actorId, query.actorId))
  if (query.action) where.push(eq(auditLog.action, query.action))
  if (query.from) where.push(gte(auditLog.at, new Date(`${query.from}T00:00:00Z`)))
  if (query.to) where.push(lt(auditLog.at, new Date(Date.parse(`${query.to}T00:00:00Z`) + 86_400_000)))
  const rows = await db
    .select({ entry: auditLog, actorEmail: schema.users.email })
    .from(auditLog)
    .leftJoin(schema.users, eq(schema.users.id, auditLog.actorId))
    .where(where.length > 0 ? and(...where) : undefined)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1)
    .offset((query.page - 1) * AUDIT_PAGE_SIZE)
  return {
    entries: rows.slice(0, AUDIT_PAGE_SIZE).map(asEntry),
    page: query.page,
    pageSize: AUDIT_PAGE_SIZE,
    hasMore: rows.length > AUDIT_PAGE_SIZE,
  }
}
