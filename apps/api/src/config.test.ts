import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'
import { COMPANY_ENV } from './test/company-env.ts'

const KEY = Buffer.alloc(32, 7).toString('base64')

describe('loadConfig', () => {
  it('has working defaults for the embedded set-up', () => {
    const config = loadConfig({})
    expect(config.PORT).toBe(3000)
    expect(config.DATABASE_URL).toBeUndefined()
    expect(config.ROLES).toEqual(['web', 'api', 'worker'])
    expect(config.PUBLIC_URL).toBe('http://localhost:3000')
    expect(config.DATA_DIR).toMatch(/\.data\/pglite$/)
  })

  it('lists every problem at once, readably', () => {
    let error: unknown
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', ROLES: 'web,cron', LOG_LEVEL: 'loud' })
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(ConfigError)
    const problems = (error as ConfigError).problems.join('\n')
    expect(problems).toContain('PORT')
    expect(problems).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL')
    expect(problems).toContain('ROLES')
    expect(problems).toContain('LOG_LEVEL')
    expect((error as ConfigError).message.split('\n')[0]).toBe('Invalid configuration:')
  })

  it('parses roles and booleans', () => {
    const config = loadConfig({
      ROLES: 'api, worker',
      SEED_DEMO_DATA: 'false',
      PUBLIC_URL: 'https://lainava.fi/',
      SMTP_URL: 'smtps://u:p@mail.example.fi:465',
      ENCRYPTION_KEY: KEY,
      ...COMPANY_ENV,
    })
    expect(config.ROLES).toEqual(['api', 'worker'])
    expect(config.SEED_DEMO_DATA).toBe(false)
    expect(config.PUBLIC_URL).toBe('https://lainava.fi')
  })
})

describe('mail and cookie settings', () => {
  it('derives the sender and Secure cookies from PUBLIC_URL', () => {
    expect(loadConfig({}).COOKIE_SECURE).toBe(false)
    const production = loadConfig({
      PUBLIC_URL: 'https://lainava.fi',
      SMTP_URL: 'smtps://u:p@mail.example.fi:465',
      ENCRYPTION_KEY: KEY,
      ...COMPANY_ENV,
    })
    expect(production.COOKIE_SECURE).toBe(true)
    expect(production.MAIL_FROM).toBe('Lainava <noreply@lainava.fi>')
  })

  it('refuses the local mailbox on a public address', () => {
    expect(() =>
      loadConfig({ PUBLIC_URL: 'https://lainava.fi', DEV_MAILBOX: 'true', ENCRYPTION_KEY: KEY }),
    ).toThrow(/DEV_MAILBOX: may only be true when PUBLIC_URL is a localhost address/)
    expect(loadConfig({ DEV_MAILBOX: 'true' }).DEV_MAILBOX).toBe(true)
  })

  it('refuses the local mailbox on a public interface (issue 13 item 6)', () => {
    expect(() => loadConfig({ DEV_MAILBOX: 'true', HOST: '0.0.0.0' })).toThrow(
      /DEV_MAILBOX: may only be true when HOST is a loopback address/,
    )
    expect(() => loadConfig({ DEV_MAILBOX: 'true', HOST: '192.168.1.20' })).toThrow(/DEV_MAILBOX/)
    expect(loadConfig({ DEV_MAILBOX: 'true', HOST: '::1' }).DEV_MAILBOX).toBe(true)
  })

  it('raises the login limits only on a local test site (LOGIN_LIMIT_FACTOR with DEV_MAILBOX)', () => {
    expect(loadConfig({}).LOGIN_LIMIT_FACTOR).toBe(1)
    expect(() => loadConfig({ LOGIN_LIMIT_FACTOR: '20' })).toThrow(
      /LOGIN_LIMIT_FACTOR: may only be above 1 on a local test site/,
    )
    expect(loadConfig({ LOGIN_LIMIT_FACTOR: '20', DEV_MAILBOX: 'true' }).LOGIN_LIMIT_FACTOR).toBe(20)
  })

  it('refuses an https site without SMTP: login links are sent, never logged', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'https://lainava.fi', ENCRYPTION_KEY: KEY })).toThrow(
      /SMTP_URL: is required when PUBLIC_URL is https/,
    )
  })
})

describe('company details (issue 14 "Trust details")', () => {
  const https = { PUBLIC_URL: 'https://lainava.fi', SMTP_URL: 'smtps://mail.example.fi', ENCRYPTION_KEY: KEY }

  it('are made-up demo details on a local site, marked as demo', () => {
    const { COMPANY } = loadConfig({ PUBLIC_URL: 'http://127.0.0.1:3100' })
    expect(COMPANY).toEqual({
      demo: true,
      name: 'Lainava Oy',
      businessId: '1234567-1',
      address: 'Esimerkkikatu 1, 00100 Helsinki',
      phone: '+358 9 000 0000',
      email: 'asiakaspalvelu@example.com',
      register: 'Luotonvälittäjärekisteri, demo 0000',
    })
    // One real setting missing is still not a real company.
    expect(loadConfig({ ...COMPANY_ENV, COMPANY_ADDRESS: '' }).COMPANY.demo).toBe(true)
  })

  it('come from the settings, the e-mail from SUPPORT_EMAIL or else CONTACT_EMAIL', () => {
    const config = loadConfig({ ...https, ...COMPANY_ENV, CONTACT_EMAIL: 'staff@lainava.fi' })
    expect(config.COMPANY).toEqual({
      demo: false,
      name: 'Testiyhtiö Oy',
      businessId: '0000001-9',
      address: 'Testikatu 2, 00100 Helsinki',
      phone: '+358 9 123 4567',
      email: 'staff@lainava.fi',
      register: 'Luotonvälittäjärekisteri, testi 1',
    })
    expect(loadConfig({ ...COMPANY_ENV, SUPPORT_EMAIL: 'apu@lainava.fi' }).COMPANY.email).toBe(
      'apu@lainava.fi',
    )
  })

  it('are all required on an https site', () => {
    let error: unknown
    try {
      loadConfig(https)
    } catch (caught) {
      error = caught
    }
    expect((error as ConfigError).problems).toEqual(
      [
        'COMPANY_NAME',
        'COMPANY_BUSINESS_ID',
        'COMPANY_ADDRESS',
        'SUPPORT_PHONE',
        'CREDIT_INTERMEDIARY_REGISTER',
      ].map(
        (key) => `${key}: is required when PUBLIC_URL is https (the footer and the company page show it)`,
      ),
    )
    // A public demonstration site says so instead, on every page.
    expect(loadConfig({ ...https, COMPANY_DEMO: 'true' }).COMPANY.demo).toBe(true)
    expect(loadConfig({ ...https, ...COMPANY_ENV, COMPANY_DEMO: 'true' }).COMPANY.demo).toBe(true)
  })

  it('refuse a business ID with a wrong check digit and a phone number that is none', () => {
    expect(() => loadConfig({ COMPANY_BUSINESS_ID: '1234567-2' })).toThrow(
      /COMPANY_BUSINESS_ID: must be a Finnish business ID/,
    )
    expect(() => loadConfig({ COMPANY_BUSINESS_ID: '1234567' })).toThrow(/COMPANY_BUSINESS_ID/)
    expect(() => loadConfig({ SUPPORT_PHONE: '12' })).toThrow(/SUPPORT_PHONE: must be a phone number/)
    expect(loadConfig({ COMPANY_BUSINESS_ID: '0000001-9' }).COMPANY.businessId).toBe('0000001-9')
  })
})

describe('encryption key', () => {
  it('is required on a public address and must be 32 bytes', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'https://lainava.fi' })).toThrow(
      /ENCRYPTION_KEY: is required when PUBLIC_URL is not a localhost address/,
    )
    expect(() => loadConfig({ ENCRYPTION_KEY: 'c2hvcnQ=' })).toThrow(/ENCRYPTION_KEY: must be 32 bytes/)
    expect(loadConfig({}).ENCRYPTION_KEY).toBeUndefined()
  })
})

describe('allowed origins (ADR 015)', () => {
  const production = {
    PUBLIC_URL: 'https://lainava.fi',
    SMTP_URL: 'smtps://mail.example.fi',
    ENCRYPTION_KEY: KEY,
    ...COMPANY_ENV,
  }

  it('defaults to PUBLIC_URL and, on a local http site, its other loopback names of the same port', () => {
    expect(loadConfig({ PORT: '3100' }).ALLOWED_ORIGINS).toEqual([
      'http://localhost:3100',
      'http://127.0.0.1:3100',
      'http://[::1]:3100',
    ])
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:4000/' }).ALLOWED_ORIGINS).toEqual([
      'http://127.0.0.1:4000',
      'http://localhost:4000',
      'http://[::1]:4000',
    ])
    expect(loadConfig(production).ALLOWED_ORIGINS).toEqual(['https://lainava.fi'])
  })

  it('adds the listed origins, normalised, to PUBLIC_URL', () => {
    const config = loadConfig({
      ...production,
      ALLOWED_ORIGINS: ' https://WWW.lainava.fi/ , https://lainava.fi,https://beta.lainava.fi:8443',
    })
    expect(config.ALLOWED_ORIGINS).toEqual([
      'https://lainava.fi',
      'https://www.lainava.fi',
      'https://beta.lainava.fi:8443',
    ])
  })

  it('refuses anything that is not an origin, naming each one', () => {
    let error: unknown
    try {
      loadConfig({
        ...production,
        ALLOWED_ORIGINS:
          'https://www.lainava.fi/path,*.lainava.fi,ftp://lainava.fi,https://x.fi?a=1,,https://u@x.fi',
      })
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(ConfigError)
    const problems = (error as ConfigError).problems
    for (const bad of [
      'https://www.lainava.fi/path',
      '*.lainava.fi',
      'ftp://lainava.fi',
      'https://x.fi?a=1',
      'https://u@x.fi',
    ]) {
      expect(
        problems.some((problem) => problem.startsWith('ALLOWED_ORIGINS') && problem.includes(`"${bad}"`)),
      ).toBe(true)
    }
    expect(problems.some((problem) => problem.includes('""'))).toBe(true)
  })
})
