import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'

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
      ENCRYPTION_KEY: KEY,
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
