import { type Database, schema } from '@lainava/db'
import { type BusinessKind, DEFAULT_FILTERING } from '@lainava/domain'
import {
  type BusinessFacts,
  deriveBusinessFacts,
  matchBusinessLender,
} from '@lainava/domain/marketplace/business-lending'
import { businessPricingOf, sandboxBusinessDecision } from '@lainava/domain/marketplace/sandbox-business'
import { asc, eq } from 'drizzle-orm'
import type { FieldCipher } from '../../crypto/field-encryption.ts'
import { loadApplicationFacts } from '../marketplace/application-facts.ts'
import {
  DEFAULT_OFFER_VALID_DAYS,
  type DeliveryJob,
  type MarketplaceDeps,
  type Recipient,
  recordDecline,
  recordOffer,
} from '../marketplace/marketplace.ts'

const { applicationRecipients, lenders } = schema

// Issue 15: the business side of the marketplace. Business applications are matched on the company
// (`matchBusinessLender`), by the same function for the review step's preview and the distribution
// of the stored application, and answered by the sandbox business lenders' own decision model.
// Fan-out, durable delivery, HTTP lenders and offers are the marketplace's own (marketplace.ts).

/** The active lenders a business application with these facts goes to. */
async function matchingBusinessLenders(db: Database, facts: BusinessFacts): Promise<Recipient[]> {
  const candidates = await db
    .select({ id: lenders.id, name: lenders.name, criteria: lenders.criteria, filtering: lenders.filtering })
    .from(lenders)
    .where(eq(lenders.active, true))
    .orderBy(asc(lenders.name))
  return candidates
    .filter(
      (lender) => matchBusinessLender(lender.criteria, lender.filtering ?? DEFAULT_FILTERING, facts).matched,
    )
    .map(({ id, name }) => ({ id, name }))
}

/** The lenders a business application would go to if sent now (the review step shows exactly these). */
export function previewBusinessRecipients(
  db: Database,
  kind: BusinessKind,
  application: Record<string, unknown>,
  now: Date = new Date(),
): Promise<Recipient[]> {
  return matchingBusinessLenders(db, deriveBusinessFacts(kind, application, now))
}

/**
 * Matches a just-stored business application to the active lenders and records the ones that
 * receive it, inside the submission's transaction (like `receiveApplication` for consumers).
 */
export async function receiveBusinessApplication(
  tx: Database,
  cipher: FieldCipher,
  applicationId: string,
): Promise<Recipient[]> {
  const stored = await loadApplicationFacts(tx, cipher, applicationId)
  if (!stored?.business) throw new Error('the business application to distribute was not found')
  const matched = await matchingBusinessLenders(tx, stored.business.facts)
  if (matched.length > 0) {
    await tx
      .insert(applicationRecipients)
      .values(matched.map((lender) => ({ applicationId, lenderId: lender.id })))
      .onConflictDoNothing()
  }
  return matched
}

/** Asks a sandbox business lender: its deterministic model answers at once (the delay was the job's). */
export async function answerAsBusinessSandbox(deps: MarketplaceDeps, job: DeliveryJob): Promise<void> {
  const [lender] = await deps.db.select().from(lenders).where(eq(lenders.id, job.lenderId))
  if (!lender?.sandbox) throw new Error('not a sandbox lender')
  const stored = await loadApplicationFacts(deps.db, deps.cipher, job.applicationId)
  if (!stored?.business) {
    await recordDecline(deps, { ...job, reason: 'withdrawn' })
    return
  }
  const pricing = businessPricingOf(lender.sandbox)
  // A sandbox lender without business pricing never lends to companies.
  if (!pricing) {
    await recordDecline(deps, { ...job, reason: 'criteria' })
    return
  }
  const decision = sandboxBusinessDecision(
    { slug: lender.slug, criteria: lender.criteria, pricing },
    { ...stored.business.facts, applicationId: job.applicationId },
  )
  if (decision.decision === 'decline') {
    await recordDecline(deps, { ...job, reason: decision.reason })
    return
  }
  const { decision: _, ...terms } = decision
  await recordOffer(deps, { ...job, offer: { ...terms, validDays: DEFAULT_OFFER_VALID_DAYS } })
}

/** Whether an application is a business one (the worker asks the business model for those). */
export async function isBusinessApplication(db: Database, applicationId: string): Promise<boolean> {
  const [row] = await db
    .select({ kind: schema.applications.kind })
    .from(schema.applications)
    .where(eq(schema.applications.id, applicationId))
  return row?.kind === 'business-loan' || row?.kind === 'factoring'
}
