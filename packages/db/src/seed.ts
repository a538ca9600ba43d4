import { LANDING_CTA_FLAG } from '@lainava/domain/demo-flags'
import { DEMO_MANUAL_LENDERS } from '@lainava/domain/lender-portal'
import { DEMO_BUSINESS_LENDERS } from '@lainava/domain/marketplace/demo-business-lenders'
import { DEMO_LENDERS } from '@lainava/domain/marketplace/demo-lenders'
import { DEMO_MORTGAGE_BANKS } from '@lainava/domain/mortgage/demo-banks'
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Database } from './client.ts'
import { flagFeatures, lenders } from './schema.ts'

// Demo data for a new database: the demo lenders (fictional, defined in the domain so the consumer
// representative example is computed from their pricing). The sandbox lenders answer from a
// deterministic decision model (`sandboxDecision`) after their own delay, so offers arrive over time.

export { DEMO_BUSINESS_LENDERS, DEMO_LENDERS, DEMO_MANUAL_LENDERS, DEMO_MORTGAGE_BANKS, LANDING_CTA_FLAG }

/**
 * Adds the demo lenders to a database that has none; running it again changes
 * nothing. A database from before the marketplace gets the demo lenders'
 * criteria and pricing filled in.
 */
export async function seedDemoData(db: Database): Promise<{ seeded: boolean }> {
  await seedDemoFlags(db)
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(lenders)
  if ((row?.count ?? 0) > 0) {
    for (const lender of DEMO_LENDERS) {
      await db
        .update(lenders)
        .set({ criteria: lender.criteria, sandbox: lender.sandbox })
        .where(
          and(eq(lenders.slug, lender.slug), eq(lenders.integration, 'sandbox'), isNull(lenders.sandbox)),
        )
    }
    // Issue 15: a demo database from before the business side gets the business demo lenders (and,
    // issue 16, the mortgage banks).
    const [demo] = await db
      .select({ id: lenders.id })
      .from(lenders)
      .where(and(eq(lenders.slug, DEMO_LENDERS[0]?.slug ?? ''), eq(lenders.integration, 'sandbox')))
    if (demo) {
      await db
        .insert(lenders)
        .values([...businessRows(), ...manualRows(), ...mortgageRows()])
        .onConflictDoNothing({ target: lenders.slug })
    }
    return { seeded: false }
  }
  await db
    .insert(lenders)
    .values([
      ...DEMO_LENDERS.map((lender) => ({
        ...lender,
        integration: 'sandbox' as const,
        filtering: { acceptingApplications: true, excludedPurposes: [] },
      })),
      ...businessRows(),
      ...manualRows(),
      ...mortgageRows(),
    ])
    .onConflictDoNothing({ target: lenders.slug })
  return { seeded: true }
}

/** The business lenders and factoring companies (issue 15), with their business criteria and pricing. */
function businessRows() {
  return DEMO_BUSINESS_LENDERS.map((lender) => ({
    ...lender,
    integration: 'sandbox' as const,
    filtering: { acceptingApplications: true, excludedPurposes: [] },
  }))
}

/** Issue 17: the manual lender, whose users answer in the lender portal (no API, no sandbox model). */
function manualRows() {
  return DEMO_MANUAL_LENDERS.map((lender) => ({
    ...lender,
    criteria: {
      ...lender.criteria,
      products: [...lender.criteria.products],
      employmentTypes: [...lender.criteria.employmentTypes],
      regions: [...lender.criteria.regions],
    },
    integration: 'manual' as const,
    filtering: { acceptingApplications: true, excludedPurposes: [] },
  }))
}

/** Issue 16: the mortgage banks, with their mortgage criteria and sandbox pricing and timeline. */
function mortgageRows() {
  return DEMO_MORTGAGE_BANKS.map((bank) => ({
    ...bank,
    integration: 'sandbox' as const,
    filtering: { acceptingApplications: true, excludedPurposes: [] },
  }))
}

/**
 * Issue 18 item 7: the landing's call-to-action experiment (defined in the domain) in both flag
 * environments. Added once: an environment that has the flag (edited or not) keeps it as it is.
 */
async function seedDemoFlags(db: Database): Promise<void> {
  for (const environment of ['production', 'development']) {
    const added = await db
      .insert(flagFeatures)
      .values({ environment, ...LANDING_CTA_FLAG })
      .onConflictDoNothing({ target: [flagFeatures.environment, flagFeatures.key] })
      .returning({ key: flagFeatures.key })
    if (added.length === 0) continue
    // A new version (ADR 032: the SDK ignores a payload whose dateUpdated it has seen).
    await db.execute(sql`
      insert into flag_revisions (environment, date_updated) values (${environment}, clock_timestamp())
      on conflict (environment) do update set date_updated =
        greatest(clock_timestamp(), flag_revisions.date_updated + interval '1 millisecond')`)
  }
}
