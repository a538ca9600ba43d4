import { isCatalogueLocale } from '@lainava/i18n'
import type { Failure, LoginSuccess, WebServices } from '../../../web/app/context.ts'
import { AppError } from '../app-error.ts'
import { translatorFor } from '../language.ts'
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

  const login = (result: {
    tokens: { access: string; refresh: string }
    returnTo: string
  }): LoginSuccess => ({
    ok: true,
    setCookies: sessionCookies(result.tokens, cookieOptions),
    returnTo: result.returnTo,
  })

  return {
    brandName: config.BRAND_NAME,
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
    account: {
      getConsents: (userId) => getConsents(db, userId),
      updateConsents: (userId, consents) => updateConsents(db, userId, consents),
      async deleteAccount(userId) {
        await deleteAccount(db, userId)
        return { setCookies: clearedSessionCookies(cookieOptions) }
      },
    },
  }
}
