import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../config.ts'
import { COMPANY_ENV } from '../../test/company-env.ts'

// ADR 024: which identity provider a site uses, decided once at start-up.

const KEY = Buffer.alloc(32, 7).toString('base64')
const HTTPS = {
  PUBLIC_URL: 'https://lainava.fi',
  SMTP_URL: 'smtps://mail.example.fi',
  ENCRYPTION_KEY: KEY,
  ...COMPANY_ENV,
}
const BROKER = {
  OIDC_ISSUER: 'https://broker.example.fi/oidc',
  OIDC_CLIENT_ID: 'lainava',
  OIDC_CLIENT_SECRET: 'secret',
}

describe('identity provider settings', () => {
  it('runs the test provider locally, never on https unless a demo asks for it', () => {
    expect(loadConfig({}).OIDC_TEST_PROVIDER).toBe(true)
    expect(loadConfig(HTTPS).OIDC_TEST_PROVIDER).toBe(false)
    expect(loadConfig({ ...HTTPS, OIDC_TEST_PROVIDER: 'true' }).OIDC_TEST_PROVIDER).toBe(true)
    expect(loadConfig({ OIDC_TEST_PROVIDER: 'false' }).OIDC_TEST_PROVIDER).toBe(false)
  })

  it('uses a configured provider instead, and never both', () => {
    const config = loadConfig({ ...HTTPS, ...BROKER })
    expect(config.OIDC_ISSUER).toBe(BROKER.OIDC_ISSUER)
    expect(config.OIDC_TEST_PROVIDER).toBe(false)
    expect(loadConfig(BROKER).OIDC_TEST_PROVIDER).toBe(false)
    expect(() => loadConfig({ ...BROKER, OIDC_TEST_PROVIDER: 'true' })).toThrow(
      /OIDC_TEST_PROVIDER: may not be true when OIDC_ISSUER is set/,
    )
  })

  it('takes the three settings together, and an https issuer on an https site', () => {
    expect(() => loadConfig({ OIDC_ISSUER: BROKER.OIDC_ISSUER })).toThrow(
      /OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are set together or not at all/,
    )
    expect(() => loadConfig({ ...HTTPS, ...BROKER, OIDC_ISSUER: 'http://broker.example.fi/oidc' })).toThrow(
      /OIDC_ISSUER: must be https when PUBLIC_URL is https/,
    )
    expect(() => loadConfig({ ...BROKER, OIDC_ISSUER: 'broker.example.fi' })).toThrow(
      /OIDC_ISSUER: must be the issuer URL/,
    )
  })
})
