import { randomUUID } from 'node:crypto'
import { asc, eq, type InferInsertModel } from 'drizzle-orm'
import { bigint, pgTable, text } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from './client.ts'
import { insertRowsStatements, schema, seedDemoData } from './index.ts'
import { createTestDatabase } from './testing.ts'

const { applications, lenders, offers, users } = schema

// The JSON-parameter INSERT must store exactly what drizzle's own INSERT stores for the same rows.
describe('insertRowsStatements', () => {
  let handle: DbHandle
  let lenderIds: string[]
  let userId: string
  beforeAll(async () => {
    handle = await createTestDatabase()
    await seedDemoData(handle.db)
    lenderIds = (await handle.db.select({ id: lenders.id }).from(lenders).orderBy(asc(lenders.id))).map(
      (row) => row.id,
    )
    const [user] = await handle.db
      .insert(users)
      .values({ email: `rows-${randomUUID()}@example.test`, language: 'fi', role: 'consumer' })
      .returning({ id: users.id })
    userId = user?.id ?? ''
  })
  afterAll(async () => {
    await handle.close()
  })

  async function newApplication(): Promise<string> {
    const [row] = await handle.db
      .insert(applications)
      .values({
        userId,
        kind: 'consumer-loan',
        idempotencyKey: randomUUID(),
        amount: 20_000,
        periodMonths: 48,
        details: {},
      })
      .returning({ id: applications.id })
    return row?.id ?? ''
  }

  /** Offers of one application as stored, without what differs by nature (ids, the application, times of storing). */
  async function storedOffers(applicationId: string) {
    const rows = await handle.db
      .select()
      .from(offers)
      .where(eq(offers.applicationId, applicationId))
      .orderBy(asc(offers.lenderId))
    return rows.map(({ id, applicationId: _application, createdAt, ...rest }) => {
      expect(id).toMatch(/^[0-9a-f-]{36}$/)
      expect(createdAt).toBeInstanceOf(Date)
      return rest
    })
  }

  function offerRows(applicationId: string): InferInsertModel<typeof offers>[] {
    const base = {
      applicationId,
      amount: 20_000,
      months: 48,
      nominalRate: 0.101,
      openingFee: 42.75,
      monthlyFee: 4.63,
      feeFinanced: false,
      monthlyPayment: 512.84,
      apr: 0.130_451_234_567_891_2,
      totalCost: 4_672.24,
      totalPayable: 24_672.24,
      validUntil: new Date('2026-12-25T10:11:12.345Z'),
    }
    return [
      // Defaults for what a row leaves out (status, personal guarantee, id, created at).
      { ...base, lenderId: lenderIds[0] ?? '', secciUrl: null, lenderReference: null },
      // Text a statement would have to escape, a tiny rate, nested JSON, an explicit status.
      {
        ...base,
        lenderId: lenderIds[1] ?? '',
        status: 'offered',
        nominalRate: 0.000_001,
        secciUrl: "https://example.test/secci?x=1&y='2'; drop table offers; --",
        lenderReference: 'Ääkköset ja "lainausmerkit" \\ ja emoji 💶',
        personalGuarantee: true,
        esis: { items: [{ key: 'ä', value: 1.5 }], note: null, nested: { quote: "it's" } },
      },
      // Another set of columns: a statement of its own.
      {
        ...base,
        lenderId: lenderIds[2] ?? '',
        cardType: 'credit',
        exampleAmount: 1_500,
        annualFee: 0,
        gracePeriodDays: 45,
      },
    ]
  }

  it("stores the rows as drizzle's own INSERT does, defaults included", async () => {
    const ours = await newApplication()
    const drizzles = await newApplication()
    const statements = insertRowsStatements(offers, offerRows(ours))
    expect(statements).toHaveLength(2)
    for (const statement of statements) await handle.db.execute(statement)
    await handle.db.insert(offers).values(offerRows(drizzles))

    const stored = await storedOffers(ours)
    expect(stored).toHaveLength(3)
    expect(stored).toEqual(await storedOffers(drizzles))
    expect(stored[0]).toMatchObject({ status: 'offered', personalGuarantee: false, esis: null })
    expect(stored[1]).toMatchObject({
      nominalRate: 0.000_001,
      secciUrl: "https://example.test/secci?x=1&y='2'; drop table offers; --",
      lenderReference: 'Ääkköset ja "lainausmerkit" \\ ja emoji 💶',
      esis: { items: [{ key: 'ä', value: 1.5 }], note: null, nested: { quote: "it's" } },
      apr: 0.130_451_234_567_891_2,
      validUntil: new Date('2026-12-25T10:11:12.345Z'),
    })
    expect(stored[2]).toMatchObject({ cardType: 'credit', gracePeriodDays: 45, annualFee: 0 })
  })

  it('refuses a column kind it does not know and a value that is no number', () => {
    const other = pgTable('not_here', { name: text('name'), big: bigint('big', { mode: 'number' }) })
    expect(() => insertRowsStatements(other, [{ name: 'x', big: 1 }])).toThrow(/column big is a PgBigInt53/)
    expect(insertRowsStatements(other, [{ name: 'x' }])).toHaveLength(1)
    const stamped = pgTable('not_here_either', { name: text('name').$defaultFn(() => 'made in JS') })
    expect(() => insertRowsStatements(stamped, [{}])).toThrow(/column name has a JS-side default/)
    expect(insertRowsStatements(stamped, [{ name: 'given' }])).toHaveLength(1)
    const [row] = offerRows(randomUUID())
    expect(() => insertRowsStatements(offers, [{ ...row, apr: Number.NaN } as never])).toThrow(
      /column apr is not a finite number/,
    )
  })

  it('makes no statement for no rows, and refuses a row that gives no column', () => {
    expect(insertRowsStatements(offers, [])).toEqual([])
    expect(() => insertRowsStatements(offers, [{} as never])).toThrow(/a row gives no column/)
  })
})
