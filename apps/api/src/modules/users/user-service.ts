import { type Database, schema } from '@lainava/db'
import { normalizeEmail } from '@lainava/domain'
import { asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { FieldCipher } from '../../crypto/field-encryption.ts'
import { revokeAllSessions } from '../auth/session-service.ts'
import { applicationsLockedWhere } from '../marketplace/marketplace.ts'
import type { UserDataExport } from './user-data-export.ts'

const {
  accessSessions,
  applicants,
  applicationDrafts,
  applicationNotes,
  applicationRecipients,
  applications,
  consents,
  contactMessages,
  identifications,
  lenders,
  loginChallenges,
  mortgageApplications,
  offerRejections,
  offers,
  outboxEmails,
  refreshTokens,
  sessionFamilies,
  users,
} = schema

/** What the account's privacy functions need: the database, and the key for the encrypted fields. */
export type UserDeps = { db: Database; cipher: FieldCipher }

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

const iso = (value: Date) => value.toISOString()
const isoOrNull = (value: Date | null) => value?.toISOString() ?? null
const asRecord = (value: unknown) => (value ?? {}) as Record<string, unknown>

/**
 * A draft's form without the co-applicant's identity code: that is another person's data
 * (GDPR art. 15(4)); everything else the user typed is theirs to see.
 */
function draftForExport(data: Record<string, unknown>): Record<string, unknown> {
  const co = data.coApplicant as { applicant?: Record<string, unknown> } | undefined
  if (!co?.applicant || !('hetu' in co.applicant)) return data
  const { hetu: _withheld, ...applicant } = co.applicant
  return { ...data, coApplicant: { ...co, applicant } }
}

/** A mortgage application's saved steps without the co-applicant's identity code (GDPR art. 15(4)). */
function mortgageDataForExport(data: Record<string, unknown>): Record<string, unknown> {
  const co = data['co-applicant-personal-information'] as Record<string, unknown> | undefined
  if (!co || !('hetu' in co)) return data
  const { hetu: _withheld, ...rest } = co
  return { ...data, 'co-applicant-personal-information': rest }
}

/**
 * The user's contact-form messages: sent while logged in, or signed with the account's address
 * (the address is stored encrypted, so unlinked messages are decrypted to compare; a rare query).
 */
async function contactMessagesOf(deps: UserDeps, userId: string, email: string | null) {
  const rows = await deps.db
    .select()
    .from(contactMessages)
    .where(or(eq(contactMessages.userId, userId), isNull(contactMessages.userId)))
    .orderBy(asc(contactMessages.createdAt))
  return rows
    .map((row) => ({
      ...row,
      name: deps.cipher.decrypt(row.nameEncrypted),
      email: deps.cipher.decrypt(row.emailEncrypted),
    }))
    .filter((row) => row.userId === userId || (email !== null && normalizeEmail(row.email) === email))
}

async function applicationsOf(deps: UserDeps, userId: string, now: Date) {
  const { db, cipher } = deps
  const rows = await db
    .select()
    .from(applications)
    .where(eq(applications.userId, userId))
    .orderBy(asc(applications.createdAt))
  const ids = rows.map((row) => row.id)
  if (ids.length === 0) return []
  const [people, recipients, offerRows, refused, notes] = await Promise.all([
    db.select().from(applicants).where(inArray(applicants.applicationId, ids)),
    db
      .select({ row: applicationRecipients, lenderName: lenders.name })
      .from(applicationRecipients)
      .innerJoin(lenders, eq(lenders.id, applicationRecipients.lenderId))
      .where(inArray(applicationRecipients.applicationId, ids))
      .orderBy(asc(applicationRecipients.createdAt)),
    db
      .select({ row: offers, lenderName: lenders.name })
      .from(offers)
      .innerJoin(lenders, eq(lenders.id, offers.lenderId))
      .where(inArray(offers.applicationId, ids))
      .orderBy(asc(offers.createdAt)),
    db
      .select({ row: offerRejections, lenderName: lenders.name })
      .from(offerRejections)
      .innerJoin(lenders, eq(lenders.id, offerRejections.lenderId))
      .where(inArray(offerRejections.applicationId, ids))
      .orderBy(asc(offerRejections.createdAt)),
    db
      .select()
      .from(applicationNotes)
      .where(inArray(applicationNotes.applicationId, ids))
      .orderBy(asc(applicationNotes.createdAt)),
  ])
  return rows.map((application) => ({
    id: application.id,
    kind: application.kind,
    status: application.status,
    idempotencyKey: application.idempotencyKey,
    amount: application.amount,
    periodMonths: application.periodMonths,
    purpose: application.purpose,
    language: application.language,
    businessId: application.businessId,
    companyName: application.companyName,
    details: asRecord(application.details),
    createdAt: iso(application.createdAt),
    anonymisedAt: isoOrNull(application.anonymisedAt),
    firstOffersNotifiedAt: isoOrNull(application.firstOffersNotifiedAt),
    allAnsweredNotifiedAt: isoOrNull(application.allAnsweredNotifiedAt),
    applicants: people
      .filter((person) => person.applicationId === application.id)
      .map((person) => ({
        id: person.id,
        role: person.role,
        firstName: person.firstName,
        lastName: person.lastName,
        email: person.email,
        phone: person.phone,
        // Only the user's own identity code: the co-applicant's is theirs (GDPR art. 15(4)).
        hetu: person.role === 'main' && person.hetuEncrypted ? cipher.decrypt(person.hetuEncrypted) : null,
        details: asRecord(person.details),
      })),
    recipients: recipients
      .filter(({ row }) => row.applicationId === application.id)
      .map(({ row, lenderName }) => ({
        lenderId: row.lenderId,
        lenderName,
        status: row.status,
        deliveredAt: isoOrNull(row.deliveredAt),
        answeredAt: isoOrNull(row.answeredAt),
        declineReason: row.declineReason,
        redirectionUrl: row.redirectionUrl,
        createdAt: iso(row.createdAt),
      })),
    offers: offerRows
      .filter(({ row }) => row.applicationId === application.id)
      .map(({ row, lenderName }) => ({
        id: row.id,
        lenderId: row.lenderId,
        lenderName,
        // As the offers page shows it: an open offer past its date has expired.
        status: row.status === 'offered' && row.validUntil < now ? ('expired' as const) : row.status,
        amount: row.amount,
        months: row.months,
        nominalRate: row.nominalRate,
        openingFee: row.openingFee,
        monthlyFee: row.monthlyFee,
        feeFinanced: row.feeFinanced,
        monthlyPayment: row.monthlyPayment,
        apr: row.apr,
        totalCost: row.totalCost,
        totalPayable: row.totalPayable,
        validUntil: iso(row.validUntil),
        secciUrl: row.secciUrl,
        lenderReference: row.lenderReference,
        createdAt: iso(row.createdAt),
        acceptedAt: isoOrNull(row.acceptedAt),
        lenderNotifiedAt: isoOrNull(row.lenderNotifiedAt),
        cardType: row.cardType,
        exampleAmount: row.exampleAmount,
        annualFee: row.annualFee,
        gracePeriodDays: row.gracePeriodDays,
        personalGuarantee: row.personalGuarantee,
      })),
    refusedOffers: refused
      .filter(({ row }) => row.applicationId === application.id)
      .map(({ row, lenderName }) => ({
        id: row.id,
        lenderId: row.lenderId,
        lenderName,
        terms: row.terms,
        violations: row.violations,
        createdAt: iso(row.createdAt),
      })),
    notes: notes
      .filter((note) => note.applicationId === application.id)
      .map((note) => ({
        id: note.id,
        authorId: note.authorId,
        text: cipher.decrypt(note.textEncrypted),
        createdAt: iso(note.createdAt),
      })),
  }))
}

async function sessionsOf(db: Database, userId: string) {
  const families = await db
    .select()
    .from(sessionFamilies)
    .where(eq(sessionFamilies.userId, userId))
    .orderBy(asc(sessionFamilies.createdAt))
  const ids = families.map((family) => family.id)
  if (ids.length === 0) return []
  const [access, refresh] = await Promise.all([
    db.select().from(accessSessions).where(inArray(accessSessions.familyId, ids)),
    db.select().from(refreshTokens).where(inArray(refreshTokens.familyId, ids)),
  ])
  return families.map((family) => ({
    id: family.id,
    createdAt: iso(family.createdAt),
    revokedAt: isoOrNull(family.revokedAt),
    revokedReason: family.revokedReason,
    accessTokens: access
      .filter((token) => token.familyId === family.id)
      .map((token) => ({ createdAt: iso(token.createdAt), expiresAt: iso(token.expiresAt) })),
    refreshTokens: refresh
      .filter((token) => token.familyId === family.id)
      .map((token) => ({
        createdAt: iso(token.createdAt),
        expiresAt: iso(token.expiresAt),
        usedAt: isoOrNull(token.usedAt),
      })),
  }))
}

/**
 * GDPR access (art. 15) and portability (art. 20): everything we hold about the user, as one
 * JSON document; `UserDataExportSchema` describes it. A test compares it with every table that
 * refers to the user or their address (`personal-data.test.ts`).
 */
export async function exportUserData(deps: UserDeps, userId: string): Promise<UserDataExport | null> {
  const { db, cipher } = deps
  const [user] = await db.select().from(users).where(eq(users.id, userId))
  if (!user) return null
  const now = new Date()
  const email = user.email
  const [consentRow, sessions, challenges, drafts, applicationList, messages, emails, mortgages, identified] =
    await Promise.all([
      getConsents(db, userId),
      sessionsOf(db, userId),
      email
        ? db
            .select()
            .from(loginChallenges)
            .where(eq(loginChallenges.email, email))
            .orderBy(asc(loginChallenges.createdAt))
        : [],
      db
        .select()
        .from(applicationDrafts)
        .where(eq(applicationDrafts.userId, userId))
        .orderBy(asc(applicationDrafts.createdAt)),
      applicationsOf(deps, userId, now),
      contactMessagesOf(deps, userId, email),
      email
        ? db
            .select()
            .from(outboxEmails)
            .where(eq(sql`lower(${outboxEmails.toAddress})`, email))
            .orderBy(asc(outboxEmails.createdAt))
        : [],
      db
        .select()
        .from(mortgageApplications)
        .where(eq(mortgageApplications.userId, userId))
        .orderBy(asc(mortgageApplications.createdAt)),
      db
        .select()
        .from(identifications)
        .where(eq(identifications.userId, userId))
        .orderBy(asc(identifications.identifiedAt)),
    ])
  return {
    exportedAt: iso(now),
    account: {
      id: user.id,
      email: user.email,
      role: user.role,
      lenderId: user.lenderId,
      language: user.language,
      createdAt: iso(user.createdAt),
      lastLoginAt: isoOrNull(user.lastLoginAt),
    },
    consents: consentRow,
    sessions,
    loginLinks: challenges.map((challenge) => ({
      id: challenge.id,
      language: challenge.language,
      returnTo: challenge.returnTo,
      attempts: challenge.attempts,
      createdAt: iso(challenge.createdAt),
      expiresAt: iso(challenge.expiresAt),
      usedAt: isoOrNull(challenge.usedAt),
    })),
    drafts: drafts.map((draft) => ({
      id: draft.id,
      kind: draft.kind,
      step: draft.step,
      data: draftForExport(JSON.parse(cipher.decrypt(draft.dataEncrypted)) as Record<string, unknown>),
      createdAt: iso(draft.createdAt),
      updatedAt: iso(draft.updatedAt),
      submittedAt: isoOrNull(draft.submittedAt),
    })),
    mortgageApplications: mortgages.map((mortgage) => ({
      id: mortgage.id,
      status: mortgage.status,
      step: mortgage.step,
      hasCoApplicant: mortgage.hasCoApplicant,
      data: mortgageDataForExport(
        JSON.parse(cipher.decrypt(mortgage.dataEncrypted)) as Record<string, unknown>,
      ),
      callbackUrl: mortgage.callbackUrl,
      redirectionUrl: mortgage.redirectionUrl,
      identificationId: mortgage.identificationId,
      applicationId: mortgage.applicationId,
      createdAt: iso(mortgage.createdAt),
      updatedAt: iso(mortgage.updatedAt),
      submittedAt: isoOrNull(mortgage.submittedAt),
    })),
    identifications: identified.map((identification) => ({
      id: identification.id,
      mortgageApplicationId: identification.mortgageApplicationId,
      method: identification.method,
      provider: identification.provider,
      level: identification.level,
      identifiedAt: iso(identification.identifiedAt),
    })),
    applications: applicationList,
    contactMessages: messages.map((message) => ({
      id: message.id,
      topic: message.topic,
      language: message.language,
      name: message.name,
      email: message.email,
      message: cipher.decrypt(message.messageEncrypted),
      createdAt: iso(message.createdAt),
      handledAt: isoOrNull(message.handledAt),
    })),
    emails: emails.map((mail) => ({
      id: mail.id,
      kind: mail.kind,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      createdAt: iso(mail.createdAt),
      sentAt: isoOrNull(mail.sentAt),
      error: mail.error,
    })),
  }
}

/** Kept e-mails to or about the person: to one of their addresses, or naming an address or a message id. */
function outboxMailAbout(needles: string[]): SQL | undefined {
  if (needles.length === 0) return undefined
  return or(
    inArray(sql`lower(${outboxEmails.toAddress})`, needles),
    ...needles.flatMap((needle) => [
      sql`strpos(lower(${outboxEmails.text}), ${needle}) > 0`,
      sql`strpos(lower(${outboxEmails.html}), ${needle}) > 0`,
    ]),
  )
}

/**
 * GDPR erasure (art. 17): the account is anonymised (no e-mail, every login revoked); consents,
 * login links, drafts, contact messages and kept e-mails to or about the person are deleted;
 * applications stay for the lenders' records and our accounting, with nothing that identifies
 * the person (applicants' names, contacts, identity codes and form details removed).
 */
export async function deleteAccount(deps: UserDeps, userId: string): Promise<void> {
  const { db } = deps
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId))
  const email = user?.email ?? null
  const messages = await contactMessagesOf(deps, userId, email)
  // The staff copy of a contact message names the sender's address and the message id.
  const needles = [
    ...new Set([
      ...(email ? [email] : []),
      ...messages.map((message) => normalizeEmail(message.email)),
      ...messages.map((message) => message.id),
    ]),
  ]
  await db.transaction(async (tx) => {
    // The person's applications first, in id order: a batch of lenders' answers locks the same rows
    // in that order, and an UPDATE by user id would lock them in the order it scans the table.
    await applicationsLockedWhere(tx, eq(applications.userId, userId))
    await tx.delete(consents).where(eq(consents.userId, userId))
    if (email) await tx.delete(loginChallenges).where(eq(loginChallenges.email, email))
    const mail = outboxMailAbout(needles)
    if (mail) await tx.delete(outboxEmails).where(mail)
    if (messages.length > 0) {
      await tx.delete(contactMessages).where(
        inArray(
          contactMessages.id,
          messages.map((message) => message.id),
        ),
      )
    }
    await tx.delete(applicationDrafts).where(eq(applicationDrafts.userId, userId))
    await tx.delete(identifications).where(eq(identifications.userId, userId))
    await tx.delete(mortgageApplications).where(eq(mortgageApplications.userId, userId))
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
    // Staff notes may name the person; a sole trader's company name and Y-tunnus point to them.
    await tx.delete(applicationNotes).where(inArray(applicationNotes.applicationId, owned))
    await tx
      .update(applications)
      .set({ details: {}, businessId: null, companyName: null, anonymisedAt: new Date() })
      .where(eq(applications.userId, userId))
    await tx.update(users).set({ email: null, deletedAt: new Date() }).where(eq(users.id, userId))
  })
  await revokeAllSessions(db, userId, 'account-deleted')
}
