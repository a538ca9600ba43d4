import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod'
import { type Database, schema } from '@lainava/db'
import { normalizeEmail } from '@lainava/domain'
import { desc, eq } from 'drizzle-orm'
import { z } from 'zod'

const MessageSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  kind: z.string(),
  createdAt: z.string(),
})

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/**
 * The local mailbox (DEV_MAILBOX=true, localhost only): the outbox as a page at
 * /dev/mailbox/ and as JSON at /api/dev/outbox. Never registered otherwise.
 */
export const devMailboxRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const latest = async (to?: string) => {
    const rows = await db
      .select()
      .from(schema.outboxEmails)
      .where(to ? eq(schema.outboxEmails.toAddress, normalizeEmail(to)) : undefined)
      .orderBy(desc(schema.outboxEmails.createdAt))
      .limit(50)
    return rows.map((row) => ({
      id: row.id,
      to: row.toAddress,
      subject: row.subject,
      text: row.text,
      html: row.html,
      kind: row.kind,
      createdAt: row.createdAt.toISOString(),
    }))
  }

  app.get(
    '/api/dev/outbox',
    {
      schema: {
        tags: ['development'],
        summary: 'The local outbox (development only)',
        querystring: z.object({ to: z.string().max(254).optional() }),
        response: { 200: z.object({ messages: z.array(MessageSchema) }) },
      },
    },
    async (request) => ({ messages: await latest(request.query.to) }),
  )

  app.get('/dev/mailbox/', { schema: { hide: true } }, async (_request, reply) => {
    const messages = await latest()
    const items = messages
      .map(
        (message) =>
          `<article><h2>${escapeHtml(message.subject)}</h2><p>To ${escapeHtml(message.to)} · ${escapeHtml(message.createdAt)}</p><pre>${escapeHtml(message.text)}</pre></article>`,
      )
      .join('')
    reply.type('text/html; charset=utf-8')
    return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Local mailbox</title><meta name="robots" content="noindex"></head><body style="font-family:system-ui;max-width:50rem;margin:2rem auto;padding:0 1rem"><h1>Local mailbox</h1><p>Development only: e-mails kept because no SMTP_URL is configured.</p>${items || '<p>No messages yet.</p>'}</body></html>`
  })
}
