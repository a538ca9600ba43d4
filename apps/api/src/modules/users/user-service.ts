import { type Database, schema } from '@lainava/db'
import { eq, inArray } from 'drizzle-orm'
import { revokeAllSessions } from '../auth/session-service.ts'

const { consents, users, loginChallenges, applications, applicants, applicationDrafts } = schema

export type Consents = {
  marketingEmail: boolean
  sms: boolean
  partnerOffers: boolean
  analyticsCookies: boolean
  /** Service e-mails about the user's own offers: on unless turned off. */
  offerNotifications: boolean
}

const NO_CONSENTS: Consents = {
  marketingEmail: false,
  sms: false,
  partnerOffers: false,
  analyticsCookies: false,
  offerNotifications: true,
}

export async function getConsents(
  db: Database,
  userId: string,
): Promise<Consents & { updatedAt: string | null }> {
  const [row] = await db.select().from(consents).where(eq(consents.userId, userId))
  if (!row) return { ...NO_CONSENTS, updatedAt: null }
  const { marketingEmail, sms, partnerOffers, analyticsCookies, offerNotifications, updatedAt } = row
  return {
    marketingEmail,
    sms,
    partnerOffers,
    analyticsCookies,
    offerNotifications,
    updatedAt: updatedAt.toISOString(),
  }
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
    applications: (await db.select().from(applications).where(eq(applications.userId, userId))).map(
      (row) => ({
        id: row.id,
        kind: row.kind,
        status: row.status,
        amount: row.amount,
        periodMonths: row.periodMonths,
        purpose: row.purpose,
        createdAt: row.createdAt.toISOString(),
        details: row.details,
      }),
    ),
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
    await tx.delete(applicationDrafts).where(eq(applicationDrafts.userId, userId))
    // Applications stay for the lenders' and our accounting, without anything that identifies the person.
    const owned = tx.select({ id: applications.id }).from(applications).where(eq(applications.userId, userId))
    await tx
      .update(applicants)
      .set({
        firstName: null,
        lastName: null,
        email: null,
        phone: null,
        hetuEncrypted: null,
        hetuHash: null,
        details: {},
      })
      .where(inArray(applicants.applicationId, owned))
    await tx
      .update(applications)
      .set({ details: {}, anonymisedAt: new Date() })
      .where(eq(applications.userId, userId))
    await tx.update(users).set({ email: null, deletedAt: new Date() }).where(eq(users.id, userId))
  })
  await revokeAllSessions(db, userId, 'account-deleted')
}
