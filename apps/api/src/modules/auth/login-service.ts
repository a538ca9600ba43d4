import { type Database, schema } from '@lainava/db'
import { normalizeEmail } from '@lainava/domain'
import { type CatalogueLocale, catalogueLocale } from '@lainava/i18n'
import { pathFor, safeReturnPath } from '@lainava/routing'
import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { AppError } from '../../app-error.ts'
import type { Config } from '../../config.ts'
import type { Mailer } from '../email/mailer.ts'
import { loginEmail } from '../email/templates.ts'
import { hitRateLimit, type RateKey } from './rate-limit.ts'
import { createSession, type SessionTokens } from './session-service.ts'
import { hashSecret, randomCode, randomToken, sameHash } from './tokens.ts'

const { loginChallenges, users } = schema

export type AuthDeps = {
  db: Database
  mailer: Mailer
  config: Config
  log: FastifyBaseLogger
  /** Builds rate-limit keys with a keyed hash: no address or IP in clear. */
  rateKey: RateKey
}

// product decisions "Login": single-use link and code, valid 15 minutes, stored hashed.
export const LOGIN_TTL_MINUTES = 15
export const MAX_CODE_ATTEMPTS = 5
/** How many of an address's open challenges a code is checked against (newest first). */
const OPEN_CHALLENGES_CHECKED = 5
// Rate limits (issue 13 item 3). Never by address alone: a stranger who knows
// someone's address must not be able to lock them out. Starts are limited per
// (address, client) and per client; code checks the same way. "Client" is the
// client IP, stored only as a keyed hash. README "Rate limits" lists these.
export const LOGIN_LIMITS = {
  startPerAddressAndClient: { limit: 5, windowSeconds: 15 * 60 },
  startPerClient: { limit: 30, windowSeconds: 15 * 60 },
  verifyPerAddressAndClient: { limit: 10, windowSeconds: 15 * 60 },
  verifyPerClient: { limit: 60, windowSeconds: 15 * 60 },
} as const

async function enforce(
  deps: Pick<AuthDeps, 'db' | 'config'>,
  key: string,
  rule: { limit: number; windowSeconds: number },
) {
  const result = await hitRateLimit(
    deps.db,
    key,
    rule.limit * deps.config.LOGIN_LIMIT_FACTOR,
    rule.windowSeconds,
  )
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
  const language: CatalogueLocale = catalogueLocale(input.language)
  await enforce(deps, deps.rateKey('login-start:client', input.ip), LOGIN_LIMITS.startPerClient)
  await enforce(
    deps,
    deps.rateKey('login-start:address-client', email, input.ip),
    LOGIN_LIMITS.startPerAddressAndClient,
  )
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
  if (deps.mailer.mode === 'outbox' && !deps.config.PUBLIC_URL.startsWith('https://')) {
    // Local development without SMTP: the link goes to the log so a local user can log in.
    // Never on an https site (the config refuses https without SMTP_URL; this is the second lock).
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

/**
 * Logs in with the 6-digit code. The code is checked against the address's
 * newest open challenges, so a stranger starting another login for the same
 * address does not spoil the code the owner is typing. Five wrong codes close
 * a challenge's code, never its link (issue 13 item 3).
 */
export async function verifyCode(
  deps: AuthDeps,
  input: { email: string; code: string; ip: string },
): Promise<LoginResult> {
  const email = normalizeEmail(input.email)
  await enforce(deps, deps.rateKey('login-verify:client', input.ip), LOGIN_LIMITS.verifyPerClient)
  await enforce(
    deps,
    deps.rateKey('login-verify:address-client', email, input.ip),
    LOGIN_LIMITS.verifyPerAddressAndClient,
  )
  const open = await deps.db
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
    .limit(OPEN_CHALLENGES_CHECKED)
  const candidates = open.filter((challenge) => challenge.attempts < MAX_CODE_ATTEMPTS)
  if (candidates.length === 0) {
    if (open.length > 0) {
      throw new AppError('TOO_MANY_REQUESTS', 'Too many wrong codes.', {
        reason: 'TOO_MANY_ATTEMPTS',
        messageKey: 'api.tooManyAttempts',
      })
    }
    throw new AppError('BAD_REQUEST', 'The code has expired or was used.', {
      reason: 'CODE_EXPIRED',
      messageKey: 'api.codeExpired',
    })
  }
  const match = candidates.find((challenge) =>
    sameHash(hashSecret(input.code, challenge.id), challenge.codeHash),
  )
  if (match) return consume(deps.db, match.id, match.email, match.language, match.returnTo)
  await deps.db
    .update(loginChallenges)
    .set({ attempts: sql`${loginChallenges.attempts} + 1` })
    .where(
      and(
        inArray(
          loginChallenges.id,
          candidates.map((challenge) => challenge.id),
        ),
        lt(loginChallenges.attempts, MAX_CODE_ATTEMPTS),
      ),
    )
  throw new AppError('BAD_REQUEST', 'Wrong code.', {
    reason: 'INVALID_CODE',
    messageKey: 'api.invalidCode',
  })
}

/** The account a login link signs into, without using the link (the link page shows it and asks). */
export async function describeLink(db: Database, token: string): Promise<{ email: string } | null> {
  if (token.length < 20 || token.length > 200) return null
  const [challenge] = await db
    .select({ email: loginChallenges.email })
    .from(loginChallenges)
    .where(
      and(
        eq(loginChallenges.tokenHash, hashSecret(token)),
        isNull(loginChallenges.usedAt),
        gt(loginChallenges.expiresAt, new Date()),
      ),
    )
    .limit(1)
  return challenge ?? null
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
  // Stored before this check existed, or by an older version: checked again on the way out.
  return { tokens, userId, returnTo: safeReturnPath(returnTo), language }
}
