import { type Column, getTableColumns, type InferInsertModel, type SQL, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'

// Many rows in one INSERT whose text does not grow with them (ADR 066). Drizzle builds an INSERT of
// many rows parameter by parameter, with a DEFAULT for every column a row leaves out: 60 offers (a
// batch of lender answers) took about 4 ms of CPU to build, more than the database took to store
// them. Here the rows travel as one JSON parameter, which PostgreSQL turns into the table's own row
// type (`json_populate_recordset`), so each value is read by the column's own type as a parameter
// would be, and the columns a row leaves out keep their defaults (they are not in the column list).

/**
 * Column kinds whose JSON form PostgreSQL reads back exactly: text, uuid and enum labels as strings,
 * integers, booleans and JSON as themselves, numeric and double precision from JSON's shortest
 * exact decimal, timestamps from `Date`'s ISO string. Another kind is refused, not guessed.
 */
const SUPPORTED = new Set([
  'PgBoolean',
  'PgDoublePrecision',
  'PgEnumColumn',
  'PgInteger',
  'PgJsonb',
  'PgNumericNumber',
  'PgText',
  'PgTimestamp',
  'PgUUID',
])

/**
 * INSERT statements for `rows` of `table`, usually one. A column no row gives is left out; one some
 * rows give is NULL in the others, as in drizzle's INSERT, except a column with a default: rows
 * that leave out different such columns go in different statements, so each keeps its defaults. A
 * column whose default drizzle makes in JS (`$defaultFn`, `$onUpdate`) must be given. The statements
 * have no ON CONFLICT and no RETURNING; run each with `execute`.
 */
export function insertRowsStatements<T extends PgTable>(
  table: T,
  rows: readonly InferInsertModel<T>[],
): SQL[] {
  const columns = Object.entries(getTableColumns(table)) as [string, Column][]
  const records: { defaults: string[]; record: Record<string, unknown> }[] = []
  /** Columns without a default that some row gives: in every statement. */
  const plain = new Set<Column>()
  for (const row of rows) {
    const record: Record<string, unknown> = {}
    const defaults: string[] = []
    for (const [key, column] of columns) {
      const value: unknown = (row as Record<string, unknown>)[key]
      if (value === undefined) {
        // Drizzle makes these on the JS side; the database's default would be another value.
        if (column.defaultFn || column.onUpdateFn) {
          throw new TypeError(`insertRowsStatements: column ${column.name} has a JS-side default`)
        }
        continue
      }
      if (!SUPPORTED.has(column.columnType)) {
        throw new TypeError(`insertRowsStatements: column ${column.name} is a ${column.columnType}`)
      }
      if (typeof value === 'number' && !Number.isFinite(value)) {
        throw new RangeError(`insertRowsStatements: column ${column.name} is not a finite number`)
      }
      if (value instanceof Date && Number.isNaN(value.getTime())) {
        throw new RangeError(`insertRowsStatements: column ${column.name} is an invalid date`)
      }
      if (column.hasDefault) defaults.push(column.name)
      else plain.add(column)
      record[column.name] = value
    }
    records.push({ defaults, record })
  }
  const groups = Map.groupBy(records, (entry) => entry.defaults.join(','))
  return [...groups.values()].map((group) => {
    const given = new Set(group[0]?.defaults)
    const names = columns
      .map(([, column]) => column)
      .filter((column) => plain.has(column) || given.has(column.name))
      .map((column) => sql.identifier(column.name))
    if (names.length === 0) throw new RangeError('insertRowsStatements: a row gives no column')
    const list = sql.join(names, sql`, `)
    const json = JSON.stringify(group.map((entry) => entry.record))
    return sql`insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${table}, ${json}::json)`
  })
}
