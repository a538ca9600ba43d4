import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod'
import { isValidEmail } from '@lainava/domain'
import { languageOfPath, pathFor, safeReturnPath } from '@lainava/routing'
import { z } from 'zod'
import { AppError } from '../../app-error.ts'
import { ErrorBodySchema } from '../../schemas.ts'
import { adoptBrowserDrafts } from '../applications/application-service.ts'
import { DRAFT_COOKIE } from '../applications/routes.ts'
import { ACCESS_COOKIE, clearedSessionCookies, REFRESH_COOKIE, sessionCookies } from './cookies.ts'
import { currentUser } from './guards.ts'
import { type AuthDeps, startLogin, verifyCode, verifyLink } from './login-service.ts'
import { ProfileResponseSchema, toProfile } from './profile.ts'
import { authenticate, endSession, refreshSession } from './session-service.ts'

// Messages are catalogue keys, as the login page shows them (ADR 016).
export const EmailSchema = z.string().trim().max(254).refine(isValidEmail, 'login.invalidEmail')
const LanguageField = z.string().max(8).optional()

export const authRoutes: FastifyPluginAsyncZod<{ deps: AuthDeps }> = async (app, { deps }) => {
  const { db, config } = deps
  const cookieOptions = { secure: config.COOKIE_SECURE }

  app.post(
    '/v2/passwordless/start',
    {
      schema: {
        tags: ['auth'],
        summary: 'Send a one-time login link and code by e-mail',
        description:
          'Answers the same whether or not the address has an account. Rate-limited per address and IP.',
        body: z.object({
          email: EmailSchema,
          language: LanguageField,
          returnTo: z.string().max(500).optional(),
        }),
        response: {
          200: z.object({ status: z.literal('sent') }),
          400: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      await startLogin(deps, { ...request.body, ip: request.ip })
      return { status: 'sent' as const }
    },
  )

  app.post(
    '/v2/passwordless/verify',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in with the 6-digit code',
        body: z.object({
          email: EmailSchema,
          code: z.string().regex(/^\d{6}$/, 'login.invalidCodeFormat'),
          language: LanguageField,
        }),
        response: {
          200: ProfileResponseSchema.extend({ returnTo: z.string() }),
          400: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const result = await verifyCode(deps, { ...request.body, ip: request.ip })
      // Typed into this browser by the person who asked for it: the draft here is theirs.
      await adoptBrowserDrafts(db, { browserToken: request.cookies[DRAFT_COOKIE], userId: result.userId })
      reply.header('set-cookie', sessionCookies(result.tokens, cookieOptions))
      const user = await authenticate(db, result.tokens.access)
      if (!user) throw new AppError('UNAUTHORIZED', 'Login failed.', { messageKey: 'api.unauthorized' })
      return { userProfile: toProfile(user), status: 'LOGGED_IN' as const, returnTo: result.returnTo }
    },
  )

  app.post(
    '/v2/passwordless/verify-link',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in with the token of the one-time link',
        description:
          'A link may have been sent by someone else: show the account (see the web page /autologin/) before calling this. ' +
          "This browser's signed-out draft joins the account only with adoptDraft: true.",
        body: z.object({
          token: z.string().min(20).max(200),
          language: LanguageField,
          adoptDraft: z.boolean().default(false),
        }),
        response: { 200: ProfileResponseSchema.extend({ returnTo: z.string() }), 400: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const result = await verifyLink(deps, request.body)
      const previous = await currentUser(db, request)
      if (previous && previous.id !== result.userId) {
        // Never two people's sessions in one browser: the other person's login ends.
        await endSession(db, {
          access: request.cookies[ACCESS_COOKIE],
          refresh: request.cookies[REFRESH_COOKIE],
        })
      }
      if (request.body.adoptDraft) {
        await adoptBrowserDrafts(db, { browserToken: request.cookies[DRAFT_COOKIE], userId: result.userId })
      }
      reply.header('set-cookie', sessionCookies(result.tokens, cookieOptions))
      const user = await authenticate(db, result.tokens.access)
      if (!user) throw new AppError('UNAUTHORIZED', 'Login failed.', { messageKey: 'api.unauthorized' })
      return { userProfile: toProfile(user), status: 'LOGGED_IN' as const, returnTo: result.returnTo }
    },
  )

  app.post(
    '/v3/user/token/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: 'Rotate the refresh token and issue a new access session',
        description: 'Uses the refresh cookie only. Reusing an old refresh token revokes the whole login.',
        response: { 200: z.object({ status: z.literal('refreshed') }), 401: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const result = await refreshSession(db, request.cookies[REFRESH_COOKIE])
      if (!result.ok) {
        reply.header('set-cookie', clearedSessionCookies(cookieOptions))
        throw new AppError('UNAUTHORIZED', 'The session has ended.', {
          reason: result.reason.toUpperCase(),
          messageKey: 'api.unauthorized',
        })
      }
      reply.header('set-cookie', sessionCookies(result.tokens, cookieOptions))
      return { status: 'refreshed' as const }
    },
  )

  // Issue 14: a page whose short session has lapsed sends the browser here as a document (the refresh
  // cookie is sent only to /api/), and it comes back with a renewed session, or goes on to the login form.
  // A GET that rotates: the refresh cookie is SameSite=Strict, so only a navigation begun on this site
  // carries it; one from elsewhere arrives without it and changes nothing.
  app.get(
    '/v3/user/token/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: 'Renew the session on the way to a page',
        description:
          'For page navigations: rotates the refresh token as the POST does and answers 303 to returnTo (a path on ' +
          'this site), or, when the login cannot be renewed, to the login page with returnTo and refresh=no.',
        querystring: z.object({ returnTo: z.string().max(500).optional() }),
        response: { 303: z.null().describe('Location: returnTo, or the login page') },
      },
    },
    async (request, reply) => {
      const returnTo = safeReturnPath(request.query.returnTo, '/')
      reply.header('cache-control', 'no-store')
      const presented = request.cookies[REFRESH_COOKIE]
      const result = await refreshSession(db, presented)
      if (result.ok) {
        reply.header('set-cookie', sessionCookies(result.tokens, cookieOptions))
        return reply.code(303).header('location', returnTo).send(null)
      }
      // A refused token ends the login here too; no token at all leaves the cookies as they are.
      if (presented) reply.header('set-cookie', clearedSessionCookies(cookieOptions))
      const login = pathFor('login', languageOfPath(returnTo))
      const location = `${login}?returnTo=${encodeURIComponent(returnTo)}&refresh=no`
      return reply.code(303).header('location', location).send(null)
    },
  )

  app.get(
    '/v2/user/profile',
    {
      schema: {
        tags: ['auth'],
        summary: 'The logged-in user',
        response: { 200: ProfileResponseSchema, 401: ErrorBodySchema },
      },
    },
    async (request) => {
      const user = await currentUser(db, request)
      if (!user) throw new AppError('UNAUTHORIZED', 'Not logged in.', { messageKey: 'api.unauthorized' })
      return { userProfile: toProfile(user), status: 'LOGGED_IN' as const }
    },
  )

  app.post(
    '/v2/user/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End the session (the whole login is revoked)',
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await endSession(db, {
        access: request.cookies[ACCESS_COOKIE],
        refresh: request.cookies[REFRESH_COOKIE],
      })
      reply.header('set-cookie', clearedSessionCookies(cookieOptions))
      return reply.status(204).send(null)
    },
  )
}
