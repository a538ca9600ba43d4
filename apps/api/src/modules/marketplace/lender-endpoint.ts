import { type LookupAddress, type LookupAllOptions, type LookupOptions, lookup } from 'node:dns'
import { lookup as lookupAll } from 'node:dns/promises'
import http from 'node:http'
import https from 'node:https'
import { BlockList, isIP } from 'node:net'

// Where our server may send a lender's requests (ADR 014). With private networks
// disallowed (the default when PUBLIC_URL is not a local http address), a lender
// endpoint must be https on a public address: checked when an admin saves it and
// again on every connection (the DNS answer at connect time decides, so a name
// that later resolves to 127.0.0.1 is refused), and redirects are never followed.

export type LenderNetworkPolicy = { allowPrivateNetwork: boolean }

/** Why an endpoint is refused; each has a catalogue message (`api.lenderEndpoint…`). */
export type EndpointRefusal = 'httpsRequired' | 'notPublic' | 'unresolvable'

// IPv4 ranges that are not the public internet (IANA special-purpose registry, RFC 6890).
const NON_PUBLIC_V4: Array<[string, number]> = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata at 169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
]

// IPv6: only global unicast (2000::/3) is public, minus these; IPv4-mapped and NAT64
// addresses are judged by the IPv4 address inside them.
const NON_PUBLIC_V6: Array<[string, number]> = [
  ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID, …)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 (wraps any IPv4 address)
  ['3fff::', 20], // documentation
]

const nonPublicV4 = new BlockList()
for (const [network, prefix] of NON_PUBLIC_V4) nonPublicV4.addSubnet(network, prefix, 'ipv4')
const nonPublicV6 = new BlockList()
for (const [network, prefix] of NON_PUBLIC_V6) nonPublicV6.addSubnet(network, prefix, 'ipv6')
const globalUnicastV6 = new BlockList()
globalUnicastV6.addSubnet('2000::', 3, 'ipv6')
const ipv4Mapped = new BlockList()
ipv4Mapped.addSubnet('::ffff:0:0', 96, 'ipv6')
const nat64 = new BlockList()
nat64.addSubnet('64:ff9b::', 96, 'ipv6')

/** The eight 16-bit groups of an IPv6 address (input already checked by `isIP`). */
function ipv6Groups(address: string): number[] {
  let text = address
  const dotted = text.match(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/)
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number]
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head = '', tail] = text.split('::')
  const parse = (part: string) =>
    part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16))
  const front = parse(head)
  const back = tail === undefined ? [] : parse(tail)
  return [...front, ...new Array(8 - front.length - back.length).fill(0), ...back]
}

/** True only for an address on the public internet (never loopback, private, link-local, …). */
export function isPublicAddress(text: string): boolean {
  const address = text.replace(/^\[|\]$/g, '').replace(/%.*$/, '')
  const version = isIP(address)
  if (version === 4) return !nonPublicV4.check(address, 'ipv4')
  if (version !== 6) return false
  if (ipv4Mapped.check(address, 'ipv6') || nat64.check(address, 'ipv6')) {
    const groups = ipv6Groups(address)
    const high = groups[6] ?? 0
    const low = groups[7] ?? 0
    return isPublicAddress(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`)
  }
  return globalUnicastV6.check(address, 'ipv6') && !nonPublicV6.check(address, 'ipv6')
}

/** The host of a WHATWG-parsed URL (numeric forms such as 0x7f000001 are already 127.0.0.1). */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '')
}

/**
 * Checks an endpoint when it is saved: http(s) always; with private networks
 * disallowed also https and a name that resolves (now) only to public addresses.
 */
export async function lenderEndpointRefusal(
  endpoint: string,
  policy: LenderNetworkPolicy,
): Promise<EndpointRefusal | null> {
  const url = new URL(endpoint)
  if (policy.allowPrivateNetwork) return null
  if (url.protocol !== 'https:') return 'httpsRequired'
  const host = hostOf(url)
  if (isIP(host)) return isPublicAddress(host) ? null : 'notPublic'
  let addresses: LookupAddress[]
  try {
    addresses = await lookupAll(host, { all: true, verbatim: true })
  } catch {
    return 'unresolvable'
  }
  if (addresses.length === 0) return 'unresolvable'
  return addresses.every((entry) => isPublicAddress(entry.address)) ? null : 'notPublic'
}

/** A request refused by the network policy before any byte left this server. */
export class LenderEndpointRefusedError extends Error {
  readonly refusal: EndpointRefusal
  constructor(refusal: EndpointRefusal) {
    // No address in the message: the log says which rule, the lender id is on the job.
    super(`lender endpoint refused by the network policy: ${refusal}`)
    this.name = 'LenderEndpointRefusedError'
    this.refusal = refusal
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void

/**
 * `dns.lookup` for sockets: resolves, then refuses the connection when any answer
 * is not public. Runs on every new connection, so DNS rebinding is caught.
 */
function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  const all: LookupAllOptions = { ...options, all: true }
  lookup(hostname, all, (error, addresses) => {
    if (error) return callback(error, [])
    if (addresses.length === 0 || !addresses.every((entry) => isPublicAddress(entry.address))) {
      return callback(new LenderEndpointRefusedError('notPublic'), [])
    }
    if (options.all) return callback(null, addresses)
    const [first] = addresses as [LookupAddress]
    return callback(null, first.address, first.family)
  })
}

// One pair of agents per policy: a kept-alive socket opened under one policy is never reused under the other.
const agents = new Map<boolean, { http: http.Agent; https: https.Agent }>()
function agentsFor(policy: LenderNetworkPolicy) {
  let pair = agents.get(policy.allowPrivateNetwork)
  if (!pair) {
    const options = {
      keepAlive: true,
      ...(policy.allowPrivateNetwork ? {} : { lookup: publicOnlyLookup }),
    }
    pair = { http: new http.Agent(options), https: new https.Agent(options) }
    agents.set(policy.allowPrivateNetwork, pair)
  }
  return pair
}

/** Largest answer read from a lender; a partner answer is a few hundred bytes. */
const MAX_ANSWER_BYTES = 1_000_000

export type LenderAnswer = { status: number; body: string }

/**
 * POSTs to a lender endpoint under the network policy. A redirect is returned
 * as it is (never followed), so the caller treats it as a failed delivery.
 */
export async function postToLender(
  endpoint: string,
  request: { headers: Record<string, string>; body: string; timeoutMs: number },
  policy: LenderNetworkPolicy,
): Promise<LenderAnswer> {
  const url = new URL(endpoint)
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new LenderEndpointRefusedError('httpsRequired')
  if (!policy.allowPrivateNetwork) {
    if (url.protocol !== 'https:') throw new LenderEndpointRefusedError('httpsRequired')
    // A literal address never reaches the lookup: judge it here.
    const host = hostOf(url)
    if (isIP(host) && !isPublicAddress(host)) throw new LenderEndpointRefusedError('notPublic')
  }
  const pair = agentsFor(policy)
  const transport = url.protocol === 'https:' ? https : http
  const body = Buffer.from(request.body, 'utf8')
  return new Promise<LenderAnswer>((resolve, reject) => {
    const outgoing = transport.request(
      url,
      {
        method: 'POST',
        agent: url.protocol === 'https:' ? pair.https : pair.http,
        headers: { ...request.headers, 'content-length': String(body.length) },
        signal: AbortSignal.timeout(request.timeoutMs),
      },
      (response) => {
        const chunks: Buffer[] = []
        let size = 0
        response.on('data', (chunk: Buffer) => {
          size += chunk.length
          if (size > MAX_ANSWER_BYTES) {
            response.destroy(new Error('lender endpoint answered with a body that is too large'))
            return
          }
          chunks.push(chunk)
        })
        response.once('error', reject)
        response.once('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        )
        // A connection cut (or timed out) mid-answer; after 'end' this does nothing.
        response.once('close', () => reject(new Error('lender endpoint closed the connection mid-answer')))
      },
    )
    outgoing.once('error', reject)
    outgoing.end(body)
  })
}
