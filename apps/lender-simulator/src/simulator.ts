import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import {
  type PartnerAcceptance,
  type PartnerAnswer,
  type PartnerApplication,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  verifyPartnerSignature,
} from '@lainava/domain/marketplace/partner-protocol'

// A lender on Lainava's partner API, for tests and local demos. It verifies
// every request's signature, answers each delivery once (a retried delivery
// gets the same answer), and either answers at once (200) or accepts (202) and
// posts its answer later through Lainava's lender API with its API key.

export type SimulatorOptions = {
  signingSecret: string
  apiKey: string
  /** `instant`: answer in the response; `callback`: 202, then POST the answer to the callback URL. */
  mode: 'instant' | 'callback'
  callbackDelayMs: number
  /** Largest amount it lends; a larger request gets this amount. */
  maxAmount: number
  /** Percent. Above the Finnish cap to test that Lainava refuses it. */
  nominalRate: number
  openingFee: number
  monthlyFee: number
  /** Applications with an amount below this are declined. */
  minAmount: number
  /** Card offers (answers to credit-card applications): the annual fee; the rate and monthly fee are the ones above. */
  annualFee?: number
  /** Business applications (issue 15): a personal guarantee is asked from this amount on. */
  personalGuaranteeFrom?: number
  /** A careless issuer: answers card applications with loan terms (to test that Lainava refuses them). */
  loanTermsForCards?: boolean
  /**
   * Mortgage applications (issue 16): the bank's margin in percent over `mortgageEuribor` (percent). In
   * callback mode the bank first says it is processing the application, then posts its offer.
   */
  mortgageMargin?: number
  mortgageEuribor?: number
}

export type SimulatorStats = {
  /** Signed application deliveries received, counting retries. */
  deliveries: number
  /** Distinct applications asked about, with how many times each was delivered. */
  applications: Record<string, number>
  /** The last delivery of each application, as received (what a lender learns of it). */
  received: Record<string, PartnerApplication>
  acceptances: string[]
  rejectedSignatures: number
  callbacks: Array<{ applicationId: string; status: number; body: unknown }>
}

export type RunningSimulator = { url: string; stats: SimulatorStats; server: Server; close(): Promise<void> }

function answerFor(options: SimulatorOptions, application: PartnerApplication): PartnerAnswer {
  if (application.loan.amount < options.minAmount)
    return { decision: 'decline', reason: 'amount below our minimum' }
  if (application.mortgage) {
    const { loan } = application.mortgage
    return {
      decision: 'offer',
      offer: {
        amount: Math.min(loan.loanAmount, options.maxAmount),
        months: loan.years * 12,
        repaymentType: loan.repaymentType as 'annuity',
        referenceRate: 'euribor-12',
        referenceRateValue: options.mortgageEuribor ?? 2.245,
        margin: options.mortgageMargin ?? 0.6,
        openingFee: options.openingFee,
        monthlyFee: options.monthlyFee,
        validDays: 30,
        reference: `SIM-${application.applicationId.slice(0, 8)}`,
        esis: {
          valuationFee: 200,
          arrangementFee: 0,
          collateralFee: 75,
          earlyRepayment: 'Ennenaikainen takaisinmaksu ilman korvausta viitekorkosidonnaisena.',
          insuranceRequired: false,
          insurance: null,
          collateral: 'Asunto-osakkeet',
          stateGuarantee: false,
          reflectionDays: 14,
          contact: 'asuntolainat@simulaattori.invalid',
        },
      },
    }
  }
  if (application.card && !options.loanTermsForCards) {
    // A card issuer answers with card terms; the card type asked for, or a Visa when any will do.
    const asked = application.card.cardTypePreference
    return {
      decision: 'offer',
      offer: {
        cardType: asked && asked !== 'other' ? asked : 'visa',
        creditLimit: Math.min(application.card.limitWished, options.maxAmount),
        nominalRate: options.nominalRate,
        annualFee: options.annualFee ?? 0,
        monthlyFee: options.monthlyFee,
        gracePeriodDays: 45,
        validDays: 14,
        secciUrl: `https://lender.invalid/secci/${application.applicationId}`,
        reference: `SIM-${application.applicationId.slice(0, 8)}`,
      },
    }
  }
  return {
    decision: 'offer',
    offer: {
      amount: Math.min(application.loan.amount, options.maxAmount),
      months: application.loan.months,
      nominalRate: options.nominalRate,
      openingFee: options.openingFee,
      monthlyFee: options.monthlyFee,
      feeFinanced: false,
      ...(application.business && options.personalGuaranteeFrom !== undefined
        ? { personalGuarantee: application.loan.amount >= options.personalGuaranteeFrom }
        : {}),
      validDays: 14,
      secciUrl: `https://lender.invalid/secci/${application.applicationId}`,
      reference: `SIM-${application.applicationId.slice(0, 8)}`,
    },
  }
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

function send(response: ServerResponse, status: number, body?: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' })
  response.end(body === undefined ? undefined : JSON.stringify(body))
}

export function startSimulator(
  options: SimulatorOptions,
  port = 0,
  host = '127.0.0.1',
): Promise<RunningSimulator> {
  const stats: SimulatorStats = {
    deliveries: 0,
    applications: {},
    received: {},
    acceptances: [],
    rejectedSignatures: 0,
    callbacks: [],
  }
  const answers = new Map<string, PartnerAnswer>()
  const timers = new Set<NodeJS.Timeout>()

  async function postCallback(application: PartnerApplication, answer: PartnerAnswer) {
    const mortgage = application.callbacks.mortgageOffer && application.callbacks.mortgageStatus
    let target = answer.decision === 'offer' ? application.callbacks.offer : application.callbacks.decline
    if (mortgage && answer.decision === 'offer') target = application.callbacks.mortgageOffer ?? target
    const body = answer.decision === 'offer' ? answer.offer : { reason: answer.reason }
    try {
      // A bank first says it is processing the mortgage application (issue 16).
      if (mortgage && application.callbacks.mortgageStatus) {
        const status = await fetch(application.callbacks.mortgageStatus, {
          method: 'POST',
          headers: { authorization: `Bearer ${options.apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ status: 'processing' }),
        })
        stats.callbacks.push({ applicationId: application.applicationId, status: status.status, body: null })
      }
      const response = await fetch(target, {
        method: 'POST',
        headers: { authorization: `Bearer ${options.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      stats.callbacks.push({
        applicationId: application.applicationId,
        status: response.status,
        body: await response.json().catch(() => null),
      })
    } catch (error) {
      stats.callbacks.push({ applicationId: application.applicationId, status: 0, body: String(error) })
    }
  }

  const server = createServer(async (request, response) => {
    if (request.method === 'GET' && request.url === '/stats') return send(response, 200, stats)
    if (request.method !== 'POST') return send(response, 404, { error: 'not found' })
    const raw = await readBody(request)
    const header = (name: string) => {
      const value = request.headers[name]
      return typeof value === 'string' ? value : undefined
    }
    const check = verifyPartnerSignature({
      secret: options.signingSecret,
      rawBody: raw,
      timestamp: header(TIMESTAMP_HEADER),
      signature: header(SIGNATURE_HEADER),
    })
    if (!check.ok) {
      stats.rejectedSignatures++
      return send(response, 401, { error: 'bad signature', reason: check.reason })
    }
    const event = JSON.parse(raw) as PartnerApplication | PartnerAcceptance
    if (event.event === 'offer.accepted') {
      if (!stats.acceptances.includes(event.offerId)) stats.acceptances.push(event.offerId)
      return send(response, 200, { ok: true })
    }
    stats.deliveries++
    stats.received[event.applicationId] = event
    stats.applications[event.applicationId] = (stats.applications[event.applicationId] ?? 0) + 1
    const known = answers.get(event.deliveryId)
    const answer = known ?? answerFor(options, event)
    answers.set(event.deliveryId, answer)
    if (options.mode === 'instant') return send(response, 200, answer)
    send(response, 202, { accepted: true })
    if (!known) {
      const timer = setTimeout(() => {
        timers.delete(timer)
        void postCallback(event, answer)
      }, options.callbackDelayMs)
      timers.add(timer)
    }
  })

  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      const address = server.address()
      const actualPort = typeof address === 'object' && address ? address.port : port
      resolve({
        url: `http://${host}:${actualPort}`,
        stats,
        server,
        close: () =>
          new Promise<void>((done) => {
            for (const timer of timers) clearTimeout(timer)
            server.close(() => done())
            server.closeAllConnections()
          }),
      })
    })
  })
}
