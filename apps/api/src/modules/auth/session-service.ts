import { type Database, schema } from '@lainava/db'
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import { ACCESS_TTL_SECONDS, REFRESH_TTL_SECONDS } from './cookies.ts'
import { hashSecret, randomToken } from './tokens.ts'

const { accessSessions, refreshTokens, sessionFamilies, users } = schema

export type SessionUser = {
  id: string
  email: string
  role: 'consumer' | 'lender' | 'admin'
  lenderId: string | null
  language: string
  familyId: string
}

export type SessionTokens = { access: string; refresh: string }

const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000)

async function issueTokens(db: Database, familyId: string): Promise<SessionTokens> {
  const access = randomToken()
  const refresh = randomToken()
  await db
    .insert(accessSessions)
    .values({ tokenHash: hashSecret(access), familyId, expiresAt: inSeconds(ACCESS_TTL_SECONDS) })
  await db
    .insert(refreshTokens)
    .values({ tokenHash: hashSecret(refresh), familyId, expiresAt: inSeconds(REFRESH_TTL_SECONDS) })
  return { access, refresh }
}

/** A new login: a new token family with its first access session and refresh token. */
export async function createSession(db: Database, userId: string): Promise<SessionTokens> {
  const [family] = await db.insert(sessionFamilies).values({ userId }).returning({ id: sessionFamilies.id })
  if (!family) throw new Error('could not create a session family')
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, userId))
  return issueTokens(db, family.id)
}

/** The user of a valid access token (not expired, family not revoked, account not deleted). */
export async function authenticate(
  db: Database,
  accessToken: string | undefined,
): Promise<SessionUser | null> {
  if (!accessToken) return null
  // An ordinary (unnamed) statement, not a named prepared one (ADR 055 amendment): a named one's plan
  // outlives a migration that changes a column's type, and node-postgres does not prepare it again.
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      lenderId: users.lenderId,
      language: users.language,
      familyId: sessionFamilies.id,
    })
    .from(accessSessions)
    .innerJoin(sessionFamilies, eq(sessionFamilies.id, accessSessions.familyId))
    .innerJoin(users, eq(users.id, sessionFamilies.userId))
    .where(
      and(
        eq(accessSessions.tokenHash, hashSecret(accessToken)),
        gt(accessSessions.expiresAt, new Date()),
        isNull(sessionFamilies.revokedAt),
        isNull(users.deletedAt),
      ),
    )
    .limit(1)
  if (!row?.email) return null
  return { ...row, email: row.email }
}

export async function revokeFamily(db: Database, familyId: string, reason: string): Promise<void> {
  await db
    .update(sessionFamilies)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessionFamilies.id, familyId), isNull(sessionFamilies.revokedAt)))
}

export type RefreshResult =
  | { ok: true; tokens: SessionTokens }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' }

/**
 * Rotates a refresh token: each is good once. Presenting one that was already
 * used means it was stolen or replayed, so the whole family is revoked.
 */
export async function refreshSession(db: Database, refreshToken: string | undefined): Promise<RefreshResult> {
  if (!refreshToken) return { ok: false, reason: 'unknown' }
  const tokenHash = hashSecret(refreshToken)
  const [row] = await db
    .select({
      familyId: refreshTokens.familyId,
      usedAt: refreshTokens.usedAt,
      expiresAt: refreshTokens.expiresAt,
      revokedAt: sessionFamilies.revokedAt,
      deletedAt: users.deletedAt,
    })
    .from(refreshTokens)
    .innerJoin(sessionFamilies, eq(sessionFamilies.id, refreshTokens.familyId))
    .innerJoin(users, eq(users.id, sessionFamilies.userId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1)
  if (!row) return { ok: false, reason: 'unknown' }
  if (row.revokedAt || row.deletedAt) return { ok: false, reason: 'revoked' }
  if (row.usedAt) {
    await revokeFamily(db, row.familyId, 'refresh-token-reuse')
    return { ok: false, reason: 'reused' }
  }
  if (row.expiresAt <= new Date()) return { ok: false, reason: 'expired' }
  // Mark it used atomically: of two concurrent refreshes with one token, only one wins.
  const claimed = await db
    .update(refreshTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
    .returning({ familyId: refreshTokens.familyId })
  if (claimed.length === 0) {
    await revokeFamily(db, row.familyId, 'refresh-token-reuse')
    return { ok: false, reason: 'reused' }
  }
  return { ok: true, tokens: await issueTokens(db, row.familyId) }
}

/** Logout: the family of the access or refresh token presented is revoked. */
export async function endSession(
  db: Database,
  tokens: { access?: string | undefined; refresh?: string | undefined },
): Promise<void> {
  const familyIds = new Set<string>()
  if (tokens.access) {
    const [row] = await db
      .select({ familyId: accessSessions.familyId })
      .from(accessSessions)
      .where(eq(accessSessions.tokenHash, hashSecret(tokens.access)))
    if (row) familyIds.add(row.familyId)
  }
  if (tokens.refresh) {
    const [row] = await db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashSecret(tokens.refresh)))
    if (row) familyIds.add(row.familyId)
  }
  for (const familyId of familyIds) await revokeFamily(db, familyId, 'logout')
}

/** Revokes every login of a user (account deleted, role changed). */
export async function revokeAllSessions(db: Database, userId: string, reason: string): Promise<void> {
  await db
    .update(sessionFamilies)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessionFamilies.userId, userId), isNull(sessionFamilies.revokedAt)))
}
