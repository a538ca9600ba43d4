import type { FieldProblem } from '@lainava/domain/api-error'
import {
  LenderApplicationFiltersSchema,
  LenderInvitationInputSchema,
  LenderRoleInputSchema,
  ManualDeclineInputSchema,
  ManualOfferInputSchema,
} from '@lainava/domain/lender-portal'
import { catalogueLocale } from '@lainava/i18n'
import { z } from 'zod'
import type { Failure, WebServices } from '../../../web/app/context.ts'
import { AppError } from '../app-error.ts'
import { fieldProblems } from '../field-problems.ts'
import { translatorFor } from '../language.ts'
import { ACCESS_COOKIE, readCookie } from '../modules/auth/cookies.ts'
import { authenticate } from '../modules/auth/session-service.ts'
import { lenderMemberOf, requireLenderMember } from '../modules/lender/lender-access.ts'
import {
  declineManually,
  lenderApplicationDetail,
  listReceivedApplications,
  makeManualOffer,
  revealApplicantHetu,
  withdrawOfferAsMember,
} from '../modules/lender/lender-applications.ts'
import {
  changeLenderRole,
  inviteLenderUser,
  listLenderUsers,
  removeLenderUser,
} from '../modules/lender/lender-users.ts'
import type { Services } from '../services.ts'

// Issue 17: the lender portal pages' services (WebServices.lenderPortal). The same service functions as
// the lender API's routes, with the same checks, the organisation always from the session; failures as
// the API's error body in the page's language (ADR 016).

async function attempt<T>(language: string, run: () => Promise<T>): Promise<T | Failure> {
  try {
    return await run()
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    const t = translatorFor(catalogueLocale(language))
    const { messageKey, params, reason } = error.options
    return { ok: false, code: reason ?? error.code, message: t(messageKey, params), status: error.statusCode }
  }
}

function invalid(language: string, fields: FieldProblem[]): Failure {
  return {
    ok: false,
    code: 'VALIDATION_FAILED',
    status: 400,
    message: translatorFor(catalogueLocale(language))('form.errorSummary'),
    fields,
  }
}

/** An id from the address: anything but a UUID is simply not found (never a database error). */
function idOf(
  value: string,
  messageKey: 'api.applicationNotFound' | 'api.offerNotFound' | 'lenderPortal.api.userNotFound',
) {
  if (!z.uuid().safeParse(value).success) throw new AppError('NOT_FOUND', 'Not found.', { messageKey })
  return value
}

export function lenderPortalWebServices(services: Services): WebServices['lenderPortal'] {
  const { db } = services
  const member = async (cookieHeader: string | null, options?: { adminOnly?: boolean }) =>
    requireLenderMember(db, await authenticate(db, readCookie(cookieHeader, ACCESS_COOKIE)), options)

  /** Parses a form's input with the domain schema: field problems as one 400 failure. */
  function parse<T>(language: string, schema: z.ZodType<T>, input: unknown): { ok: true; data: T } | Failure {
    const parsed = schema.safeParse(input)
    if (parsed.success) return { ok: true, data: parsed.data }
    const t = translatorFor(catalogueLocale(language))
    return invalid(language, fieldProblems(parsed.error.issues, t, { input }))
  }

  return {
    async workspace(cookieHeader) {
      const found = await lenderMemberOf(db, await authenticate(db, readCookie(cookieHeader, ACCESS_COOKIE)))
      if (!found) return null
      const { lenderId, lenderName, integration, lenderRole } = found
      return { lenderId, lenderName, integration, lenderRole }
    },
    async applications({ cookieHeader, language, query }) {
      const filters = parse(language, LenderApplicationFiltersSchema, query)
      if (!filters.ok) return filters
      return attempt(language, async () =>
        listReceivedApplications(db, (await member(cookieHeader)).lenderId, filters.data),
      )
    },
    application: ({ cookieHeader, language, applicationId }) =>
      attempt(language, async () =>
        lenderApplicationDetail(
          services,
          await member(cookieHeader),
          idOf(applicationId, 'api.applicationNotFound'),
        ),
      ),
    revealHetu: ({ cookieHeader, language, applicationId }) =>
      attempt(language, async () =>
        revealApplicantHetu(
          services,
          await member(cookieHeader),
          idOf(applicationId, 'api.applicationNotFound'),
        ),
      ),
    async makeOffer({ cookieHeader, language, applicationId, offer }) {
      const terms = parse(language, ManualOfferInputSchema, offer)
      if (!terms.ok) return terms
      return attempt(language, async () =>
        makeManualOffer(
          services,
          await member(cookieHeader),
          idOf(applicationId, 'api.applicationNotFound'),
          terms.data,
        ),
      )
    },
    async decline({ cookieHeader, language, applicationId, reason }) {
      const input = parse(language, ManualDeclineInputSchema, { reason })
      if (!input.ok) return input
      return attempt(language, async () => {
        await declineManually(
          services,
          await member(cookieHeader),
          idOf(applicationId, 'api.applicationNotFound'),
          input.data.reason,
        )
        return { ok: true as const }
      })
    },
    withdraw: ({ cookieHeader, language, offerId }) =>
      attempt(language, async () => {
        await withdrawOfferAsMember(services, await member(cookieHeader), idOf(offerId, 'api.offerNotFound'))
        return { ok: true as const }
      }),
    users: ({ cookieHeader, language }) =>
      attempt(language, async () =>
        listLenderUsers(db, (await member(cookieHeader, { adminOnly: true })).lenderId),
      ),
    async invite({ cookieHeader, language, email, lenderRole }) {
      const input = parse(language, LenderInvitationInputSchema, { email, lenderRole })
      if (!input.ok) return input
      return attempt(language, async () =>
        inviteLenderUser(services, await member(cookieHeader, { adminOnly: true }), {
          ...input.data,
          language,
        }),
      )
    },
    async changeRole({ cookieHeader, language, userId, lenderRole }) {
      const input = parse(language, LenderRoleInputSchema, { lenderRole })
      if (!input.ok) return input
      return attempt(language, async () =>
        changeLenderRole(
          db,
          await member(cookieHeader, { adminOnly: true }),
          idOf(userId, 'lenderPortal.api.userNotFound'),
          input.data.lenderRole,
        ),
      )
    },
    removeUser: ({ cookieHeader, language, userId }) =>
      attempt(language, async () => {
        await removeLenderUser(
          db,
          await member(cookieHeader, { adminOnly: true }),
          idOf(userId, 'lenderPortal.api.userNotFound'),
        )
        return { ok: true as const }
      }),
  }
}
