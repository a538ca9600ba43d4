// The ceiling of Node for a fixed response (issue 19 goal 1, ADR 046): a bare `node:http` server
// that answers each path with the bytes and headers our server sent for it (captured by
// bench/comparisons/static.ts), a fresh request id per response as ours sends, and nothing else.
// node bench/anchors/bare-node-static.ts <manifest.json> <port>
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'

type Entry = { path: string; bodyFile: string; headers: [string, string][] }

const [manifestFile, port] = process.argv.slice(2)
if (!manifestFile || !port) throw new Error('usage: bare-node-static.ts <manifest.json> <port>')
const entries = JSON.parse(readFileSync(manifestFile, 'utf8')) as Entry[]
const responses = new Map(
  entries.map((entry) => {
    // Flat [name, value, …] with the request id's slot last.
    const block = [...entry.headers.flat(), 'x-request-id', '']
    return [entry.path, { block, body: readFileSync(entry.bodyFile) }] as const
  }),
)

const server = createServer((request, response) => {
  const found = responses.get(request.url ?? '')
  if (!found) {
    response.writeHead(404).end()
    return
  }
  found.block[found.block.length - 1] = randomUUID()
  response.writeHead(200, found.block)
  response.end(found.body)
})
// Fastify's default, which ours runs with.
server.keepAliveTimeout = 72_000
server.listen(Number(port), '127.0.0.1')
