import type { IdentificationLevel } from '@lainava/domain/identification'
import * as client from 'openid-client'
import { hetuOf, levelOf, requestedLevels } from './claims.ts'

// ADR 024: our side of OpenID Connect, through openid-client (authorization code, PKCE S256, state and
// nonce). The tokens exist only inside `finish`; what leaves it is the henkilötunnus and the level.

export type RelyingPartySettings = {
  issuer: string
  clientId: string
  clientSecret: string
  /** Our own test provider: plain http allowed locally, and the FTN test levels accepted. */
  testProvider: boolean
}

/** What the callback needs again: kept sealed in the flow cookie, never in the URL. */
export type FlowChecks = { state: string; nonce: string; verifier: string }

export type Identified = { issuer: string; hetu: string | null; level: IdentificationLevel | null }

export type RelyingParty = {
  issuer: string
  /** redirectUri: our callback on the origin the visitor is on (one of the site's, ADR 062). */
  start(input: { language: string; redirectUri: string }): Promise<{ url: URL; checks: FlowChecks }>
  finish(callbackUrl: URL, checks: FlowChecks): Promise<Identified>
}

export function createRelyingParty(settings: RelyingPartySettings): RelyingParty {
  let discovered: Promise<client.Configuration> | null = null

  /** The provider's metadata, discovered once; a failed discovery is tried again on the next call. */
  function configuration(): Promise<client.Configuration> {
    if (!discovered) {
      const insecure = settings.issuer.startsWith('http://')
      discovered = client
        .discovery(
          new URL(settings.issuer),
          settings.clientId,
          undefined,
          client.ClientSecretBasic(settings.clientSecret),
          { timeout: 10, ...(insecure ? { execute: [client.allowInsecureRequests] } : {}) },
        )
        .catch((error: unknown) => {
          discovered = null
          throw error
        })
    }
    return discovered
  }

  return {
    issuer: settings.issuer,
    async start({ language, redirectUri }) {
      const config = await configuration()
      const checks: FlowChecks = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        verifier: client.randomPKCECodeVerifier(),
      }
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid profile',
        response_type: 'code',
        code_challenge: await client.calculatePKCECodeChallenge(checks.verifier),
        code_challenge_method: 'S256',
        state: checks.state,
        nonce: checks.nonce,
        acr_values: requestedLevels(settings.testProvider),
        ui_locales: language,
        // A signature is a fresh identification, never a provider session left from before.
        prompt: 'login',
      })
      return { url, checks }
    },
    async finish(callbackUrl, checks) {
      const config = await configuration()
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: checks.verifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      })
      const idToken = tokens.claims()
      if (!idToken) throw new Error('The provider gave no ID token')
      let claims: Record<string, unknown> = { ...idToken }
      // Brokers put the henkilötunnus in the ID token or only in userinfo; the level is the ID token's.
      if (hetuOf(claims) === null) {
        const userinfo = await client.fetchUserInfo(config, tokens.access_token, idToken.sub)
        claims = { ...userinfo, acr: idToken.acr }
      }
      return {
        issuer: config.serverMetadata().issuer,
        hetu: hetuOf(claims),
        level: levelOf(claims.acr, { testProvider: settings.testProvider }),
      }
    },
  }
}
