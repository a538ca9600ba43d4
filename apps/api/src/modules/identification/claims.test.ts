import { describe, expect, it } from 'vitest'
import { hetuOf, levelOf, requestedLevels } from './claims.ts'

describe('identification claims (ADR 024)', () => {
  it('reads the henkilötunnus from the FTN claim first, then the brokers’ own names', () => {
    expect(hetuOf({ 'urn:oid:1.2.246.21': '131052-308t', hetu: '010594Y123W' })).toBe('131052-308T')
    expect(hetuOf({ hetu: ' 010594Y123W ' })).toBe('010594Y123W')
    expect(hetuOf({ fi_ssn: '150380-246N' })).toBe('150380-246N')
  })

  it('refuses a missing or invalid number (wrong check character, not text)', () => {
    expect(hetuOf({})).toBeNull()
    expect(hetuOf({ hetu: '131052-308U' })).toBeNull()
    expect(hetuOf({ hetu: 131052308 })).toBeNull()
    // The first claim present decides: an invalid FTN claim is not rescued by another one.
    expect(hetuOf({ 'urn:oid:1.2.246.21': 'nonsense', hetu: '131052-308T' })).toBeNull()
  })

  it('maps FTN and eIDAS levels; test levels only from the test provider', () => {
    const real = { testProvider: false }
    expect(levelOf('http://ftn.ficora.fi/2017/loa2', real)).toBe('substantial')
    expect(levelOf('http://ftn.ficora.fi/2017/loa3', real)).toBe('high')
    expect(levelOf('http://eidas.europa.eu/LoA/high', real)).toBe('high')
    expect(levelOf('http://eidas.europa.eu/LoA/low', real)).toBeNull()
    expect(levelOf('http://ftn.ficora.fi/2017/loatest2', real)).toBeNull()
    expect(levelOf(undefined, real)).toBeNull()
    expect(levelOf('http://ftn.ficora.fi/2017/loatest2', { testProvider: true })).toBe('substantial')
    expect(levelOf('http://ftn.ficora.fi/2017/loatest3', { testProvider: true })).toBe('high')
    expect(requestedLevels(false)).toBe('http://ftn.ficora.fi/2017/loa3 http://ftn.ficora.fi/2017/loa2')
  })
})
