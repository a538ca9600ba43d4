import { randomBytes } from 'node:crypto'
import { type Database, schema } from '@lainava/db'
import { DEFAULT_FILTERING, type LenderCriteria } from '@lainava/domain'
import type { MessageKey } from '@lainava/i18n'
import { eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { AppError } from '../../app-error.ts'
import type { Config } from '../../config.ts'
import type { FieldCipher } from '../../crypto/field-encryption.ts'
import { type AuditActor, recordAudit } from '../audit/audit-log.ts'
import { hashSecret } from '../auth/tokens.ts'
import { type EndpointRefusal, lenderEndpointRefusal } from './lender-endpoint.ts'

// HTTP lenders: an API key for our lender API (stored as a hash) and an HMAC
// secret for our signed requests (stored encrypted). Both are shown once.

const API_KEY_PREFIX = 'lvk_'

export type HttpLenderInput = {
  slug: string
  name: string
  description: string
  endpointUrl: string
  criteria: LenderCriteria
}

export type LenderCredentials = { lenderId: string; apiKey: string; signingSecret: string }

function newCredentials(cipher: FieldCipher) {
  const apiKey = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`
  const signingSecret = randomBytes(32).toString('base64url')
  return {
    apiKey,
    signingSecret,
    apiKeyHash: hashSecret(apiKey, 'lender-api-key'),
    signingSecretEncrypted: cipher.encrypt(signingSecret),
  }
}

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
  const { apiKey, signingSecret, ...stored } = newCredentials(cipher)
  const lenderId = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(schema.lenders)
      .values({ ...input, integration: 'http', filtering: DEFAULT_FILTERING, ...stored })
      .onConflictDoNothing({ target: schema.lenders.slug })
      .returning({ id: schema.lenders.id })
    if (!row)
      throw new AppError('CONFLICT', 'A lender with this slug exists.', {
        reason: 'SLUG_TAKEN',
        messageKey: 'api.slugTaken',
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
  return { lenderId, apiKey, signingSecret }
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

/** New API key and signing secret (an admin's action, audited); the old ones stop working at once. */
export async function rotateLenderCredentials(
  db: Database,
  cipher: FieldCipher,
  actor: AuditActor,
  lenderId: string,
): Promise<LenderCredentials> {
  const { apiKey, signingSecret, ...stored } = newCredentials(cipher)
  await db.transaction(async (tx) => {
    const rows = await tx
      .update(schema.lenders)
      .set(stored)
      .where(eq(schema.lenders.id, lenderId))
      .returning({ id: schema.lenders.id })
    if (rows.length === 0)
      throw new AppError('NOT_FOUND', 'No such lender.', { messageKey: 'api.lenderNotFound' })
    await recordAudit(tx, {
      actor,
      action: 'lender.credentials.rotate',
      subjectType: 'lender',
      subjectId: lenderId,
      details: { fields: ['apiKey', 'signingSecret'] },
    })
  })
  return { lenderId, apiKey, signingSecret }
}

/** The lender whose API key is on the request (`Authorization: Bearer lvk_…`), or 401. */
export async function requireLenderApiKey(
  db: Database,
  request: FastifyRequest,
): Promise<{ id: string; name: string }> {
  const header = request.headers.authorization
  const key = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined
  if (!key?.startsWith(API_KEY_PREFIX)) {
    throw new AppError('UNAUTHORIZED', 'A valid lender API key is required.', {
      reason: 'INVALID_API_KEY',
      messageKey: 'api.invalidApiKey',
    })
  }
  const [lender] = await db
    .select({ id: schema.lenders.id, name: schema.lenders.name, active: schema.lenders.active })
    .from(schema.lenders)
    .where(eq(schema.lenders.apiKeyHash, hashSecret(key, 'lender-api-key')))
  if (!lender?.active) {
    throw new AppError('UNAUTHORIZED', 'A valid lender API key is required.', {
      reason: 'INVALID_API_KEY',
      messageKey: 'api.invalidApiKey',
    })
  }
  return { id: lender.id, name: lender.name }
}
