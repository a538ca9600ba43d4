import type { FieldProblem } from '@lainava/domain/api-error'
import {
  type FeatureDefinition,
  FLAG_ENVIRONMENTS,
  FLAG_KEY_PATTERN,
  type FlagEnvironment,
  FlagInputSchema,
  type FlagValueType,
  RemoteEvalRequestSchema,
  SavedGroupInputSchema,
} from '@lainava/domain/flags'
import { findUnsafeText } from '@lainava/domain/unsafe-text'
import { catalogueLocale } from '@lainava/i18n'
import type { z } from 'zod'
import type { Failure, WebServices } from '../../../web/app/context.ts'
import { fieldProblems } from '../field-problems.ts'
import { translatorFor } from '../language.ts'
import { listAuditLog } from '../modules/audit/audit-log.ts'
import { ACCESS_COOKIE, readCookie } from '../modules/auth/cookies.ts'
import { authenticate } from '../modules/auth/session-service.ts'
import { type FlagChanges, startFlagChanges } from '../modules/flags/flag-events.ts'
import { evaluateFor } from '../modules/flags/flag-routes.ts'
import {
  createSdkConnection,
  deleteFlag,
  environmentPayload,
  listFlags,
  listSavedGroups,
  saveFlag,
  saveSavedGroup,
  webClientKey,
} from '../modules/flags/flag-store.ts'
import type { Services } from '../services.ts'

// Issue 18 item 2: the admin flag editor's services (WebServices.flags). The same store functions and
// domain schemas as the admin flag API (flag-routes.ts), the same admin check on every call; failures
// as the API's error body in the page's language (ADR 016).

/** How many of a flag's audit entries the editor shows. */
const HISTORY_SIZE = 20

type WebPayload = Awaited<ReturnType<WebServices['flags']['webPayload']>>

/**
 * Issue 18 item 3 (ADR 038): the web pages' payload (FLAG_ENVIRONMENT's, under its plain client key),
 * read once and kept until a flag of that environment changes: the same LISTEN/NOTIFY notice the
 * streams hear, so every process drops its copy on commit. While the listener is reconnecting the
 * payload is read per page, and its return drops the copy (a NOTIFY in the gap is lost). Without a way to close the listener (no
 * `onClose`), nothing is kept and each call reads the database.
 */
function webPayloads(services: Services, onClose?: (close: () => Promise<void>) => void) {
  const { db, database, log } = services
  const environment = services.config.FLAG_ENVIRONMENT
  let cached: Promise<WebPayload> | null = null
  let changes: Promise<FlagChanges | null> | null = null
  let closed = false

  async function read(): Promise<WebPayload> {
    const [clientKey, payload] = await Promise.all([
      webClientKey(db, environment),
      environmentPayload(db, environment),
    ])
    return { clientKey, payload }
  }

  function listen(): Promise<FlagChanges | null> {
    changes ??= startFlagChanges(database, log).then(
      (started) => {
        started.subscribe((changed) => {
          // `null`: heard again after a lost connection, so a change made meanwhile is read now.
          if (changed === null || changed === environment) cached = null
        })
        if (closed) void started.close()
        return started
      },
      (error: unknown) => {
        log.warn({ err: error }, 'flag changes not heard: the web payload is read per page')
        return null
      },
    )
    return changes
  }

  onClose?.(async () => {
    closed = true
    cached = null
    await (await changes)?.close()
  })

  return async (): Promise<WebPayload> => {
    try {
      const heard = onClose && !closed ? await listen() : null
      // Without a listener, or while its connection is being re-made, a kept copy could go stale.
      if (!heard?.listening()) {
        cached = null
        return await read()
      }
      const pending = cached ?? read()
      cached = pending
      const result = await pending
      return result
    } catch (error) {
      cached = null
      log.error({ err: error }, 'the web flag payload could not be read; pages use the defaults')
      return null
    }
  }
}

export function flagsWebServices(
  services: Services,
  onClose?: (close: () => Promise<void>) => void,
): WebServices['flags'] {
  const { db } = services
  const webPayload = webPayloads(services, onClose)
  const translate = (language: string) => translatorFor(catalogueLocale(language))

  function failure(language: string, status: number, code: string, fields?: FieldProblem[]): Failure {
    const t = translate(language)
    const message =
      status === 403
        ? t('api.forbidden')
        : status === 404
          ? t('flags.error.notFound')
          : t('form.errorSummary')
    return { ok: false, code, status, message, ...(fields ? { fields } : {}) }
  }

  /** The signed-in admin, or the refusal every call gives anyone else. */
  async function adminOf(cookieHeader: string | null, language: string) {
    const user = await authenticate(db, readCookie(cookieHeader, ACCESS_COOKIE))
    if (user?.role !== 'admin') return failure(language, 403, 'FORBIDDEN')
    return { id: user.id, role: user.role }
  }

  function environmentOf(environment: string): FlagEnvironment | null {
    return (FLAG_ENVIRONMENTS as readonly string[]).includes(environment)
      ? (environment as FlagEnvironment)
      : null
  }

  /** A flag or group key from a form: a field problem on `field` when it is not one we accept. */
  function keyProblem(language: string, key: string, field: string): Failure | null {
    if (FLAG_KEY_PATTERN.test(key)) return null
    return failure(language, 400, 'VALIDATION_FAILED', [
      { path: field, code: 'flags.error.key', message: translate(language)('flags.error.key') },
    ])
  }

  function parse<T>(language: string, schema: z.ZodType<T>, input: unknown): { ok: true; data: T } | Failure {
    // Text inside a form's JSON (a rule, a JSON value) can carry what PostgreSQL refuses (issue 13).
    const unsafe = findUnsafeText(input)
    if (unsafe) {
      const field = unsafe.slice(0, unsafe[0] === 'definition' && unsafe[1] === 'rules' ? 4 : 2).join('.')
      return failure(language, 400, 'VALIDATION_FAILED', [
        { path: field, code: 'validation.invalid', message: translate(language)('validation.invalid') },
      ])
    }
    const parsed = schema.safeParse(input)
    if (parsed.success) return { ok: true, data: parsed.data }
    return failure(
      language,
      400,
      'VALIDATION_FAILED',
      fieldProblems(parsed.error.issues, translate(language), { input }),
    )
  }

  /** Admin and environment checked; the call's own work after that. */
  async function asAdmin<T>(
    input: { cookieHeader: string | null; language: string; environment: string },
    run: (actor: { id: string; role: string }, environment: FlagEnvironment) => Promise<T | Failure>,
  ): Promise<T | Failure> {
    const actor = await adminOf(input.cookieHeader, input.language)
    if ('ok' in actor) return actor
    const environment = environmentOf(input.environment)
    if (!environment) return failure(input.language, 404, 'NOT_FOUND')
    return run(actor, environment)
  }

  return {
    webPayload,
    overview: (input) =>
      asAdmin(input, async (_actor, environment) => {
        const [flags, groups, payload, connections] = await Promise.all([
          listFlags(db, environment),
          listSavedGroups(db, environment),
          environmentPayload(db, environment),
          db.query.flagSdkConnections.findMany({
            where: (table, { eq }) => eq(table.environment, environment),
            orderBy: (table, { asc }) => [asc(table.createdAt)],
          }),
        ])
        return {
          environment,
          dateUpdated: payload.dateUpdated,
          flags: flags.map((flag) => ({
            key: flag.key,
            valueType: flag.valueType as FlagValueType,
            description: flag.description,
            enabled: flag.enabled,
            definition: flag.definition as FeatureDefinition,
            updatedAt: flag.updatedAt.toISOString(),
          })),
          savedGroups: groups.map((group) => ({
            id: group.id,
            name: group.name,
            attributeKey: group.attributeKey,
            values: group.values as Array<string | number>,
          })),
          connections: connections.map((connection) => ({
            clientKey: connection.clientKey,
            remoteEval: connection.remoteEval,
            encrypted: connection.encryptionKey !== null,
          })),
        }
      }),
    history: (input) =>
      asAdmin(input, async (_actor, environment) => {
        const page = await listAuditLog(db, {
          subjectType: 'flag',
          subjectId: `${environment}/${input.key}`,
          page: 1,
        })
        return page.entries.slice(0, HISTORY_SIZE)
      }),
    save: (input) =>
      asAdmin(input, async (actor, environment) => {
        const wrongKey = keyProblem(input.language, input.key, 'key')
        if (wrongKey) return wrongKey
        const flag = parse(input.language, FlagInputSchema, input.flag)
        if (!flag.ok) return flag
        const { created } = await saveFlag(db, actor, { environment, key: input.key, flag: flag.data })
        return { ok: true as const, created }
      }),
    remove: (input) =>
      asAdmin(input, async (actor, environment) => {
        if (!(await deleteFlag(db, actor, { environment, key: input.key })))
          return failure(input.language, 404, 'FLAG_NOT_FOUND')
        return { ok: true as const }
      }),
    saveGroup: (input) =>
      asAdmin(input, async (actor, environment) => {
        const wrongId = keyProblem(input.language, input.id, 'id')
        if (wrongId) return wrongId
        const group = parse(input.language, SavedGroupInputSchema, input.group)
        if (!group.ok) return group
        await saveSavedGroup(db, actor, { environment, id: input.id, group: group.data })
        return { ok: true as const }
      }),
    createConnection: (input) =>
      asAdmin(input, async (actor, environment) => {
        const connection = await createSdkConnection(db, {
          actor,
          environment,
          remoteEval: input.kind === 'remoteEval',
          encrypted: input.kind === 'encrypted',
        })
        return {
          ok: true as const,
          clientKey: connection.clientKey,
          remoteEval: connection.remoteEval,
          decryptionKey: connection.encryptionKey,
        }
      }),
    preview: (input) =>
      asAdmin(input, async (_actor, environment) => {
        const request = parse(input.language, RemoteEvalRequestSchema, { attributes: input.attributes })
        if (!request.ok) return request
        const evaluated = await evaluateFor(await environmentPayload(db, environment), request.data)
        const features = (evaluated.features ?? {}) as Record<string, { defaultValue?: unknown }>
        const values: Record<string, unknown> = {}
        for (const [key, feature] of Object.entries(features)) values[key] = feature.defaultValue ?? null
        return { ok: true as const, values }
      }),
  }
}
