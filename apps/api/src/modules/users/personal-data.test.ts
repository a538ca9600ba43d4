import { randomInt } from 'node:crypto'
import { type Database, schema } from '@lainava/db'
import { type SQL, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { coApplicant, submission, validApplication } from '../../test/applications.ts'
import { lenderRow } from '../../test/lenders.ts'
import { type Cookies, loginAs, uniqueEmail } from '../../test/sessions.ts'
import { createTestApp } from '../../test/test-app.ts'
import { OfferRejectedError, recordOffer } from '../marketplace/marketplace.ts'
import { acceptOffer } from '../marketplace/offers.ts'
import { UserDataExportSchema } from './user-data-export.ts'

// GDPR access and erasure, checked against the database catalogue rather than a list of tables:
// every table that refers to a user (directly or through other tables' foreign keys) or to their
// e-mail address must show up in the export, row by row and column by column, and after the
// account is deleted no row anywhere may still hold the person's address, identity code, name or
// phone. A new table or column with personal data fails this test until the export covers it.

type Row = Record<string, unknown>
type Edge = { child: string; childColumn: string; parent: string; parentColumn: string }

let ctx: Awaited<ReturnType<typeof createTestApp>>
/** What a browser on our own pages sends with a state-changing call. */
let sameSite: Record<string, string> = {}

beforeAll(async () => {
  // No SMTP_URL: e-mails are kept in the outbox table, which must be exported and erased too.
  ctx = await createTestApp()
  sameSite = { origin: new URL(ctx.services.config.PUBLIC_URL).origin }
})
afterAll(async () => {
  await ctx.close()
})

async function rows(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] }
  return result.rows
}

const letters = (length: number) =>
  Array.from({ length }, () => String.fromCharCode(97 + randomInt(26))).join('')

/** A valid henkilötunnus of someone born in the 1900s and of age (check character per DVV). */
function randomHetu(): string {
  const date = `${String(randomInt(1, 29)).padStart(2, '0')}${String(randomInt(1, 13)).padStart(2, '0')}${randomInt(50, 99)}`
  const serial = String(randomInt(2, 900)).padStart(3, '0')
  return `${date}-${serial}${'0123456789ABCDEFHJKLMNPRSTUVWXY'[Number(date + serial) % 31]}`
}

const camel = (column: string) => column.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase())

/** Timestamps compared at millisecond precision (JavaScript's), whatever their written form. */
function normalised(value: unknown): unknown {
  if (
    typeof value === 'string' &&
    /^\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(\.\d+)?([+-]\d\d(:\d\d)?|Z)$/.test(value)
  ) {
    return new Date(value.replace(' ', 'T').replace(/(\.\d{3})\d+/, '$1')).toISOString()
  }
  if (Array.isArray(value)) return value.map(normalised)
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, normalised(inner)]))
  }
  return value
}

function* objectsIn(value: unknown): Generator<Row> {
  if (Array.isArray(value)) for (const item of value) yield* objectsIn(item)
  else if (value && typeof value === 'object') {
    yield value as Row
    for (const inner of Object.values(value)) yield* objectsIn(inner)
  }
}

/** Every foreign key of the public schema, from pg_constraint (single-column keys). */
async function foreignKeys(db: Database): Promise<Edge[]> {
  const found = await rows(
    db,
    sql`select child.relname as child, parent.relname as parent,
          array_length(con.conkey, 1) as width,
          (select attname from pg_attribute where attrelid = con.conrelid and attnum = con.conkey[1]) as child_column,
          (select attname from pg_attribute where attrelid = con.confrelid and attnum = con.confkey[1]) as parent_column
        from pg_constraint con
        join pg_class child on child.oid = con.conrelid
        join pg_class parent on parent.oid = con.confrelid
        join pg_namespace ns on ns.oid = child.relnamespace
        where con.contype = 'f' and ns.nspname = 'public'`,
  )
  return found.map((edge) => {
    // A composite key would need a wider lookup below; fail loudly rather than skip it.
    expect(Number(edge.width), `${edge.child}: composite foreign key`).toBe(1)
    return {
      child: String(edge.child),
      childColumn: String(edge.child_column),
      parent: String(edge.parent),
      parentColumn: String(edge.parent_column),
    }
  })
}

/** Columns that hold an e-mail address (plain or encrypted), from information_schema. */
async function emailColumns(db: Database) {
  const found = await rows(
    db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'character varying')
          and column_name ~ '(^|_)(email|address)(_|$)'`,
  )
  return found.map((column) => ({ table: String(column.table_name), column: String(column.column_name) }))
}

/**
 * The user's rows in every table that refers to them: users itself, then each table with a
 * foreign key into rows already found (to a fixed point), then each table with an address column
 * holding their address. Also returns, per table, the columns that only link the row to the user.
 */
async function rowsOfUser(userId: string, email: string) {
  const { db } = ctx.database
  const found = new Map<string, Map<string, Row>>()
  const links = new Map<string, Set<string>>()
  const add = (table: string, tableRows: Row[], link: string | null) => {
    const known = found.get(table) ?? new Map<string, Row>()
    for (const row of tableRows) known.set(JSON.stringify(row), row)
    if (tableRows.length > 0) found.set(table, known)
    if (link) links.set(table, new Set([...(links.get(table) ?? []), link]))
  }
  const own = await rows(db, sql`select to_jsonb(t) as row from users t where t.id = ${userId}`)
  add(
    'users',
    own.map((entry) => entry.row as Row),
    null,
  )
  const edges = await foreignKeys(db)
  for (let changed = true; changed; ) {
    changed = false
    for (const edge of edges) {
      const parents = [...(found.get(edge.parent)?.values() ?? [])]
      const keys = [...new Set(parents.map((row) => row[edge.parentColumn]).filter((key) => key != null))]
      if (keys.length === 0) continue
      const children = await rows(
        db,
        sql`select to_jsonb(t) as row from ${sql.identifier(edge.child)} t
            where t.${sql.identifier(edge.childColumn)}::text in (${sql.join(
              keys.map((key) => sql`${String(key)}`),
              sql`, `,
            )})`,
      )
      const before = found.get(edge.child)?.size ?? 0
      add(
        edge.child,
        children.map((child) => child.row as Row),
        edge.childColumn,
      )
      if ((found.get(edge.child)?.size ?? 0) > before) changed = true
    }
  }
  // Every table the catalogue links to users, whether or not this user has rows in it.
  const reachable = new Set(['users'])
  for (let grown = true; grown; ) {
    grown = false
    for (const edge of edges) {
      if (reachable.has(edge.parent) && !reachable.has(edge.child)) {
        reachable.add(edge.child)
        grown = true
      }
    }
  }
  const addressColumns = await emailColumns(db)
  for (const { table, column } of addressColumns) {
    if (table === 'users') continue
    const all = await rows(db, sql`select to_jsonb(t) as row from ${sql.identifier(table)} t`)
    const mine = all
      .map((entry) => entry.row as Row)
      .filter((row) => {
        const value = row[column]
        if (typeof value !== 'string') return false
        const plain = column.endsWith('_encrypted') ? ctx.services.cipher.decrypt(value) : value
        return plain.toLowerCase() === email
      })
    // The address is the only link of a table no foreign key leads to (login links, the outbox).
    add(table, mine, reachable.has(table) ? null : column)
  }
  return {
    found,
    links,
    tables: [...new Set([...reachable, ...addressColumns.map((c) => c.table)])],
  }
}

/**
 * A row as the export must show it: camelCase names; no link columns; no keyed hashes (token,
 * code and identity-code hashes are keys, not information about the person); encrypted columns
 * decrypted under their plain name; empty (null) columns left out, as there is nothing to show.
 * Withheld on purpose: a co-applicant's identity code, which is another person's (GDPR art. 15(4)).
 */
function expected(table: string, row: Row, linkColumns: Set<string>): Row {
  const out: Row = {}
  for (const [column, value] of Object.entries(row)) {
    if (value === null || linkColumns.has(column) || column.endsWith('_hash')) continue
    if (column.endsWith('_encrypted')) {
      const plain = ctx.services.cipher.decrypt(String(value))
      out[camel(column.replace(/_encrypted$/, ''))] = plain.startsWith('{') ? JSON.parse(plain) : plain
    } else out[camel(column)] = value
  }
  if (table === 'applicants' && row.role === 'co') delete out.hetu
  const co = (out.data as { coApplicant?: { applicant?: Row } } | undefined)?.coApplicant?.applicant
  if (table === 'application_drafts' && co) delete co.hetu
  const mortgageCo = (out.data as Record<string, Row | undefined> | undefined)?.[
    'co-applicant-personal-information'
  ]
  if (table === 'mortgage_applications' && mortgageCo) delete mortgageCo.hetu
  return normalised(out) as Row
}

function representedIn(document: unknown, wanted: Row): boolean {
  const keys = Object.keys(wanted)
  for (const candidate of objectsIn(document)) {
    if (keys.every((key) => JSON.stringify(normalised(candidate[key])) === JSON.stringify(wanted[key]))) {
      return true
    }
  }
  return false
}

/** Someone with rows in every table that can hold their data. */
async function personWithEverything() {
  const { db } = ctx.database
  const suffix = letters(8)
  const person = {
    email: uniqueEmail('gdpr'),
    firstName: `Aino${suffix}`,
    lastName: `Virtanen${suffix}`,
    coFirstName: `Eero${suffix}`,
    hetu: randomHetu(),
    coHetu: randomHetu(),
    phone: `040 ${randomInt(1_000_000, 9_999_999)}`,
    address: `Kuusitie ${suffix} 3`,
  }
  const lenders = await db
    .insert(schema.lenders)
    .values([lenderRow({ name: `Lender ${suffix} A` }), lenderRow({ name: `Lender ${suffix} B` })])
    .returning({ id: schema.lenders.id })
  const { cookies, userId } = await loginAs(db, { email: person.email })
  const call = async (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
    as: Cookies = cookies,
  ) => {
    const response = await ctx.app.inject({
      method,
      url,
      cookies: as,
      headers: sameSite,
      ...(payload ? { payload } : {}),
    })
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300)
    return response
  }

  // A login link (and its e-mail in the outbox), consents, a draft and an application with a co-applicant.
  await call('POST', '/api/v2/passwordless/start', { email: person.email }, {})
  await call('PUT', '/api/v1/user/consents', {
    marketingEmail: true,
    sms: false,
    partnerOffers: true,
    analyticsCookies: false,
    offerNotifications: true,
  })
  const base = validApplication()
  const co = coApplicant()
  const applicant = {
    ...base.applicant,
    firstName: person.firstName,
    lastName: person.lastName,
    email: person.email,
    hetu: person.hetu,
    phone: person.phone,
    address: person.address,
  }
  const coPerson = {
    ...co.applicant,
    firstName: person.coFirstName,
    lastName: person.lastName,
    hetu: person.coHetu,
  }
  const application = {
    ...base,
    applicant,
    hasCoApplicant: true,
    coApplicant: { ...co, applicant: coPerson },
  }
  await call('PUT', '/api/v1/applications/drafts/consumer-loan', { step: 'review', data: application })
  const submitted = await call('POST', '/api/v1/applications', submission(application))
  const applicationId: string = submitted.json().applicationId

  // A staff note on it that names the person (the erasure must not leave it behind).
  const admin = await loginAs(db, { role: 'admin' })
  await call(
    'POST',
    `/api/v1/admin/applications/${applicationId}/notes`,
    { text: `Soitettu: ${person.firstName} pyysi lisäaikaa.` },
    admin.cookies,
  )

  // Both lenders received it: one offer (accepted), one refused for breaking the rate cap.
  const [lenderA, lenderB] = lenders.map((lender) => lender.id) as [string, string]
  const terms = { amount: 15_000, months: 60, openingFee: 50, monthlyFee: 3, feeFinanced: false }
  const offer = await recordOffer(ctx.services, {
    applicationId,
    lenderId: lenderA,
    offer: { ...terms, nominalRate: 0.079, reference: `ref-${suffix}` },
  })
  await acceptOffer(ctx.services, userId, offer.id)
  await expect(
    recordOffer(ctx.services, { applicationId, lenderId: lenderB, offer: { ...terms, nominalRate: 0.4 } }),
  ).rejects.toBeInstanceOf(OfferRejectedError)

  // Contact messages: one while logged in, one signed out with the same address (linked by the address only).
  const message = {
    name: `${person.firstName} ${person.lastName}`,
    topic: 'privacy',
    message: `Please tell me what you hold about me (${suffix}).`,
  }
  await call('POST', '/api/v1/contact', { ...message, email: person.email })
  await call('POST', '/api/v1/contact', { ...message, email: person.email.toUpperCase() }, {})

  // A mortgage application in progress with a co-applicant, and the strong identification on it.
  const [mortgage] = await db
    .insert(schema.mortgageApplications)
    .values({
      userId,
      step: 'identify',
      hasCoApplicant: true,
      dataEncrypted: ctx.services.cipher.encrypt(
        JSON.stringify({
          'personal-information': {
            firstName: person.firstName,
            lastName: person.lastName,
            hetu: person.hetu,
          },
          'co-applicant-personal-information': { firstName: person.coFirstName, hetu: person.coHetu },
        }),
      ),
    })
    .returning({ id: schema.mortgageApplications.id })
  await db.insert(schema.identifications).values({
    userId,
    mortgageApplicationId: mortgage?.id,
    method: 'oidc',
    provider: 'https://idp.example.fi',
    level: 'substantial',
    hetuHash: `hash-${suffix}`,
  })

  return { person, cookies, userId, applicationId }
}

describe('the GDPR export and erasure against the database catalogue', () => {
  it('exports every row that refers to the person, and erasure leaves none of their details anywhere', async () => {
    const { person, cookies, userId } = await personWithEverything()
    // Someone else's data must stay out of the export and survive the erasure.
    const bystander = await loginAs(ctx.database.db)
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      cookies: bystander.cookies,
      headers: sameSite,
      payload: {
        name: 'Bystander Person',
        email: bystander.email,
        topic: 'general',
        message: 'Just a question here.',
      },
    })

    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/user/export', cookies })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.headers['content-disposition']).toContain('attachment')
    const exported = UserDataExportSchema.parse(response.json())

    const { found, links, tables } = await rowsOfUser(userId, person.email)
    // Each table that can hold the person's data, as the catalogue says, has rows in this fixture.
    for (const table of tables) {
      expect(found.get(table)?.size ?? 0, `the fixture has no row in ${table}`).toBeGreaterThan(0)
    }
    for (const [table, tableRows] of found) {
      for (const row of tableRows.values()) {
        const wanted = expected(table, row, links.get(table) ?? new Set())
        expect(Object.keys(wanted).length, `${table}: nothing to compare`).toBeGreaterThan(0)
        expect(
          representedIn(exported, wanted),
          `${table} row missing from the export: ${JSON.stringify(wanted)}`,
        ).toBe(true)
      }
    }

    // The person's own identity code is there; the co-applicant's never is.
    const [main, coRow] = [...(exported.applications[0]?.applicants ?? [])].sort((a) =>
      a.role === 'main' ? -1 : 1,
    )
    expect(main).toMatchObject({ role: 'main', hetu: person.hetu, firstName: person.firstName })
    expect(coRow).toMatchObject({ role: 'co', hetu: null, firstName: person.coFirstName })
    expect(response.body).not.toContain(person.coHetu)
    expect(exported.contactMessages).toHaveLength(2)
    expect(response.body).not.toContain(bystander.email)
    expect(exported.applications[0]?.offers.map((offer) => offer.status)).toEqual(['accepted'])

    // Erasure: no row in any table of any schema still carries the person's details.
    const erased = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/v1/user',
      cookies,
      headers: sameSite,
      payload: { confirm: true },
    })
    expect(erased.statusCode).toBe(204)
    const needles = [
      person.email,
      person.hetu,
      person.coHetu,
      person.firstName,
      person.lastName,
      person.coFirstName,
      person.address,
      ...(exported.applications[0]?.applicants.map((one) => one.phone ?? person.phone) ?? []),
    ].map((needle) => needle.toLowerCase())
    const { db } = ctx.database
    const everyTable = await rows(
      db,
      sql`select table_schema, table_name from information_schema.tables
          where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
    )
    let scanned = 0
    for (const { table_schema, table_name } of everyTable) {
      const all = await rows(
        db,
        sql`select to_jsonb(t) as row from ${sql.identifier(String(table_schema))}.${sql.identifier(String(table_name))} t`,
      )
      for (const { row } of all) {
        const values = Object.entries(row as Row).map(([column, value]) =>
          column.endsWith('_encrypted') && typeof value === 'string'
            ? ctx.services.cipher.decrypt(value)
            : JSON.stringify(value),
        )
        const text = values.join('\n').toLowerCase()
        for (const needle of needles) {
          expect(text.includes(needle), `${table_schema}.${table_name} still holds "${needle}"`).toBe(false)
        }
        scanned += 1
      }
    }
    expect(scanned).toBeGreaterThan(0)
    // The bystander's message is untouched.
    const [left] = await rows(db, sql`select count(*)::int as count from contact_messages`)
    expect(Number(left?.count)).toBe(1)
  })
})
