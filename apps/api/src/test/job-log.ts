import type { Database } from '@lainava/db'
import { sql } from 'drizzle-orm'

/**
 * Triggers on pg-boss's job table (the queues' rows live in pgboss.job_common) for tests of what we
 * write to the job queue, on the embedded database and on a server alike:
 * - `job_attempts (txid, queue, application_id, kind)`: every job row an INSERT proposes, with its
 *   transaction, recorded before ON CONFLICT drops a duplicate, so a re-send that stores nothing shows;
 * - `job_statements (txid, stored, applications)`: every INSERT statement with the rows it stored.
 * Call it once on a test's own fresh database, after the app has created pg-boss's tables.
 */
export async function logJobInserts(db: Database): Promise<void> {
  for (const statement of [
    'create table job_attempts (txid bigint, queue text, application_id text, kind text)',
    `create function log_job_attempt() returns trigger language plpgsql as $$
      begin
        insert into job_attempts values (txid_current(), new.name, new.data->>'applicationId', new.data->>'kind');
        return new;
      end $$`,
    `create trigger log_job_attempt before insert on pgboss.job_common
      for each row execute function log_job_attempt()`,
    'create table job_statements (txid bigint, stored int, applications text[])',
    `create function log_job_statement() returns trigger language plpgsql as $$
      begin
        insert into job_statements
          select txid_current(), count(*)::int, array_agg(distinct data->>'applicationId') from stored;
        return null;
      end $$`,
    `create trigger log_job_statement after insert on pgboss.job_common
      referencing new table as stored for each statement execute function log_job_statement()`,
  ]) {
    await db.execute(sql.raw(statement))
  }
}
