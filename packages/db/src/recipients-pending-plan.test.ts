import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from './client.ts'
import { inUuidPairs, schema, seedDemoData } from './index.ts'
import { createTestDatabase } from './testing.ts'

const { applications, lenders, users } = schema

/** Every node of an EXPLAIN (FORMAT JSON) plan, depth first. */
function nodesOf(plan: Record<string, unknown>): Record<string, unknown>[] {
  const children = (plan.Plans as Record<string, unknown>[] | undefined) ?? []
  return [plan, ...children.flatMap(nodesOf)]
}

// ADR 068: statistics taken while almost no recipient was pending made the answers' UPDATE read the
// whole table for each batch (40–72 ms at 15 000 recipients). With the partial index of pending
// recipients the planner finds them there, whatever the statistics say about `status`.
describe('plans once the tables have statistics', () => {
  let handle: DbHandle
  const pending: { applicationId: string; lenderId: string }[] = []
  beforeAll(async () => {
    handle = await createTestDatabase()
    await seedDemoData(handle.db)
    const lenderIds = (await handle.db.select({ id: lenders.id }).from(lenders)).map((row) => row.id)
    const [user] = await handle.db
      .insert(users)
      .values({ email: `plans-${randomUUID()}@example.test`, language: 'fi', role: 'consumer' })
      .returning({ id: users.id })
    const applicationRows = (count: number) =>
      Array.from({ length: count }, () => ({
        userId: user?.id ?? '',
        kind: 'consumer-loan' as const,
        idempotencyKey: randomUUID(),
        amount: 20_000,
        periodMonths: 48,
        details: {},
      }))
    const answered = await handle.db
      .insert(applications)
      .values(applicationRows(300))
      .returning({ id: applications.id })
    await handle.db.execute(sql`
      insert into application_recipients (application_id, lender_id, status, answered_at)
      select a, l, 'offered', now()
      from unnest(${`{${answered.map((row) => row.id).join(',')}}`}::uuid[]) a,
        unnest(${`{${lenderIds.join(',')}}`}::uuid[]) l`)
    // The statistics of a moment when every recipient had answered.
    await handle.db.execute(sql`analyze application_recipients`)
    const waiting = await handle.db
      .insert(applications)
      .values(applicationRows(40))
      .returning({ id: applications.id })
    for (const { id } of waiting)
      for (const lenderId of lenderIds) pending.push({ applicationId: id, lenderId })
    await handle.db.execute(sql`
      insert into application_recipients (application_id, lender_id)
      select a, l
      from unnest(${`{${waiting.map((row) => row.id).join(',')}}`}::uuid[]) a,
        unnest(${`{${lenderIds.join(',')}}`}::uuid[]) l`)
  })
  afterAll(async () => {
    await handle.close()
  })

  const plan = async (statement: ReturnType<typeof sql>) => {
    const result = await handle.db.execute(sql`explain (format json) ${statement}`)
    const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows
    const json = Object.values(row ?? {})[0]
    const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as { Plan: Record<string, unknown> }[]
    return nodesOf(parsed[0]?.Plan ?? {})
  }
  const scansOfRecipients = (nodes: Record<string, unknown>[]) =>
    nodes
      .filter((node) => node['Relation Name'] === 'application_recipients')
      .map((node) => `${node['Node Type']} ${node['Index Name'] ?? ''}`.trim())

  it("the answers' UPDATE (recordAnswers) finds a batch's rows by index, not by reading the table", async () => {
    const batch = pending.slice(0, 64)
    // As recordAnswers sends it (ADR 070): one array per column, unnested in order.
    const column = (pick: (answer: { applicationId: string; lenderId: string }) => string | null) =>
      sql.param(batch.map(pick))
    const scans = scansOfRecipients(
      await plan(sql`
        update application_recipients as r
        set status = v.status::recipient_status, answered_at = now(), decline_reason = v.reason
        from unnest(
          ${column((answer) => answer.applicationId)}::uuid[],
          ${column((answer) => answer.lenderId)}::uuid[],
          ${column(() => 'offered')}::text[],
          ${column(() => null)}::text[]
        ) as v (application_id, lender_id, status, reason)
        where r.application_id = v.application_id and r.lender_id = v.lender_id and r.status = 'pending'
        returning r.application_id, r.lender_id`),
    )
    expect(scans.length).toBeGreaterThan(0)
    expect(scans.filter((scan) => scan.startsWith('Seq Scan'))).toEqual([])
  })

  // ADR 070: the pairs alone are a hash semi-join over the whole table; `inUuidPairs` puts the
  // applications' ids (each once) first, and the planner uses the index.
  it("the delivery batch's read by (application, lender) pairs (deliveryTargets) uses an index", async () => {
    const batch = pending
      .slice(0, 64)
      .map((answer): [string, string] => [answer.applicationId, answer.lenderId])
    const scans = scansOfRecipients(
      await plan(sql`
        select r.status from application_recipients r
        where ${inUuidPairs(sql`r.application_id`, sql`r.lender_id`, batch)}`),
    )
    expect(scans.length).toBeGreaterThan(0)
    expect(scans.filter((scan) => scan.startsWith('Seq Scan'))).toEqual([])
  })

  it('runs without JIT compilation on a server (an OLTP statement never pays back its compile)', async () => {
    if (handle.kind === 'embedded') return
    const result = await handle.db.execute(sql`select current_setting('jit') as jit`)
    const [row] = (result as unknown as { rows: { jit: string }[] }).rows
    expect(row?.jit).toBe('off')
  })
})
