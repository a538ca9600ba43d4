import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export type ReceivedMail = { to: string[]; raw: string; subject: string; text: string }

/** Decodes quoted-printable (what nodemailer uses for text with ä and ö). */
function decodeQuotedPrintable(input: string): string {
  const bytes = input
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
  return Buffer.from(bytes, 'latin1').toString('utf8')
}

function textPart(raw: string): string {
  const match = /Content-Type: text\/plain[^\r\n]*\r?\n(?:[^\r\n]+\r?\n)*?\r?\n([\s\S]*?)(?:\r?\n--|$)/i.exec(
    raw,
  )
  const body = match?.[1] ?? ''
  return /Content-Transfer-Encoding: quoted-printable/i.test(raw) ? decodeQuotedPrintable(body) : body
}

/** A real SMTP server on loopback that keeps what it receives (for integration tests). */
export async function startSmtpServer() {
  const inbox: ReceivedMail[] = []
  const waiters: Array<() => void> = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        const subject = /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? ''
        inbox.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          subject,
          text: textPart(raw),
        })
        for (const wake of waiters.splice(0)) wake()
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    /** Waits for the next message to `to` that arrives after `afterCount` messages. */
    async nextFor(to: string, afterCount = 0): Promise<ReceivedMail> {
      for (;;) {
        const found = inbox.slice(afterCount).find((mail) => mail.to.includes(to))
        if (found) return found
        await new Promise<void>((resolve) => waiters.push(resolve))
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export function loginDetails(mail: ReceivedMail): { code: string; token: string; link: string } {
  const code = /: (\d{6})$/m.exec(mail.text)?.[1]
  const link = /(https?:\/\/\S+\/autologin\/\?token=[\w-]+)/.exec(mail.text)?.[1]
  if (!code || !link) throw new Error(`No login code or link in the e-mail:\n${mail.text}`)
  return { code, link, token: new URL(link).searchParams.get('token') ?? '' }
}
