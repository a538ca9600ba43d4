import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

// A small stand-in for the Finnish Trade Register's open data service (YTJ API v3) for tests:
// a real HTTP server answering `GET /companies?businessId=…` in the service's format (see
// apps/api/src/modules/business/company-lookup.ts). Unknown business IDs get `{ totalResults: 0,
// companies: [] }`; `hang` ids never answer (timeouts); `broken` ids answer 500.

export type PrhCompanyRecord = {
  businessId: string
  name: string
  /** Finnish description of the company form, as the register gives it (e.g. "Osakeyhtiö"). */
  form: string
  registeredOn: string
  /** An earlier name, ended, to prove the current one is picked. */
  formerName?: string
}

export type PrhService = {
  url: string
  requests: string[]
  close(): Promise<void>
}

const description = (fi: string) => [
  { languageCode: '1', description: fi },
  { languageCode: '3', description: `${fi} (en)` },
]

function companyJson(record: PrhCompanyRecord) {
  return {
    businessId: { value: record.businessId, registrationDate: record.registeredOn, source: '3' },
    names: [
      ...(record.formerName
        ? [
            {
              name: record.formerName,
              type: '1',
              registrationDate: record.registeredOn,
              endDate: '2020-01-01',
              version: 2,
              source: '1',
            },
          ]
        : []),
      { name: record.name, type: '1', registrationDate: '2020-01-01', version: 1, source: '1' },
      { name: `${record.name} Parallel`, type: '3', registrationDate: '2020-01-01', version: 1, source: '1' },
    ],
    mainBusinessLine: {
      type: '62010',
      descriptions: description('Ohjelmistojen suunnittelu'),
      typeCodeSet: 'TOIMI4',
    },
    companyForms: [
      {
        type: '16',
        descriptions: description(record.form),
        registrationDate: record.registeredOn,
        version: 1,
        source: '1',
      },
    ],
    registrationDate: record.registeredOn,
    status: '2',
    lastModified: '2025-01-01T00:00:00',
  }
}

export async function startPrhService(
  records: PrhCompanyRecord[],
  options: { hang?: string[]; broken?: string[] } = {},
): Promise<PrhService> {
  const requests: string[] = []
  const hanging = new Set<import('node:http').ServerResponse>()
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost')
    requests.push(url.pathname + url.search)
    const businessId = url.searchParams.get('businessId') ?? ''
    if (url.pathname !== '/companies') {
      response.writeHead(404).end()
      return
    }
    if (options.hang?.includes(businessId)) {
      hanging.add(response)
      return
    }
    if (options.broken?.includes(businessId)) {
      response.writeHead(500, { 'content-type': 'text/plain' }).end('internal error')
      return
    }
    const found = records.filter((record) => record.businessId === businessId)
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ totalResults: found.length, companies: found.map(companyJson) }))
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    async close() {
      for (const response of hanging) response.destroy()
      server.closeAllConnections()
      server.close()
      await once(server, 'close')
    },
  }
}
