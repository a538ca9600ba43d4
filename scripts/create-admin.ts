// `npm run create-admin -- someone@example.fi`: makes the first admin (admins
// invite everyone else). Uses the same database as the server: stop an
// embedded server first, or set DATABASE_URL.

import { DataDirLockedError, openDatabase } from '@lainava/db'
import { isValidEmail } from '@lainava/domain'
import { loadConfig } from '../apps/api/src/config.ts'
import { ensureAdmin } from '../apps/api/src/modules/admin/invite-user.ts'

const email = process.argv[2] ?? ''
if (!isValidEmail(email)) {
  console.error('Usage: npm run create-admin -- someone@example.fi')
  process.exit(2)
}
const config = loadConfig()
let database: Awaited<ReturnType<typeof openDatabase>>
try {
  database = config.DATABASE_URL
    ? await openDatabase({ url: config.DATABASE_URL })
    : await openDatabase({ dataDir: config.DATA_DIR })
} catch (error) {
  if (error instanceof DataDirLockedError) {
    console.error(error.message)
    process.exit(1)
  }
  throw error
}
try {
  await database.migrate()
  const { created } = await ensureAdmin(database.db, email)
  console.warn(
    `${created ? 'Created' : 'Updated'} the admin ${email}. Log in with this address at ${config.PUBLIC_URL}/kirjaudu/.`,
  )
} finally {
  await database.close()
}
