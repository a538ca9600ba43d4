import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod'
import { isValidEmail } from '@lainava/domain'
import { z } from 'zod'
import { AppError } from '../../app-error.ts'
import { ErrorBodySchema } from '../../schemas.ts'
import { ACCESS_COOKIE, clearedSessionCookies, REFRESH_COOKIE, sessionCookies } from './cookies.ts'
import { currentUser } from './guards.ts'
import { type AuthDeps, startLogin, verifyCode, verifyLink } from './login-service.ts'
import { ProfileResponseSchema, toProfile } from './profile.ts'
import { authenticate, endSession, refreshSession } from './session-service.ts'

export const EmailSchema = z.string().trim().max(254).refine(isValidEmail, 'Enter a valid e-mail address')
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
          code: z.string().regex(/^\d{6}$/, 'The code has 6 digits'),
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
        body: z.object({ token: z.string().min(20).max(200), language: LanguageField }),
        response: { 200: ProfileResponseSchema.extend({ returnTo: z.string() }), 400: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const result = await verifyLink(deps, request.body)
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
