export { inUuidPairs, inUuids, uuidPairs } from './array-params.ts'
export { type Database, type DbHandle, MIGRATIONS_FOLDER, openDatabase, type Schema } from './client.ts'
export { insertRowsStatements } from './insert-rows.ts'
export { DataDirLockedError } from './lock.ts'
export * as schema from './schema.ts'
export { LANDING_CTA_FLAG, seedDemoData } from './seed.ts'
export {
  serverAutovacuumWorks,
  tablesDueForUpkeep,
  type UpkeepTable,
  upkeepTables,
} from './table-upkeep.ts'
