import { type Database, schema } from '@lainava/db'
import { normalizeEmail } from '@lainava/domain'
import { type CatalogueLocale, catalogueLocale } from '@lainava/i18n'
import { eq } from 'drizzle-orm'
import { AppError } from '../../app-error.ts'
import { type AuthDeps, sendLoginEmail } from '../auth/login-service.ts'

const { users, lenders } = schema

export type Invitation = {
  email: string
  role: 'lender' | 'admin'
  lenderId?: string | undefined
  language?: string | undefined
}

/** Lender and admin accounts are invited by an admin, never self-registered (product decisions). */
export async function inviteUser(deps: AuthDeps, input: Invitation) {
  const email = normalizeEmail(input.email)
  const language: CatalogueLocale = catalogueLocale(input.language)
  if (input.role === 'lender') {
    if (!input.lenderId)
      throw new AppError('BAD_REQUEST', 'A lender user needs lenderId.', {
        reason: 'LENDER_REQUIRED',
        messageKey: 'api.lenderRequired',
      })
    const [lender] = await deps.db
      .select({ id: lenders.id })
      .from(lenders)
      .where(eq(lenders.id, input.lenderId))
    if (!lender)
      throw new AppError('NOT_FOUND', 'No such lender.', {
        reason: 'LENDER_NOT_FOUND',
        messageKey: 'api.lenderNotFound',
      })
  }
  const [created] = await deps.db
    .insert(users)
    .values({
      email,
      role: input.role,
      lenderId: input.role === 'lender' ? (input.lenderId ?? null) : null,
      language,
    })
    .onConflictDoNothing()
    .returning({ id: users.id, email: users.email, role: users.role, lenderId: users.lenderId })
  if (!created)
    throw new AppError('CONFLICT', 'The address already has an account.', {
      reason: 'ACCOUNT_EXISTS',
      messageKey: 'api.accountExists',
    })
  await sendLoginEmail(deps, { email, language, returnTo: '/', invite: true })
  return { ...created, email }
}

/** The first admin, from the command line (scripts/create-admin.ts): no e-mail needed to start. */
export async function ensureAdmin(db: Database, rawEmail: string): Promise<{ created: boolean }> {
  const email = normalizeEmail(rawEmail)
  const [existing] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.email, email))
  if (existing) {
    if (existing.role !== 'admin')
      await db.update(users).set({ role: 'admin', lenderId: null }).where(eq(users.id, existing.id))
    return { created: false }
  }
  await db.insert(users).values({ email, role: 'admin' })
  return { created: true }
}
