import { type Database, schema } from '@lainava/db'
import { finnishDate, finnishDayStart } from '@lainava/domain/finnish-day'
import { type ApplicationMatch, matchApplication } from '@lainava/domain/marketplace/lender-filter'
import { regionOfPostcode } from '@lainava/domain/marketplace/lender-filter-regions'
import { and, asc, count, eq, gte, inArray, type SQL, sql } from 'drizzle-orm'
import type { WithSubquery } from 'drizzle-orm/subquery'
import type { StoredMortgageApplication } from '../mortgage/mortgage-facts.ts'
import type { StoredApplication } from './application-facts.ts'

const { applicationRecipients, lenders } = schema

// Issue 17: which lenders an application goes to, in one place for both sides of the marketplace
// (consumer and business, ADR 023) and for every caller: the review step's preview of the recipients,
// the distribution of a submitted application, and the lender's own filter preview (which calls
// `matchApplication` on the same facts). A lender's daily cap is counted here, and when the
// recipients are stored it is counted under a lock on the capped lenders' rows, inside the
// submission's transaction, so that concurrent submissions never pass a lender more than its cap.

export type Recipient = { id: string; name: string }
/** A recipient as `storeRecipients` stored it, with what its delivery job needs (ADR 051). */
export type StoredRecipient = Recipient & {
  integration: (typeof lenders.$inferSelect)['integration']
  sandbox: (typeof lenders.$inferSelect)['sandbox']
  /** When its row was stored; null when the row was there already (not stored by this call). */
  createdAt: Date | null
}

/**
 * What an applicant is shown of its recipients: the id and name only. A `StoredRecipient` also
 * carries the lender's pricing and credit model, which must never reach a submission's result
 * (and so the browser); TypeScript lets the wider type through, so every result maps by this.
 */
export function recipientsForApplicant(recipients: readonly Recipient[]): Recipient[] {
  return recipients.map(({ id, name }) => ({ id, name }))
}

/** What an application is matched on: a company's facts for business credit, a person's otherwise. */
export function applicationMatchOf(stored: StoredApplication): ApplicationMatch {
  return stored.business
    ? { side: 'business', facts: stored.business.facts }
    : { side: 'consumer', facts: stored.match }
}

/** A mortgage is matched on its facts and the region of the property's postal code. */
export function mortgageMatchOf(stored: StoredMortgageApplication): ApplicationMatch {
  return {
    side: 'mortgage',
    facts: stored.facts,
    region: regionOfPostcode(stored.details.property.postalCode),
  }
}

/** Applications each lender has received today (Europe/Helsinki), by lender id. */
export async function receivedToday(
  db: Database,
  lenderIds: readonly string[],
  now: Date = new Date(),
): Promise<Map<string, number>> {
  if (lenderIds.length === 0) return new Map()
  const rows = await db
    .select({ lenderId: applicationRecipients.lenderId, received: count() })
    .from(applicationRecipients)
    .where(
      and(
        inArray(applicationRecipients.lenderId, [...lenderIds]),
        gte(applicationRecipients.createdAt, finnishDayStart(finnishDate(now))),
      ),
    )
    .groupBy(applicationRecipients.lenderId)
  return new Map(rows.map((row) => [row.lenderId, row.received]))
}

/**
 * The active lenders whose filter lets the application through and whose daily cap is not yet full.
 * `lock`: inside a transaction that will store the recipients, first lock the capped lenders' rows
 * (in id order, so two submissions never wait on each other in a circle), so that the count read
 * next includes every other submission that got there first.
 */
export async function matchingRecipients(
  db: Database,
  match: ApplicationMatch,
  options: { lock?: boolean; now?: Date } = {},
): Promise<Recipient[]> {
  return (await matchingLenders(db, match, options)).map(({ id, name }) => ({ id, name }))
}

/** An active lender as matching reads it: what its filter and its delivery job need. */
export type ActiveLender = Pick<
  typeof lenders.$inferSelect,
  'id' | 'name' | 'integration' | 'sandbox' | 'criteria' | 'filtering'
>

/**
 * The active lenders, by name: what every matching starts from. `alongside`: data-modifying CTEs
 * sent in the same statement; PostgreSQL runs each once whatever the query reads.
 */
export function activeLenders(
  db: Database,
  alongside: readonly WithSubquery[] = [],
): Promise<ActiveLender[]> {
  return db
    .with(...alongside)
    .select({
      id: lenders.id,
      name: lenders.name,
      integration: lenders.integration,
      sandbox: lenders.sandbox,
      criteria: lenders.criteria,
      filtering: lenders.filtering,
    })
    .from(lenders)
    .where(eq(lenders.active, true))
    .orderBy(asc(lenders.name))
}

/**
 * The active lenders, by name, as one JSON value for a RETURNING or a select list (ADR 055): the
 * submission reads them in its application INSERT's RETURNING, the same statement. The columns are
 * written unqualified by drizzle there; inside this subquery they name the lenders' own.
 */
export function activeLendersJson(): SQL<ActiveLender[]> {
  return sql<ActiveLender[]>`(select coalesce(json_agg(json_build_object(
    'id', ${lenders.id}, 'name', ${lenders.name}, 'integration', ${lenders.integration},
    'sandbox', ${lenders.sandbox}, 'criteria', ${lenders.criteria}, 'filtering', ${lenders.filtering}
  ) order by ${lenders.name}), '[]'::json) from ${lenders} where ${lenders.active})`
}

async function matchingLenders(
  db: Database,
  match: ApplicationMatch,
  options: { lock?: boolean; now?: Date; active?: readonly ActiveLender[] | undefined },
) {
  const candidates = options.active ?? (await activeLenders(db))
  const matched = candidates.filter(
    (lender) =>
      // A manual lender answers in the portal, which has no mortgage terms (ADR 039).
      !(match.side === 'mortgage' && lender.integration === 'manual') &&
      matchApplication(lender.criteria, lender.filtering, match),
  )
  const capped = matched.filter((lender) => typeof lender.filtering?.dailyCap === 'number')
  let full = new Set<string>()
  /** Capped lenders deactivated since the active lenders were read (seen under the lock). */
  const gone = new Set<string>()
  if (capped.length > 0) {
    const ids = capped.map((lender) => lender.id).sort()
    if (options.lock) {
      // NO KEY UPDATE: excludes another submission's lock, not the key-share locks of offer inserts.
      // The lock reads each row as committed when it is granted: a lender deactivated since the
      // application's read of the active lenders is left out (the delivery checks `active` again).
      const locked = await db
        .select({ id: lenders.id, active: lenders.active })
        .from(lenders)
        .where(inArray(lenders.id, ids))
        .orderBy(asc(lenders.id))
        .for('no key update')
      for (const row of locked) if (!row.active) gone.add(row.id)
    }
    const counts = await receivedToday(db, ids, options.now)
    full = new Set(
      capped
        .filter(
          (lender) => (counts.get(lender.id) ?? 0) >= (lender.filtering.dailyCap ?? Number.POSITIVE_INFINITY),
        )
        .map((lender) => lender.id),
    )
  }
  return matched.filter((lender) => !full.has(lender.id) && !gone.has(lender.id))
}

/**
 * Stores the recipients of a just-stored application. Call it inside the submission's transaction:
 * the caps are counted under the lock until that transaction ends.
 */
export async function storeRecipients(
  tx: Database,
  applicationId: string,
  match: ApplicationMatch,
  /** The active lenders as this transaction already read them (`activeLendersJson`); read here without. */
  active?: readonly ActiveLender[],
  /**
   * Data-modifying CTEs to send with the recipients' INSERT, in its statement (ADR 055: the
   * submission's applicants); when no lender matched, with a read of the active lenders instead.
   */
  alongside: readonly WithSubquery[] = [],
): Promise<StoredRecipient[]> {
  const matched = await matchingLenders(tx, match, { lock: true, active })
  if (matched.length === 0) {
    if (alongside.length > 0) await activeLenders(tx, alongside)
    return []
  }
  // The rows this call stored (a row there already is not returned by the INSERT).
  const stored = await tx
    .with(...alongside)
    .insert(applicationRecipients)
    .values(matched.map((lender) => ({ applicationId, lenderId: lender.id })))
    .onConflictDoNothing()
    .returning({ lenderId: applicationRecipients.lenderId, createdAt: applicationRecipients.createdAt })
  const createdAt = new Map(stored.map((row) => [row.lenderId, row.createdAt]))
  return matched.map(({ id, name, integration, sandbox }) => ({
    id,
    name,
    integration,
    sandbox,
    createdAt: createdAt.get(id) ?? null,
  }))
}
