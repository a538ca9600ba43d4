import { createCipheriv, randomBytes } from 'node:crypto'
import { type Database, schema } from '@lainava/db'
import type {
  FeatureDefinition,
  FeaturesPayload,
  FlagEnvironment,
  FlagInput,
  SavedGroupInput,
  SavedGroupsPayload,
} from '@lainava/domain/flags'
import { and, asc, eq, sql } from 'drizzle-orm'
import { type AuditActor, recordAudit } from '../audit/audit-log.ts'

// Issue 18 item 1 (ADR 027): the flags of an environment as GrowthBook's SDK payload, and the
// changes to them. Every change bumps the environment's `dateUpdated` (the SDK ignores a payload
// whose version it has seen, protocol §1.5) and notifies every API process through PostgreSQL's
// NOTIFY, in the same transaction: the notice goes out on commit, never for a change rolled back.

const { flagFeatures, flagSavedGroups, flagSdkConnections, flagRevisions } = schema

/** The NOTIFY channel; the payload is the environment that changed. */
export const FLAG_CHANNEL = 'lainava_flags'

export type SdkConnection = typeof flagSdkConnections.$inferSelect

export async function connectionOf(db: Database, clientKey: string): Promise<SdkConnection | null> {
  const [row] = await db.select().from(flagSdkConnections).where(eq(flagSdkConnections.clientKey, clientKey))
  return row ?? null
}

/** A new client key for an environment: `sdk-` and 24 URL-safe random characters. */
export async function createSdkConnection(
  db: Database,
  input: { environment: FlagEnvironment | string; remoteEval?: boolean; encrypted?: boolean },
): Promise<SdkConnection> {
  const [row] = await db
    .insert(flagSdkConnections)
    .values({
      clientKey: `sdk-${randomBytes(18).toString('base64url')}`,
      environment: input.environment,
      remoteEval: input.remoteEval ?? false,
      encryptionKey: input.encrypted ? randomBytes(16).toString('base64') : null,
    })
    .returning()
  if (!row) throw new Error('the SDK connection was not stored')
  return row
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

async function dateUpdated(db: Database, environment: string): Promise<string> {
  const [row] = await db
    .select({ at: flagRevisions.dateUpdated })
    .from(flagRevisions)
    .where(eq(flagRevisions.environment, environment))
  return (row?.at ?? new Date(0)).toISOString()
}

/** The environment's payload: enabled flags, saved groups (v1 arrays) and the version. */
export async function environmentPayload(db: Database, environment: string): Promise<FeaturesPayload> {
  const [features, groups, version] = await Promise.all([
    db
      .select({ key: flagFeatures.key, definition: flagFeatures.definition })
      .from(flagFeatures)
      .where(and(eq(flagFeatures.environment, environment), eq(flagFeatures.enabled, true)))
      .orderBy(asc(flagFeatures.key)),
    db
      .select({ id: flagSavedGroups.id, values: flagSavedGroups.values })
      .from(flagSavedGroups)
      .where(eq(flagSavedGroups.environment, environment))
      .orderBy(asc(flagSavedGroups.id)),
    dateUpdated(db, environment),
  ])
  const payload: FeaturesPayload = {
    features: Object.fromEntries(features.map((row) => [row.key, row.definition as FeatureDefinition])),
    experiments: [],
    dateUpdated: version,
  }
  if (groups.length > 0) {
    payload.savedGroups = Object.fromEntries(
      groups.map((group) => [group.id, group.values]),
    ) as SavedGroupsPayload
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

/** Bumps the version (strictly increasing, even twice in a millisecond) and notifies on commit. */
async function changed(tx: Database, environment: string): Promise<void> {
  await tx.execute(sql`
    insert into flag_revisions (environment, date_updated) values (${environment}, clock_timestamp())
    on conflict (environment) do update set date_updated =
      greatest(clock_timestamp(), flag_revisions.date_updated + interval '1 millisecond')`)
  await tx.execute(sql`select pg_notify(${FLAG_CHANNEL}, ${environment})`)
}

export type FlagRow = typeof flagFeatures.$inferSelect

export async function listFlags(db: Database, environment: string): Promise<FlagRow[]> {
  return db
    .select()
    .from(flagFeatures)
    .where(eq(flagFeatures.environment, environment))
    .orderBy(asc(flagFeatures.key))
}

/** Creates or replaces a flag in one environment; audited. Returns whether it was new. */
export async function saveFlag(
  db: Database,
  actor: AuditActor,
  input: { environment: string; key: string; flag: FlagInput },
): Promise<{ created: boolean }> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ key: flagFeatures.key })
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
    await changed(tx, input.environment)
    await recordAudit(tx, {
      actor,
      action: before ? 'flag.update' : 'flag.create',
      subjectType: 'flag',
      subjectId: `${input.environment}/${input.key}`,
      details: {
        enabled: input.flag.enabled,
        valueType: input.flag.valueType,
        rules: input.flag.definition.rules?.length ?? 0,
      },
    })
    return { created: !before }
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
