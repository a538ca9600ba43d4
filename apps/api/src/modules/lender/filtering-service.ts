import { type Database, schema } from '@lainava/db'
import type { LenderCriteria, LenderFiltering } from '@lainava/domain'
import { finnishDate } from '@lainava/domain/finnish-day'
import {
  type ApplicationMatch,
  FILTER_PREVIEW_DAYS,
  type LenderFilter,
  type LenderFilterPreview,
  type LenderFilterSaved,
  type LenderFilterVersion,
  type LenderFilterView,
  lenderFilterChanges,
  lenderFilterOf,
  matchApplication,
  storedFilterOf,
} from '@lainava/domain/marketplace/lender-filter'
import { mortgageCriteriaOf } from '@lainava/domain/mortgage/bank-pricing'
import { and, asc, desc, eq, gte, isNull, max } from 'drizzle-orm'
import { AppError } from '../../app-error.ts'
import type { FieldCipher } from '../../crypto/field-encryption.ts'
import { recordAudit } from '../audit/audit-log.ts'
import { loadApplicationFacts } from '../marketplace/application-facts.ts'
import { applicationMatchOf, mortgageMatchOf, receivedToday } from '../marketplace/lender-matching.ts'
import { loadMortgageApplication } from '../mortgage/mortgage-facts.ts'
import type { LenderMember } from './lender-access.ts'

const { applications, lenderFilterVersions, lenders, users } = schema

// Issue 17: a lender-admin's filter (/lender/filtering/). Read it with its version history, preview a
// draft against the last 30 days' applications, save it (the lender row, a version and an audit entry
// in one transaction). The preview matches by `matchApplication` on the facts `loadApplicationFacts`
// reads, the very function and facts the marketplace's distribution uses, so its count is what the
// marketplace would have done.

const HISTORY_LENGTH = 50

type LenderRow = {
  criteria: LenderCriteria
  filtering: LenderFiltering | null
  integration: 'sandbox' | 'http' | 'manual'
  createdAt: Date
}

async function lenderRow(db: Database, lenderId: string, lock = false): Promise<LenderRow> {
  const query = db
    .select({
      criteria: lenders.criteria,
      filtering: lenders.filtering,
      integration: lenders.integration,
      createdAt: lenders.createdAt,
    })
    .from(lenders)
    .where(eq(lenders.id, lenderId))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw new AppError('NOT_FOUND', 'No such lender.', { messageKey: 'api.lenderNotFound' })
  return row
}

async function currentVersion(db: Database, lenderId: string): Promise<number> {
  const [row] = await db
    .select({ version: max(lenderFilterVersions.version) })
    .from(lenderFilterVersions)
    .where(eq(lenderFilterVersions.lenderId, lenderId))
  return row?.version ?? 0
}

/** The saved versions, newest first, each with the fields it changed from the one before. */
async function versionHistory(db: Database, lenderId: string): Promise<LenderFilterVersion[]> {
  const rows = await db
    .select({
      version: lenderFilterVersions.version,
      criteria: lenderFilterVersions.criteria,
      filtering: lenderFilterVersions.filtering,
      createdAt: lenderFilterVersions.createdAt,
      changedBy: users.email,
    })
    .from(lenderFilterVersions)
    .leftJoin(users, eq(users.id, lenderFilterVersions.changedBy))
    .where(eq(lenderFilterVersions.lenderId, lenderId))
    .orderBy(desc(lenderFilterVersions.version))
    .limit(HISTORY_LENGTH + 1)
  const filters = rows.map((row) =>
    lenderFilterOf(row.criteria as LenderCriteria, row.filtering as LenderFiltering),
  )
  return rows.slice(0, HISTORY_LENGTH).map((row, index) => ({
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    changedBy: row.changedBy,
    changes: lenderFilterChanges(filters[index + 1] ?? null, filters[index] as LenderFilter),
  }))
}

/** The lender's filter as it stands, its version and history, and today's applications against its cap. */
export async function lenderFilterView(
  db: Database,
  lenderId: string,
  now: Date = new Date(),
): Promise<LenderFilterView> {
  const row = await lenderRow(db, lenderId)
  const [version, versions, today] = [
    await currentVersion(db, lenderId),
    await versionHistory(db, lenderId),
    await receivedToday(db, [lenderId], now),
  ]
  return {
    filter: lenderFilterOf(row.criteria, row.filtering),
    version,
    versions,
    receivedToday: today.get(lenderId) ?? 0,
    mortgage: mortgageCriteriaOf(row.criteria) !== null,
  }
}

/** An application's match as the marketplace made it (null: erased, or a mortgage a manual lender never gets). */
async function previewMatchOf(
  { db, cipher }: { db: Database; cipher: FieldCipher },
  application: { id: string; kind: string; createdAt: Date },
  integration: LenderRow['integration'],
): Promise<ApplicationMatch | null> {
  if (application.kind === 'mortgage') {
    if (integration === 'manual') return null
    const stored = await loadMortgageApplication(db, cipher, application.id)
    return stored ? mortgageMatchOf(stored) : null
  }
  const stored = await loadApplicationFacts(db, cipher, application.id, application.createdAt)
  return stored ? applicationMatchOf(stored) : null
}

/**
 * How many of the last 30 days' applications a draft filter and the current one would have sent to
 * this lender: each application matched as the marketplace matched it on the day it came (its facts
 * as stored, the age on that day), and each Helsinki day's applications past the daily cap left out,
 * as the marketplace leaves them out. Mortgages count as the marketplace matches them (L5: the same
 * switches, regions by the property, and the daily cap), never for a manual lender (ADR 039).
 */
export async function previewLenderFilter(
  deps: { db: Database; cipher: FieldCipher },
  lenderId: string,
  draft: LenderFilter,
  now: Date = new Date(),
): Promise<LenderFilterPreview> {
  const { db } = deps
  const row = await lenderRow(db, lenderId)
  const filters = [storedFilterOf(draft, row.criteria), { criteria: row.criteria, filtering: row.filtering }]
  const since = new Date(now.getTime() - FILTER_PREVIEW_DAYS * 86_400_000)
  const recent = await db
    .select({ id: applications.id, kind: applications.kind, createdAt: applications.createdAt })
    .from(applications)
    .where(and(gte(applications.createdAt, since), isNull(applications.anonymisedAt)))
    .orderBy(asc(applications.createdAt), asc(applications.id))
  const matched = [0, 0]
  const perDay = [new Map<string, number>(), new Map<string, number>()]
  let considered = 0
  for (const application of recent) {
    const match = await previewMatchOf(deps, application, row.integration)
    if (!match) continue
    considered += 1
    const day = finnishDate(application.createdAt)
    filters.forEach(({ criteria, filtering }, index) => {
      if (!matchApplication(criteria, filtering, match)) return
      const days = perDay[index] as Map<string, number>
      const today = days.get(day) ?? 0
      const cap = filtering?.dailyCap
      if (typeof cap === 'number' && today >= cap) return
      days.set(day, today + 1)
      matched[index] = (matched[index] ?? 0) + 1
    })
  }
  return {
    days: FILTER_PREVIEW_DAYS,
    applications: considered,
    draftMatched: matched[0] ?? 0,
    currentMatched: matched[1] ?? 0,
  }
}

/**
 * Saves a filter made on `version`: the lender row (which the marketplace reads from the next
 * application on), a version row with who and when, and an audit entry naming the changed fields, in
 * one transaction. Another save since `version` is a conflict; a filter equal to the current one
 * writes nothing. The first save also keeps the filter the lender had before, as version 1.
 */
export async function saveLenderFilter(
  db: Database,
  member: LenderMember,
  input: { filter: LenderFilter; version: number },
): Promise<LenderFilterSaved> {
  const { lenderId } = member
  const changed = await db.transaction(async (tx) => {
    const row = await lenderRow(tx, lenderId, true)
    let version = await currentVersion(tx, lenderId)
    if (version !== input.version) {
      throw new AppError('CONFLICT', 'The filter was changed in the meantime.', {
        reason: 'FILTER_VERSION_CONFLICT',
        messageKey: 'lenderFiltering.api.versionConflict',
      })
    }
    // A lender takes some product: a mortgage bank its mortgages, any other one of the filter's products.
    if (input.filter.products.length === 0 && mortgageCriteriaOf(row.criteria) === null) {
      throw new AppError('BAD_REQUEST', 'Choose at least one product.', {
        reason: 'FILTER_NO_PRODUCT',
        messageKey: 'lenderFiltering.validation.products',
      })
    }
    const changes = lenderFilterChanges(lenderFilterOf(row.criteria, row.filtering), input.filter)
    if (changes.length === 0) return false
    if (version === 0) {
      version = 1
      await tx.insert(lenderFilterVersions).values({
        lenderId,
        version,
        criteria: row.criteria,
        filtering: row.filtering ?? {},
        changedBy: null,
        createdAt: row.createdAt,
      })
    }
    const stored = storedFilterOf(input.filter, row.criteria)
    await tx.update(lenders).set(stored).where(eq(lenders.id, lenderId))
    await tx.insert(lenderFilterVersions).values({
      lenderId,
      version: version + 1,
      ...stored,
      changedBy: member.userId,
    })
    await recordAudit(tx, {
      actor: member.actor,
      action: 'lender.filter.update',
      subjectType: 'lender',
      subjectId: lenderId,
      details: { version: version + 1, fields: changes.map((change) => change.field) },
    })
    return true
  })
  return { ...(await lenderFilterView(db, lenderId)), changed }
}
