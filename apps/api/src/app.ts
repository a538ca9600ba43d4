import { randomUUID } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import compress from '@fastify/compress'
import cookie from '@fastify/cookie'
import helmet from '@fastify/helmet'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from '@fastify/type-provider-zod'
import type { DbHandle } from '@lainava/db'
import Fastify from 'fastify'
import { type Config, hasRole } from './config.ts'
import { startJobQueue } from './jobs/job-queue.ts'
import { loggerOptions, RequestLogController } from './logger.ts'
import { adminApplicationRoutes } from './modules/admin/admin-application-routes.ts'
import { adminRoutes } from './modules/admin/routes.ts'
import { analyticsRoutes } from './modules/analytics/analytics-routes.ts'
import { applicationRoutes } from './modules/applications/routes.ts'
import { auditRoutes } from './modules/audit/routes.ts'
import { authRoutes } from './modules/auth/routes.ts'
import { businessRoutes } from './modules/business/routes.ts'
import { contactRoutes } from './modules/contact/routes.ts'
import { devMailboxRoutes } from './modules/email/dev-mailbox.ts'
import { flagRoutes } from './modules/flags/flag-routes.ts'
import { healthRoutes } from './modules/health/routes.ts'
import { startHousekeeping } from './modules/housekeeping/housekeeping-service.ts'
import { startTableUpkeep, type TableUpkeep } from './modules/housekeeping/table-upkeep.ts'
import { identificationRoutes } from './modules/identification/routes.ts'
import { testProviderRoutes } from './modules/identification/test-provider.ts'
import { lenderFilteringRoutes } from './modules/lender/filtering-routes.ts'
import { lenderInsightsRoutes } from './modules/lender/insights-routes.ts'
import { integrationRoutes } from './modules/lender/integration-routes.ts'
import { lenderRoutes } from './modules/lender/routes.ts'
import { loanCalculatorRoutes } from './modules/loan-calculator/routes.ts'
import { startMarketplaceWorker } from './modules/marketplace/worker.ts'
import { mortgageRoutes } from './modules/mortgage/routes.ts'
import { offerRoutes } from './modules/offers/routes.ts'
import { userRoutes } from './modules/users/routes.ts'
import { registerCrossSiteGuard } from './plugins/cross-site.ts'
import { apiNotFound, registerErrorHandling } from './plugins/errors.ts'
import { registerOpenApi } from './plugins/openapi.ts'
import { registerUnsafeTextGuard } from './plugins/unsafe-text.ts'
import { createServices } from './services.ts'
import { compressionOptions } from './web/compression.ts'
import { FastPath } from './web/fast-path.ts'
import { registerWeb } from './web/ssr.ts'
import { createWebServices } from './web/web-services.ts'

export type AppDeps = {
  config: Config
  database: DbHandle
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void }
  /** false: every request through Fastify (tests compare the fast path with it; ADR 041). */
  fastPath?: boolean
}

/** The request id: the caller's `X-Request-Id` when it is a plausible id, else a new one. */
function requestIdFor(headers: IncomingHttpHeaders): string {
  const incoming = headers['x-request-id']
  return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID()
}

/**
 * Builds the server for the configured roles. Order is fixed: infrastructure
 * plugins, then the API modules, then the web (which takes every other path).
 */
export async function buildApp({ config, database, logStream, fastPath: withFastPath = true }: AppDeps) {
  // ADR 041: fixed responses (built files, prerendered pages) answered before Fastify.
  const fastPath = withFastPath && hasRole(config, 'web') ? new FastPath() : undefined
  const app = Fastify({
    logger: loggerOptions(config, logStream),
    logController: new RequestLogController(),
    trustProxy: config.TRUST_PROXY,
    genReqId: (request) => requestIdFor(request.headers),
    requestIdHeader: false,
    ...(fastPath ? { serverFactory: fastPath.serverFactory } : {}),
  }).withTypeProvider<ZodTypeProvider>()

  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id)
    // issue 13 item 9: nothing is cached unless its route says it may be (static assets, the
    // prerendered pages, the sitemap). Every answer with personal data is therefore no-store:
    // profile, drafts, applications, offers, export, settings and the pages that show them.
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store')
  })

  // The page sets its own CSP with a per-request nonce (web/ssr.ts); the docs page sets its own.
  await app.register(helmet, { contentSecurityPolicy: false, global: true })
  // ADR 041: per-request compression only for what is made per request (live pages, JSON), and
  // cheap (web/compression.ts). Prerendered pages and built files come precompressed (web/precompressed.ts).
  await app.register(compress, compressionOptions)
  await app.register(cookie)
  registerErrorHandling(app)
  registerUnsafeTextGuard(app)
  // Jobs: the API role sends them, the worker role runs them (both on our PostgreSQL).
  const jobs =
    hasRole(config, 'api') || hasRole(config, 'worker')
      ? await startJobQueue(database, app.log, { schedule: hasRole(config, 'worker') })
      : null
  const services = createServices(config, database, app.log, jobs)
  let stopWorker: (() => Promise<void>) | undefined
  let tableUpkeep: TableUpkeep | undefined
  // Registered first: it stops whatever of the worker had started by the time the app closes.
  app.addHook('onClose', async () => {
    await tableUpkeep?.stop()
    await stopWorker?.()
    await jobs?.stop()
    services.mailer.close()
  })
  if (jobs && hasRole(config, 'worker')) {
    stopWorker = await startMarketplaceWorker({ ...services, jobs })
    await startHousekeeping({ ...services, jobs })
    // ADR 068: statistics and dead rows where no autovacuum runs.
    tableUpkeep = await startTableUpkeep({
      database,
      log: app.log,
      intervalSeconds: config.TABLE_UPKEEP_SECONDS,
    })
  }

  // The OpenAPI plugin must come before the routes it documents.
  if (hasRole(config, 'api')) await registerOpenApi(app, config)
  // ADR 015: cookie-authenticated API calls only from our own origins, and only as JSON.
  if (hasRole(config, 'api')) registerCrossSiteGuard(app, config.ALLOWED_ORIGINS)
  // Health and readiness answer in every role, so each process can be probed.
  await app.register(healthRoutes, { prefix: '/api', database })
  if (hasRole(config, 'api')) {
    await app.register(loanCalculatorRoutes, { prefix: '/api' })
    await app.register(authRoutes, { prefix: '/api', deps: services })
    await app.register(userRoutes, { prefix: '/api', deps: services, secureCookies: config.COOKIE_SECURE })
    await app.register(adminRoutes, { prefix: '/api', deps: services })
    await app.register(adminApplicationRoutes, { prefix: '/api', deps: services })
    await app.register(businessRoutes, { prefix: '/api', deps: services })
    await app.register(auditRoutes, { prefix: '/api', db: services.db })
    await app.register(lenderRoutes, { prefix: '/api', deps: services })
    await app.register(lenderInsightsRoutes, { prefix: '/api', db: services.db })
    await app.register(lenderFilteringRoutes, { prefix: '/api', deps: services })
    await app.register(integrationRoutes, { prefix: '/api', deps: services })
    await app.register(offerRoutes, { prefix: '/api', deps: services })
    await app.register(contactRoutes, { prefix: '/api', deps: services })
    // Issue 18 item 5: analytics events, sent only with marketing consent (ADR 035).
    await app.register(analyticsRoutes, { prefix: '/api', deps: services })
    await app.register(applicationRoutes, { prefix: '/api', deps: services })
    await app.register(mortgageRoutes, { prefix: '/api', deps: services })
    // ADR 024: strong identification, and the local test provider where no real one is configured.
    await app.register(identificationRoutes, { prefix: '/api', deps: services })
    if (config.OIDC_TEST_PROVIDER) await app.register(testProviderRoutes, services)
    // Issue 18: GrowthBook's SDK endpoints (/api/features, /api/eval, /sub) and the admins' flag API.
    await app.register(flagRoutes, { database })
    if (config.DEV_MAILBOX) await app.register(devMailboxRoutes, { db: services.db })
  }

  if (hasRole(config, 'web')) {
    const webServices = createWebServices(services, (close) => app.addHook('onClose', close))
    const { fixedResource } = await registerWeb(app, config, webServices, apiNotFound)
    fastPath?.arm({ lookup: fixedResource, requestId: requestIdFor, log: app.log })
  } else {
    app.setNotFoundHandler(apiNotFound)
  }
  return Object.assign(app, { services, fastPath, tableUpkeep })
}

export type App = Awaited<ReturnType<typeof buildApp>>
