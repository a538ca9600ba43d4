// `node init-data-dir.ts <folder>`: creates a new embedded database folder (initdb) and exits; run by
// openDatabase as a child process so the server does not keep initdb's memory (ADR 047).
import { PGlite } from '@electric-sql/pglite'
import { EMBEDDED_START_PARAMS } from './embedded-settings.ts'

const dataDir = process.argv[2]
if (!dataDir) throw new Error('usage: init-data-dir.ts <data folder>')
const client = await PGlite.create(dataDir, { startParams: EMBEDDED_START_PARAMS })
await client.close()
