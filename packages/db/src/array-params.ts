import { type Column, type SQL, sql } from 'drizzle-orm'

// Lists as array parameters (ADR 070). drizzle's `inArray` and a `VALUES` list built with `sql.join`
// make one parameter per item, and drizzle builds each of them through its type checks: a batch's
// list of 64 pairs took it about 0.1 ms of CPU, and PostgreSQL parses a statement as long as the
// list. As one array per column the statement has the same few parameters whatever the batch's size.

/**
 * `column = any($1::uuid[])`: true for the rows whose `column` is one of `ids` (none: false). Each id
 * goes once: the planner counts the array's elements, and a batch's pairs repeat their application
 * (64 elements for 6 applications made it read the whole table instead of the index).
 */
export function inUuids(column: Column | SQL, ids: readonly string[]): SQL {
  return sql`${column} = any(${sql.param([...new Set(ids)])}::uuid[])`
}

/**
 * The pairs as rows of two uuids, in their order (a set-returning `unnest` of two arrays), for
 * `(a, b) in (select * from …)` or a join.
 */
export function uuidPairs(pairs: readonly (readonly [string, string])[]): SQL {
  return sql`unnest(${sql.param(pairs.map((pair) => pair[0]))}::uuid[], ${sql.param(pairs.map((pair) => pair[1]))}::uuid[])`
}

/**
 * True for the rows whose (`first`, `second`) is one of `pairs`. The `first` values come first as
 * their own `inUuids`: with the pairs alone the planner chose a hash semi-join over a sequential scan
 * of the whole table, with them an index on `first` (recipients-pending-plan.test.ts).
 */
export function inUuidPairs(
  first: Column | SQL,
  second: Column | SQL,
  pairs: readonly (readonly [string, string])[],
): SQL {
  return sql`${inUuids(
    first,
    pairs.map((pair) => pair[0]),
  )} and (${first}, ${second}) in (select * from ${uuidPairs(pairs)})`
}
