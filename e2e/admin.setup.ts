import { test as setup } from '@playwright/test'
import { ADMIN_STATE, E2E_ADMIN, logInRequest } from './helpers.ts'

// The shared admin logs in once per run, before any spec, and the specs take its cookies from the
// saved state. Logging the same address in from two workers at once raced: both codes were open,
// one worker read the other's newest code from the outbox and spent it, and the other's verify failed.
setup('the shared e2e admin logs in once', async ({ request }) => {
  await logInRequest(request, E2E_ADMIN)
  await request.storageState({ path: ADMIN_STATE })
})
