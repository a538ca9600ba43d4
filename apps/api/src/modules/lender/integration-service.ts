import { randomUUID } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { type Database, schema } from '@lainava/db'
import type {
  CreatedApiKey,
  IntegrationSettings,
  LenderApiKey,
  RotatedSecret,
  TestApplicationResult,
} from '@lainava/domain/lender-integration'
import type { PartnerApplication } from '@lainava/domain/marketplace/partner-protocol'
import type { MessageKey } from '@lainava/i18n'
import { and, desc, eq, isNull } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { AppError } from '../../app-error.ts'
import type { Config } from '../../config.ts'
import type { FieldCipher } from '../../crypto/field-encryption.ts'
import { recordAudit } from '../audit/audit-log.ts'
import { newApiKey, newSigningSecret, signingSecretsOf } from '../marketplace/lender-credentials.ts'
import {
  type EndpointRefusal,
  LenderEndpointRefusedError,
  lenderEndpointRefusal,
  postToLender,
} from '../marketplace/lender-endpoint.ts'
import { signedHeaders } from '../marketplace/partner-client.ts'
import type { LenderMember } from './lender-access.ts'

// Issue 17 item 5: a lender-admin's integration settings (ADR 028). Every query is scoped by the member's
// own lenderId (from the session); another organisation's key is "not found".

const { lenderApiKeys, lenders } = schema

export type IntegrationDeps = {
  db: Database
  cipher: FieldCipher
  config: Pick<Config, 'LENDER_ALLOW_PRIVATE_NETWORK' | 'PUBLIC_URL'>
  log: FastifyBaseLogger
}

type KeyRow = typeof lenderApiKeys.$inferSelect

function keyView(row: KeyRow): LenderApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.keyPrefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  }
}

export async function listApiKeys(db: Database, lenderId: string): Promise<LenderApiKey[]> {
  const rows = await db
    .select()
    .from(lenderApiKeys)
    .where(eq(lenderApiKeys.lenderId, lenderId))
    .orderBy(desc(lenderApiKeys.createdAt), desc(lenderApiKeys.id))
  return rows.map(keyView)
}

/** A new named key; the key itself is in the answer only (stored as a hash with its visible prefix). */
export async function createApiKey(db: Database, member: LenderMember, name: string): Promise<CreatedApiKey> {
  const key = newApiKey()
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(lenderApiKeys)
      .values({
        lenderId: member.lenderId,
        name,
        keyPrefix: key.keyPrefix,
        keyHash: key.keyHash,
        createdBy: member.userId,
      })
      .returning()
    if (!row) throw new Error('could not store the API key')
    await recordAudit(tx, {
      actor: member.actor,
      action: 'lender.apiKey.create',
      subjectType: 'lender',
      subjectId: member.lenderId,
      details: { keyId: row.id, prefix: row.keyPrefix },
    })
    return { key: keyView(row), secret: key.key }
  })
}

/** Revokes a key of the member's organisation: its next call is refused. 404 for any other, 409 when done. */
export async function revokeApiKey(db: Database, member: LenderMember, keyId: string): Promise<LenderApiKey> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(lenderApiKeys)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(lenderApiKeys.id, keyId),
          eq(lenderApiKeys.lenderId, member.lenderId),
          isNull(lenderApiKeys.revokedAt),
        ),
      )
      .returning()
    if (!row) {
      const [existing] = await tx
        .select({ id: lenderApiKeys.id })
        .from(lenderApiKeys)
        .where(and(eq(lenderApiKeys.id, keyId), eq(lenderApiKeys.lenderId, member.lenderId)))
      if (existing)
        throw new AppError('CONFLICT', 'The key is already revoked.', {
          reason: 'KEY_REVOKED',
          messageKey: 'lenderIntegration.api.keyRevoked',
        })
      throw new AppError('NOT_FOUND', 'No such API key.', {
        reason: 'KEY_NOT_FOUND',
        messageKey: 'lenderIntegration.api.keyNotFound',
      })
    }
    await recordAudit(tx, {
      actor: member.actor,
      action: 'lender.apiKey.revoke',
      subjectType: 'lender',
      subjectId: member.lenderId,
      details: { keyId: row.id, prefix: row.keyPrefix },
    })
    return keyView(row)
  })
}

async function lenderRow(db: Database, lenderId: string) {
  const [lender] = await db.select().from(lenders).where(eq(lenders.id, lenderId))
  if (!lender) throw new AppError('NOT_FOUND', 'No such lender.', { messageKey: 'api.lenderNotFound' })
  return lender
}

export async function integrationSettings(db: Database, lenderId: string): Promise<IntegrationSettings> {
  const lender = await lenderRow(db, lenderId)
  const until = lender.previousSigningSecretUntil
  return {
    integration: lender.integration,
    endpointUrl: lender.endpointUrl,
    hasSigningSecret: lender.signingSecretEncrypted !== null,
    previousSecretValidUntil:
      lender.previousSigningSecretEncrypted && until && until > new Date() ? until.toISOString() : null,
    keys: await listApiKeys(db, lenderId),
  }
}

/** The endpoint and the signing secret belong to an HTTP lender (the partner API) only. */
function requireHttp(lender: { integration: string }) {
  if (lender.integration !== 'http')
    throw new AppError('CONFLICT', 'This lender has no API integration.', {
      reason: 'NOT_HTTP_LENDER',
      messageKey: 'lenderIntegration.api.notHttp',
    })
}

const REFUSAL_MESSAGES: Record<EndpointRefusal, MessageKey> = {
  httpsRequired: 'api.lenderEndpoint.httpsRequired',
  notPublic: 'api.lenderEndpoint.notPublic',
  unresolvable: 'api.lenderEndpoint.unresolvable',
}

export type SaveEndpointOutcome =
  | { ok: true; settings: IntegrationSettings }
  | { ok: false; fieldErrors: Array<{ path: 'endpointUrl'; messageKey: MessageKey }> }

/** A new endpoint, under the same network policy as an admin's (ADR 014); audited with the old and new host. */
export async function saveEndpoint(
  deps: IntegrationDeps,
  member: LenderMember,
  endpointUrl: string,
): Promise<SaveEndpointOutcome> {
  const lender = await lenderRow(deps.db, member.lenderId)
  requireHttp(lender)
  const refusal = await lenderEndpointRefusal(endpointUrl, {
    allowPrivateNetwork: deps.config.LENDER_ALLOW_PRIVATE_NETWORK,
  })
  if (refusal)
    return { ok: false, fieldErrors: [{ path: 'endpointUrl', messageKey: REFUSAL_MESSAGES[refusal] }] }
  await deps.db.transaction(async (tx) => {
    await tx.update(lenders).set({ endpointUrl }).where(eq(lenders.id, member.lenderId))
    await recordAudit(tx, {
      actor: member.actor,
      action: 'lender.endpoint.update',
      subjectType: 'lender',
      subjectId: member.lenderId,
      details: { from: hostOf(lender.endpointUrl), to: hostOf(endpointUrl) },
    })
  })
  return { ok: true, settings: await integrationSettings(deps.db, member.lenderId) }
}

function hostOf(url: string | null): string | null {
  if (!url) return null
  try {
    return new URL(url).host
  } catch {
    return null
  }
}

/**
 * A new signing secret (shown once). The current one becomes the previous one and keeps signing beside
 * the new one for `graceHours` (0: it stops at once); a secret older than that is dropped.
 */
export async function rotateSigningSecret(
  deps: IntegrationDeps,
  member: LenderMember,
  graceHours: number,
): Promise<RotatedSecret> {
  const lender = await lenderRow(deps.db, member.lenderId)
  requireHttp(lender)
  const fresh = newSigningSecret(deps.cipher)
  const until =
    graceHours > 0 && lender.signingSecretEncrypted ? new Date(Date.now() + graceHours * 3_600_000) : null
  await deps.db.transaction(async (tx) => {
    await tx
      .update(lenders)
      .set({
        signingSecretEncrypted: fresh.encrypted,
        previousSigningSecretEncrypted: until ? lender.signingSecretEncrypted : null,
        previousSigningSecretUntil: until,
      })
      .where(eq(lenders.id, member.lenderId))
    await recordAudit(tx, {
      actor: member.actor,
      action: 'lender.signingSecret.rotate',
      subjectType: 'lender',
      subjectId: member.lenderId,
      details: { graceHours: until ? graceHours : 0 },
    })
  })
  return { signingSecret: fresh.secret, previousSecretValidUntil: until?.toISOString() ?? null }
}

/** The first characters of an answer shown back; an answer is read up to 1 MB (ADR 014). */
const SHOWN_ANSWER_CHARS = 10_000
/** As long as a delivery waits for its answer. */
const TEST_TIMEOUT_MS = 10_000

/**
 * A fictional applicant. The henkilötunnus is an artificial one (individual number 900–999, which the
 * Population Register never gives to a person), so a lender's systems cannot match anybody.
 */
function testApplication(publicUrl: string): PartnerApplication {
  const applicationId = randomUUID()
  const base = `${publicUrl}/api/v1/lender/applications/${applicationId}`
  return {
    event: 'application',
    test: true,
    deliveryId: `test:${randomUUID()}`,
    applicationId,
    product: 'consumer-loan',
    submittedAt: new Date().toISOString(),
    loan: { amount: 10_000, months: 60, purpose: 'renovation' },
    applicants: [
      {
        role: 'main',
        firstName: 'Testi',
        lastName: 'Testinen',
        hetu: '010190-900P',
        email: 'testi.testinen@example.invalid',
        phone: '+358401234567',
        monthlyNetIncome: 3000,
        employmentType: 'permanent',
      },
    ],
    household: { size: 1, housingCostsPerMonth: 800, existingDebtPayments: 0, hasPaymentDefaults: false },
    callbacks: { offer: `${base}/offers`, decline: `${base}/decline` },
  }
}

/**
 * Sends a clearly marked test application to the lender's endpoint over real HTTP, signed as any
 * delivery, and returns what was sent and what came back. Nothing is stored: no application, no offer.
 */
export async function sendTestApplication(
  deps: IntegrationDeps,
  lenderId: string,
): Promise<TestApplicationResult> {
  const lender = await lenderRow(deps.db, lenderId)
  requireHttp(lender)
  const secrets = signingSecretsOf(deps.cipher, lender)
  if (!lender.endpointUrl || secrets.length === 0)
    throw new AppError('CONFLICT', 'The lender has no endpoint yet.', {
      reason: 'NO_ENDPOINT',
      messageKey: 'lenderIntegration.api.noEndpoint',
    })
  const body = testApplication(deps.config.PUBLIC_URL)
  const raw = JSON.stringify(body)
  // The signature is an HMAC of this body: showing it gives nothing away, and helps a lender debug.
  const headers = signedHeaders(secrets, body.deliveryId, raw)
  const request = { method: 'POST' as const, url: lender.endpointUrl, headers, body: raw }
  const started = performance.now()
  try {
    // The same network policy and limits as a delivery (ADR 014): no redirects, 1 MB, 10 seconds.
    const answer = await postToLender(
      lender.endpointUrl,
      { headers, body: raw, timeoutMs: TEST_TIMEOUT_MS },
      { allowPrivateNetwork: deps.config.LENDER_ALLOW_PRIVATE_NETWORK },
    )
    return {
      request,
      response: {
        status: answer.status,
        body: answer.body.slice(0, SHOWN_ANSWER_CHARS),
        durationMs: Math.round(performance.now() - started),
      },
      failure: null,
    }
  } catch (error) {
    deps.log.info({ lenderId, err: error }, 'test application got no answer')
    return {
      request,
      response: null,
      failure: error instanceof LenderEndpointRefusedError ? 'refused' : 'unreachable',
    }
  }
}
