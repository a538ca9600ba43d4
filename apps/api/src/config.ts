import { fileURLToPath } from 'node:url'
import { isValidYTunnus, normalizePhone } from '@lainava/domain'
import type { CompanyDetails } from '@lainava/domain/company'
import { z } from 'zod'

// Config is parsed once at start-up (house style 6); nothing else reads process.env.

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))

const ROLES = ['web', 'api', 'worker'] as const
export type Role = (typeof ROLES)[number]

/** One origin: http(s), a host, an optional port and nothing else (no path, query or wildcard). */
const originText = z.string().transform((text, ctx) => {
  const url = /^https?:\/\/[^/?#*@\s]+\/?$/i.test(text) ? URL.parse(text) : null
  if (!url) {
    ctx.issues.push({
      code: 'custom',
      input: text,
      message: `"${text}" is not an origin (scheme, host and optional port, such as https://www.lainava.fi)`,
    })
    return z.NEVER
  }
  return url.origin
})

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]']

/**
 * The origins whose page forms and API calls are accepted: PUBLIC_URL's, the listed ones, and on a
 * plain-http loopback site the other loopback names of the same port (127.0.0.1 against localhost).
 */
function allowedOrigins(publicUrl: string, listed: string[] | undefined): string[] {
  const site = new URL(publicUrl)
  const loopback =
    site.protocol === 'http:' && LOOPBACK_HOSTS.includes(site.hostname)
      ? LOOPBACK_HOSTS.map((host) => new URL(`http://${host}${site.port ? `:${site.port}` : ''}`).origin)
      : []
  return [...new Set([site.origin, ...(listed ?? loopback)])]
}

/** The settings that name the company; an https site must set every one (SUPPORT_EMAIL falls back to CONTACT_EMAIL). */
const COMPANY_KEYS = [
  'COMPANY_NAME',
  'COMPANY_BUSINESS_ID',
  'COMPANY_ADDRESS',
  'SUPPORT_PHONE',
  'CREDIT_INTERMEDIARY_REGISTER',
] as const

/**
 * Who runs the service, as the pages show it. A local or test site without the settings shows
 * made-up details marked as demo (`demo: true`); the business ID 1234567-1 passes the check digit
 * but is no company's.
 */
function companyDetails(
  env: Partial<Record<(typeof COMPANY_KEYS)[number] | 'SUPPORT_EMAIL', string>> & {
    BRAND_NAME: string
    COMPANY_DEMO: boolean
  },
  contactEmail: string,
): CompanyDetails {
  const demo = env.COMPANY_DEMO || COMPANY_KEYS.some((key) => env[key] === undefined)
  return {
    demo,
    name: env.COMPANY_NAME ?? `${env.BRAND_NAME} Oy`,
    businessId: env.COMPANY_BUSINESS_ID ?? '1234567-1',
    address: env.COMPANY_ADDRESS ?? 'Esimerkkikatu 1, 00100 Helsinki',
    phone: env.SUPPORT_PHONE ?? '+358 9 000 0000',
    // A demo site's address does not follow PUBLIC_URL, so one build's prerendered pages serve any address.
    email: env.SUPPORT_EMAIL ?? (demo ? 'asiakaspalvelu@example.com' : contactEmail),
    register: env.CREDIT_INTERMEDIARY_REGISTER ?? 'Luotonvälittäjärekisteri, demo 0000',
  }
}

const booleanText = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1')

export const ConfigSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    PUBLIC_URL: z.url().optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    /** How long a request waits for a database connection before it is answered 503 (ADR 065). */
    DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(10_000),
    /** Background jobs a worker process runs side by side per queue (ADR 043: sized on the marketplace bench). */
    WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
    /**
     * Seconds between the worker's checks for tables to VACUUM (ANALYZE) where no autovacuum does it:
     * the embedded database, or a server with it off (ADR 068). 0: never.
     */
    TABLE_UPKEEP_SECONDS: z.coerce.number().int().min(0).max(86_400).default(10),
    DATA_DIR: z.string().min(1).default(`${ROOT}.data/pglite`),
    ROLES: z
      .string()
      .default(ROLES.join(','))
      .transform((text) => text.split(',').map((role) => role.trim()))
      .pipe(z.array(z.enum(ROLES)).min(1)),
    SEED_DEMO_DATA: booleanText.default(true),
    /** An address made admin at start-up, as `npm run create-admin` does (a container, the e2e server). */
    ADMIN_EMAIL: z.email().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    BRAND_NAME: z.string().min(1).max(60).default('Lainava'),
    TRUST_PROXY: booleanText.default(false),
    WEB_BUILD_DIR: z.string().min(1).default(`${ROOT}apps/web/build`),
    /** Issue 18: whose flags the web pages evaluate (ADR 038); the admin edits both environments. */
    FLAG_ENVIRONMENT: z.enum(['production', 'development']).default('production'),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).optional(),
    /** The staff inbox that receives the contact form's messages. */
    CONTACT_EMAIL: z.email().optional(),
    /** Who runs the service (issue 14 "Trust details"): shown in the footer and on the company page. */
    COMPANY_NAME: z.string().trim().min(2).max(120).optional(),
    /** The Finnish business ID (Y-tunnus), NNNNNNN-C with a valid check digit. */
    COMPANY_BUSINESS_ID: z
      .string()
      .trim()
      .refine(isValidYTunnus, 'must be a Finnish business ID (Y-tunnus) such as 1234567-1, check digit valid')
      .optional(),
    COMPANY_ADDRESS: z.string().trim().min(5).max(200).optional(),
    SUPPORT_PHONE: z
      .string()
      .trim()
      .max(30)
      .refine((text) => normalizePhone(text) !== null, 'must be a phone number such as +358 9 123 4567')
      .optional(),
    /** Customer service e-mail shown to visitors; CONTACT_EMAIL when unset. */
    SUPPORT_EMAIL: z.email().optional(),
    /** The credit intermediary register entry (register and number), as shown to visitors. */
    CREDIT_INTERMEDIARY_REGISTER: z.string().trim().min(5).max(200).optional(),
    /** A public demonstration site: the made-up company details, marked as demo, even on https. */
    COMPANY_DEMO: booleanText.default(false),
    DEV_MAILBOX: booleanText.default(false),
    /**
     * Multiplies the login limits (LOGIN_LIMITS) for a local test site where every simulated person shares
     * one address (the e2e server). More than 1 only with DEV_MAILBOX, which is local only.
     */
    LOGIN_LIMIT_FACTOR: z.coerce.number().int().min(1).max(1000).default(1),
    /** Multiplies the sandbox lenders' answer delays: 0 answers at once (tests, benchmarks), 1 as seeded. */
    SANDBOX_DELAY_SCALE: z.coerce.number().min(0).max(100).default(1),
    /**
     * Multiplies the sandbox mortgage banks' answer delays (hours to days, ADR 027). Unset: the fourth
     * power of SANDBOX_DELAY_SCALE (1 → as seeded, 0.1 → a 2-day answer in 17 s, 0 → at once).
     */
    MORTGAGE_DELAY_SCALE: z.coerce.number().min(0).max(100).optional(),
    /** Hosts a bank may send the mortgage applicant back from (callbackUrl, redirectionUrl), comma-separated. */
    MORTGAGE_CALLBACK_HOSTS: z
      .string()
      .transform((text) =>
        text
          .split(',')
          .map((item) => item.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(
        z.array(z.string().regex(/^[a-z0-9.-]+(:\d{1,5})?$/, 'must be host names such as pankki.example.fi')),
      )
      .default([]),
    COOKIE_SECURE: booleanText.optional(),
    /** Other origins the site is also opened on (www. and the bare domain): page forms and API calls from them are accepted. */
    ALLOWED_ORIGINS: z
      .string()
      .transform((text) => text.split(',').map((item) => item.trim()))
      .pipe(z.array(originText).min(1))
      .optional(),
    /** The Finnish Trade Register's open data service (YTJ API v3): company lookup by Y-tunnus. Unset: no lookup. */
    PRH_API_URL: z
      .string()
      .regex(
        /^https?:\/\/[^\s?#]+$/,
        'must be an http(s) URL such as https://avoindata.prh.fi/opendata-ytj-api/v3',
      )
      .optional(),
    /** Lender endpoints may be http and on loopback or private addresses (local development, the simulator). */
    LENDER_ALLOW_PRIVATE_NETWORK: booleanText.optional(),
    /**
     * Strong identification (issue 16, ADR 024): the OpenID Connect provider (a Finnish trust-network
     * broker) and this site's client at it. All three or none; none starts the local test provider.
     */
    OIDC_ISSUER: z
      .string()
      .regex(/^https?:\/\/[^\s?#]+$/, 'must be the issuer URL, such as https://broker.example.fi/oidc')
      .optional(),
    OIDC_CLIENT_ID: z.string().trim().min(1).max(200).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).max(500).optional(),
    /** The local test provider at /test-idp/ (fictional identities). Default: on when no issuer and not https. */
    OIDC_TEST_PROVIDER: booleanText.optional(),
    ENCRYPTION_KEY: z
      .string()
      .refine(
        (text) => Buffer.from(text, 'base64').length === 32,
        'must be 32 bytes in base64 (openssl rand -base64 32)',
      )
      .optional(),
  })
  .transform((env) => {
    const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '')
    const contactEmail = env.CONTACT_EMAIL ?? `asiakaspalvelu@${new URL(publicUrl).hostname}`
    return {
      ...env,
      PUBLIC_URL: publicUrl,
      MORTGAGE_DELAY_SCALE: env.MORTGAGE_DELAY_SCALE ?? env.SANDBOX_DELAY_SCALE ** 4,
      MAIL_FROM: env.MAIL_FROM ?? `${env.BRAND_NAME} <noreply@${new URL(publicUrl).hostname}>`,
      CONTACT_EMAIL: contactEmail,
      COMPANY: companyDetails(env, contactEmail),
      // Secure cookies everywhere but plain-http local development.
      COOKIE_SECURE: env.COOKIE_SECURE ?? publicUrl.startsWith('https://'),
      // ADR 015: the origins that may post page forms and make cookie-authenticated API calls.
      ALLOWED_ORIGINS: allowedOrigins(publicUrl, env.ALLOWED_ORIGINS),
      // ADR 024: the test identity provider never runs on an https site unless a demo asks for it.
      OIDC_TEST_PROVIDER:
        env.OIDC_TEST_PROVIDER ?? (env.OIDC_ISSUER === undefined && !publicUrl.startsWith('https://')),
      // ADR 014: only a plain-http local site talks to lenders on private networks unless told to.
      LENDER_ALLOW_PRIVATE_NETWORK:
        env.LENDER_ALLOW_PRIVATE_NETWORK ??
        (publicUrl.startsWith('http://') &&
          ['localhost', '127.0.0.1', '[::1]'].includes(new URL(publicUrl).hostname)),
    }
  })
  .check((ctx) => {
    // The local mailbox shows every login code: never on a public address.
    const host = new URL(ctx.value.PUBLIC_URL).hostname
    const local = ['localhost', '127.0.0.1', '[::1]'].includes(host)
    // Identity numbers are encrypted with this key: a public site must set it, not rely on a key file.
    if (!local && !ctx.value.ENCRYPTION_KEY) {
      ctx.issues.push({
        code: 'custom',
        input: undefined,
        path: ['ENCRYPTION_KEY'],
        message: 'is required when PUBLIC_URL is not a localhost address',
      })
    }
    if (ctx.value.DEV_MAILBOX && !local) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value.DEV_MAILBOX,
        path: ['DEV_MAILBOX'],
        message: 'may only be true when PUBLIC_URL is a localhost address',
      })
    }
    if (ctx.value.LOGIN_LIMIT_FACTOR > 1 && !ctx.value.DEV_MAILBOX) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value.LOGIN_LIMIT_FACTOR,
        path: ['LOGIN_LIMIT_FACTOR'],
        message: 'may only be above 1 on a local test site (DEV_MAILBOX=true)',
      })
    }
    // issue 13 item 6: the mailbox shows login codes, so it never listens on a public interface either.
    if (ctx.value.DEV_MAILBOX && !['localhost', '127.0.0.1', '::1', '[::1]'].includes(ctx.value.HOST)) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value.HOST,
        path: ['DEV_MAILBOX'],
        message: `may only be true when HOST is a loopback address (127.0.0.1, ::1 or localhost), not ${ctx.value.HOST}`,
      })
    }
    // Issue 14 "Trust details": a public site names the company that really runs it, never the demo one.
    if (ctx.value.PUBLIC_URL.startsWith('https://') && !ctx.value.COMPANY_DEMO) {
      for (const key of COMPANY_KEYS) {
        if (ctx.value[key] === undefined) {
          ctx.issues.push({
            code: 'custom',
            input: undefined,
            path: [key],
            message: 'is required when PUBLIC_URL is https (the footer and the company page show it)',
          })
        }
      }
    }
    // ADR 024: the identity provider's settings come together, and the test provider never beside a real one.
    const oidc = [ctx.value.OIDC_ISSUER, ctx.value.OIDC_CLIENT_ID, ctx.value.OIDC_CLIENT_SECRET]
    if (oidc.some((value) => value !== undefined) && oidc.some((value) => value === undefined)) {
      ctx.issues.push({
        code: 'custom',
        input: undefined,
        path: ['OIDC_ISSUER'],
        message: 'OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are set together or not at all',
      })
    }
    if (ctx.value.OIDC_ISSUER !== undefined && ctx.value.OIDC_TEST_PROVIDER) {
      ctx.issues.push({
        code: 'custom',
        input: true,
        path: ['OIDC_TEST_PROVIDER'],
        message: 'may not be true when OIDC_ISSUER is set (the test provider stands in for a real one)',
      })
    }
    if (ctx.value.PUBLIC_URL.startsWith('https://') && ctx.value.OIDC_ISSUER?.startsWith('http://')) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value.OIDC_ISSUER,
        path: ['OIDC_ISSUER'],
        message: 'must be https when PUBLIC_URL is https',
      })
    }
    // Without SMTP the login e-mails stay in the database; on an https site nobody could log in, and
    // the links must never reach a log there.
    if (ctx.value.PUBLIC_URL.startsWith('https://') && !ctx.value.SMTP_URL) {
      ctx.issues.push({
        code: 'custom',
        input: undefined,
        path: ['SMTP_URL'],
        message: 'is required when PUBLIC_URL is https (login e-mails must be sent, never logged)',
      })
    }
  })

export type Config = z.infer<typeof ConfigSchema>

export class ConfigError extends Error {
  readonly problems: string[]
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`)
    this.name = 'ConfigError'
    this.problems = problems
  }
}

/** Parses the environment; throws one readable list of every problem. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const known = Object.fromEntries(
    Object.keys(ConfigSchema.in.shape).flatMap((key) =>
      env[key] === undefined || env[key] === '' ? [] : [[key, env[key]]],
    ),
  )
  const result = ConfigSchema.safeParse(known)
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join('.') || 'config'}: ${issue.message}`),
    )
  }
  return result.data
}

export function hasRole(config: Config, role: Role): boolean {
  return config.ROLES.includes(role)
}
