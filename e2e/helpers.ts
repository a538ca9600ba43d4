import { randomUUID } from 'node:crypto'
import { type APIRequestContext, expect, type Page } from '@playwright/test'

export function uniqueEmail(label = 'e2e'): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.fi`
}

// The code is never in the subject (issue 13 item 6): it is read from the text.
const LOGIN_SUBJECT = /kirjautumislinkki|inloggningslänk|login link|kutsuttu|invited/i

type OutboxMessage = { to: string; subject: string; text: string; createdAt: string }

/** The newest login e-mail to the address, from the local outbox (the e2e server has DEV_MAILBOX on). */
export async function latestLoginEmail(request: APIRequestContext, email: string) {
  let message: OutboxMessage | undefined
  await expect
    .poll(async () => {
      const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)
      // The newest login e-mail: offer e-mails to the same address can arrive after it.
      message = ((await response.json()) as { messages: OutboxMessage[] }).messages.find((candidate) =>
        LOGIN_SUBJECT.test(candidate.subject),
      )
      return message?.subject ?? ''
    })
    .toMatch(LOGIN_SUBJECT)
  const text = message?.text ?? ''
  const code = /: (\d{6})$/m.exec(text)?.[1] ?? ''
  const link = /(https?:\/\/\S+\/autologin\/\?token=[\w-]+)/.exec(text)?.[1] ?? ''
  return { code, link }
}

/** Logs in through the API (the login form itself has its own test). The page shares the cookies. */
export async function logInAs(page: Page, email = uniqueEmail()) {
  const start = await page.request.post('/api/v2/passwordless/start', { data: { email } })
  expect(start.ok()).toBe(true)
  const { code } = await latestLoginEmail(page.request, email)
  const verify = await page.request.post('/api/v2/passwordless/verify', { data: { email, code } })
  expect(verify.ok()).toBe(true)
  return email
}

/**
 * Opens a page and waits until React has taken it over. A click or a choice made before that is lost
 * or goes to the server-rendered form, which is how a test comes to pass or fail by the machine's speed.
 */
export async function openPage(page: Page, path: string) {
  const response = await page.goto(path)
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 15_000 })
  return response
}
