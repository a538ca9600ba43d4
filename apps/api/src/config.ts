import { fileURLToPath } from 'node:url'
import { z } from 'zod'

// Config is parsed once at start-up (house style 6); nothing else reads process.env.

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))

const ROLES = ['web', 'api', 'worker'] as const
export type Role = (typeof ROLES)[number]

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
    DATA_DIR: z.string().min(1).default(`${ROOT}.data/pglite`),
    ROLES: z
      .string()
      .default(ROLES.join(','))
      .transform((text) => text.split(',').map((role) => role.trim()))
      .pipe(z.array(z.enum(ROLES)).min(1)),
    SEED_DEMO_DATA: booleanText.default(true),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    BRAND_NAME: z.string().min(1).max(60).default('Lainava'),
    TRUST_PROXY: booleanText.default(false),
    WEB_BUILD_DIR: z.string().min(1).default(`${ROOT}apps/web/build`),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).optional(),
    /** The staff inbox that receives the contact form's messages. */
    CONTACT_EMAIL: z.email().optional(),
    DEV_MAILBOX: booleanText.default(false),
    /** Multiplies the sandbox lenders' answer delays: 0 answers at once (tests, benchmarks), 1 as seeded. */
    SANDBOX_DELAY_SCALE: z.coerce.number().min(0).max(100).default(1),
    COOKIE_SECURE: booleanText.optional(),
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
    return {
      ...env,
      PUBLIC_URL: publicUrl,
      MAIL_FROM: env.MAIL_FROM ?? `${env.BRAND_NAME} <noreply@${new URL(publicUrl).hostname}>`,
      CONTACT_EMAIL: env.CONTACT_EMAIL ?? `asiakaspalvelu@${new URL(publicUrl).hostname}`,
      // Secure cookies everywhere but plain-http local development.
      COOKIE_SECURE: env.COOKIE_SECURE ?? publicUrl.startsWith('https://'),
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
