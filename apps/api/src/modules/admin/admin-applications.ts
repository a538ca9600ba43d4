import { type Database, schema } from '@lainava/db'
import { AWAITING_ANSWER_STATUSES, normalizeEmail } from '@lainava/domain'
import {
  ADMIN_PAGE_SIZE,
  ADMIN_SEGMENTS,
  ADMIN_SETTABLE_STATUSES,
  type AdminApplicationDetail,
  type AdminApplicationFilters,
  type AdminApplicationList,
  type AdminApplicationRow,
  type AdminMortgage,
  AdminMortgageApplicantSchema,
  AdminMortgageFundingSchema,
  AdminMortgageHouseholdSchema,
  AdminMortgageLoanSchema,
  AdminMortgagePropertySchema,
  type AdminNote,
  type AdminSettableStatus,
} from '@lainava/domain/admin'
import { asAffiliateRecord } from '@lainava/domain/affiliate'
import { and, asc, desc, eq, gte, ilike, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { AppError } from '../../app-error.ts'
import type { FieldCipher } from '../../crypto/field-encryption.ts'
import { type AuditActor, listAuditLog, recordAudit } from '../audit/audit-log.ts'
import type { StoredMortgageApplicant, StoredMortgageDetails } from '../mortgage/mortgage-facts.ts'

// Issue 15 item 6: the admins' lists of business and one-page applications, an application's page,
// notes, status changes and the CSV export. Every read of personal data and every change is audited.

const { applications, applicants, applicationRecipients, lenders, offers, applicationNotes, users } = schema

export type AdminDeps = { db: Database; cipher: FieldCipher }

const notFound = () =>
  new AppError('NOT_FOUND', 'No such application.', { messageKey: 'api.applicationNotFound' })

/** `%`, `_` and `\` are literal in a search, not patterns. */
function likeText(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
}

/** A Y-tunnus as typed (spaces, the old 6+1 form) to its stored form; null when it is not one. */
function businessIdOf(text: string): string | null {
  const compact = text.replace(/\s/g, '')
  if (/^\d{7}-\d$/.test(compact)) return compact
  if (/^\d{6}-\d$/.test(compact)) return `0${compact}`
  return null
}

/**
 * Each application's lender answers, counted once (a subquery the list and the CSV join). A mortgage
 * bank's intermediate answers count as still to answer (`AWAITING_ANSWER_STATUSES`): neither an
 * offer nor a decline yet.
 */
function answerCounts(db: Database) {
  const status = applicationRecipients.status
  return db
    .select({
      applicationId: applicationRecipients.applicationId,
      lenders: sql<number>`count(*)::int`.as('lenders'),
      offered: sql<number>`(count(*) filter (where ${status} = 'offered'))::int`.as('offered'),
      declined: sql<number>`(count(*) filter (where ${status} = 'declined'))::int`.as('declined'),
      pending:
        sql<number>`(count(*) filter (where ${inArray(status, [...AWAITING_ANSWER_STATUSES])}))::int`.as(
          'pending',
        ),
    })
    .from(applicationRecipients)
    .groupBy(applicationRecipients.applicationId)
    .as('answer_counts')
}

type Counts = ReturnType<typeof answerCounts>

function conditions(filters: AdminApplicationFilters, counts: Counts): SQL[] {
  const kinds: readonly string[] = ADMIN_SEGMENTS[filters.segment]
  const where: SQL[] = [
    inArray(
      applications.kind,
      filters.kind && kinds.includes(filters.kind) ? [filters.kind] : [...ADMIN_SEGMENTS[filters.segment]],
    ),
  ]
  if (filters.status) where.push(eq(applications.status, filters.status))
  // Whole days in UTC; `to` is included.
  if (filters.from) where.push(gte(applications.createdAt, new Date(`${filters.from}T00:00:00Z`)))
  if (filters.to)
    where.push(lt(applications.createdAt, new Date(Date.parse(`${filters.to}T00:00:00Z`) + 86_400_000)))
  if (filters.minAmount !== undefined) where.push(gte(applications.amount, filters.minAmount))
  if (filters.maxAmount !== undefined) where.push(lte(applications.amount, filters.maxAmount))
  if (filters.industry)
    where.push(sql`${applications.details} #>> '{company,industry}' = ${filters.industry}`)
  const offered = sql`coalesce(${counts.offered}, 0)`
  if (filters.answer === 'any-offer') where.push(sql`${offered} > 0`)
  if (filters.answer === 'all-declined')
    where.push(sql`coalesce(${counts.lenders}, 0) > 0 and ${counts.declined} = ${counts.lenders}`)
  if (filters.answer === 'waiting') where.push(sql`${offered} = 0 and coalesce(${counts.pending}, 0) > 0`)
  if (filters.q) {
    if (filters.segment === 'sme') {
      const businessId = businessIdOf(filters.q)
      where.push(
        businessId
          ? eq(applications.businessId, businessId)
          : (or(
              ilike(applications.companyName, likeText(filters.q)),
              ilike(applications.businessId, likeText(filters.q)),
            ) as SQL),
      )
    } else {
      // One-page: the applicant's e-mail (exact) or surname (part).
      where.push(
        sql`exists (select 1 from ${applicants} where ${applicants.applicationId} = ${applications.id} and (${applicants.email} = ${normalizeEmail(filters.q)} or ${ilike(applicants.lastName, likeText(filters.q))}))`,
      )
    }
  }
  return where
}

function rowOf(row: {
  id: string
  kind: AdminApplicationRow['kind']
  status: string
  amount: number
  periodMonths: number
  createdAt: Date
  companyName: string | null
  businessId: string | null
  industry: string | null
  lenders: number | null
  offered: number | null
  declined: number | null
  pending: number | null
}): AdminApplicationRow {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    amount: row.amount,
    periodMonths: row.periodMonths,
    createdAt: row.createdAt.toISOString(),
    companyName: row.companyName,
    businessId: row.businessId,
    industry: row.industry,
    answers: {
      lenders: row.lenders ?? 0,
      offered: row.offered ?? 0,
      declined: row.declined ?? 0,
      pending: row.pending ?? 0,
    },
  }
}

function listQuery(db: Database, filters: AdminApplicationFilters) {
  const counts = answerCounts(db)
  return db
    .select({
      id: applications.id,
      kind: applications.kind,
      status: applications.status,
      amount: applications.amount,
      periodMonths: applications.periodMonths,
      purpose: applications.purpose,
      createdAt: applications.createdAt,
      companyName: applications.companyName,
      businessId: applications.businessId,
      industry: sql<string | null>`${applications.details} #>> '{company,industry}'`,
      lenders: counts.lenders,
      offered: counts.offered,
      declined: counts.declined,
      pending: counts.pending,
    })
    .from(applications)
    .leftJoin(counts, eq(counts.applicationId, applications.id))
    .where(and(...conditions(filters, counts)))
}

/** One page of the list, newest first. Holds no personal data (company name and Y-tunnus are not). */
export async function listAdminApplications(
  db: Database,
  filters: AdminApplicationFilters,
): Promise<AdminApplicationList> {
  const counts = answerCounts(db)
  const [rows, [total]] = await Promise.all([
    listQuery(db, filters)
      .orderBy(desc(applications.createdAt), desc(applications.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((filters.page - 1) * ADMIN_PAGE_SIZE),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(applications)
      .leftJoin(counts, eq(counts.applicationId, applications.id))
      .where(and(...conditions(filters, counts))),
  ])
  return {
    applications: rows.map(rowOf),
    total: total?.count ?? 0,
    page: filters.page,
    pageSize: ADMIN_PAGE_SIZE,
  }
}

/** The most rows one export holds; a bigger list is narrowed with the filters first. */
export const CSV_MAX_ROWS = 10_000

/**
 * A CSV cell: quoted when it must be, and a text that a spreadsheet would run as a formula
 * (starting with = + - @, or a tab or carriage return) is prefixed with an apostrophe (OWASP).
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return ''
  let text = String(value)
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

const CSV_COLUMNS = [
  'id',
  'created_at',
  'kind',
  'status',
  'amount',
  'period_months',
  'purpose',
  'company_name',
  'business_id',
  'industry',
  'contact_first_name',
  'contact_last_name',
  'contact_email',
  'contact_phone',
  'lenders',
  'offers',
  'declined',
  'waiting',
] as const

/**
 * The filtered list as CSV (UTF-8 with a byte order mark, so spreadsheets read ä and ö). It names the
 * contact person, so it is a read of personal data and audited; it never holds a henkilötunnus.
 */
export async function exportAdminApplications(
  db: Database,
  actor: AuditActor,
  filters: AdminApplicationFilters,
): Promise<string> {
  const rows = await listQuery(db, filters)
    .orderBy(desc(applications.createdAt), desc(applications.id))
    .limit(CSV_MAX_ROWS)
  const people = rows.length
    ? await db
        .select({
          applicationId: applicants.applicationId,
          firstName: applicants.firstName,
          lastName: applicants.lastName,
          email: applicants.email,
          phone: applicants.phone,
        })
        .from(applicants)
        .where(
          and(
            inArray(
              applicants.applicationId,
              rows.map((row) => row.id),
            ),
            eq(applicants.role, 'main'),
          ),
        )
    : []
  const personOf = new Map(people.map((person) => [person.applicationId, person]))
  await recordAudit(db, {
    actor,
    action: 'application.export',
    subjectType: 'application-list',
    subjectId: filters.segment,
    // The filters' names only: a search may be someone's e-mail address.
    details: {
      rows: rows.length,
      filters: Object.entries(filters)
        .filter(([key, value]) => value !== undefined && key !== 'segment' && key !== 'page')
        .map(([key]) => key),
    },
  })
  const lines = rows.map((row) => {
    const person = personOf.get(row.id)
    const answers = rowOf(row).answers
    return [
      row.id,
      row.createdAt.toISOString(),
      row.kind,
      row.status,
      row.amount,
      row.periodMonths,
      row.purpose,
      row.companyName,
      row.businessId,
      row.industry,
      person?.firstName,
      person?.lastName,
      person?.email,
      person?.phone,
      answers.lenders,
      answers.offered,
      answers.declined,
      answers.pending,
    ]
      .map(csvCell)
      .join(',')
  })
  return `\uFEFF${[CSV_COLUMNS.join(','), ...lines].join('\r\n')}\r\n`
}

type Scalar = string | number | boolean | null

/** The plain fields of a stored section (`details.company`), for showing; nested values are left out. */
function section(details: unknown, key: string): Record<string, Scalar> | null {
  const value = (details as Record<string, unknown> | null)?.[key]
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null
  const entries = Object.entries(value).filter(
    (entry): entry is [string, Scalar] =>
      entry[1] === null || ['string', 'number', 'boolean'].includes(typeof entry[1]),
  )
  return Object.fromEntries(entries)
}

/** The affiliate record an application was sent with (issue 18 item 6), as the admin page shows it. */
function affiliateOf(details: unknown): AdminApplicationDetail['affiliate'] {
  const record = asAffiliateRecord((details as Record<string, unknown> | null)?.affiliate)
  return record
    ? {
        network: record.affiliate,
        trackingId: record.trackingId,
        campaign: record.meta.campaign,
        encounteredAt: record.encounteredAt,
      }
    : null
}

/** A section's fields through its schema: null when they are not in the shape it reads. */
function parsed<T>(schema: z.ZodType<T>, fields: unknown): T | null {
  const result = schema.safeParse(fields)
  return result.success ? result.data : null
}

/**
 * A mortgage's sections as the admin page shows them (ADR 061), from what the submission stored
 * (`StoredMortgageDetails`, and each applicant's `StoredMortgageApplicant`). Null for another kind,
 * once anonymised, or when no section is in a shape this version reads. Each section (and each
 * applicant's details) is read on its own: one stored in an older or broken shape is null and the
 * page says it is not available, while the others show.
 */
function mortgageOf(
  application: { kind: string; details: unknown; anonymisedAt: Date | null },
  people: ReadonlyArray<{ role: string; details: unknown }>,
): AdminMortgage | null {
  if (application.kind !== 'mortgage' || application.anonymisedAt) return null
  // What is stored is read as it is, not trusted: each section goes through its schema, which keeps
  // only the fields the admin sees (the street address is the banks' only) and gives null for a part
  // that is missing, not an object or in another shape. Fields added later default to null.
  const details = objectOrUndefined(application.details) as Partial<StoredMortgageDetails> | undefined
  const section = (value: unknown, defaults: Record<string, null> = {}) => {
    const object = objectOrUndefined(value)
    return object && { ...defaults, ...object }
  }
  const applicants = people
    .filter((person) => person.role === 'main' || person.role === 'co')
    .sort((a, b) => (a.role === b.role ? 0 : a.role === 'main' ? -1 : 1))
    .map((person) => {
      const stored = objectOrUndefined(person.details) as Partial<StoredMortgageApplicant> | undefined
      // Employer and start are not asked of a retired person, a student or the unemployed.
      const work = section(stored?.work, { employer: null, employedSince: null })
      const income = section(stored?.income)
      return {
        role: person.role === 'co' ? ('co' as const) : ('main' as const),
        details:
          work && income
            ? parsed(AdminMortgageApplicantSchema, {
                ...work,
                ...income,
                otherLoans: stored?.otherLoans ?? [],
              })
            : null,
      }
    })
  const mortgage: AdminMortgage = {
    hasCoApplicant:
      typeof details?.hasCoApplicant === 'boolean' ? details.hasCoApplicant : applicants.length > 1,
    property: parsed(AdminMortgagePropertySchema, details?.property),
    loan: parsed(AdminMortgageLoanSchema, section(details?.loan, { fixedPeriodYears: null })),
    funding: parsed(
      AdminMortgageFundingSchema,
      section(details?.funding, {
        aspBalance: null,
        otherCollateralDescription: null,
        otherCollateralValue: null,
      }),
    ),
    household: parsed(AdminMortgageHouseholdSchema, details?.household),
    applicants,
  }
  const readable =
    mortgage.property ||
    mortgage.loan ||
    mortgage.funding ||
    mortgage.household ||
    applicants.some((applicant) => applicant.details)
  return readable ? mortgage : null
}

/** The value when it is a plain object (not null, an array or a scalar), else undefined. */
function objectOrUndefined(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined
}

const percent = (fraction: number) => Math.round(fraction * 100_000) / 1000

async function notesOf(deps: AdminDeps, applicationId: string): Promise<AdminNote[]> {
  const rows = await deps.db
    .select({
      id: applicationNotes.id,
      textEncrypted: applicationNotes.textEncrypted,
      createdAt: applicationNotes.createdAt,
      authorEmail: users.email,
    })
    .from(applicationNotes)
    .leftJoin(users, eq(users.id, applicationNotes.authorId))
    .where(eq(applicationNotes.applicationId, applicationId))
    .orderBy(desc(applicationNotes.createdAt), desc(applicationNotes.id))
  return rows.map((row) => ({
    id: row.id,
    text: deps.cipher.decrypt(row.textEncrypted),
    authorEmail: row.authorEmail,
    createdAt: row.createdAt.toISOString(),
  }))
}

/** An application's page: written to the audit log as `application.read` before anything is returned. */
export async function readAdminApplication(
  deps: AdminDeps,
  actor: AuditActor,
  applicationId: string,
): Promise<AdminApplicationDetail> {
  const { db } = deps
  const [application] = await db.select().from(applications).where(eq(applications.id, applicationId))
  if (!application) throw notFound()
  await recordAudit(db, {
    actor,
    action: 'application.read',
    subjectType: 'application',
    subjectId: application.id,
    details: { kind: application.kind },
  })
  const [people, answers, notes, history] = await Promise.all([
    db
      .select()
      .from(applicants)
      .where(eq(applicants.applicationId, application.id))
      // The lead applicant first ('co' sorts before 'main').
      .orderBy(sql`${applicants.role} <> 'main'`, asc(applicants.role)),
    db
      .select({ recipient: applicationRecipients, lenderName: lenders.name, offer: offers })
      .from(applicationRecipients)
      .innerJoin(lenders, eq(lenders.id, applicationRecipients.lenderId))
      .leftJoin(
        offers,
        and(eq(offers.applicationId, applicationRecipients.applicationId), eq(offers.lenderId, lenders.id)),
      )
      .where(eq(applicationRecipients.applicationId, application.id))
      .orderBy(asc(lenders.name)),
    notesOf(deps, application.id),
    listAuditLog(db, { subjectType: 'application', subjectId: application.id, page: 1 }),
  ])
  return {
    id: application.id,
    kind: application.kind,
    status: application.status,
    amount: application.amount,
    periodMonths: application.periodMonths,
    purpose: application.purpose,
    language: application.language,
    createdAt: application.createdAt.toISOString(),
    anonymised: application.anonymisedAt !== null,
    companyName: application.companyName,
    businessId: application.businessId,
    company: section(application.details, 'company'),
    factoring: section(application.details, 'factoring'),
    mortgage: mortgageOf(application, people),
    trafficSource: application.trafficSource,
    affiliate: affiliateOf(application.details),
    people: people.map((person) => ({
      role: person.role,
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      phone: person.phone,
      hasHetu: person.hetuEncrypted !== null,
    })),
    answers: answers.map(({ recipient, lenderName, offer }) => ({
      lenderId: recipient.lenderId,
      lenderName,
      status: recipient.status,
      answeredAt: recipient.answeredAt?.toISOString() ?? null,
      declineReason: recipient.declineReason,
      offer: offer
        ? {
            status: offer.status,
            amount: offer.amount,
            months: offer.months,
            nominalRatePercent: percent(offer.nominalRate),
            aprPercent: percent(offer.apr),
            monthlyPayment: offer.monthlyPayment,
            openingFee: offer.openingFee,
            monthlyFee: offer.monthlyFee,
            totalCost: offer.totalCost,
            personalGuarantee: offer.personalGuarantee,
            validUntil: offer.validUntil.toISOString(),
          }
        : null,
    })),
    notes,
    history: history.entries,
    statuses: [...ADMIN_SETTABLE_STATUSES],
  }
}

/** Shows one applicant's henkilötunnus: audited as `applicant.hetu.read`. */
export async function revealHetu(
  deps: AdminDeps,
  actor: AuditActor,
  input: { applicationId: string; role: string },
): Promise<{ hetu: string }> {
  const [person] = await deps.db
    .select({ hetuEncrypted: applicants.hetuEncrypted })
    .from(applicants)
    .where(and(eq(applicants.applicationId, input.applicationId), eq(applicants.role, input.role)))
  if (!person?.hetuEncrypted) throw notFound()
  await recordAudit(deps.db, {
    actor,
    action: 'applicant.hetu.read',
    subjectType: 'application',
    subjectId: input.applicationId,
    details: { applicantRole: input.role },
  })
  return { hetu: deps.cipher.decrypt(person.hetuEncrypted) }
}

/** Adds a note (stored encrypted) and its audit entry in one transaction. */
export async function addNote(
  deps: AdminDeps,
  actor: AuditActor,
  input: { applicationId: string; text: string },
): Promise<AdminNote> {
  return deps.db.transaction(async (tx) => {
    const [application] = await tx
      .select({ id: applications.id })
      .from(applications)
      .where(eq(applications.id, input.applicationId))
    if (!application) throw notFound()
    const [note] = await tx
      .insert(applicationNotes)
      .values({
        applicationId: application.id,
        authorId: actor.id,
        textEncrypted: deps.cipher.encrypt(input.text),
      })
      .returning({ id: applicationNotes.id, createdAt: applicationNotes.createdAt })
    if (!note) throw new Error('the note was not stored')
    // The note's text may name people: the log says only that a note was added.
    await recordAudit(tx, {
      actor,
      action: 'application.note',
      subjectType: 'application',
      subjectId: application.id,
      details: { noteId: note.id },
    })
    const [author] = actor.id
      ? await tx.select({ email: users.email }).from(users).where(eq(users.id, actor.id))
      : []
    return {
      id: note.id,
      text: input.text,
      authorEmail: author?.email ?? null,
      createdAt: note.createdAt.toISOString(),
    }
  })
}

const offerAcceptedLocked = () =>
  new AppError('CONFLICT', 'The applicant has accepted an offer: the application can only be closed.', {
    reason: 'OFFER_ACCEPTED',
    messageKey: 'admin.statusChange.offerAccepted',
  })

async function hasAcceptedOffer(db: Database, applicationId: string): Promise<boolean> {
  const [accepted] = await db
    .select({ id: offers.id })
    .from(offers)
    .where(and(eq(offers.applicationId, applicationId), eq(offers.status, 'accepted')))
    .limit(1)
  return accepted !== undefined
}

/**
 * Sets the handling status. The row is locked while it changes, so two admins' changes are logged
 * in order with the status each one replaced; setting the status it already has changes nothing.
 */
export async function changeStatus(
  deps: AdminDeps,
  actor: AuditActor,
  input: { applicationId: string; status: AdminSettableStatus },
): Promise<{ status: string; changed: boolean }> {
  return deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: applications.status })
      .from(applications)
      .where(eq(applications.id, input.applicationId))
      .for('update')
    if (!current) throw notFound()
    if (current.status === input.status) return { status: current.status, changed: false }
    // ADR 020: the applicant's accepted offer stays accepted, so its application may only be closed.
    if (current.status === 'offer-accepted' && input.status !== 'closed') throw offerAcceptedLocked()
    if (current.status === 'closed' && (await hasAcceptedOffer(tx, input.applicationId)))
      throw offerAcceptedLocked()
    await tx
      .update(applications)
      .set({ status: input.status })
      .where(eq(applications.id, input.applicationId))
    await recordAudit(tx, {
      actor,
      action: 'application.status',
      subjectType: 'application',
      subjectId: input.applicationId,
      details: { from: current.status, to: input.status },
    })
    return { status: input.status, changed: true }
  })
}
