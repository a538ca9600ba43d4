import { randomBytes } from 'node:crypto'
import { type Database, schema } from '@lainava/db'
import { DEFAULT_FILTERING, type LenderCriteria } from '@lainava/domain'
import type { MessageKey } from '@lainava/i18n'
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { AppError } from '../../app-error.ts'
import type { Config } from '../../config.ts'
import type { FieldCipher } from '../../crypto/field-encryption.ts'
import { type AuditActor, recordAudit } from '../audit/audit-log.ts'
import { hashSecret } from '../auth/tokens.ts'
import { type EndpointRefusal, lenderEndpointRefusal } from './lender-endpoint.ts'

// HTTP lenders: API keys for our lender API (in lender_api_keys, stored as a SHA-256 hash with a
// visible prefix) and an HMAC secret for our signed requests (stored encrypted). Both are shown once.
// ADR 028: several named keys per lender, revocable one by one; a rotated secret keeps signing beside the
// new one for a grace period.

const API_KEY_PREFIX = 'lvk_'
/** How much of a key is kept in clear to tell keys apart: `lvk_` and 6 characters (36 bits: useless alone). */
const VISIBLE_PREFIX_LENGTH = API_KEY_PREFIX.length + 6
/** `last_used_at` is written at most this often per key, so the lender API does not write on every call. */
const LAST_USE_RESOLUTION_MS = 60_000
const KEY_HASH_SALT = 'lender-api-key'

/** A new API key: the key itself (shown once), its hash and its visible prefix (stored). */
export function newApiKey(): { key: string; keyHash: string; keyPrefix: string } {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`
  return { key, keyHash: hashSecret(key, KEY_HASH_SALT), keyPrefix: key.slice(0, VISIBLE_PREFIX_LENGTH) }
}

export type HttpLenderInput = {
  slug: string
  name: string
  description: string
  endpointUrl: string
  criteria: LenderCriteria
}

export type LenderCredentials = { lenderId: string; apiKey: string; signingSecret: string }

/** A new signing secret (shown once) and its stored, encrypted form. */
export function newSigningSecret(cipher: FieldCipher): { secret: string; encrypted: string } {
  const secret = randomBytes(32).toString('base64url')
  return { secret, encrypted: cipher.encrypt(secret) }
}

/** The name of the key made when a lender is connected or an admin replaces its credentials. */
const FIRST_KEY_NAME = 'API key'

/**
 * Stores an HTTP lender. The admin route passes the acting admin, and the lender and its audit entry commit
 * together; tests and fixtures that set a lender up directly pass none.
 */
export async function createHttpLender(
  db: Database,
  cipher: FieldCipher,
  input: HttpLenderInput,
  actor?: AuditActor,
): Promise<LenderCredentials> {
  const apiKey = newApiKey()
  const signing = newSigningSecret(cipher)
  const lenderId = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(schema.lenders)
      .values({
        ...input,
        integration: 'http',
        filtering: DEFAULT_FILTERING,
        signingSecretEncrypted: signing.encrypted,
      })
      .onConflictDoNothing({ target: schema.lenders.slug })
      .returning({ id: schema.lenders.id })
    if (!row)
      throw new AppError('CONFLICT', 'A lender with this slug exists.', {
        reason: 'SLUG_TAKEN',
        messageKey: 'api.slugTaken',
      })
    await tx.insert(schema.lenderApiKeys).values({
      lenderId: row.id,
      name: FIRST_KEY_NAME,
      keyPrefix: apiKey.keyPrefix,
      keyHash: apiKey.keyHash,
      createdBy: actor?.id ?? null,
    })
    // Field names only: the key and the secret never reach the log.
    if (actor)
      await recordAudit(tx, {
        actor,
        action: 'lender.create',
        subjectType: 'lender',
        subjectId: row.id,
        details: { slug: input.slug, integration: 'http', fields: Object.keys(input).sort() },
      })
    return row.id
  })
  return { lenderId, apiKey: apiKey.key, signingSecret: signing.secret }
}

const REFUSAL_MESSAGES: Record<EndpointRefusal, MessageKey> = {
  httpsRequired: 'api.lenderEndpoint.httpsRequired',
  notPublic: 'api.lenderEndpoint.notPublic',
  unresolvable: 'api.lenderEndpoint.unresolvable',
}

export type ConnectHttpLenderOutcome =
  | { ok: true; credentials: LenderCredentials }
  | { ok: false; fieldErrors: Array<{ path: 'endpointUrl'; messageKey: MessageKey }> }

/** Connects an HTTP lender (an admin's action): its endpoint must pass the network policy (ADR 014). */
export async function connectHttpLender(
  deps: { db: Database; cipher: FieldCipher; config: Pick<Config, 'LENDER_ALLOW_PRIVATE_NETWORK'> },
  actor: AuditActor,
  input: HttpLenderInput,
): Promise<ConnectHttpLenderOutcome> {
  const refusal = await lenderEndpointRefusal(input.endpointUrl, {
    allowPrivateNetwork: deps.config.LENDER_ALLOW_PRIVATE_NETWORK,
  })
  if (refusal) {
    return { ok: false, fieldErrors: [{ path: 'endpointUrl', messageKey: REFUSAL_MESSAGES[refusal] }] }
  }
  return { ok: true, credentials: await createHttpLender(deps.db, deps.cipher, input, actor) }
}

/**
 * New API key and signing secret (an admin's action, audited): every other key of the lender is revoked and
 * the old secret stops at once, with no grace period. This is the "credentials leaked" button; a lender's
 * own rotation (integration settings) keeps the old secret for a while instead.
 */
export async function rotateLenderCredentials(
  db: Database,
  cipher: FieldCipher,
  actor: AuditActor,
  lenderId: string,
): Promise<LenderCredentials> {
  const apiKey = newApiKey()
  const signing = newSigningSecret(cipher)
  await db.transaction(async (tx) => {
    const rows = await tx
      .update(schema.lenders)
      .set({
        signingSecretEncrypted: signing.encrypted,
        previousSigningSecretEncrypted: null,
        previousSigningSecretUntil: null,
      })
      .where(eq(schema.lenders.id, lenderId))
      .returning({ id: schema.lenders.id })
    if (rows.length === 0)
      throw new AppError('NOT_FOUND', 'No such lender.', { messageKey: 'api.lenderNotFound' })
    await tx
      .update(schema.lenderApiKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(schema.lenderApiKeys.lenderId, lenderId), isNull(schema.lenderApiKeys.revokedAt)))
    await tx.insert(schema.lenderApiKeys).values({
      lenderId,
      name: FIRST_KEY_NAME,
      keyPrefix: apiKey.keyPrefix,
      keyHash: apiKey.keyHash,
      createdBy: actor.id,
    })
    await recordAudit(tx, {
      actor,
      action: 'lender.credentials.rotate',
      subjectType: 'lender',
      subjectId: lenderId,
      details: { fields: ['apiKey', 'signingSecret'] },
    })
  })
  return { lenderId, apiKey: apiKey.key, signingSecret: signing.secret }
}

/**
 * The lender whose API key is on the request (`Authorization: Bearer lvk_…`), or 401. Only a key that is
 * not revoked, of an active lender, counts: a revoked key fails on its next call. The key's last use is
 * written at most once a minute, by a conditional update, so most calls only read.
 */
export async function requireLenderApiKey(
  db: Database,
  request: FastifyRequest,
): Promise<{ id: string; name: string }> {
  const header = request.headers.authorization
  const key = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined
  if (!key?.startsWith(API_KEY_PREFIX)) throw invalidApiKey()
  const { lenderApiKeys, lenders } = schema
  const [found] = await db
    .select({
      keyId: lenderApiKeys.id,
      lastUsedAt: lenderApiKeys.lastUsedAt,
      id: lenders.id,
      name: lenders.name,
      active: lenders.active,
    })
    .from(lenderApiKeys)
    .innerJoin(lenders, eq(lenders.id, lenderApiKeys.lenderId))
    .where(and(eq(lenderApiKeys.keyHash, hashSecret(key, KEY_HASH_SALT)), isNull(lenderApiKeys.revokedAt)))
  if (!found?.active) throw invalidApiKey()
  const now = Date.now()
  if (!found.lastUsedAt || now - found.lastUsedAt.getTime() >= LAST_USE_RESOLUTION_MS) {
    const threshold = new Date(now - LAST_USE_RESOLUTION_MS)
    await db
      .update(lenderApiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(
        and(
          eq(lenderApiKeys.id, found.keyId),
          or(isNull(lenderApiKeys.lastUsedAt), lt(lenderApiKeys.lastUsedAt, threshold)),
        ),
      )
  }
  return { id: found.id, name: found.name }
}

function invalidApiKey() {
  return new AppError('UNAUTHORIZED', 'A valid lender API key is required.', {
    reason: 'INVALID_API_KEY',
    messageKey: 'api.invalidApiKey',
  })
}

/**
 * The secrets our requests to a lender are signed with: the current one, and the one before the last
 * rotation while its grace period lasts (ADR 028: the lender may check either, and switch at its pace).
 */
export function signingSecretsOf(
  cipher: FieldCipher,
  lender: {
    signingSecretEncrypted: string | null
    previousSigningSecretEncrypted: string | null
    previousSigningSecretUntil: Date | null
  },
  now = new Date(),
): string[] {
  if (!lender.signingSecretEncrypted) return []
  const secrets = [cipher.decrypt(lender.signingSecretEncrypted)]
  if (
    lender.previousSigningSecretEncrypted &&
    lender.previousSigningSecretUntil &&
    lender.previousSigningSecretUntil > now
  )
    secrets.push(cipher.decrypt(lender.previousSigningSecretEncrypted))
  return secrets
}
