import { type Database, schema } from '@lainava/db'
import type { FastifyBaseLogger } from 'fastify'
import nodemailer from 'nodemailer'
import { AppError } from '../../app-error.ts'
import type { Config } from '../../config.ts'
import type { RenderedEmail } from './templates.ts'

export type OutgoingEmail = RenderedEmail & { to: string; kind: string }

export type Mailer = {
  /** `smtp`: sent through SMTP_URL; `outbox`: kept in the database for the local mailbox. */
  readonly mode: 'smtp' | 'outbox'
  send(email: OutgoingEmail): Promise<void>
  /**
   * Sends several e-mails; each outcome in the order given. In the outbox they are kept by one
   * INSERT, all or none (ADR 051), by `within` when given (a transaction of the caller's, so that
   * the e-mails are kept with its other writes or not at all); over SMTP each is sent on its own and
   * fails on its own, and `within` is not used.
   */
  sendMany(emails: readonly OutgoingEmail[], within?: Database): Promise<PromiseSettledResult<void>[]>
  close(): void
}

/**
 * Sends over SMTP (nodemailer, pooled: a new SMTP connection costs about 100 ms)
 * when SMTP_URL is set; otherwise keeps each message in the outbox table, which
 * the local mailbox shows when DEV_MAILBOX is on.
 */
export function createMailer(config: Config, db: Database, log: FastifyBaseLogger): Mailer {
  if (!config.SMTP_URL) {
    return {
      mode: 'outbox',
      async send(email) {
        await db.insert(schema.outboxEmails).values({
          toAddress: email.to,
          subject: email.subject,
          html: email.html,
          text: email.text,
          kind: email.kind,
        })
        log.info({ kind: email.kind }, 'e-mail kept in the outbox (no SMTP_URL configured)')
      },
      async sendMany(emails, within = db) {
        if (emails.length === 0) return []
        try {
          await within.insert(schema.outboxEmails).values(
            emails.map((email) => ({
              toAddress: email.to,
              subject: email.subject,
              html: email.html,
              text: email.text,
              kind: email.kind,
            })),
          )
        } catch (reason) {
          return emails.map(() => ({ status: 'rejected' as const, reason }))
        }
        log.info({ count: emails.length }, 'e-mails kept in the outbox (no SMTP_URL configured)')
        return emails.map(() => ({ status: 'fulfilled' as const, value: undefined }))
      },
      close() {},
    }
  }
  const url = new URL(config.SMTP_URL)
  url.searchParams.set('pool', 'true')
  const transport = nodemailer.createTransport(url.toString())
  const mailer: Mailer = {
    mode: 'smtp',
    sendMany: (emails) => Promise.allSettled(emails.map((email) => mailer.send(email))),
    async send(email) {
      try {
        await transport.sendMail({
          from: config.MAIL_FROM,
          to: email.to,
          subject: email.subject,
          html: email.html,
          text: email.text,
        })
      } catch (error) {
        // The mail server is down or refused: say so in the user's language (503), log no address.
        const code = (error as { code?: unknown }).code
        log.error(
          { kind: email.kind, smtpError: typeof code === 'string' ? code : 'unknown' },
          'e-mail not sent',
        )
        throw new AppError('SERVICE_UNAVAILABLE', 'E-mail could not be sent.', {
          reason: 'MAIL_UNAVAILABLE',
          messageKey: 'api.mailUnavailable',
        })
      }
      log.info({ kind: email.kind }, 'e-mail sent')
    },
    close() {
      transport.close()
    },
  }
  return mailer
}
