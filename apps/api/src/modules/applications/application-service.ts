import { randomUUID } from 'node:crypto'
import { type Database, schema } from '@lainava/db'
import { isBusinessKind, normalizeEmail, requestedCredit } from '@lainava/domain'
import type { ApplicationTracking } from '@lainava/domain/analytics'
import { businessRequestedCredit } from '@lainava/domain/marketplace/business-lending'
import { type CatalogueLocale, catalogueLocale } from '@lainava/i18n'
import { pathFor } from '@lainava/routing'
import { and, desc, eq, getTableColumns, inArray, isNull } from 'drizzle-orm'
import type { WithSubquery } from 'drizzle-orm/subquery'
import { AppError } from '../../app-error.ts'
import type { FieldCipher } from '../../crypto/field-encryption.ts'
import { sendLoginEmail } from '../auth/login-service.ts'
import { hitRateLimit } from '../auth/rate-limit.ts'
import { hashSecret } from '../auth/tokens.ts'
import { receiveBusinessApplication } from '../business/business-marketplace.ts'
import { staffApplicationEmail } from '../email/templates.ts'
import {
  activeLendersJson,
  dispatchApplication,
  type MarketplaceDeps,
  type Recipient,
  receiveApplication,
  recipientsForApplicant,
  recipientsOf,
} from '../marketplace/marketplace.ts'

const { applications, applicants, applicationDrafts, users } = schema

export type ApplicationDeps = MarketplaceDeps

/** Carries a submission's answer out of a transaction that must not commit. */
class RolledBack extends Error {
  readonly result: { applicationId: string; lenders: Recipient[] }
  constructor(result: { applicationId: string; lenders: Recipient[] }) {
    super('rolled back on purpose')
    this.result = result
  }
}

import type { ApplicationKind } from '@lainava/domain'

export type { ApplicationKind }

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

/** The person who applies for a company (issue 15): no identity number is asked. */
type ContactInput = { firstName: string; lastName: string; email: string; phone: string } & Section
type CompanyInput = { businessId: string; name: string } & Section

export type BusinessLoanInput = {
  loan: { amount: number; months: number; purpose: string } & Section
  company: CompanyInput
  person: ContactInput
} & Section

export type FactoringInput = { factoring: Section; company: CompanyInput; person: ContactInput } & Section

export type Submission =
  | { kind: 'consumer-loan'; application: ConsumerLoanInput }
  | { kind: 'credit-card'; application: CreditCardInput }
  | { kind: 'business-loan'; application: BusinessLoanInput }
  | { kind: 'factoring'; application: FactoringInput }

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

/** A business application's contact person, as the main applicant row: no identity number. */
function contactRow(applicationId: string, input: ContactInput) {
  const { firstName, lastName, email, phone, ...details } = input
  return {
    applicationId,
    role: 'main',
    firstName,
    lastName,
    email: normalizeEmail(email),
    phone,
    hetuEncrypted: null,
    hetuHash: null,
    details,
  }
}

/** Everything but the applicants (or a company's contact person), which are stored in their own rows. */
function withoutApplicants(input: Section): Section {
  const { applicant: _main, person: _person, coApplicant, ...rest } = input
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
    /** Issue 18 item 6: where the applicant came from; the affiliate record goes into the details. */
    tracking?: ApplicationTracking | null
  },
): Promise<SubmissionResult> {
  const language: CatalogueLocale = catalogueLocale(input.language)
  const email = normalizeEmail(
    input.kind === 'business-loan' || input.kind === 'factoring'
      ? input.application.person.email
      : input.application.applicant.email,
  )
  let userId = input.loggedInUserId
  // A staff account cannot apply, but a stranger must not learn which addresses are staff (issue 13
  // item 8): the submission runs exactly as any other and is then rolled back, so the answer is the
  // same and nothing is kept; the address gets an e-mail saying why instead of a login e-mail.
  let staffAddress = false
  if (!userId) {
    // Creating or linking an account sends e-mail: the same per-IP limit as login starts.
    const limit = await hitRateLimit(
      deps.db,
      deps.rateKey('application-submit:client', input.ip),
      20,
      60 * 60,
    )
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
    staffAddress = user.role !== 'consumer'
    userId = user.id
  }
  const ownerId = userId
  const loan = isBusinessKind(input.kind)
    ? businessRequestedCredit(input.kind, input.application)
    : requestedCredit(input.kind, input.application)
  // Issue 15: the company's Y-tunnus and name in their own columns, for the admins' search.
  const company =
    input.kind === 'business-loan' || input.kind === 'factoring'
      ? { businessId: input.application.company.businessId, companyName: input.application.company.name }
      : {}

  const outcome = await deps.db
    .transaction(async (tx) => {
      const [inserted] = await tx
        .insert(applications)
        .values({
          userId: ownerId,
          kind: input.kind,
          idempotencyKey: input.idempotencyKey,
          ...loan,
          ...company,
          language,
          trafficSource: input.tracking?.trafficSource ?? null,
          details: {
            ...withoutApplicants(input.application),
            ...(input.tracking?.affiliate ? { affiliate: input.tracking.affiliate } : {}),
          },
        })
        .onConflictDoNothing({ target: [applications.userId, applications.idempotencyKey] })
        // ADR 055: the active lenders come back with the row, read by the same statement.
        .returning({ ...getTableColumns(applications), activeLenders: activeLendersJson() })
      if (!inserted) return null
      const { activeLenders, ...created } = inserted
      // The applicants' rows are complete here (their ids made here, ADR 055), so their INSERT needs
      // no RETURNING: it goes as a CTE with the recipients' INSERT, and the draft's "submitted" mark
      // with it, one statement. Matching works from these rows (ADR 051).
      const storedApplicants = (
        input.kind === 'business-loan' || input.kind === 'factoring'
          ? [contactRow(created.id, input.application.person)]
          : [
              applicantRow(deps.cipher, created.id, 'main', input.application.applicant),
              ...(input.kind === 'consumer-loan' &&
              input.application.hasCoApplicant &&
              input.application.coApplicant
                ? [applicantRow(deps.cipher, created.id, 'co', input.application.coApplicant.applicant)]
                : []),
            ]
      ).map((row) => ({ id: randomUUID(), ...row }))
      const alongside: WithSubquery[] = [
        tx
          .$with('new_applicants')
          .as(tx.insert(applicants).values(storedApplicants).returning({ id: applicants.id })),
      ]
      if (input.browserToken) {
        alongside.push(
          tx.$with('submitted_draft').as(
            tx
              .update(applicationDrafts)
              .set({ submittedAt: new Date() })
              .where(
                and(
                  eq(applicationDrafts.browserTokenHash, draftSlot(input.browserToken, input.loggedInUserId)),
                  eq(applicationDrafts.kind, input.kind),
                ),
              )
              .returning({ id: applicationDrafts.id }),
          ),
        )
      }
      const rows = { application: created, applicants: storedApplicants, lenders: activeLenders, alongside }
      const stored = isBusinessKind(input.kind)
        ? null
        : await receiveApplication(tx, deps.cipher, created.id, rows)
      const result = {
        applicationId: created.id,
        // The id and name only: a stored recipient carries the lender's pricing (review of ADR 051).
        lenders: recipientsForApplicant(
          stored ?? (await receiveBusinessApplication(tx, deps.cipher, created.id, rows)),
        ),
      }
      // ADR 043: the deliveries in one INSERT, committed with the application or not at all.
      await dispatchApplication(deps, created.id, tx, stored ?? undefined)
      if (staffAddress) throw new RolledBack(result)
      return result
    })
    .catch((error: unknown) => {
      if (error instanceof RolledBack) return error.result
      throw error
    })

  if (staffAddress && outcome) {
    const message = staffApplicationEmail({ language, brand: deps.config.BRAND_NAME })
    await deps.mailer.send({ ...message, to: email, kind: 'notice' })
    return { ...outcome, created: true, loginEmailSent: true }
  }

  if (!outcome) {
    // The same submission again (retry, double click, or the other of two concurrent requests).
    const [existing] = await deps.db
      .select({ id: applications.id })
      .from(applications)
      .where(and(eq(applications.userId, ownerId), eq(applications.idempotencyKey, input.idempotencyKey)))
    if (!existing) throw new Error('idempotent submission vanished')
    // Its deliveries were queued in the first attempt's transaction (ADR 043): nothing to send.
    return {
      applicationId: existing.id,
      created: false,
      lenders: await recipientsOf(deps.db, existing.id),
      loginEmailSent: false,
    }
  }

  let loginEmailSent = false
  if (!input.loggedInUserId) {
    try {
      await sendLoginEmail(deps, {
        email,
        language,
        // Issue 14: after an application the person is going to its offers.
        returnTo: pathFor('offers', language),
        invite: false,
      })
      loginEmailSent = true
    } catch (error) {
      // The application is stored and on its way to the lenders: a mail outage must not make it look
      // lost. The person can log in from the login page once mail works again.
      if (!(error instanceof AppError)) throw error
    }
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
  if (!found)
    throw new AppError('NOT_FOUND', 'No such application.', { messageKey: 'api.applicationNotFound' })
  return found
}

// Drafts --------------------------------------------------------------------

export type Draft = { kind: ApplicationKind; step: string; data: Section; updatedAt: string }

/**
 * Where a browser's draft is kept: one slot while signed out, and one per account
 * signed in on that browser. A signed-out draft joins an account only through
 * `adoptBrowserDrafts`, when the person confirmed that account (issue 13 item 1);
 * signing in elsewhere, or as someone else, never moves it.
 */
function draftSlot(browserToken: string, userId: string | null): string {
  return userId ? hashSecret(browserToken, `draft:${userId}`) : hashSecret(browserToken)
}

export async function saveDraft(
  deps: ApplicationDeps,
  input: { browserToken: string; userId: string | null; kind: ApplicationKind; step: string; data: Section },
): Promise<Draft> {
  const now = new Date()
  const sealed = deps.cipher.encrypt(JSON.stringify(input.data))
  await deps.db
    .insert(applicationDrafts)
    .values({
      browserTokenHash: draftSlot(input.browserToken, input.userId),
      userId: input.userId,
      kind: input.kind,
      step: input.step,
      dataEncrypted: sealed,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [applicationDrafts.browserTokenHash, applicationDrafts.kind],
      set: { step: input.step, dataEncrypted: sealed, updatedAt: now, submittedAt: null },
    })
  return { kind: input.kind, step: input.step, data: input.data, updatedAt: now.toISOString() }
}

/**
 * The draft to continue: signed out, this browser's own; signed in, the
 * account's newest from any device. Submitted drafts are finished and not offered again.
 */
export async function loadDraft(
  deps: ApplicationDeps,
  input: { browserToken: string | undefined; userId: string | null; kind: ApplicationKind },
): Promise<Draft | null> {
  const open = [eq(applicationDrafts.kind, input.kind), isNull(applicationDrafts.submittedAt)]
  let found: typeof applicationDrafts.$inferSelect | undefined
  if (input.userId) {
    ;[found] = await deps.db
      .select()
      .from(applicationDrafts)
      .where(and(...open, eq(applicationDrafts.userId, input.userId)))
      .orderBy(desc(applicationDrafts.updatedAt))
      .limit(1)
  } else if (input.browserToken) {
    ;[found] = await deps.db
      .select()
      .from(applicationDrafts)
      .where(
        and(
          ...open,
          eq(applicationDrafts.browserTokenHash, draftSlot(input.browserToken, null)),
          isNull(applicationDrafts.userId),
        ),
      )
  }
  if (!found) return null
  return {
    kind: found.kind,
    step: found.step,
    data: JSON.parse(deps.cipher.decrypt(found.dataEncrypted)) as Section,
    updatedAt: found.updatedAt.toISOString(),
  }
}

/** Whether this browser holds an unfinished signed-out draft (the login link page asks what to do with it). */
export async function hasBrowserDraft(db: Database, browserToken: string | undefined): Promise<boolean> {
  if (!browserToken) return false
  const [row] = await db
    .select({ id: applicationDrafts.id })
    .from(applicationDrafts)
    .where(
      and(
        eq(applicationDrafts.browserTokenHash, draftSlot(browserToken, null)),
        isNull(applicationDrafts.userId),
        isNull(applicationDrafts.submittedAt),
      ),
    )
    .limit(1)
  return Boolean(row)
}

/**
 * Moves this browser's signed-out drafts into the account the person has just
 * confirmed. Where the account already has a draft of the same kind on this
 * browser, the newer of the two is kept.
 */
export async function adoptBrowserDrafts(
  db: Database,
  input: { browserToken: string | undefined; userId: string },
): Promise<number> {
  if (!input.browserToken) return 0
  const anonymous = draftSlot(input.browserToken, null)
  const mine = draftSlot(input.browserToken, input.userId)
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(applicationDrafts)
      .where(inArray(applicationDrafts.browserTokenHash, [anonymous, mine]))
    let adopted = 0
    for (const draft of rows) {
      if (draft.browserTokenHash !== anonymous || draft.userId !== null || draft.submittedAt) continue
      const existing = rows.find((row) => row.browserTokenHash === mine && row.kind === draft.kind)
      if (existing && existing.updatedAt >= draft.updatedAt && !existing.submittedAt) continue
      if (existing) await tx.delete(applicationDrafts).where(eq(applicationDrafts.id, existing.id))
      await tx
        .update(applicationDrafts)
        .set({ userId: input.userId, browserTokenHash: mine })
        .where(eq(applicationDrafts.id, draft.id))
      adopted++
    }
    return adopted
  })
}
