import { type Database, schema } from '@lainava/db'
import { and, desc, eq, isNull } from 'drizzle-orm'

const { applications, applicants } = schema

export type KnownPerson = { email: string; firstName: string; lastName: string }

/**
 * What a signed-in person's new application starts with (issue 14): the account's e-mail, and the
 * name they gave on their latest application (none before the first one, nothing once anonymised).
 */
export async function knownPerson(db: Database, user: { id: string; email: string }): Promise<KnownPerson> {
  const [latest] = await db
    .select({ firstName: applicants.firstName, lastName: applicants.lastName })
    .from(applicants)
    .innerJoin(applications, eq(applications.id, applicants.applicationId))
    .where(
      and(eq(applications.userId, user.id), eq(applicants.role, 'main'), isNull(applications.anonymisedAt)),
    )
    .orderBy(desc(applications.createdAt))
    .limit(1)
  return { email: user.email, firstName: latest?.firstName ?? '', lastName: latest?.lastName ?? '' }
}
