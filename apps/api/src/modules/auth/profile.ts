import { z } from 'zod'
import type { SessionUser } from './session-service.ts'

export const UserProfileSchema = z
  .object({
    id: z.uuid().describe('Also the experiment attribute id (spec §3)'),
    email: z.string(),
    role: z.enum(['consumer', 'lender', 'admin']),
    lenderId: z.uuid().nullable(),
    language: z.string(),
  })
  .meta({ id: 'UserProfile' })

export const ProfileResponseSchema = z
  .object({ userProfile: UserProfileSchema, status: z.literal('LOGGED_IN') })
  .meta({ id: 'ProfileResponse' })

export type UserProfile = z.infer<typeof UserProfileSchema>

export function toProfile(user: SessionUser): UserProfile {
  return { id: user.id, email: user.email, role: user.role, lenderId: user.lenderId, language: user.language }
}
