import { loadContent } from '@lainava/content/server'
import { schema } from '@lainava/db'
import { ConsumerLoanApplicationSchema, CreditCardApplicationSchema } from '@lainava/domain'
import { isCatalogueLocale } from '@lainava/i18n'
import { asc, eq } from 'drizzle-orm'
import type { Failure, LoginSuccess, WebServices } from '../../../web/app/context.ts'
import { AppError } from '../app-error.ts'
import { translatorFor } from '../language.ts'
import {
  listApplications,
  loadDraft,
  type Submission,
  saveDraft,
  submitApplication,
} from '../modules/applications/application-service.ts'
import { DRAFT_COOKIE } from '../modules/applications/routes.ts'
import {
  ACCESS_COOKIE,
  clearedSessionCookies,
  REFRESH_COOKIE,
  readCookie,
  sessionCookies,
} from '../modules/auth/cookies.ts'
import { startLogin, verifyCode, verifyLink } from '../modules/auth/login-service.ts'
import { toProfile } from '../modules/auth/profile.ts'
import { authenticate, endSession } from '../modules/auth/session-service.ts'
import { randomToken } from '../modules/auth/tokens.ts'
import { sendContactMessage } from '../modules/contact/contact-service.ts'
import { acceptOffer, getOffer, listApplicationOffers } from '../modules/marketplace/offers.ts'
import { deleteAccount, getConsents, updateConsents } from '../modules/users/user-service.ts'
import type { Services } from '../services.ts'

/** The services the web's loaders and actions use, with failures as values in the user's language. */
export function createWebServices(services: Services): WebServices {
  const { db, config } = services
  const cookieOptions = { secure: config.COOKIE_SECURE }

  async function attempt<T>(language: string, run: () => Promise<T>): Promise<T | Failure> {
    try {
      return await run()
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      const t = translatorFor(isCatalogueLocale(language) ? language : 'fi')
      const { messageKey, params, reason } = error.options
      return {
        ok: false,
        reason: reason ?? error.code,
        message: messageKey ? t(messageKey, params) : t('login.error'),
        status: error.statusCode,
      }
    }
  }

  const draftCookie = (token: string) =>
    [
      `${DRAFT_COOKIE}=${token}`,
      'Path=/',
      `Max-Age=${60 * 60 * 24 * 30}`,
      'SameSite=Lax',
      'HttpOnly',
      ...(config.COOKIE_SECURE ? ['Secure'] : []),
    ].join('; ')

  const login = (result: {
    tokens: { access: string; refresh: string }
    returnTo: string
  }): LoginSuccess => ({
    ok: true,
    setCookies: sessionCookies(result.tokens, cookieOptions),
    returnTo: result.returnTo,
  })

  const content = loadContent()

  return {
    brandName: config.BRAND_NAME,
    content,
    contact: {
      send: (input) =>
        attempt(input.language, async () => {
          const outcome = await sendContactMessage(services, input)
          if (outcome.ok) return { ok: true as const }
          const t = translatorFor(isCatalogueLocale(input.language) ? input.language : 'fi')
          return {
            ok: false as const,
            reason: 'BAD_REQUEST',
            status: 400,
            message: t('form.errorSummary'),
            fieldErrors: outcome.fieldErrors,
          }
        }),
    },
    publicUrl: config.PUBLIC_URL,
    auth: {
      async currentUser(cookieHeader) {
        const user = await authenticate(db, readCookie(cookieHeader, ACCESS_COOKIE))
        return user ? toProfile(user) : null
      },
      startLogin: (input) =>
        attempt(input.language, async () => {
          await startLogin(services, input)
          return { ok: true as const }
        }),
      verifyCode: (input) => attempt(input.language, async () => login(await verifyCode(services, input))),
      verifyLink: (input) => attempt(input.language, async () => login(await verifyLink(services, input))),
      async logout(cookieHeader) {
        await endSession(db, {
          access: readCookie(cookieHeader, ACCESS_COOKIE),
          refresh: readCookie(cookieHeader, REFRESH_COOKIE),
        })
        return { setCookies: clearedSessionCookies(cookieOptions) }
      },
    },
    applications: {
      recipients: () =>
        db
          .select({ id: schema.lenders.id, name: schema.lenders.name })
          .from(schema.lenders)
          .where(eq(schema.lenders.active, true))
          .orderBy(asc(schema.lenders.name)),
      async loadDraft({ cookieHeader, kind }) {
        const user = await authenticate(db, readCookie(cookieHeader, ACCESS_COOKIE))
        return loadDraft(services, {
          browserToken: readCookie(cookieHeader, DRAFT_COOKIE),
          userId: user?.id ?? null,
          kind,
        })
      },
      async saveDraft({ cookieHeader, kind, step, data }) {
        const user = await authenticate(db, readCookie(cookieHeader, ACCESS_COOKIE))
        const existing = readCookie(cookieHeader, DRAFT_COOKIE)
        const browserToken = existing && existing.length >= 20 ? existing : randomToken()
        await saveDraft(services, { browserToken, userId: user?.id ?? null, kind, step, data })
        return { setCookies: browserToken === existing ? [] : [draftCookie(browserToken)] }
      },
      async submit({ cookieHeader, kind, idempotencyKey, language, application, ip }) {
        const parsed = (
          kind === 'consumer-loan' ? ConsumerLoanApplicationSchema : CreditCardApplicationSchema
        ).safeParse(application)
        const t = translatorFor(isCatalogueLocale(language) ? language : 'fi')
        if (!parsed.success) {
          return {
            ok: false,
            reason: 'BAD_REQUEST',
            status: 400,
            message: t('form.errorSummary'),
            fieldErrors: parsed.error.issues.map((issue) => ({
              path: issue.path.join('.'),
              message: issue.message,
            })),
          }
        }
        const user = await authenticate(db, readCookie(cookieHeader, ACCESS_COOKIE))
        return attempt(language, async () => {
          const result = await submitApplication(services, {
            kind,
            application: parsed.data,
            idempotencyKey,
            language,
            loggedInUserId: user?.id ?? null,
            browserToken: readCookie(cookieHeader, DRAFT_COOKIE),
            ip,
          } as Submission & Parameters<typeof submitApplication>[1])
          return {
            ok: true as const,
            applicationId: result.applicationId,
            lenders: result.lenders,
            loginEmailSent: result.loginEmailSent,
          }
        })
      },
      async listMine(cookieHeader) {
        const user = await authenticate(db, readCookie(cookieHeader, ACCESS_COOKIE))
        return user ? listApplications(db, user.id) : null
      },
    },
    account: {
      getConsents: (userId) => getConsents(db, userId),
      updateConsents: (userId, consents) => updateConsents(db, userId, consents),
      async deleteAccount(userId) {
        await deleteAccount(db, userId)
        return { setCookies: clearedSessionCookies(cookieOptions) }
      },
    },
    lenders: {
      async list() {
        const rows = await db
          .select({
            slug: schema.lenders.slug,
            name: schema.lenders.name,
            description: schema.lenders.description,
            criteria: schema.lenders.criteria,
          })
          .from(schema.lenders)
          .where(eq(schema.lenders.active, true))
          .orderBy(asc(schema.lenders.name))
        return rows.map(({ criteria, ...lender }) => ({
          ...lender,
          products: criteria.products,
          minAmount: criteria.minAmount,
          maxAmount: criteria.maxAmount,
          minMonths: criteria.minMonths,
          maxMonths: criteria.maxMonths,
          minAge: criteria.minAge,
        }))
      },
    },
    offers: {
      list: (userId) => listApplicationOffers(db, userId),
      async get(userId, offerId) {
        const found = await attempt('fi', () => getOffer(db, userId, offerId))
        return 'ok' in found ? null : found
      },
      accept: ({ userId, offerId, language }) =>
        attempt(language, () => acceptOffer(services, userId, offerId)),
    },
  }
}
