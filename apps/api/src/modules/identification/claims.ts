import { isValidHenkilotunnus } from '@lainava/domain'
import type { IdentificationLevel } from '@lainava/domain/identification'

// What a Finnish trust-network (FTN) provider tells us, read one way for every broker (ADR 024).

/**
 * Where the henkilötunnus may be, first match: the FTN OpenID Connect profile's OID claim (Traficom
 * recommendation 213), then the names brokers use themselves (`hetu`: e.g. Criipto, OP; `fi_ssn`: IN Groupe).
 */
export const HETU_CLAIMS = ['urn:oid:1.2.246.21', 'hetu', 'fi_ssn'] as const

/** The FTN levels of assurance (`acr`), and the eIDAS names some brokers send instead. */
const LEVELS: Record<string, IdentificationLevel> = {
  'http://ftn.ficora.fi/2017/loa2': 'substantial',
  'http://ftn.ficora.fi/2017/loa3': 'high',
  'http://eidas.europa.eu/LoA/substantial': 'substantial',
  'http://eidas.europa.eu/LoA/high': 'high',
}

/** The FTN test levels: only from our own test provider, never from a configured one. */
export const TEST_LEVELS: Record<IdentificationLevel, string> = {
  substantial: 'http://ftn.ficora.fi/2017/loatest2',
  high: 'http://ftn.ficora.fi/2017/loatest3',
}

/** What the authorization request asks for, in order of preference (`acr_values`). */
export function requestedLevels(testProvider: boolean): string {
  return testProvider
    ? [TEST_LEVELS.high, TEST_LEVELS.substantial].join(' ')
    : ['http://ftn.ficora.fi/2017/loa3', 'http://ftn.ficora.fi/2017/loa2'].join(' ')
}

/** The level an `acr` value stands for; null for anything else (a weaker or unknown method is refused). */
export function levelOf(
  acr: unknown,
  { testProvider }: { testProvider: boolean },
): IdentificationLevel | null {
  if (typeof acr !== 'string') return null
  const level = LEVELS[acr]
  if (level) return level
  if (!testProvider) return null
  if (acr === TEST_LEVELS.substantial) return 'substantial'
  if (acr === TEST_LEVELS.high) return 'high'
  return null
}

/** The identified henkilötunnus, uppercase, if one of the claims holds a valid one; else null. */
export function hetuOf(claims: Readonly<Record<string, unknown>>): string | null {
  for (const name of HETU_CLAIMS) {
    const value = claims[name]
    if (typeof value !== 'string') continue
    const hetu = value.trim().toUpperCase()
    return isValidHenkilotunnus(hetu, { allowTemporary: true }) ? hetu : null
  }
  return null
}
