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
  account: {
    getConsents(userId: string): Promise<Consents & { updatedAt: string | null }>
    updateConsents(userId: string, consents: Consents): Promise<void>
    deleteAccount(userId: string): Promise<{ setCookies: string[] }>
  }
}

export type WebLoadContext = WebServices & { cspNonce: string; clientIp: string }

export const webContext = createContext<WebLoadContext>()
