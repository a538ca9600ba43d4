import { createCipheriv, randomBytes } from 'node:crypto'
import { type Database, schema } from '@lainava/db'
import {
  type FeatureDefinition,
  type FeaturesPayload,
  type FlagEnvironment,
  type FlagInput,
  type FlagValueType,
  flagChanges,
  type SavedGroupInput,
  type SavedGroupsPayload,
} from '@lainava/domain/flags'
import { and, asc, eq, sql } from 'drizzle-orm'
import { type AuditActor, recordAudit } from '../audit/audit-log.ts'

// Issue 18 item 1 (ADR 027): the flags of an environment as GrowthBook's SDK payload, and the
// changes to them. Every change bumps the environment's `dateUpdated` (the SDK ignores a payload
// whose version it has seen, protocol §1.5) and notifies every API process through PostgreSQL's
// NOTIFY, in the same transaction: the notice goes out on commit, never for a change rolled back.

const { flagFeatures, flagSavedGroups, flagSdkConnections } = schema

/** The NOTIFY channel; the payload is the environment that changed. */
export const FLAG_CHANNEL = 'lainava_flags'

export type SdkConnection = typeof flagSdkConnections.$inferSelect

export async function connectionOf(db: Database, clientKey: string): Promise<SdkConnection | null> {
  const [row] = await db.select().from(flagSdkConnections).where(eq(flagSdkConnections.clientKey, clientKey))
  return row ?? null
}

/**
 * A new client key for an environment: `sdk-` and 24 URL-safe random characters; audited (who, the
 * environment and the kind; never the decryption key). Without an actor it is the system's.
 */
export async function createSdkConnection(
  db: Database,
  input: {
    environment: FlagEnvironment | string
    remoteEval?: boolean
    encrypted?: boolean
    actor?: AuditActor
  },
): Promise<SdkConnection> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(flagSdkConnections)
      .values({
        clientKey: `sdk-${randomBytes(18).toString('base64url')}`,
        environment: input.environment,
        remoteEval: input.remoteEval ?? false,
        encryptionKey: input.encrypted ? randomBytes(16).toString('base64') : null,
      })
      .returning()
    if (!row) throw new Error('the SDK connection was not stored')
    await recordAudit(tx, {
      actor: input.actor ?? { id: null, role: 'system' },
      action: 'flag.connection.create',
      subjectType: 'flagConnection',
      subjectId: `${row.environment}/${row.clientKey}`,
      details: {
        environment: row.environment,
        remoteEval: row.remoteEval,
        encrypted: row.encryptionKey !== null,
      },
    })
    return row
  })
}

/** The client key the web app uses for an environment: the first plain one, made when there is none. */
export async function webClientKey(db: Database, environment: FlagEnvironment): Promise<string> {
  const [existing] = await db
    .select({ clientKey: flagSdkConnections.clientKey })
    .from(flagSdkConnections)
    .where(
      and(
        eq(flagSdkConnections.environment, environment),
        eq(flagSdkConnections.remoteEval, false),
        sql`${flagSdkConnections.encryptionKey} is null`,
      ),
    )
    .orderBy(asc(flagSdkConnections.createdAt))
    .limit(1)
  return existing?.clientKey ?? (await createSdkConnection(db, { environment })).clientKey
}

/** AES-128-CBC as the SDK decrypts it: `base64(iv).base64(ciphertext)` (protocol §1.6). */
export function encryptForSdk(plain: string, keyBase64: string): string {
  const iv = randomBytes(16)
  const cipher = createCipheriv('aes-128-cbc', Buffer.from(keyBase64, 'base64'), iv)
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return `${iv.toString('base64')}.${body.toString('base64')}`
}

type PayloadRow = {
  date_updated: string | null
  features: Array<[string, unknown]>
  groups: Array<[string, unknown[]]>
}

/** A version as the payload carries it: ISO 8601 in UTC to the millisecond, as `Date#toISOString`. */
const ISO_MS = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`

/**
 * The environment's payload: enabled flags, saved groups (v1 arrays) and the version. One
 * statement, so one snapshot: a concurrent edit can never pair the flags of one version with the
 * `dateUpdated` of another (the SDK would then ignore the real update as already seen).
 */
export async function environmentPayload(db: Database, environment: string): Promise<FeaturesPayload> {
  const result = await db.execute(sql`
    select
      (select to_char(date_updated at time zone 'UTC', ${sql.raw(ISO_MS)})
         from flag_revisions where environment = ${environment}) as date_updated,
      coalesce((select json_agg(json_build_array(key, definition) order by key)
         from flag_features where environment = ${environment} and enabled), '[]'::json) as features,
      coalesce((select json_agg(json_build_array(id, "values") order by id)
         from flag_saved_groups where environment = ${environment}), '[]'::json) as groups`)
  const row = (result as unknown as { rows: PayloadRow[] }).rows[0]
  const payload: FeaturesPayload = {
    features: Object.fromEntries(
      (row?.features ?? []).map(([key, definition]) => [key, definition as FeatureDefinition]),
    ),
    experiments: [],
    dateUpdated: row?.date_updated ?? new Date(0).toISOString(),
  }
  const groups = row?.groups ?? []
  if (groups.length > 0) {
    payload.savedGroups = Object.fromEntries(groups) as SavedGroupsPayload
  }
  return payload
}

/** What a client key is served: the payload, encrypted when the connection has a key. */
export async function payloadFor(db: Database, connection: SdkConnection): Promise<FeaturesPayload> {
  const payload = await environmentPayload(db, connection.environment)
  if (!connection.encryptionKey) return payload
  const encrypted: FeaturesPayload = {
    features: {},
    experiments: [],
    dateUpdated: payload.dateUpdated,
    encryptedFeatures: encryptForSdk(JSON.stringify(payload.features), connection.encryptionKey),
  }
  if (payload.savedGroups) {
    encrypted.encryptedSavedGroups = encryptForSdk(
      JSON.stringify(payload.savedGroups),
      connection.encryptionKey,
    )
  }
  return encrypted
}

/**
 * Bumps the version and notifies on commit; returns the new version. Whole milliseconds, strictly
 * increasing even twice in a millisecond: the payload carries milliseconds, so two versions within
 * one would look the same to the SDK.
 */
async function changed(tx: Database, environment: string): Promise<string> {
  const result = await tx.execute(sql`
    insert into flag_revisions (environment, date_updated)
      values (${environment}, date_trunc('milliseconds', clock_timestamp()))
    on conflict (environment) do update set date_updated = greatest(
      date_trunc('milliseconds', clock_timestamp()),
      date_trunc('milliseconds', flag_revisions.date_updated) + interval '1 millisecond')
    returning to_char(date_updated at time zone 'UTC', ${sql.raw(ISO_MS)}) as version`)
  await tx.execute(sql`select pg_notify(${FLAG_CHANNEL}, ${environment})`)
  const version = (result as unknown as { rows: Array<{ version: string }> }).rows[0]?.version
  if (!version) throw new Error('the flag version was not bumped')
  return version
}

export type FlagRow = typeof flagFeatures.$inferSelect

export async function listFlags(db: Database, environment: string): Promise<FlagRow[]> {
  return db
    .select()
    .from(flagFeatures)
    .where(eq(flagFeatures.environment, environment))
    .orderBy(asc(flagFeatures.key))
}

/** What an update changed, for its audit entry: the fields, and `field: before → after` where kept. */
function changeDetails(
  before: { valueType: string; description: string; enabled: boolean; definition: unknown },
  after: FlagInput,
): { fields: string[]; changes: string[] } {
  const changes = flagChanges(
    {
      ...before,
      valueType: before.valueType as FlagValueType,
      definition: before.definition as FeatureDefinition,
    },
    after,
  )
  return {
    fields: changes.map((change) => change.field),
    changes: changes.map((change) =>
      change.before === undefined ? change.field : `${change.field}: ${change.before} → ${change.after}`,
    ),
  }
}

/** Creates or replaces a flag in one environment; audited. Returns whether it was new and the version. */
export async function saveFlag(
  db: Database,
  actor: AuditActor,
  input: { environment: string; key: string; flag: FlagInput },
): Promise<{ created: boolean; dateUpdated: string }> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        valueType: flagFeatures.valueType,
        description: flagFeatures.description,
        enabled: flagFeatures.enabled,
        definition: flagFeatures.definition,
      })
      .from(flagFeatures)
      .where(and(eq(flagFeatures.environment, input.environment), eq(flagFeatures.key, input.key)))
      .for('update')
    const values = {
      valueType: input.flag.valueType,
      description: input.flag.description,
      enabled: input.flag.enabled,
      definition: input.flag.definition,
      updatedAt: new Date(),
      updatedBy: actor.id,
    }
    if (before) {
      await tx
        .update(flagFeatures)
        .set(values)
        .where(and(eq(flagFeatures.environment, input.environment), eq(flagFeatures.key, input.key)))
    } else {
      await tx.insert(flagFeatures).values({ environment: input.environment, key: input.key, ...values })
    }
    const dateUpdated = await changed(tx, input.environment)
    await recordAudit(tx, {
      actor,
      action: before ? 'flag.update' : 'flag.create',
      subjectType: 'flag',
      subjectId: `${input.environment}/${input.key}`,
      details: {
        enabled: input.flag.enabled,
        valueType: input.flag.valueType,
        rules: input.flag.definition.rules?.length ?? 0,
        ...(before ? changeDetails(before, input.flag) : {}),
      },
    })
    return { created: !before, dateUpdated }
  })
}

/** Deletes a flag; false when there was none (nothing is notified then). */
export async function deleteFlag(
  db: Database,
  actor: AuditActor,
  input: { environment: string; key: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(flagFeatures)
      .where(and(eq(flagFeatures.environment, input.environment), eq(flagFeatures.key, input.key)))
      .returning({ key: flagFeatures.key })
    if (deleted.length === 0) return false
    await changed(tx, input.environment)
    await recordAudit(tx, {
      actor,
      action: 'flag.delete',
      subjectType: 'flag',
      subjectId: `${input.environment}/${input.key}`,
    })
    return true
  })
}

export async function listSavedGroups(db: Database, environment: string) {
  return db
    .select()
    .from(flagSavedGroups)
    .where(eq(flagSavedGroups.environment, environment))
    .orderBy(asc(flagSavedGroups.id))
}

/** Creates or replaces a saved group; audited (its name and size, never its values). */
export async function saveSavedGroup(
  db: Database,
  actor: AuditActor,
  input: { environment: string; id: string; group: SavedGroupInput },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(flagSavedGroups)
      .values({ environment: input.environment, id: input.id, ...input.group })
      .onConflictDoUpdate({
        target: [flagSavedGroups.environment, flagSavedGroups.id],
        set: { ...input.group, updatedAt: new Date() },
      })
    await changed(tx, input.environment)
    await recordAudit(tx, {
      actor,
      action: 'flag.savedGroup',
      subjectType: 'savedGroup',
      subjectId: `${input.environment}/${input.id}`,
      details: {
        name: input.group.name,
        attributeKey: input.group.attributeKey,
        size: input.group.values.length,
      },
    })
  })
}
