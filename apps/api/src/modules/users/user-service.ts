import { type Database, schema } from '@lainava/db'
import { eq } from 'drizzle-orm'
import { revokeAllSessions } from '../auth/session-service.ts'

const { consents, users, loginChallenges } = schema

export type Consents = {
  marketingEmail: boolean
  sms: boolean
  partnerOffers: boolean
  analyticsCookies: boolean
}

const NO_CONSENTS: Consents = {
  marketingEmail: false,
  sms: false,
  partnerOffers: false,
  analyticsCookies: false,
}

export async function getConsents(
  db: Database,
  userId: string,
): Promise<Consents & { updatedAt: string | null }> {
  const [row] = await db.select().from(consents).where(eq(consents.userId, userId))
  if (!row) return { ...NO_CONSENTS, updatedAt: null }
  const { marketingEmail, sms, partnerOffers, analyticsCookies, updatedAt } = row
  return { marketingEmail, sms, partnerOffers, analyticsCookies, updatedAt: updatedAt.toISOString() }
}

export async function updateConsents(db: Database, userId: string, values: Consents): Promise<void> {
  const now = new Date()
  await db
    .insert(consents)
    .values({ userId, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: consents.userId, set: { ...values, updatedAt: now } })
}

/** GDPR access: everything we hold about the user, as one JSON document. */
export async function exportUserData(db: Database, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId))
  if (!user) return null
  return {
    exportedAt: new Date().toISOString(),
    account: {
      id: user.id,
      email: user.email,
      role: user.role,
      language: user.language,
      createdAt: user.createdAt.toISOString(),
      lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    },
    consents: await getConsents(db, userId),
    // Applications and offers join this document when they land.
  }
}

/**
 * GDPR erasure: the account is anonymised (no e-mail, consents gone, every
 * login revoked), keeping only what accounting and the lenders' records need.
 */
export async function deleteAccount(db: Database, userId: string): Promise<void> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId))
  await db.transaction(async (tx) => {
    await tx.delete(consents).where(eq(consents.userId, userId))
    if (user?.email) await tx.delete(loginChallenges).where(eq(loginChallenges.email, user.email))
    await tx.update(users).set({ email: null, deletedAt: new Date() }).where(eq(users.id, userId))
  })
  await revokeAllSessions(db, userId, 'account-deleted')
}
