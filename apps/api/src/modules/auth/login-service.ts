import { type Database, schema } from '@lainava/db'
import { normalizeEmail } from '@lainava/domain'
import { type CatalogueLocale, isCatalogueLocale } from '@lainava/i18n'
import { pathFor } from '@lainava/routing'
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { AppError } from '../../app-error.ts'
import type { Config } from '../../config.ts'
import type { Mailer } from '../email/mailer.ts'
import { loginEmail } from '../email/templates.ts'
import { hitRateLimit } from './rate-limit.ts'
import { createSession, type SessionTokens } from './session-service.ts'
import { hashSecret, randomCode, randomToken, sameHash } from './tokens.ts'

const { loginChallenges, users } = schema

export type AuthDeps = { db: Database; mailer: Mailer; config: Config; log: FastifyBaseLogger }

// product decisions "Login": single-use link and code, valid 15 minutes, stored hashed.
export const LOGIN_TTL_MINUTES = 15
export const MAX_CODE_ATTEMPTS = 5
// Rate limits (issue: accounts): per address and per IP for starts, per IP for codes.
const START_PER_EMAIL = { limit: 5, windowSeconds: 15 * 60 }
const START_PER_IP = { limit: 30, windowSeconds: 15 * 60 }
const VERIFY_PER_IP = { limit: 60, windowSeconds: 15 * 60 }

/** Only same-site paths: never a redirect to another origin (`//evil.example` included). */
export function safeReturnPath(value: string | undefined, fallback = '/'): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback
  return value
}

async function enforce(db: Database, key: string, rule: { limit: number; windowSeconds: number }) {
  const result = await hitRateLimit(db, key, rule.limit, rule.windowSeconds)
  if (!result.allowed) {
    throw new AppError('TOO_MANY_REQUESTS', 'Too many attempts.', {
      reason: 'RATE_LIMITED',
      messageKey: 'api.rateLimited',
      params: { minutes: Math.ceil(result.retryAfterSeconds / 60) },
      retryAfterSeconds: result.retryAfterSeconds,
    })
  }
}

export type StartLoginInput = {
  email: string
  language?: string | undefined
  returnTo?: string | undefined
  ip: string
}

/**
 * Starts a passwordless login: always the same answer whether or not the
 * address has an account (an account is created on the first login).
 */
export async function startLogin(deps: AuthDeps, input: StartLoginInput): Promise<void> {
  const email = normalizeEmail(input.email)
  const language: CatalogueLocale =
    input.language && isCatalogueLocale(input.language) ? input.language : 'fi'
  await enforce(deps.db, `login-start:ip:${input.ip}`, START_PER_IP)
  await enforce(deps.db, `login-start:email:${hashSecret(email, 'rate')}`, START_PER_EMAIL)
  await sendLoginEmail(deps, { email, language, returnTo: safeReturnPath(input.returnTo), invite: false })
}

export async function sendLoginEmail(
  deps: AuthDeps,
  input: { email: string; language: CatalogueLocale; returnTo: string; invite: boolean },
): Promise<void> {
  const token = randomToken()
  const code = randomCode()
  const [challenge] = await deps.db
    .insert(loginChallenges)
    .values({
      email: input.email,
      tokenHash: hashSecret(token),
      codeHash: 'pending',
      returnTo: input.returnTo,
      language: input.language,
      expiresAt: new Date(Date.now() + LOGIN_TTL_MINUTES * 60_000),
    })
    .returning({ id: loginChallenges.id })
  if (!challenge) throw new Error('could not create a login challenge')
  // The code's hash is salted with its challenge, so equal codes never share a hash.
  await deps.db
    .update(loginChallenges)
    .set({ codeHash: hashSecret(code, challenge.id) })
    .where(eq(loginChallenges.id, challenge.id))
  const link = `${deps.config.PUBLIC_URL}${pathFor('autologin', input.language)}?token=${token}`
  const message = loginEmail({
    language: input.language,
    brand: deps.config.BRAND_NAME,
    link,
    code,
    invite: input.invite,
  })
  await deps.mailer.send({ ...message, to: input.email, kind: input.invite ? 'invite' : 'login' })
  if (deps.mailer.mode === 'outbox') {
    // Embedded default without SMTP: the link goes to the log so a local user can log in.
    deps.log.info({ loginLink: link }, 'login link (no SMTP configured)')
  }
}

export type LoginResult = { tokens: SessionTokens; userId: string; returnTo: string; language: string }

async function completeLogin(
  db: Database,
  email: string,
  language: string,
): Promise<{ tokens: SessionTokens; userId: string }> {
  // First login creates a consumer account; lender and admin accounts exist already (invited).
  await db.insert(users).values({ email, language, role: 'consumer' }).onConflictDoNothing()
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)))
  if (!user) throw new AppError('UNAUTHORIZED', 'No account.', { messageKey: 'api.unauthorized' })
  return { tokens: await createSession(db, user.id), userId: user.id }
}

/** Logs in with the 6-digit code of the newest open challenge of the address. */
export async function verifyCode(
  deps: AuthDeps,
  input: { email: string; code: string; ip: string },
): Promise<LoginResult> {
  const email = normalizeEmail(input.email)
  await enforce(deps.db, `login-verify:ip:${input.ip}`, VERIFY_PER_IP)
  const [challenge] = await deps.db
    .select()
    .from(loginChallenges)
    .where(
      and(
        eq(loginChallenges.email, email),
        isNull(loginChallenges.usedAt),
        gt(loginChallenges.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(loginChallenges.createdAt))
    .limit(1)
  if (!challenge) {
    throw new AppError('BAD_REQUEST', 'The code has expired or was used.', {
      reason: 'CODE_EXPIRED',
      messageKey: 'api.codeExpired',
    })
  }
  const [counted] = await deps.db
    .update(loginChallenges)
    .set({ attempts: sql`${loginChallenges.attempts} + 1` })
    .where(eq(loginChallenges.id, challenge.id))
    .returning({ attempts: loginChallenges.attempts })
  if ((counted?.attempts ?? MAX_CODE_ATTEMPTS + 1) > MAX_CODE_ATTEMPTS) {
    await deps.db
      .update(loginChallenges)
      .set({ usedAt: new Date() })
      .where(eq(loginChallenges.id, challenge.id))
    throw new AppError('TOO_MANY_REQUESTS', 'Too many wrong codes.', {
      reason: 'TOO_MANY_ATTEMPTS',
      messageKey: 'api.tooManyAttempts',
    })
  }
  if (!sameHash(hashSecret(input.code, challenge.id), challenge.codeHash)) {
    throw new AppError('BAD_REQUEST', 'Wrong code.', {
      reason: 'INVALID_CODE',
      messageKey: 'api.invalidCode',
    })
  }
  return consume(deps.db, challenge.id, challenge.email, challenge.language, challenge.returnTo)
}

/** Logs in with the one-time link's token. */
export async function verifyLink(deps: AuthDeps, input: { token: string }): Promise<LoginResult> {
  const [challenge] = await deps.db
    .select()
    .from(loginChallenges)
    .where(
      and(
        eq(loginChallenges.tokenHash, hashSecret(input.token)),
        isNull(loginChallenges.usedAt),
        gt(loginChallenges.expiresAt, new Date()),
      ),
    )
    .limit(1)
  if (!challenge) {
    throw new AppError('BAD_REQUEST', 'The link has expired or was used.', {
      reason: 'LINK_INVALID',
      messageKey: 'api.linkInvalid',
    })
  }
  return consume(deps.db, challenge.id, challenge.email, challenge.language, challenge.returnTo)
}

async function consume(
  db: Database,
  id: string,
  email: string,
  language: string,
  returnTo: string,
): Promise<LoginResult> {
  // Single use, atomically: the link and the code of a challenge are spent together.
  const claimed = await db
    .update(loginChallenges)
    .set({ usedAt: new Date() })
    .where(and(eq(loginChallenges.id, id), isNull(loginChallenges.usedAt)))
    .returning({ id: loginChallenges.id })
  if (claimed.length === 0) {
    throw new AppError('BAD_REQUEST', 'The link has expired or was used.', {
      reason: 'LINK_INVALID',
      messageKey: 'api.linkInvalid',
    })
  }
  const { tokens, userId } = await completeLogin(db, email, language)
  return { tokens, userId, returnTo, language }
}
