import { type Database, schema } from '@lainava/db'
import type { BusinessKind } from '@lainava/domain'
import { deriveBusinessFacts } from '@lainava/domain/marketplace/business-lending'
import { businessPricingOf, sandboxBusinessDecision } from '@lainava/domain/marketplace/sandbox-business'
import { eq } from 'drizzle-orm'
import type { FieldCipher } from '../../crypto/field-encryption.ts'
import { applicationFactsOf, loadApplicationFacts } from '../marketplace/application-facts.ts'
import {
  matchingRecipients,
  recipientsForApplicant,
  storeRecipients,
} from '../marketplace/lender-matching.ts'
import {
  DEFAULT_OFFER_VALID_DAYS,
  type DeliveryJob,
  type MarketplaceDeps,
  type Recipient,
  recordDecline,
  recordOffer,
  type SubmittedRows,
} from '../marketplace/marketplace.ts'

const { lenders } = schema

// Issue 15: the business side of the marketplace. Business applications are matched on the company
// (`matchBusinessLender`, through lender-matching.ts as every application is, issue 17), by the same
// function for the review step's preview and the distribution of the stored application, and answered by the sandbox business lenders' own decision model.
// Fan-out, durable delivery, HTTP lenders and offers are the marketplace's own (marketplace.ts).

/** The lenders a business application would go to if sent now (the review step shows exactly these). */
export function previewBusinessRecipients(
  db: Database,
  kind: BusinessKind,
  application: Record<string, unknown>,
  now: Date = new Date(),
): Promise<Recipient[]> {
  return matchingRecipients(db, { side: 'business', facts: deriveBusinessFacts(kind, application, now) })
}

/**
 * Matches a just-stored business application to the active lenders and records the ones that
 * receive it, inside the submission's transaction (like `receiveApplication` for consumers).
 */
export async function receiveBusinessApplication(
  tx: Database,
  cipher: FieldCipher,
  applicationId: string,
  /** The rows the submission just stored (ADR 051: not read back); without them they are read. */
  rows?: SubmittedRows,
): Promise<Recipient[]> {
  const stored = rows
    ? applicationFactsOf(cipher, rows.application, rows.applicants)
    : await loadApplicationFacts(tx, cipher, applicationId)
  if (!stored?.business) throw new Error('the business application to distribute was not found')
  // Issue 17: the lenders' filters and daily caps, by the one matching of lender-matching.ts. Only the
  // id and name: the stored recipients carry each lender's pricing, which the applicant must not see.
  return recipientsForApplicant(
    await storeRecipients(
      tx,
      applicationId,
      { side: 'business', facts: stored.business.facts },
      rows?.lenders,
      rows?.alongside,
    ),
  )
}

/** Asks a sandbox business lender: its deterministic model answers at once (the delay was the job's). */
export async function answerAsBusinessSandbox(
  deps: MarketplaceDeps,
  job: DeliveryJob,
  lender: typeof lenders.$inferSelect,
): Promise<void> {
  if (!lender.sandbox) throw new Error('not a sandbox lender')
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
  await recordOffer(deps, {
    ...job,
    offer: { ...terms, validDays: DEFAULT_OFFER_VALID_DAYS },
    received: { kind: stored.kind, cardType: null },
  })
}

/** Whether an application is a business one (the worker asks the business model for those). */
export async function isBusinessApplication(db: Database, applicationId: string): Promise<boolean> {
  const [row] = await db
    .select({ kind: schema.applications.kind })
    .from(schema.applications)
    .where(eq(schema.applications.id, applicationId))
  return row?.kind === 'business-loan' || row?.kind === 'factoring'
}
