import { loadContent } from '@lainava/content/server'
import { schema } from '@lainava/db'
import {
  BusinessIdSchema,
  businessLoanApplicationSchema,
  businessMatchedSchema,
  ConsumerLoanApplicationSchema,
  CreditCardApplicationSchema,
  FactoringApplicationSchema,
  isBusinessKind,
  MATCHED_APPLICATION_SCHEMAS,
} from '@lainava/domain'
import { applicationTrackingOf } from '@lainava/domain/analytics'
import { SITE_COOKIES } from '@lainava/domain/consent-cookie'
import { InsightsQuerySchema } from '@lainava/domain/lender-insights'
import { mortgageCriteriaOf } from '@lainava/domain/mortgage/bank-pricing'
import { catalogueLocale } from '@lainava/i18n'
import { asc, eq } from 'drizzle-orm'
import type { Failure, LoginSuccess, WebServices } from '../../../web/app/context.ts'
import { AppError } from '../app-error.ts'
import { fieldProblems } from '../field-problems.ts'
import { translatorFor } from '../language.ts'
import {
  adoptBrowserDrafts,
  hasBrowserDraft,
  listApplications,
  loadDraft,
  type Submission,
  saveDraft,
  submitApplication,
} from '../modules/applications/application-service.ts'
import { knownPerson } from '../modules/applications/known-person.ts'
import { DRAFT_COOKIE } from '../modules/applications/routes.ts'
import {
  ACCESS_COOKIE,
  clearedSessionCookies,
  LOGIN_HINT_COOKIE,
  REFRESH_COOKIE,
  readCookie,
  sessionCookies,
} from '../modules/auth/cookies.ts'
import { describeLink, startLogin, verifyCode, verifyLink } from '../modules/auth/login-service.ts'
import { toProfile } from '../modules/auth/profile.ts'
import { authenticate, endSession } from '../modules/auth/session-service.ts'
import { randomToken } from '../modules/auth/tokens.ts'
import { previewBusinessRecipients } from '../modules/business/business-marketplace.ts'
import { lookupCompanyForClient } from '../modules/business/company-lookup.ts'
import { readSmeConfig } from '../modules/business/sme-config.ts'
import { sendContactMessage } from '../modules/contact/contact-service.ts'
import { identificationWebServices } from '../modules/identification/web-services.ts'
import { lenderInsights } from '../modules/lender/insights-service.ts'
import { lenderMemberOf } from '../modules/lender/lender-access.ts'
import { previewRecipients } from '../modules/marketplace/marketplace.ts'
import { acceptOffer, getOffer, listApplicationOffers } from '../modules/marketplace/offers.ts'
import { deleteAccount, getConsents, updateConsents } from '../modules/users/user-service.ts'
import type { Services } from '../services.ts'
import { unavailableAsAppError } from '../temporarily-unavailable.ts'
import { flagsWebServices } from './flags-web-services.ts'
import { lenderPortalWebServices } from './lender-portal-web-services.ts'
import { mortgageWebServices } from './mortgage-web-services.ts'

/** The services the web's loaders and actions use, with failures as values in the user's language. */
export function createWebServices(
  services: Services,
  /** Registers what to close with the server (the flag payload's change listener). */
  onClose?: (close: () => Promise<void>) => void,
): WebServices {
  const { db, config } = services
  const cookieOptions = { secure: config.COOKIE_SECURE }

  async function attempt<T>(language: string, run: () => Promise<T>): Promise<T | Failure> {
    try {
      return await run()
    } catch (caught) {
      // ADR 065: a database that takes no connections now is the form's 503 failure, as the API's.
      const error = caught instanceof AppError ? caught : unavailableAsAppError(caught)
      if (!error) throw caught
      if (error !== caught) services.log.error({ err: caught }, 'temporarily unavailable')
      const t = translatorFor(catalogueLocale(language))
      const { messageKey, params, reason } = error.options
      // ADR 016: the same code and message as the API's error body.
      return {
        ok: false,
        code: reason ?? error.code,
        message: t(messageKey, params),
        status: error.statusCode,
      }
    }
  }

  /** A form's field problems as the one 400 failure every web form reads (ADR 016). */
  function invalid(language: string, fields: Failure['fields']): Failure {
    return {
      ok: false,
      code: 'VALIDATION_FAILED',
      status: 400,
      message: translatorFor(catalogueLocale(language))('form.errorSummary'),
      fields,
    }
  }

  const draftCookie = (token: string) =>
    [
      `${DRAFT_COOKIE}=${token}`,
      'Path=/',
      `Max-Age=${SITE_COOKIES.draft.maxAge}`,
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

  // Issue 19: a page's loaders run side by side, and the root's and the page's each looked the same
  // session up (three lookups for the loan form). Lookups of one token still in flight share one
  // query; a finished lookup is never reused, so a logout counts from the next request on.
  const pendingLookups = new Map<string, ReturnType<typeof authenticate>>()
  function sessionUser(cookieHeader: string | null | undefined) {
    const token = readCookie(cookieHeader, ACCESS_COOKIE)
    if (!token) return authenticate(db, token)
    const pending = pendingLookups.get(token)
    if (pending) return pending
    const lookup = authenticate(db, token).finally(() => pendingLookups.delete(token))
    pendingLookups.set(token, lookup)
    return lookup
  }

  return {
    brandName: config.BRAND_NAME,
    company: config.COMPANY,
    content,
    contact: {
      send: (input) =>
        attempt(input.language, async () => {
          const outcome = await sendContactMessage(services, input)
          if (outcome.ok) return { ok: true as const }
          return invalid(input.language, outcome.fields)
        }),
    },
    publicUrl: config.PUBLIC_URL,
    auth: {
      async currentUser(cookieHeader) {
        const user = await sessionUser(cookieHeader)
        return user ? toProfile(user) : null
      },
      refreshable: (cookieHeader) => readCookie(cookieHeader, LOGIN_HINT_COOKIE) === '1',
      startLogin: (input) =>
        attempt(input.language, async () => {
          await startLogin(services, input)
          return { ok: true as const }
        }),
      // The code was typed into this browser by the person who asked for it: their
      // signed-out draft here joins their account.
      verifyCode: (input) =>
        attempt(input.language, async () => {
          const result = await verifyCode(services, input)
          await adoptBrowserDrafts(db, {
            browserToken: readCookie(input.cookieHeader, DRAFT_COOKIE),
            userId: result.userId,
          })
          return login(result)
        }),
      async describeLink({ token, cookieHeader }) {
        const [account, current, draft] = await Promise.all([
          describeLink(db, token),
          authenticate(db, readCookie(cookieHeader, ACCESS_COOKIE)),
          hasBrowserDraft(db, readCookie(cookieHeader, DRAFT_COOKIE)),
        ])
        if (!account) return null
        return { email: account.email, signedInAs: current?.email ?? null, hasDraft: draft }
      },
      // A link may come from someone else (login CSRF, issue 13 item 1): the page
      // has shown whose account it opens; a session of another person here ends,
      // and this browser's draft joins only when the person ticked that it should.
      verifyLink: (input) =>
        attempt(input.language, async () => {
          const result = await verifyLink(services, input)
          const previous = await authenticate(db, readCookie(input.cookieHeader, ACCESS_COOKIE))
          if (previous && previous.id !== result.userId) {
            await endSession(db, {
              access: readCookie(input.cookieHeader, ACCESS_COOKIE),
              refresh: readCookie(input.cookieHeader, REFRESH_COOKIE),
            })
          }
          if (input.adoptDraft) {
            await adoptBrowserDrafts(db, {
              browserToken: readCookie(input.cookieHeader, DRAFT_COOKIE),
              userId: result.userId,
            })
          }
          return login(result)
        }),
      async logout(cookieHeader) {
        await endSession(db, {
          access: readCookie(cookieHeader, ACCESS_COOKIE),
          refresh: readCookie(cookieHeader, REFRESH_COOKIE),
        })
        return { setCookies: clearedSessionCookies(cookieOptions) }
      },
    },
    applications: {
      async recipients({ kind, language, application }) {
        const t = translatorFor(catalogueLocale(language))
        return attempt(language, async () => {
          if (isBusinessKind(kind)) {
            const parsed = businessMatchedSchema(kind, await readSmeConfig(db)).safeParse(application)
            if (!parsed.success) {
              return invalid(language, fieldProblems(parsed.error.issues, t, { input: application }))
            }
            return { ok: true as const, lenders: await previewBusinessRecipients(db, kind, parsed.data) }
          }
          const parsed = MATCHED_APPLICATION_SCHEMAS[kind].safeParse(application)
          if (!parsed.success) {
            return invalid(language, fieldProblems(parsed.error.issues, t, { input: application }))
          }
          return { ok: true as const, lenders: await previewRecipients(db, kind, parsed.data) }
        })
      },
      async loadDraft({ cookieHeader, kind }) {
        const user = await sessionUser(cookieHeader)
        return loadDraft(services, {
          browserToken: readCookie(cookieHeader, DRAFT_COOKIE),
          userId: user?.id ?? null,
          kind,
        })
      },
      async saveDraft({ cookieHeader, kind, step, data }) {
        // A draft is saved on every step; its failure must not take the form's page with it.
        return attempt('fi', async () => {
          const user = await sessionUser(cookieHeader)
          const existing = readCookie(cookieHeader, DRAFT_COOKIE)
          const browserToken = existing && existing.length >= 20 ? existing : randomToken()
          await saveDraft(services, { browserToken, userId: user?.id ?? null, kind, step, data })
          return {
            ok: true as const,
            setCookies: browserToken === existing ? [] : [draftCookie(browserToken)],
          }
        })
      },
      async submit({ cookieHeader, kind, idempotencyKey, language, application, ip, tracking }) {
        // All of it inside `attempt`: the SME limits and the session are read from the database too.
        return attempt(language, async () => {
          const parsed = (
            kind === 'business-loan'
              ? businessLoanApplicationSchema(await readSmeConfig(db))
              : kind === 'factoring'
                ? FactoringApplicationSchema
                : kind === 'consumer-loan'
                  ? ConsumerLoanApplicationSchema
                  : CreditCardApplicationSchema
          ).safeParse(application)
          const t = translatorFor(catalogueLocale(language))
          if (!parsed.success) {
            return invalid(language, fieldProblems(parsed.error.issues, t, { input: application }))
          }
          const user = await sessionUser(cookieHeader)
          const result = await submitApplication(services, {
            kind,
            application: parsed.data,
            idempotencyKey,
            language,
            loggedInUserId: user?.id ?? null,
            browserToken: readCookie(cookieHeader, DRAFT_COOKIE),
            ip,
            tracking: applicationTrackingOf(tracking),
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
        const user = await sessionUser(cookieHeader)
        return user ? listApplications(db, user.id) : null
      },
      async signedInPerson(cookieHeader) {
        const user = await sessionUser(cookieHeader)
        return user ? knownPerson(db, user) : null
      },
    },
    account: {
      getConsents: (userId) => getConsents(db, userId),
      updateConsents: (userId, consents) => updateConsents(db, userId, consents),
      async deleteAccount(userId) {
        await deleteAccount(services, userId)
        return { setCookies: clearedSessionCookies(cookieOptions) }
      },
    },
    business: {
      smeConfig: () => readSmeConfig(db),
      async lookupCompany({ businessId, language, ip }) {
        const parsed = BusinessIdSchema.safeParse(businessId)
        if (!parsed.success) {
          const t = translatorFor(catalogueLocale(language))
          return invalid(
            language,
            fieldProblems(parsed.error.issues, t, { input: businessId, prefix: 'businessId' }),
          )
        }
        return attempt(language, () => lookupCompanyForClient(services, parsed.data, ip))
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
          products: [...criteria.products, ...(mortgageCriteriaOf(criteria) ? (['mortgage'] as const) : [])],
          minAmount: criteria.minAmount,
          maxAmount: criteria.maxAmount,
          minMonths: criteria.minMonths,
          maxMonths: criteria.maxMonths,
          minAge: criteria.minAge,
        }))
      },
    },
    lenderInsights: {
      async read({ cookieHeader, language, query }) {
        const member = await lenderMemberOf(db, await sessionUser(cookieHeader))
        const t = translatorFor(catalogueLocale(language))
        if (!member) return { ok: false, code: 'FORBIDDEN', status: 403, message: t('api.forbidden') }
        const period = InsightsQuerySchema.safeParse(query)
        if (!period.success) return invalid(language, fieldProblems(period.error.issues, t, { input: query }))
        return { ok: true, insights: await lenderInsights(db, member.lenderId, period.data) }
      },
    },
    lenderPortal: lenderPortalWebServices(services),
    flags: flagsWebServices(services, onClose),
    mortgage: mortgageWebServices(services),
    identification: identificationWebServices(services),
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
