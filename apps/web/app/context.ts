import type { ApplicationOffersView, OfferView } from '@lainava/api-client'
import type { Content } from '@lainava/content'
import type { AuditEntry } from '@lainava/domain/admin'
import type { FieldProblem } from '@lainava/domain/api-error'
import type { CompanyDetails } from '@lainava/domain/company'
import type { AdminFlagsView, FeaturesPayload } from '@lainava/domain/flags'
import type { IdentificationStatus } from '@lainava/domain/identification'
import type { LenderInsights } from '@lainava/domain/lender-insights'
import type {
  HetuReveal,
  LenderApplicationDetail,
  LenderUser,
  LenderWorkspace,
  OfferResult,
  ReceivedApplicationList,
} from '@lainava/domain/lender-portal'
import type {
  MortgageApplicationView,
  MortgageEsis,
  MortgageStarted,
  MortgageStatus,
  MortgageStepSaved,
  MortgageSubmitted,
} from '@lainava/domain/mortgage/api'
import type { MortgageDataStep } from '@lainava/domain/mortgage/steps'
import { createContext } from 'react-router'

// What the server process gives every loader and action (built in
// apps/api/src/web/web-services.ts). Results, not exceptions, cross this line.

export type UserProfile = {
  id: string
  email: string
  role: 'consumer' | 'lender' | 'admin'
  lenderId: string | null
  language: string
}

/** ADR 016: a failure as the API's error body has it: a code, a message in the user's language, field problems. */
export type Failure = { ok: false; code: string; message: string; status: number; fields?: FieldProblem[] }
export type LoginSuccess = { ok: true; setCookies: string[]; returnTo: string }
/** What the login link page shows before the person continues. */
export type LinkDescription = { email: string; signedInAs: string | null; hasDraft: boolean }

export type Consents = {
  marketingEmail: boolean
  sms: boolean
  partnerOffers: boolean
  analyticsCookies: boolean
  offerNotifications: boolean
}

import type { ApplicationKind, CompanyLookup, LenderProduct, SmeConfig } from '@lainava/domain'

export type { ApplicationKind }
export type Recipient = { id: string; name: string }
export type Draft = { kind: ApplicationKind; step: string; data: Record<string, unknown>; updatedAt: string }
export type SubmitResult = { ok: true; applicationId: string; lenders: Recipient[]; loginEmailSent: boolean }
export type ApplicationSummary = {
  id: string
  kind: ApplicationKind
  status: string
  amount: number
  periodMonths: number
  purpose: string | null
  createdAt: string
  lenders: Recipient[]
}

export type LenderProfile = {
  slug: string
  name: string
  description: string
  /** What the lender offers; `mortgage`: a bank with mortgage criteria (issue 16). */
  products: Array<LenderProduct | 'mortgage'>
  minAmount: number
  maxAmount: number
  minMonths: number
  maxMonths: number
  minAge: number
}

/** Issue 18: an admin's flags in one environment, with its saved groups and client keys. */
export type { AdminFlagsView }

/** A flag editor call: the admin's cookies, the page's language and the environment edited. */
export type FlagCall = { cookieHeader: string | null; language: string; environment: string }

/** A lender portal call: the session's cookies (the organisation comes from them) and the page's language. */
export type LenderCall = { cookieHeader: string | null; language: string }

export type WebServices = {
  brandName: string
  publicUrl: string
  /** Who runs the service (footer, company page); `demo` when the settings are not given. */
  company: CompanyDetails
  auth: {
    currentUser(cookieHeader: string | null): Promise<UserProfile | null>
    /** The browser says it holds a login the refresh endpoint may renew (its session may have lapsed). */
    refreshable(cookieHeader: string | null): boolean
    startLogin(input: {
      email: string
      language: string
      returnTo?: string
      ip: string
    }): Promise<{ ok: true } | Failure>
    verifyCode(input: {
      email: string
      code: string
      language: string
      ip: string
      cookieHeader: string | null
    }): Promise<LoginSuccess | Failure>
    /** Whose account a login link opens, without using it; null when the link is not valid. */
    describeLink(input: { token: string; cookieHeader: string | null }): Promise<LinkDescription | null>
    verifyLink(input: {
      token: string
      language: string
      cookieHeader: string | null
      /** Move this browser's signed-out draft into the account (the person ticked it). */
      adoptDraft: boolean
    }): Promise<LoginSuccess | Failure>
    logout(cookieHeader: string | null): Promise<{ setCookies: string[] }>
  }
  applications: {
    /**
     * The lenders this application would go to if sent now, by the marketplace's own matching
     * (the review step shows exactly these; `application` is the form's data, consents not needed).
     */
    recipients(input: {
      kind: Exclude<ApplicationKind, 'mortgage'>
      language: string
      application: unknown
    }): Promise<{ ok: true; lenders: Recipient[] } | Failure>
    loadDraft(input: { cookieHeader: string | null; kind: ApplicationKind }): Promise<Draft | null>
    saveDraft(input: {
      cookieHeader: string | null
      kind: ApplicationKind
      step: string
      data: Record<string, unknown>
    }): Promise<{ ok: true; setCookies: string[] } | Failure>
    submit(input: {
      cookieHeader: string | null
      kind: ApplicationKind
      idempotencyKey: string
      language: string
      application: unknown
      ip: string
      /** Issue 18 item 6: the form's traffic source and affiliate record (JSON); ignored when not of the shape. */
      tracking?: unknown
    }): Promise<SubmitResult | Failure>
    listMine(cookieHeader: string | null): Promise<ApplicationSummary[] | null>
    /** The signed-in person's e-mail and latest name, for a new application; null when signed out. */
    signedInPerson(
      cookieHeader: string | null,
    ): Promise<{ email: string; firstName: string; lastName: string } | null>
  }
  account: {
    getConsents(userId: string): Promise<Consents & { updatedAt: string | null }>
    updateConsents(userId: string, consents: Consents): Promise<void>
    deleteAccount(userId: string): Promise<{ setCookies: string[] }>
  }
  /** Issue 15: the business side (SME loans and factoring). */
  business: {
    /** The SME limits in force (admins change them without a deploy; the defaults otherwise). */
    smeConfig(): Promise<SmeConfig>
    /**
     * The company behind a Y-tunnus from the Finnish Trade Register (`PRH_API_URL`): `company` null
     * when not found or the register did not answer; `source` 'off' when no register is set. A
     * malformed Y-tunnus is a 400 failure with the field problem on `businessId`; more than the
     * hourly lookups per client IP (the API route's limit too) a 429 failure in the user's language.
     */
    lookupCompany(input: {
      businessId: string
      language: string
      ip: string
    }): Promise<CompanyLookup | Failure>
  }
  lenders: {
    /** Active lenders with their public profile and ranges, for the lender list page. */
    list(): Promise<LenderProfile[]>
  }
  /** The content site (blog, glossary, FAQ, pages), read and validated once when the process starts. */
  content: Content
  contact: {
    /** Stores a contact message and e-mails it to staff; rate-limited per address. */
    send(input: {
      name: string
      email: string
      topic: string
      message: string
      language: string
      ip: string
    }): Promise<{ ok: true } | Failure>
  }
  /** Issue 17: the lender portal; each call scoped to the signed-in lender user's own organisation. */
  lenderPortal: {
    /** The lender user's organisation and role; null for anyone else (the portal's gate). */
    workspace(cookieHeader: string | null): Promise<LenderWorkspace | null>
    /** Received applications by the list's query parameters (LenderApplicationFiltersSchema). */
    applications(input: LenderCall & { query: unknown }): Promise<ReceivedApplicationList | Failure>
    /** One received application as delivered (henkilötunnus hidden); another lender's is a 404 failure. */
    application(input: LenderCall & { applicationId: string }): Promise<LenderApplicationDetail | Failure>
    /** The henkilötunnus, on the user's deliberate request (audited). */
    revealHetu(input: LenderCall & { applicationId: string }): Promise<HetuReveal | Failure>
    /** A manual lender's offer (ManualOfferInputSchema, the rate in percent); over a cap: a 422 failure. */
    makeOffer(input: LenderCall & { applicationId: string; offer: unknown }): Promise<OfferResult | Failure>
    decline(input: LenderCall & { applicationId: string; reason: unknown }): Promise<{ ok: true } | Failure>
    withdraw(input: LenderCall & { offerId: string }): Promise<{ ok: true } | Failure>
    /** The organisation's users and their management: lender-admins only (others: a 403 failure). */
    users(input: LenderCall): Promise<LenderUser[] | Failure>
    invite(input: LenderCall & { email: unknown; lenderRole: unknown }): Promise<LenderUser | Failure>
    changeRole(input: LenderCall & { userId: string; lenderRole: unknown }): Promise<LenderUser | Failure>
    removeUser(input: LenderCall & { userId: string }): Promise<{ ok: true } | Failure>
  }
  /** Issue 18 item 2: the admin flag editor (admins only; anyone else a 403 failure). */
  flags: {
    overview(input: FlagCall): Promise<AdminFlagsView | Failure>
    /** The flag's latest audited changes, newest first. */
    history(input: FlagCall & { key: string }): Promise<AuditEntry[] | Failure>
    /** Creates or replaces a flag (FlagInputSchema); field problems as a 400 failure. */
    save(input: FlagCall & { key: string; flag: unknown }): Promise<{ ok: true; created: boolean } | Failure>
    remove(input: FlagCall & { key: string }): Promise<{ ok: true } | Failure>
    saveGroup(input: FlagCall & { id: string; group: unknown }): Promise<{ ok: true } | Failure>
    /** A new client key; `decryptionKey` is shown once (encrypted keys only). */
    createConnection(
      input: FlagCall & { kind: 'plain' | 'encrypted' | 'remoteEval' },
    ): Promise<{ ok: true; clientKey: string; remoteEval: boolean; decryptionKey: string | null } | Failure>
    /** What these attributes get: every flag's value, evaluated by the official SDK. */
    preview(
      input: FlagCall & { attributes: unknown },
    ): Promise<{ ok: true; values: Record<string, unknown> } | Failure>
    /**
     * Issue 18 item 3 (ADR 038): the web pages' client key and its environment's payload, held in memory
     * and refreshed when a flag changes (no database read per page); null when it cannot be read.
     */
    webPayload(): Promise<{ clientKey: string; payload: FeaturesPayload } | null>
  }
  lenderInsights: {
    /** The signed-in lender user's organisation's figures (issue 17); 403 for anyone else. */
    read(input: {
      cookieHeader: string | null
      language: string
      query: { from?: string | undefined; to?: string | undefined }
    }): Promise<{ ok: true; insights: LenderInsights } | Failure>
  }
  /**
   * Issue 16: mortgage applications, for their signed-in owner (the mortgage API's own service
   * functions; failures as the API's error body, in `language`).
   */
  mortgage: {
    /** The person's latest mortgage application (a draft, or the one sent); null when none. */
    latest(userId: string): Promise<MortgageApplicationView | null>
    /** The calculator step's figures checked before an application exists (signed-out visitors too). */
    checkCalculator(input: { language: string; data: unknown }): Promise<{ ok: true } | Failure>
    start(input: {
      userId: string
      language: string
      body: unknown
    }): Promise<({ ok: true } & MortgageStarted) | Failure>
    saveStep(input: {
      userId: string
      language: string
      mortgageApplicationId: string
      step: MortgageDataStep
      data: unknown
    }): Promise<({ ok: true } & MortgageStepSaved) | Failure>
    submit(input: {
      userId: string
      language: string
      mortgageApplicationId: string
      /** Issue 18 item 6: the form's traffic source and affiliate record (JSON); ignored when not of the shape. */
      tracking?: unknown
    }): Promise<({ ok: true } & MortgageSubmitted) | Failure>
    /** "Start over": the draft cancelled (kept for the data export); a submitted one is a 409 failure. */
    cancel(input: {
      userId: string
      language: string
      mortgageApplicationId: string
    }): Promise<{ ok: true } | Failure>
    /** The banks' answers and offers; null when the person has sent none; 403 for another's (spec §6). */
    status(input: {
      userId: string
      language: string
      mortgageApplicationId?: string
    }): Promise<({ ok: true } & MortgageStatus) | Failure | null>
    /** An offer's ESIS data; null when the offer is not the person's. */
    esis(input: { userId: string; language: string; offerId: string }): Promise<MortgageEsis | null>
    accept(input: { userId: string; language: string; offerId: string }): Promise<{ ok: true } | Failure>
  }
  /** Issue 16 item 5 (ADR 024): strong identification of a mortgage application's lead applicant. */
  identification: {
    /** The person's mortgage application (this one, else the latest) and its identification; null when none is theirs. */
    status(input: {
      userId: string
      mortgageApplicationId: string | null
    }): Promise<IdentificationStatus | null>
  }
  offers: {
    list(userId: string): Promise<ApplicationOffersView[]>
    get(userId: string, offerId: string): Promise<OfferView | null>
    accept(input: { userId: string; offerId: string; language: string }): Promise<OfferView | Failure>
  }
}

/**
 * The server's redacting logger for this request, its id bound (ADR 016): the web never logs to the
 * console and never imports the server's logger; the server passes this in.
 */
export type ServerLog = { error(error: unknown, message: string): void }

export type WebLoadContext = WebServices & { cspNonce: string; clientIp: string; log: ServerLog }

export const webContext = createContext<WebLoadContext>()
