import { type Database, schema } from '@lainava/db'
import type { FieldProblem } from '@lainava/domain/api-error'
import { ContactMessageSchema } from '@lainava/domain/contact'
import { type CatalogueLocale, catalogueLocale } from '@lainava/i18n'
import type { FastifyBaseLogger } from 'fastify'
import { AppError } from '../../app-error.ts'
import type { Config } from '../../config.ts'
import type { FieldCipher } from '../../crypto/field-encryption.ts'
import { fieldProblems } from '../../field-problems.ts'
import { translatorFor } from '../../language.ts'
import { hitRateLimit, type RateKey } from '../auth/rate-limit.ts'
import type { Mailer } from '../email/mailer.ts'
import { contactEmail } from '../email/templates.ts'

// The contact form: validated, stored encrypted, e-mailed to the staff inbox. Every
// message sends an e-mail, so it is rate-limited per sender address and per IP.

export type ContactDeps = {
  db: Database
  mailer: Mailer
  config: Config
  log: FastifyBaseLogger
  cipher: FieldCipher
  rateKey: RateKey
}

const PER_EMAIL = { limit: 3, windowSeconds: 60 * 60 }
const PER_IP = { limit: 10, windowSeconds: 60 * 60 }

export type ContactInput = { name: unknown; email: unknown; topic: unknown; message: unknown }

export type ContactOutcome = { ok: true; id: string } | { ok: false; fields: FieldProblem[] }

async function enforce(db: Database, key: string, rule: { limit: number; windowSeconds: number }) {
  const result = await hitRateLimit(db, key, rule.limit, rule.windowSeconds)
  if (!result.allowed) {
    throw new AppError('TOO_MANY_REQUESTS', 'Too many contact messages.', {
      reason: 'RATE_LIMITED',
      messageKey: 'api.rateLimited',
      params: { minutes: Math.ceil(result.retryAfterSeconds / 60) },
      retryAfterSeconds: result.retryAfterSeconds,
    })
  }
}

export async function sendContactMessage(
  deps: ContactDeps,
  input: ContactInput & { language: string; ip: string; userId?: string | null },
): Promise<ContactOutcome> {
  const language: CatalogueLocale = catalogueLocale(input.language)
  const t = translatorFor(language)
  const parsed = ContactMessageSchema.safeParse(input)
  if (!parsed.success) {
    return { ok: false, fields: fieldProblems(parsed.error.issues, t, { input }) }
  }
  const message = parsed.data
  await enforce(deps.db, deps.rateKey('contact:client', input.ip), PER_IP)
  await enforce(deps.db, deps.rateKey('contact:email', message.email), PER_EMAIL)
  const [row] = await deps.db
    .insert(schema.contactMessages)
    .values({
      topic: message.topic,
      language,
      nameEncrypted: deps.cipher.encrypt(message.name),
      emailEncrypted: deps.cipher.encrypt(message.email),
      messageEncrypted: deps.cipher.encrypt(message.message),
      userId: input.userId ?? null,
    })
    .returning({ id: schema.contactMessages.id })
  if (!row) throw new Error('contact message was not stored')
  // Staff read Finnish; the message itself stays in the sender's words.
  await deps.mailer.send({
    ...contactEmail({ brand: deps.config.BRAND_NAME, id: row.id, language, ...message }),
    to: deps.config.CONTACT_EMAIL,
    kind: 'contact',
  })
  deps.log.info({ contactMessageId: row.id, topic: message.topic }, 'contact message received')
  return { ok: true, id: row.id }
}
