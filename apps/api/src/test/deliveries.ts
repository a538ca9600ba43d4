import { type Database, schema } from '@lainava/db'
import { eq, inArray } from 'drizzle-orm'
import type { SandboxDelivery } from '../modules/marketplace/marketplace.ts'

/** Every recipient of the applications with its lender, as deliveries: by application, then lender slug. */
export async function deliveriesOf(
  db: Database,
  applicationIds: readonly string[],
): Promise<SandboxDelivery[]> {
  const rows = await db
    .select({ applicationId: schema.applicationRecipients.applicationId, lender: schema.lenders })
    .from(schema.applicationRecipients)
    .innerJoin(schema.lenders, eq(schema.lenders.id, schema.applicationRecipients.lenderId))
    .where(inArray(schema.applicationRecipients.applicationId, [...applicationIds]))
    .orderBy(schema.applicationRecipients.applicationId, schema.lenders.slug)
  return rows.map((row) => ({
    applicationId: row.applicationId,
    lenderId: row.lender.id,
    lender: row.lender,
  }))
}
