import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod'
import { evaluateFeatures } from '@growthbook/proxy-eval'
import type { DbHandle } from '@lainava/db'
import {
  AdminFlagsViewSchema,
  type FeatureDefinition,
  FLAG_ENVIRONMENTS,
  FLAG_KEY_PATTERN,
  FlagInputSchema,
  type FlagValueType,
  RemoteEvalRequestSchema,
  SavedGroupInputSchema,
} from '@lainava/domain/flags'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { AppError } from '../../app-error.ts'
import { ErrorBodySchema } from '../../schemas.ts'
import { requireUser } from '../auth/guards.ts'
import { type FlagChanges, startFlagChanges } from './flag-events.ts'
import { connectionLimit, EVAL_RATE, fixedWindow, STREAMS_PER_CLIENT, tooMany } from './flag-limits.ts'
import {
  connectionOf,
  createSdkConnection,
  deleteFlag,
  environmentPayload,
  listFlags,
  listSavedGroups,
  payloadFor,
  type SdkConnection,
  saveFlag,
  saveSavedGroup,
} from './flag-store.ts'

// Issue 18 item 1 (ADR 027): GrowthBook's three SDK endpoints on our server, and the admins' API.
// The SDK endpoints are public by design (a client key ships to every browser): they carry flags,
// never personal data.

const ClientKeyParams = z.object({ clientKey: z.string().max(100) })
/** Loose on purpose: the SDK reads unknown keys as nothing, and the rules are the admins' JSON. */
const PayloadSchema = z.looseObject({ dateUpdated: z.string() }).meta({ id: 'GrowthBookPayload' })
const Environment = z.enum(FLAG_ENVIRONMENTS, 'validation.invalid')

const SDK_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'x-sse-support',
  'x-sse-support': 'enabled',
} as const

/** Seconds between keep-alive comments on an open stream (proxies close silent ones). */
const PING_SECONDS = 25

function unknownKey(): AppError {
  return new AppError('NOT_FOUND', 'Unknown client key.', {
    reason: 'UNKNOWN_CLIENT_KEY',
    messageKey: 'flags.error.unknownKey',
  })
}

async function connectionFor(
  database: DbHandle,
  clientKey: string,
  kind: 'rules' | 'eval',
): Promise<SdkConnection> {
  const connection = await connectionOf(database.db, clientKey)
  if (!connection) throw unknownKey()
  // A key is either remote-eval or not (protocol §2): the other endpoint refuses it.
  if (connection.remoteEval !== (kind === 'eval'))
    throw new AppError('BAD_REQUEST', 'Wrong endpoint for this client key.', {
      reason: 'WRONG_ENDPOINT',
      messageKey: 'flags.error.wrongEndpoint',
    })
  return connection
}

/** The flags a set of attributes gets, evaluated by the official SDK as remote evaluation does. */
export async function evaluateFor(
  payload: Awaited<ReturnType<typeof environmentPayload>>,
  input: z.output<typeof RemoteEvalRequestSchema>,
) {
  const evaluated = await evaluateFeatures({
    payload,
    attributes: input.attributes,
    forcedVariations: input.forcedVariations,
    forcedFeatures: new Map(input.forcedFeatures),
    url: input.url,
  })
  // Saved groups may list ids: they stay on the server (protocol §2, "strip these if sensitive").
  const { savedGroups: _kept, ...rest } = evaluated as Record<string, unknown>
  return rest
}

export const flagRoutes: FastifyPluginAsyncZod<{ database: DbHandle }> = async (app, { database }) => {
  const { db } = database
  const changes: FlagChanges = await startFlagChanges(database, app.log)
  const streams = new Set<FastifyReply>()
  const evaluations = fixedWindow(EVAL_RATE.limit, EVAL_RATE.windowSeconds)
  const streamsPerClient = connectionLimit(STREAMS_PER_CLIENT)
  app.addHook('onClose', async () => {
    for (const reply of streams) reply.raw.end()
    await changes.close()
  })

  app.get(
    '/api/features/:clientKey',
    {
      schema: {
        tags: ['flags'],
        summary: "GrowthBook SDK: the environment's flags, saved groups and version (dateUpdated)",
        params: ClientKeyParams,
        response: { 200: PayloadSchema, 304: z.null(), 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const connection = await connectionFor(database, request.params.clientKey, 'rules')
      const payload = await payloadFor(db, connection)
      const etag = `W/"${payload.dateUpdated}"`
      reply.headers({ ...SDK_HEADERS, 'cache-control': 'no-cache', etag })
      if (request.headers['if-none-match'] === etag) return reply.status(304).send(null)
      return payload
    },
  )

  app.options('/api/eval/:clientKey', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .headers({
        ...SDK_HEADERS,
        'access-control-allow-methods': 'POST, OPTIONS',
        'access-control-allow-headers': 'content-type',
        'access-control-max-age': '600',
      })
      .status(204)
      .send(),
  )

  app.post(
    '/api/eval/:clientKey',
    {
      schema: {
        tags: ['flags'],
        summary: 'GrowthBook SDK remote evaluation: the flags as evaluated for these attributes',
        params: ClientKeyParams,
        body: RemoteEvalRequestSchema,
        response: { 200: PayloadSchema, 400: ErrorBodySchema, 404: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const hit = evaluations.hit(request.ip)
      if (!hit.allowed) throw tooMany(hit.retryAfterSeconds, 'remote evaluations')
      const connection = await connectionFor(database, request.params.clientKey, 'eval')
      const evaluated = await evaluateFor(await environmentPayload(db, connection.environment), request.body)
      reply.headers({ ...SDK_HEADERS, 'cache-control': 'no-store' })
      return evaluated as z.infer<typeof PayloadSchema>
    },
  )

  app.get(
    '/sub/:clientKey',
    {
      schema: {
        tags: ['flags'],
        summary: 'GrowthBook SDK stream (server-sent events): `features` on every change',
        description:
          'Sends the current payload at once, then a `features` event (remote-eval keys: `features-updated`) after every committed change in the key’s environment, from any API process (PostgreSQL NOTIFY).',
        params: ClientKeyParams,
        produces: ['text/event-stream'],
        response: { 404: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request: FastifyRequest<{ Params: { clientKey: string } }>, reply) => {
      const connection = await connectionOf(db, request.params.clientKey)
      if (!connection) throw unknownKey()
      const release = streamsPerClient.open(request.ip)
      // The browser's EventSource retries after `retry` (10 s), so a refused tab comes back later.
      if (!release) throw tooMany(60, 'open streams')
      reply.hijack()
      const raw = reply.raw
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'access-control-allow-origin': '*',
      })
      raw.write('retry: 10000\n\n')
      let sequence = 0
      let sending = Promise.resolve()
      const send = () => {
        // One at a time and in order: a slow build never lets an older payload overtake a newer one.
        sending = sending
          .then(async () => {
            if (raw.writableEnded) return
            sequence += 1
            if (connection.remoteEval) {
              raw.write(`id: ${sequence}\nevent: features-updated\ndata: \n\n`)
            } else {
              const payload = await payloadFor(db, connection)
              raw.write(`id: ${sequence}\nevent: features\ndata: ${JSON.stringify(payload)}\n\n`)
            }
          })
          .catch((error: unknown) => request.log.warn({ err: error }, 'flag stream: could not send a change'))
      }
      // The current payload at once: it closes any gap while the browser was reconnecting (§3.4).
      if (!connection.remoteEval) send()
      // `null`: the listener came back from a lost connection, and a change may have gone unheard.
      const unsubscribe = changes.subscribe((environment) => {
        if (environment === null || environment === connection.environment) send()
      })
      const ping = setInterval(() => raw.write(': ping\n\n'), PING_SECONDS * 1000)
      streams.add(reply)
      request.raw.on('close', () => {
        release()
        clearInterval(ping)
        unsubscribe()
        streams.delete(reply)
      })
    },
  )

  // Admins: the flags of an environment, saved groups, client keys; every change audited.
  const admin = async (request: FastifyRequest) => {
    const user = await requireUser(db, request, ['admin'])
    return { id: user.id, role: user.role }
  }
  const EnvParams = z.object({ environment: Environment })
  const FlagParams = EnvParams.extend({ key: z.string().regex(FLAG_KEY_PATTERN, 'flags.error.key') })
  const GroupParams = EnvParams.extend({ id: z.string().regex(FLAG_KEY_PATTERN, 'flags.error.key') })
  const Refusals = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema } as const

  app.get(
    '/api/v1/admin/flags/:environment',
    {
      schema: {
        tags: ['admin'],
        summary: "An environment's flags, saved groups, client keys and payload version",
        params: EnvParams,
        response: {
          200: AdminFlagsViewSchema,
          ...Refusals,
        },
      },
    },
    async (request) => {
      await admin(request)
      const { environment } = request.params
      const [flags, groups, payload, connections] = await Promise.all([
        listFlags(db, environment),
        listSavedGroups(db, environment),
        environmentPayload(db, environment),
        db.query.flagSdkConnections.findMany({
          where: (table, { eq }) => eq(table.environment, environment),
        }),
      ])
      return {
        environment: request.params.environment,
        dateUpdated: payload.dateUpdated,
        flags: flags.map((flag) => ({
          key: flag.key,
          // Written only through FlagInputSchema (the type and the definition are checked there).
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
    },
  )

  app.put(
    '/api/v1/admin/flags/:environment/features/:key',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create or replace a flag: type, default, force rules, rollouts and experiments',
        params: FlagParams,
        body: FlagInputSchema,
        response: { 200: z.object({ created: z.boolean() }), ...Refusals },
      },
    },
    async (request) => {
      const actor = await admin(request)
      return saveFlag(db, actor, { ...request.params, flag: request.body })
    },
  )

  app.delete(
    '/api/v1/admin/flags/:environment/features/:key',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete a flag (the code’s defaults apply again)',
        params: FlagParams,
        response: { 204: z.null(), 404: ErrorBodySchema, ...Refusals },
      },
    },
    async (request, reply) => {
      const actor = await admin(request)
      if (!(await deleteFlag(db, actor, request.params)))
        throw new AppError('NOT_FOUND', 'No such flag.', {
          reason: 'FLAG_NOT_FOUND',
          messageKey: 'flags.error.notFound',
        })
      return reply.status(204).send(null)
    },
  )

  app.put(
    '/api/v1/admin/flags/:environment/saved-groups/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create or replace a saved group ($inGroup / $notInGroup)',
        params: GroupParams,
        body: SavedGroupInputSchema,
        response: { 204: z.null(), ...Refusals },
      },
    },
    async (request, reply) => {
      const actor = await admin(request)
      await saveSavedGroup(db, actor, {
        environment: request.params.environment,
        id: request.params.id,
        group: request.body,
      })
      return reply.status(204).send(null)
    },
  )

  app.post(
    '/api/v1/admin/flags/:environment/connections',
    {
      schema: {
        tags: ['admin'],
        summary: 'A new client key for the environment (plain, remote-eval or encrypted)',
        params: EnvParams,
        body: z.object({ remoteEval: z.boolean().default(false), encrypted: z.boolean().default(false) }),
        response: {
          201: z.object({
            clientKey: z.string(),
            remoteEval: z.boolean(),
            decryptionKey: z.string().nullable().describe('Shown once, for the SDK’s decryptionKey'),
          }),
          ...Refusals,
        },
      },
    },
    async (request, reply) => {
      const actor = await admin(request)
      if (request.body.remoteEval && request.body.encrypted)
        throw new AppError('BAD_REQUEST', 'Remote evaluation is never encrypted.', {
          reason: 'EVAL_NOT_ENCRYPTED',
          messageKey: 'flags.error.evalEncrypted',
        })
      const connection = await createSdkConnection(db, {
        actor,
        environment: request.params.environment,
        remoteEval: request.body.remoteEval,
        encrypted: request.body.encrypted,
      })
      return reply.status(201).send({
        clientKey: connection.clientKey,
        remoteEval: connection.remoteEval,
        decryptionKey: connection.encryptionKey,
      })
    },
  )

  app.post(
    '/api/v1/admin/flags/:environment/preview',
    {
      schema: {
        tags: ['admin'],
        summary: 'What a set of attributes gets: every flag evaluated by the official SDK',
        params: EnvParams,
        body: RemoteEvalRequestSchema,
        response: { 200: PayloadSchema, ...Refusals },
      },
    },
    async (request) => {
      await admin(request)
      const payload = await environmentPayload(db, request.params.environment)
      return (await evaluateFor(payload, request.body)) as z.infer<typeof PayloadSchema>
    },
  )
}
