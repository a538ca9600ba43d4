import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from './client.ts'
import { schema } from './index.ts'
import { createTestDatabase } from './testing.ts'

// The audit log is append-only in the database itself, not only in our code (issue 15: "nobody can edit").
describe('audit_log', () => {
  let handle: DbHandle
  beforeAll(async () => {
    handle = await createTestDatabase()
  })
  afterAll(async () => {
    await handle.close()
  })

  it('takes new rows but refuses UPDATE, DELETE and TRUNCATE', async () => {
    const [row] = await handle.db
      .insert(schema.auditLog)
      .values({ actorRole: 'admin', action: 'application.read', subjectType: 'application', subjectId: 'x' })
      .returning()
    expect(row?.action).toBe('application.read')
    // Drizzle wraps the database's error; its cause carries the trigger's message.
    const refusal = async (query: Promise<unknown>) =>
      query.then(
        () => 'accepted',
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      )
    expect(await refusal(handle.db.execute(sql`update audit_log set action = 'nothing'`))).toMatch(
      /append-only: UPDATE refused/,
    )
    expect(await refusal(handle.db.execute(sql`delete from audit_log`))).toMatch(
      /append-only: DELETE refused/,
    )
    expect(await refusal(handle.db.execute(sql`truncate audit_log`))).toMatch(/append-only: TRUNCATE refused/)
    const rows = await handle.db.select().from(schema.auditLog)
    expect(rows.map((entry) => entry.action)).toEqual(['application.read'])
  })
})
