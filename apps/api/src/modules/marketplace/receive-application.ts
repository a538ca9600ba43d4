import { type Database, schema } from '@lainava/db'
import { asc, eq } from 'drizzle-orm'

export type Recipient = { id: string; name: string }

/**
 * The one call by which a submitted application enters the lender marketplace.
 * Today every active lender receives it and is recorded as a recipient; the
 * marketplace issue adds matching by each lender's criteria and the durable
 * per-lender jobs behind this same call.
 */
export async function receiveApplication(tx: Database, applicationId: string): Promise<Recipient[]> {
  const recipients = await tx
    .select({ id: schema.lenders.id, name: schema.lenders.name })
    .from(schema.lenders)
    .where(eq(schema.lenders.active, true))
    .orderBy(asc(schema.lenders.name))
  if (recipients.length > 0) {
    await tx
      .insert(schema.applicationRecipients)
      .values(recipients.map((lender) => ({ applicationId, lenderId: lender.id })))
      .onConflictDoNothing()
  }
  return recipients
}

export async function recipientsOf(db: Database, applicationId: string): Promise<Recipient[]> {
  return db
    .select({ id: schema.lenders.id, name: schema.lenders.name })
    .from(schema.applicationRecipients)
    .innerJoin(schema.lenders, eq(schema.lenders.id, schema.applicationRecipients.lenderId))
    .where(eq(schema.applicationRecipients.applicationId, applicationId))
    .orderBy(asc(schema.lenders.name))
}
