import { type Database, schema } from '@lainava/db'
import { SITE_COOKIES } from '@lainava/domain/consent-cookie'
import type {
  IdentificationLevel,
  IdentificationOutcome,
  IdentificationStatus,
} from '@lainava/domain/identification'
import type { CatalogueLocale } from '@lainava/i18n'
import { pathFor, safeReturnPath } from '@lainava/routing'
import { and, desc, eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { z } from 'zod'
import { AppError } from '../../app-error.ts'
import type { Config } from '../../config.ts'
import type { FieldCipher } from '../../crypto/field-encryption.ts'
import { createRelyingParty, type FlowChecks, type RelyingParty } from './relying-party.ts'
import { CALLBACK_PATH, testProviderClient } from './test-provider.ts'

// ADR 024: strong identification of a mortgage application's lead applicant. The flow's secrets ride in
// one sealed, short-lived cookie; what is stored is method, provider, level, a keyed hash and the time.

export type IdentificationDeps = { db: Database; cipher: FieldCipher; config: Config; log: FastifyBaseLogger }

export const FLOW_COOKIE = SITE_COOKIES.identification.name
const FLOW_COOKIE_PATH = '/api/v1/identification/'
const FLOW_TTL_SECONDS = SITE_COOKIES.identification.maxAge

const relyingParties = new WeakMap<Config, RelyingParty | null>()

/** The configured provider, or the local test provider, or none (identification unavailable). */
export function relyingPartyFor(config: Config, cipher: FieldCipher): RelyingParty | null {
  if (relyingParties.has(config)) return relyingParties.get(config) ?? null
  const party =
    config.OIDC_ISSUER && config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET
      ? createRelyingParty({
          issuer: config.OIDC_ISSUER,
          clientId: config.OIDC_CLIENT_ID,
          clientSecret: config.OIDC_CLIENT_SECRET,
          testProvider: false,
        })
      : config.OIDC_TEST_PROVIDER
        ? createRelyingParty({ ...testProviderClient(config, cipher), testProvider: true })
        : null
  relyingParties.set(config, party)
  return party
}

/**
 * ADR 062: the origin the flow returns to. The visitor's own (from the Host the request came to) when it
 * is one of the site's origins (ADR 015: PUBLIC_URL's, the listed ones, a loopback site's other names),
 * so the session cookie is there when the provider sends the browser back; any other Host gets
 * PUBLIC_URL's origin, never itself.
 */
export function returnOrigin(
  config: Pick<Config, 'PUBLIC_URL' | 'ALLOWED_ORIGINS'>,
  protocol: string,
  host: string,
): string {
  let origin: string | null = null
  try {
    origin = new URL(`${protocol}://${host}`).origin
  } catch {
    origin = null
  }
  return origin !== null && config.ALLOWED_ORIGINS.includes(origin)
    ? origin
    : new URL(config.PUBLIC_URL).origin
}

/** Whether identification runs against the local test provider (the pages say so). */
export function usesTestProvider(config: Config): boolean {
  return !config.OIDC_ISSUER && config.OIDC_TEST_PROVIDER
}

const FlowSchema = z.object({
  checks: z.object({ state: z.string(), nonce: z.string(), verifier: z.string() }),
  userId: z.uuid(),
  mortgageApplicationId: z.uuid(),
  returnTo: z.string(),
  /** The callback URL the provider was given (the one the code is exchanged with); absent in older flows. */
  redirectUri: z.string().optional(),
  language: z.string(),
  expiresAt: z.number(),
})
type Flow = z.infer<typeof FlowSchema>

function cookieAttributes(config: Config, maxAge: number): string {
  return [
    `Path=${FLOW_COOKIE_PATH}`,
    `Max-Age=${maxAge}`,
    'HttpOnly',
    // Lax: the provider sends the browser back with a top-level GET, which carries it.
    'SameSite=Lax',
    ...(config.COOKIE_SECURE ? ['Secure'] : []),
  ].join('; ')
}

export function clearedFlowCookie(config: Config): string {
  return `${FLOW_COOKIE}=; ${cookieAttributes(config, 0)}`
}

function openFlow(cipher: FieldCipher, sealed: string | undefined): Flow | null {
  if (!sealed) return null
  try {
    const flow = FlowSchema.safeParse(JSON.parse(cipher.decrypt(sealed)))
    return flow.success && flow.data.expiresAt > Date.now() ? flow.data : null
  } catch {
    return null
  }
}

const ApplicationDataSchema = z.object({
  'personal-information': z.object({ hetu: z.string() }).partial().optional(),
})

/** The lead applicant's henkilötunnus from the encrypted application data; null when not given yet. */
function leadApplicantHetu(cipher: FieldCipher, dataEncrypted: string): string | null {
  try {
    const data = ApplicationDataSchema.safeParse(JSON.parse(cipher.decrypt(dataEncrypted)))
    const hetu = data.success ? data.data['personal-information']?.hetu : undefined
    return hetu ? hetu.trim().toUpperCase() : null
  } catch {
    return null
  }
}

async function ownMortgageApplication(db: Database, userId: string, mortgageApplicationId: string) {
  const [row] = await db
    .select()
    .from(schema.mortgageApplications)
    .where(
      and(
        eq(schema.mortgageApplications.id, mortgageApplicationId),
        eq(schema.mortgageApplications.userId, userId),
      ),
    )
  return row ?? null
}

function notFound(): AppError {
  return new AppError('NOT_FOUND', 'No such mortgage application of this user.', {
    messageKey: 'identification.api.notFound',
  })
}

/** The page an identification returns to when nothing else is asked: the bank ID page of the application. */
function defaultReturnPath(language: CatalogueLocale, mortgageApplicationId?: string): string {
  return pathFor('bankIdAuthentication', language, mortgageApplicationId ? { id: mortgageApplicationId } : {})
}

/**
 * Starts identifying the signed-in owner of a draft mortgage application: checks it, and answers the
 * provider's address and the sealed flow cookie. 404 for another person's application.
 */
export async function startIdentification(
  deps: IdentificationDeps,
  input: {
    userId: string
    mortgageApplicationId: string
    returnTo?: string
    language: CatalogueLocale
    /** One of the site's origins (`returnOrigin`): the provider sends the browser back there. */
    origin: string
  },
): Promise<{ location: string; cookie: string }> {
  const application = await ownMortgageApplication(deps.db, input.userId, input.mortgageApplicationId)
  if (!application) throw notFound()
  if (application.status !== 'draft') {
    throw new AppError('CONFLICT', 'The application is no longer a draft.', {
      reason: 'NOT_DRAFT',
      messageKey: 'identification.api.notDraft',
    })
  }
  if (!leadApplicantHetu(deps.cipher, application.dataEncrypted)) {
    throw new AppError('CONFLICT', 'The lead applicant has no henkilötunnus yet.', {
      reason: 'NO_APPLICANT',
      messageKey: 'identification.api.noApplicant',
    })
  }
  const party = relyingPartyFor(deps.config, deps.cipher)
  const unavailable = () =>
    new AppError('SERVICE_UNAVAILABLE', 'No identity provider.', {
      reason: 'IDENTIFICATION_UNAVAILABLE',
      messageKey: 'identification.api.unavailable',
    })
  if (!party) throw unavailable()
  const redirectUri = `${input.origin}${CALLBACK_PATH}`
  let started: Awaited<ReturnType<RelyingParty['start']>>
  try {
    started = await party.start({ language: input.language, redirectUri })
  } catch (error) {
    deps.log.warn({ err: error, issuer: party.issuer }, 'identity provider discovery failed')
    throw unavailable()
  }
  const flow: Flow = {
    checks: started.checks,
    userId: input.userId,
    mortgageApplicationId: input.mortgageApplicationId,
    returnTo: safeReturnPath(input.returnTo, defaultReturnPath(input.language, input.mortgageApplicationId)),
    redirectUri,
    language: input.language,
    expiresAt: Date.now() + FLOW_TTL_SECONDS * 1000,
  }
  return {
    location: started.url.href,
    cookie: `${FLOW_COOKIE}=${deps.cipher.encrypt(JSON.stringify(flow))}; ${cookieAttributes(deps.config, FLOW_TTL_SECONDS)}`,
  }
}

function withOutcome(path: string, outcome: IdentificationOutcome): string {
  const url = new URL(path, 'http://return.invalid')
  url.searchParams.set('identification', outcome)
  return `${url.pathname}${url.search}${url.hash}`
}

/**
 * The provider's answer: checks the flow against the cookie and the session, exchanges the code, and on
 * a match with the lead applicant stores the identification and links it. Always answers where to send
 * the browser, with the outcome in the query; the flow cookie is cleared by the caller either way.
 */
export async function finishIdentification(
  deps: IdentificationDeps,
  input: {
    userId: string | null
    sealedFlow: string | undefined
    /** The callback's query as the provider sent it ('' or starting with '?'). */
    query: string
    language: CatalogueLocale
  },
): Promise<{ location: string; outcome: IdentificationOutcome }> {
  const flow = openFlow(deps.cipher, input.sealedFlow)
  // The callback URL as the provider was told it at the start (its origin is the one the flow began on).
  const callbackUrl = new URL(
    `${flow?.redirectUri ?? `${deps.config.PUBLIC_URL}${CALLBACK_PATH}`}${input.query}`,
  )
  const params = callbackUrl.searchParams
  // A missing, expired or forged flow, another person's session, or a state not ours: nothing is done.
  if (!flow || !input.userId || flow.userId !== input.userId || params.get('state') !== flow.checks.state) {
    const location = flow?.returnTo ?? defaultReturnPath(input.language)
    return { location: withOutcome(location, 'STATE_INVALID'), outcome: 'STATE_INVALID' }
  }
  const done = (outcome: IdentificationOutcome) => ({
    location: withOutcome(flow.returnTo, outcome),
    outcome,
  })
  if (params.has('error')) {
    return done(
      params.get('error') === 'access_denied' ? 'IDENTIFICATION_CANCELLED' : 'IDENTIFICATION_FAILED',
    )
  }
  const party = relyingPartyFor(deps.config, deps.cipher)
  if (!party) return done('IDENTIFICATION_FAILED')
  let identified: Awaited<ReturnType<RelyingParty['finish']>>
  try {
    identified = await party.finish(callbackUrl, flow.checks satisfies FlowChecks)
  } catch (error) {
    deps.log.warn({ err: error, issuer: party.issuer }, 'identification callback refused')
    return done('IDENTIFICATION_FAILED')
  }
  if (!identified.level) return done('LEVEL_UNKNOWN')
  if (!identified.hetu) return done('IDENTIFICATION_FAILED')
  const { hetu, level, issuer } = identified

  return deps.db.transaction(async (tx) => {
    const [application] = await tx
      .select()
      .from(schema.mortgageApplications)
      .where(
        and(
          eq(schema.mortgageApplications.id, flow.mortgageApplicationId),
          eq(schema.mortgageApplications.userId, flow.userId),
          eq(schema.mortgageApplications.status, 'draft'),
        ),
      )
      .for('update')
    if (!application) return done('IDENTIFICATION_FAILED')
    // Issue 16: the identified person must be the lead applicant; otherwise nothing is kept.
    if (leadApplicantHetu(deps.cipher, application.dataEncrypted) !== hetu) return done('HETU_MISMATCH')
    const [row] = await tx
      .insert(schema.identifications)
      .values({
        userId: flow.userId,
        mortgageApplicationId: application.id,
        method: 'oidc',
        provider: issuer,
        level,
        hetuHash: deps.cipher.fingerprint(hetu),
      })
      .returning({ id: schema.identifications.id })
    if (!row) throw new Error('The identification was not stored')
    await tx
      .update(schema.mortgageApplications)
      .set({ identificationId: row.id, updatedAt: new Date() })
      .where(eq(schema.mortgageApplications.id, application.id))
    return done('ok')
  })
}

export type Identification = {
  id: string
  method: 'oidc'
  /** The issuer URL of the provider. */
  provider: string
  level: IdentificationLevel
  identifiedAt: Date
  /** The keyed hash of the identified henkilötunnus (`cipher.fingerprint`), for `identifiesApplicant`. */
  hetuHash: string
}

/**
 * The identification linked to a mortgage application, or null. The mortgage submit (M3) calls this and
 * `identifiesApplicant` before sending: only an identification of the current lead applicant counts.
 */
export async function identificationOf(
  db: Database,
  mortgageApplicationId: string,
): Promise<Identification | null> {
  const [row] = await db
    .select({
      id: schema.identifications.id,
      method: schema.identifications.method,
      provider: schema.identifications.provider,
      level: schema.identifications.level,
      identifiedAt: schema.identifications.identifiedAt,
      hetuHash: schema.identifications.hetuHash,
    })
    .from(schema.mortgageApplications)
    .innerJoin(
      schema.identifications,
      and(
        eq(schema.identifications.id, schema.mortgageApplications.identificationId),
        eq(schema.identifications.mortgageApplicationId, schema.mortgageApplications.id),
      ),
    )
    .where(eq(schema.mortgageApplications.id, mortgageApplicationId))
  if (!row) return null
  return {
    ...row,
    method: 'oidc',
    level: row.level === 'high' ? 'high' : 'substantial',
  }
}

/** True when the identification is of this henkilötunnus (the lead applicant's as the application has it now). */
export function identifiesApplicant(
  cipher: FieldCipher,
  identification: Pick<Identification, 'hetuHash'>,
  hetu: string,
): boolean {
  return identification.hetuHash === cipher.fingerprint(hetu.trim().toUpperCase())
}

/**
 * The person's mortgage application (the given one, else the latest) with its identification; null when
 * there is none or it is another person's.
 */
export async function identificationStatusFor(
  deps: Pick<IdentificationDeps, 'db' | 'cipher' | 'config'>,
  userId: string,
  mortgageApplicationId: string | null,
): Promise<IdentificationStatus | null> {
  // An id from a URL that is not a UUID names no application (and must not reach the database).
  if (mortgageApplicationId !== null && !z.uuid().safeParse(mortgageApplicationId).success) return null
  const [application] = mortgageApplicationId
    ? [await ownMortgageApplication(deps.db, userId, mortgageApplicationId)]
    : await deps.db
        .select()
        .from(schema.mortgageApplications)
        .where(eq(schema.mortgageApplications.userId, userId))
        .orderBy(desc(schema.mortgageApplications.updatedAt))
        .limit(1)
  if (!application) return null
  const identification = await identificationOf(deps.db, application.id)
  return {
    mortgageApplicationId: application.id,
    status: application.status,
    hasApplicant: leadApplicantHetu(deps.cipher, application.dataEncrypted) !== null,
    testProvider: usesTestProvider(deps.config),
    identification: identification
      ? {
          method: identification.method,
          provider: identification.provider,
          level: identification.level,
          identifiedAt: identification.identifiedAt.toISOString(),
        }
      : null,
  }
}
