import { type Database, schema } from '@lainava/db'
import { DEFAULT_SME_CONFIG, SME_CONFIG_KEY, type SmeConfig, SmeConfigSchema } from '@lainava/domain'
import { eq } from 'drizzle-orm'
import { recordAudit } from '../audit/audit-log.ts'

const { productSettings } = schema

/**
 * The SME limits in force: the admins' row in `product_settings`, else the defaults. A stored
 * value that no longer passes the schema (edited by hand) falls back to the defaults, never to
 * half-valid limits.
 */
export async function readSmeConfig(db: Database): Promise<SmeConfig> {
  const [row] = await db
    .select({ value: productSettings.value })
    .from(productSettings)
    .where(eq(productSettings.key, SME_CONFIG_KEY))
  if (!row) return DEFAULT_SME_CONFIG
  const parsed = SmeConfigSchema.safeParse(row.value)
  return parsed.success ? parsed.data : DEFAULT_SME_CONFIG
}

/**
 * An admin's change of the SME limits (already validated by `SmeConfigSchema`), written with its
 * audit row in one transaction: the old and new limits are not personal data.
 */
export async function updateSmeConfig(
  db: Database,
  actor: { id: string; role: string },
  config: SmeConfig,
): Promise<SmeConfig> {
  const previous = await readSmeConfig(db)
  await db.transaction(async (tx) => {
    const now = new Date()
    await tx
      .insert(productSettings)
      .values({ key: SME_CONFIG_KEY, value: config, updatedAt: now, updatedBy: actor.id })
      .onConflictDoUpdate({
        target: productSettings.key,
        set: { value: config, updatedAt: now, updatedBy: actor.id },
      })
    // The fields that changed with their old and new values (limits, not personal data).
    const changed = (Object.keys(config) as Array<keyof SmeConfig>).filter(
      (key) => previous[key] !== config[key],
    )
    await recordAudit(tx, {
      actor,
      action: 'settings.update',
      subjectType: 'product-setting',
      subjectId: SME_CONFIG_KEY,
      details: {
        changed,
        ...Object.fromEntries(
          changed.flatMap((key) => [
            [`${key}.before`, previous[key]],
            [`${key}.after`, config[key]],
          ]),
        ),
      },
    })
  })
  return config
}
