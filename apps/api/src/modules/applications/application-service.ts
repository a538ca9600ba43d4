import { type Database, schema } from '@lainava/db'
import { normalizeEmail } from '@lainava/domain'
import { type CatalogueLocale, isCatalogueLocale } from '@lainava/i18n'
import { pathFor } from '@lainava/routing'
import { and, desc, eq, isNull } from 'drizzle-orm'
import { AppError } from '../../app-error.ts'
import type { FieldCipher } from '../../crypto/field-encryption.ts'
import { sendLoginEmail } from '../auth/login-service.ts'
import { hitRateLimit } from '../auth/rate-limit.ts'
import { hashSecret } from '../auth/tokens.ts'
import {
  dispatchApplication,
  type MarketplaceDeps,
  type Recipient,
  receiveApplication,
  recipientsOf,
} from '../marketplace/marketplace.ts'

const { applications, applicants, applicationDrafts, users } = schema

export type ApplicationDeps = MarketplaceDeps
export type ApplicationKind = 'consumer-loan' | 'credit-card'

type ApplicantInput = { firstName: string; lastName: string; hetu: string; email: string; phone: string }
type Section = Record<string, unknown>

export type ConsumerLoanInput = {
  loan: { amount: number; period: number; purpose: string } & Section
  applicant: ApplicantInput & Section
  hasCoApplicant: boolean
  coApplicant?: ({ applicant: ApplicantInput & Section } & Section) | undefined
} & Section

export type CreditCardInput = {
  applicant: ApplicantInput & Section
  limitWished: number
  cardTypePreference: string
} & Section

export type Submission =
  | { kind: 'consumer-loan'; application: ConsumerLoanInput }
  | { kind: 'credit-card'; application: CreditCardInput }

export type SubmissionResult = {
  applicationId: string
  created: boolean
  lenders: Recipient[]
  loginEmailSent: boolean
}

/** The applicant as stored: the identity number only encrypted, with a keyed hash beside it. */
function applicantRow(
  cipher: FieldCipher,
  applicationId: string,
  role: 'main' | 'co',
  input: ApplicantInput & Section,
) {
  const { hetu, firstName, lastName, email, phone, ...details } = input
  return {
    applicationId,
    role,
    firstName,
    lastName,
    email: normalizeEmail(email),
    phone,
    hetuEncrypted: cipher.encrypt(hetu),
    hetuHash: cipher.fingerprint(hetu),
    details,
  }
}

/** Everything but the applicants, which are stored (encrypted) in their own rows. */
function withoutApplicants(input: Section): Section {
  const { applicant: _main, coApplicant, ...rest } = input
  if (coApplicant && typeof coApplicant === 'object') {
    const { applicant: _co, ...coRest } = coApplicant as Section
    return { ...rest, coApplicant: coRest }
  }
  return rest
}

/**
 * Submits an application: idempotent per (user, idempotency key), stored with
 * its applicants in one transaction, handed to the marketplace by one call. A
 * visitor who is not logged in gets a consumer account by e-mail (created or
 * linked) and the login e-mail.
 */
export async function submitApplication(
  deps: ApplicationDeps,
  input: Submission & {
    idempotencyKey: string
    language: string
    loggedInUserId: string | null
    browserToken: string | undefined
    ip: string
  },
): Promise<SubmissionResult> {
  const language: CatalogueLocale = isCatalogueLocale(input.language) ? input.language : 'fi'
  const email = normalizeEmail(input.application.applicant.email)
  let userId = input.loggedInUserId
  if (!userId) {
    // Creating or linking an account sends e-mail: the same per-IP limit as login starts.
    const limit = await hitRateLimit(deps.db, `application-submit:ip:${input.ip}`, 20, 60 * 60)
    if (!limit.allowed) {
      throw new AppError('TOO_MANY_REQUESTS', 'Too many applications.', {
        reason: 'RATE_LIMITED',
        messageKey: 'api.rateLimited',
        params: { minutes: Math.ceil(limit.retryAfterSeconds / 60) },
        retryAfterSeconds: limit.retryAfterSeconds,
      })
    }
    await deps.db.insert(users).values({ email, language, role: 'consumer' }).onConflictDoNothing()
    const [user] = await deps.db
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(and(eq(users.email, email), isNull(users.deletedAt)))
    if (!user) throw new Error('could not create the account')
    if (user.role !== 'consumer') {
      throw new AppError('CONFLICT', 'This address belongs to a staff account.', { reason: 'NOT_A_CONSUMER' })
    }
    userId = user.id
  }
  const ownerId = userId
  const loan =
    input.kind === 'consumer-loan'
      ? {
          amount: input.application.loan.amount,
          periodMonths: input.application.loan.period * 12,
          purpose: input.application.loan.purpose,
        }
      : { amount: input.application.limitWished, periodMonths: 12, purpose: null }

  const outcome = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(applications)
      .values({
        userId: ownerId,
        kind: input.kind,
        idempotencyKey: input.idempotencyKey,
        ...loan,
        language,
        details: withoutApplicants(input.application),
      })
      .onConflictDoNothing({ target: [applications.userId, applications.idempotencyKey] })
      .returning({ id: applications.id })
    if (!created) return null
    await tx
      .insert(applicants)
      .values(applicantRow(deps.cipher, created.id, 'main', input.application.applicant))
    if (input.kind === 'consumer-loan' && input.application.hasCoApplicant && input.application.coApplicant) {
      await tx
        .insert(applicants)
        .values(applicantRow(deps.cipher, created.id, 'co', input.application.coApplicant.applicant))
    }
    if (input.browserToken) {
      await tx
        .update(applicationDrafts)
        .set({ submittedAt: new Date() })
        .where(
          and(
            eq(applicationDrafts.browserTokenHash, hashSecret(input.browserToken)),
            eq(applicationDrafts.kind, input.kind),
          ),
        )
    }
    return { applicationId: created.id, lenders: await receiveApplication(tx, deps.cipher, created.id) }
  })

  if (!outcome) {
    // The same submission again (retry, double click, or the other of two concurrent requests).
    const [existing] = await deps.db
      .select({ id: applications.id })
      .from(applications)
      .where(and(eq(applications.userId, ownerId), eq(applications.idempotencyKey, input.idempotencyKey)))
    if (!existing) throw new Error('idempotent submission vanished')
    // The first attempt may have died between its commit and sending the jobs.
    await dispatchApplication(deps, existing.id)
    return {
      applicationId: existing.id,
      created: false,
      lenders: await recipientsOf(deps.db, existing.id),
      loginEmailSent: false,
    }
  }

  await dispatchApplication(deps, outcome.applicationId)
  let loginEmailSent = false
  if (!input.loggedInUserId) {
    await sendLoginEmail(deps, {
      email,
      language,
      returnTo: pathFor('continuousApplication', language),
      invite: false,
    })
    loginEmailSent = true
  }
  return { ...outcome, created: true, loginEmailSent }
}

export type ApplicationSummary = {
  id: string
  kind: ApplicationKind
  status: string
  amount: number
  periodMonths: number
  purpose: string | null
  createdAt: string
  lenders: Recipient[]
}

export async function listApplications(db: Database, userId: string): Promise<ApplicationSummary[]> {
  const rows = await db
    .select()
    .from(applications)
    .where(and(eq(applications.userId, userId), isNull(applications.anonymisedAt)))
    .orderBy(desc(applications.createdAt))
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      kind: row.kind,
      status: row.status,
      amount: row.amount,
      periodMonths: row.periodMonths,
      purpose: row.purpose,
      createdAt: row.createdAt.toISOString(),
      lenders: await recipientsOf(db, row.id),
    })),
  )
}

/** One of the user's own applications; another user's is "not found" (no existence leak). */
export async function getApplication(
  db: Database,
  userId: string,
  applicationId: string,
): Promise<ApplicationSummary> {
  const all = await listApplications(db, userId)
  const found = all.find((application) => application.id === applicationId)
  if (!found) throw new AppError('NOT_FOUND', 'No such application.')
  return found
}

// Drafts --------------------------------------------------------------------

export type Draft = { kind: ApplicationKind; step: string; data: Section; updatedAt: string }

export async function saveDraft(
  deps: ApplicationDeps,
  input: { browserToken: string; userId: string | null; kind: ApplicationKind; step: string; data: Section },
): Promise<Draft> {
  const now = new Date()
  const sealed = deps.cipher.encrypt(JSON.stringify(input.data))
  await deps.db
    .insert(applicationDrafts)
    .values({
      browserTokenHash: hashSecret(input.browserToken),
      userId: input.userId,
      kind: input.kind,
      step: input.step,
      dataEncrypted: sealed,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [applicationDrafts.browserTokenHash, applicationDrafts.kind],
      set: {
        step: input.step,
        dataEncrypted: sealed,
        updatedAt: now,
        submittedAt: null,
        ...(input.userId ? { userId: input.userId } : {}),
      },
    })
  return { kind: input.kind, step: input.step, data: input.data, updatedAt: now.toISOString() }
}

/**
 * The draft to continue: this browser's, or after login the user's newest from
 * any device. Submitted drafts are finished and not offered again.
 */
export async function loadDraft(
  deps: ApplicationDeps,
  input: { browserToken: string | undefined; userId: string | null; kind: ApplicationKind },
): Promise<Draft | null> {
  const conditions = [eq(applicationDrafts.kind, input.kind), isNull(applicationDrafts.submittedAt)]
  const candidates = []
  if (input.browserToken) {
    candidates.push(
      ...(await deps.db
        .select()
        .from(applicationDrafts)
        .where(and(...conditions, eq(applicationDrafts.browserTokenHash, hashSecret(input.browserToken))))),
    )
  }
  if (input.userId) {
    candidates.push(
      ...(await deps.db
        .select()
        .from(applicationDrafts)
        .where(and(...conditions, eq(applicationDrafts.userId, input.userId)))
        .orderBy(desc(applicationDrafts.updatedAt))
        .limit(1)),
    )
  }
  // A draft that belongs to an account is shown only to that account, never to whoever uses the browser next.
  const visible = candidates.filter((draft) => draft.userId === null || draft.userId === input.userId)
  const newest = visible.sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())[0]
  if (!newest) return null
  return {
    kind: newest.kind,
    step: newest.step,
    data: JSON.parse(deps.cipher.decrypt(newest.dataEncrypted)) as Section,
    updatedAt: newest.updatedAt.toISOString(),
  }
}
