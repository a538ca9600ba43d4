import type { ApplicationOffersView, OfferView } from '@lainava/api-client'
import type { Content } from '@lainava/content'
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

export type Failure = { ok: false; reason: string; message: string; status: number }
export type LoginSuccess = { ok: true; setCookies: string[]; returnTo: string }

export type Consents = {
  marketingEmail: boolean
  sms: boolean
  partnerOffers: boolean
  analyticsCookies: boolean
  offerNotifications: boolean
}

export type ApplicationKind = 'consumer-loan' | 'credit-card'
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
  products: string[]
  minAmount: number
  maxAmount: number
  minMonths: number
  maxMonths: number
  minAge: number
}

export type WebServices = {
  brandName: string
  publicUrl: string
  auth: {
    currentUser(cookieHeader: string | null): Promise<UserProfile | null>
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
    }): Promise<LoginSuccess | Failure>
    verifyLink(input: { token: string; language: string }): Promise<LoginSuccess | Failure>
    logout(cookieHeader: string | null): Promise<{ setCookies: string[] }>
  }
  applications: {
    /** The lenders that receive a new application today (shown before sending). */
    recipients(): Promise<Recipient[]>
    loadDraft(input: { cookieHeader: string | null; kind: ApplicationKind }): Promise<Draft | null>
    saveDraft(input: {
      cookieHeader: string | null
      kind: ApplicationKind
      step: string
      data: Record<string, unknown>
    }): Promise<{ setCookies: string[] }>
    submit(input: {
      cookieHeader: string | null
      kind: ApplicationKind
      idempotencyKey: string
      language: string
      application: unknown
      ip: string
    }): Promise<SubmitResult | (Failure & { fieldErrors?: Array<{ path: string; message: string }> })>
    listMine(cookieHeader: string | null): Promise<ApplicationSummary[] | null>
  }
  account: {
    getConsents(userId: string): Promise<Consents & { updatedAt: string | null }>
    updateConsents(userId: string, consents: Consents): Promise<void>
    deleteAccount(userId: string): Promise<{ setCookies: string[] }>
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
    }): Promise<{ ok: true } | (Failure & { fieldErrors?: Array<{ path: string; message: string }> })>
  }
  offers: {
    list(userId: string): Promise<ApplicationOffersView[]>
    get(userId: string, offerId: string): Promise<OfferView | null>
    accept(input: { userId: string; offerId: string; language: string }): Promise<OfferView | Failure>
  }
}

export type WebLoadContext = WebServices & { cspNonce: string; clientIp: string }

export const webContext = createContext<WebLoadContext>()
