import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHttpLender } from '../modules/marketplace/lender-credentials.ts'
import { BROAD_CRITERIA } from '../test/lenders.ts'
import { createListeningTestApp } from '../test/test-app.ts'

// Issue 17 item 7 (ADR 029): a lender can build a client from our API document. orval generates a
// TypeScript fetch client from /api/openapi.json; a lender's program using it is type-checked by tsc
// (a wrong body does not compile) and then run against the API with a lender API key.

const run = promisify(execFile)
const ROOT = new URL('../../../../', import.meta.url).pathname

let ctx: Awaited<ReturnType<typeof createListeningTestApp>>
/** Outside the project, as a lender's own project would be (and Node runs its TypeScript only there). */
let WORK = ''

beforeAll(async () => {
  ctx = await createListeningTestApp()
  WORK = await mkdtemp(join(tmpdir(), 'lainava-client-'))
  // A lender's client: the operations tagged `lender` (the whole document's validity is the lint's test).
  const document = (await (await fetch(`${ctx.url}/api/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { tags?: string[] }>>
  }
  const lenderPaths = Object.entries(document.paths).flatMap(([path, item]) => {
    const kept = Object.entries(item).filter(([, operation]) => operation.tags?.includes('lender'))
    return kept.length > 0 ? [[path, Object.fromEntries(kept)] as const] : []
  })
  await writeFile(
    join(WORK, 'openapi.json'),
    JSON.stringify({ ...document, paths: Object.fromEntries(lenderPaths) }),
  )
  await writeFile(join(WORK, 'package.json'), JSON.stringify({ type: 'module', private: true }))
  // The client calls the server the document names (its `servers` entry, our PUBLIC_URL).
  await writeFile(
    join(WORK, 'orval.config.mjs'),
    `export default { lainava: { input: './openapi.json', output: { target: './client.ts', client: 'fetch', baseUrl: ${JSON.stringify(ctx.url)} } } }\n`,
  )
  await run(join(ROOT, 'node_modules/.bin/orval'), ['--config', './orval.config.mjs'], { cwd: WORK })
}, 120_000)
afterAll(async () => {
  await ctx?.close()
  if (WORK) await rm(WORK, { recursive: true, force: true })
})

/** A lender's program: answer applications with the generated client and an API key. */
const LENDER_PROGRAM = `import { createLenderOffer, declineLenderApplication } from './client.ts'

export async function answer(applicationId: string, apiKey: string): Promise<number[]> {
  const headers = { authorization: \`Bearer \${apiKey}\` }
  const offer = await createLenderOffer(
    applicationId,
    {
      amount: 8000,
      months: 36,
      nominalRate: 9.9,
      openingFee: 0,
      monthlyFee: 3,
      feeFinanced: false,
      validDays: 30,
      personalGuarantee: false,
    },
    { headers },
  )
  if (offer.status === 201) {
    const apr: number = offer.data.apr
    return [offer.status, apr]
  }
  const decline = await declineLenderApplication(applicationId, { reason: 'criteria' }, { headers })
  return [offer.status, decline.status]
}

const [applicationId = '', apiKey = ''] = process.argv.slice(2)
console.log(JSON.stringify(await answer(applicationId, apiKey)))
`

async function typecheck(file: string) {
  return run(
    join(ROOT, 'node_modules/.bin/tsc'),
    [
      '--noEmit',
      '--strict',
      '--target',
      'es2023',
      '--module',
      'nodenext',
      '--allowImportingTsExtensions',
      '--skipLibCheck',
      '--types',
      'node',
      '--typeRoots',
      join(ROOT, 'node_modules/@types'),
      file,
    ],
    { cwd: WORK },
  ).then(
    () => ({ ok: true, output: '' }),
    (error: { stdout?: string }) => ({ ok: false, output: error.stdout ?? '' }),
  )
}

describe('a TypeScript client generated from the API document (orval)', () => {
  it('type-checks a lender program and refuses a wrong body', { timeout: 60_000 }, async () => {
    await writeFile(join(WORK, 'lender.ts'), LENDER_PROGRAM)
    const good = await typecheck('lender.ts')
    expect(good.output).toBe('')
    expect(good.ok).toBe(true)

    await writeFile(join(WORK, 'wrong.ts'), LENDER_PROGRAM.replace('nominalRate: 9.9', "nominalRate: '9.9'"))
    const wrong = await typecheck('wrong.ts')
    expect(wrong.ok).toBe(false)
    expect(wrong.output).toMatch(/wrong\.ts.*error TS/)
  })

  it('calls the lender API with a lender API key', { timeout: 60_000 }, async () => {
    const lender = await createHttpLender(ctx.database.db, ctx.services.cipher, {
      slug: `client-${randomUUID().slice(0, 8)}`,
      name: 'Generated client lender',
      description: 'HTTP test lender',
      endpointUrl: 'http://127.0.0.1:9/unset',
      criteria: BROAD_CRITERIA,
    })
    // An application this lender never received: the key and the body are accepted (not 401, not 400)
    // and both calls answer "not found".
    const { stdout } = await run(
      join(ROOT, 'node_modules/.bin/node'),
      ['lender.ts', randomUUID(), lender.apiKey],
      {
        cwd: WORK,
      },
    )
    expect(JSON.parse(stdout)).toEqual([404, 404])
    const { stdout: refused } = await run(
      join(ROOT, 'node_modules/.bin/node'),
      ['lender.ts', randomUUID(), 'lvk_not-a-key'],
      { cwd: WORK },
    )
    expect(JSON.parse(refused)).toEqual([401, 401])
  })
})
