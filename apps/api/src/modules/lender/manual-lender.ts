import { type Database, schema } from '@lainava/db'
import { DEFAULT_FILTERING, type LenderCriteria } from '@lainava/domain'
import { AppError } from '../../app-error.ts'
import { type AuditActor, recordAudit } from '../audit/audit-log.ts'

export type ManualLenderInput = {
  slug: string
  name: string
  description: string
  criteria: LenderCriteria
}

/**
 * A lender without an API (issue 17, integration `manual`): it receives the applications that match it
 * and its users answer them in the lender portal. No endpoint, no API key, no signing secret.
 */
export async function createManualLender(
  db: Database,
  actor: AuditActor,
  input: ManualLenderInput,
): Promise<{ lenderId: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(schema.lenders)
      .values({ ...input, integration: 'manual', filtering: DEFAULT_FILTERING })
      .onConflictDoNothing({ target: schema.lenders.slug })
      .returning({ id: schema.lenders.id })
    if (!row) {
      throw new AppError('CONFLICT', 'A lender with this slug exists.', {
        reason: 'SLUG_TAKEN',
        messageKey: 'api.slugTaken',
      })
    }
    await recordAudit(tx, {
      actor,
      action: 'lender.create',
      subjectType: 'lender',
      subjectId: row.id,
      details: { slug: input.slug, integration: 'manual', fields: Object.keys(input).sort() },
    })
    return { lenderId: row.id }
  })
}
