import { generateKeyPairSync, randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { isValidHenkilotunnus } from '@lainava/domain'
import { type CatalogueLocale, isCatalogueLocale } from '@lainava/i18n'
import type { FastifyPluginAsync } from 'fastify'
import Provider, { type Adapter, type AdapterPayload, type KoaContextWithOIDC } from 'oidc-provider'
import type { Config } from '../../config.ts'
import type { FieldCipher } from '../../crypto/field-encryption.ts'
import { translatorFor } from '../../language.ts'
import { TEST_LEVELS } from './claims.ts'
import { TEST_IDENTITIES, type TestIdentity } from './test-identities.ts'

// ADR 024: a real OpenID provider (oidc-provider) standing in for a trust-network broker where none is
// configured. It serves fictional people only, asks for nothing real and says so on every page. Its
// keys, grants and sessions live in this process's memory: one process, the embedded default.

export const TEST_PROVIDER_PATH = '/test-idp'
export const CALLBACK_PATH = '/api/v1/identification/callback'
const CLIENT_ID = 'lainava-local'

/** The issuer and our client at the test provider; the secret is derived from the encryption key. */
export function testProviderClient(config: Config, cipher: FieldCipher) {
  return {
    issuer: `${config.PUBLIC_URL}${TEST_PROVIDER_PATH}`,
    clientId: CLIENT_ID,
    clientSecret: cipher.fingerprint('test-idp client secret'),
  }
}

/** Artefacts in a Map with expiry (the provider's own memory adapter warns it is for development only: so is this). */
function memoryAdapter() {
  const store = new Map<string, { payload: AdapterPayload; expiresAt: number }>()
  const live = (key: string) => {
    const entry = store.get(key)
    if (!entry) return undefined
    if (entry.expiresAt <= Date.now()) {
      store.delete(key)
      return undefined
    }
    return entry
  }
  return class MemoryAdapter implements Adapter {
    readonly name: string
    constructor(name: string) {
      this.name = name
    }
    private key(id: string) {
      return `${this.name}:${id}`
    }
    async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
      // Expired entries go when written over or read; a sweep keeps a long-running demo bounded.
      if (store.size > 5000) for (const key of store.keys()) live(key)
      store.set(this.key(id), { payload, expiresAt: Date.now() + expiresIn * 1000 })
    }
    async find(id: string) {
      return live(this.key(id))?.payload
    }
    async findByUserCode(userCode: string) {
      for (const key of store.keys()) {
        const entry = live(key)
        if (key.startsWith(`${this.name}:`) && entry?.payload.userCode === userCode) return entry.payload
      }
      return undefined
    }
    async findByUid(uid: string) {
      for (const key of store.keys()) {
        const entry = live(key)
        if (key.startsWith(`${this.name}:`) && entry?.payload.uid === uid) return entry.payload
      }
      return undefined
    }
    async consume(id: string) {
      const entry = live(this.key(id))
      if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000)
    }
    async destroy(id: string) {
      store.delete(this.key(id))
    }
    async revokeByGrantId(grantId: string) {
      for (const [key, entry] of store) if (entry.payload.grantId === grantId) store.delete(key)
    }
  }
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char)

function languageOf(value: unknown): CatalogueLocale {
  const first = typeof value === 'string' ? value.split(' ')[0] : undefined
  return first && isCatalogueLocale(first) && ['fi', 'sv', 'en'].includes(first) ? first : 'fi'
}

const STYLE = `body{margin:0;font-family:system-ui,sans-serif;color:#0f172a;background:#f8fafc;line-height:1.5}
main{max-width:36rem;margin:0 auto;padding:1.5rem 1rem}
.banner{background:#7c2d12;color:#fff;padding:.75rem 1rem;font-weight:700;text-align:center;margin:0}
h1{font-size:1.5rem;margin:.5rem 0 1rem}h2{font-size:1.125rem;margin:1.5rem 0 .5rem}
ul{list-style:none;padding:0;margin:0}li{margin:.5rem 0}
button{font:inherit;min-height:2.75rem;padding:.5rem 1rem;border-radius:.375rem;border:2px solid #3446b4;background:#3446b4;color:#fff;cursor:pointer;width:100%;text-align:left;overflow-wrap:anywhere}
button.secondary{background:#fff;color:#1e293b;border-color:#475569}
button:focus-visible,input:focus-visible{outline:3px solid #b45309;outline-offset:2px}
label{display:block;font-weight:600;margin-top:.75rem}
input{font:inherit;width:100%;box-sizing:border-box;min-height:2.75rem;padding:.5rem;border:1px solid #475569;border-radius:.375rem}
.hint{margin:.25rem 0;color:#334155;font-size:.875rem}
.error{color:#b91c1c;font-weight:600}`

function page(language: CatalogueLocale, title: string, body: string): string {
  const t = translatorFor(language)
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><p class="banner" role="note">${escapeHtml(t('testIdp.title'))}</p><main>${body}</main></body></html>`
}

type FormState = { hetu: string; givenName: string; familyName: string; error: string | null }

function interactionPage(language: CatalogueLocale, uid: string, form: FormState): string {
  const t = translatorFor(language)
  const action = `${TEST_PROVIDER_PATH}/interaction/${encodeURIComponent(uid)}`
  const people = TEST_IDENTITIES.map(
    (person) =>
      `<li><button type="submit" name="person" value="${escapeHtml(person.hetu)}">${escapeHtml(
        t('testIdp.identifyAs', { name: `${person.givenName} ${person.familyName}`, hetu: person.hetu }),
      )}</button></li>`,
  ).join('')
  const invalid = form.error ? ' aria-invalid="true"' : ''
  const field = (name: keyof Omit<FormState, 'error'>, label: string, extra = '') =>
    `<label for="${name}">${escapeHtml(label)}</label><input id="${name}" name="${name}" value="${escapeHtml(form[name])}" autocomplete="off"${invalid}${extra}>`
  const body = [
    `<h1>${escapeHtml(t('testIdp.title'))}</h1>`,
    `<p>${escapeHtml(t('testIdp.notice'))}</p>`,
    `<h2>${escapeHtml(t('testIdp.people'))}</h2>`,
    `<form method="post" action="${action}/login"><ul>${people}</ul></form>`,
    `<h2>${escapeHtml(t('testIdp.other'))}</h2>`,
    `<form method="post" action="${action}/login" novalidate>`,
    form.error ? `<p class="error" id="form-error" role="alert">${escapeHtml(form.error)}</p>` : '',
    field(
      'hetu',
      t('testIdp.hetu'),
      ` aria-describedby="hetu-hint${form.error ? ' form-error' : ''}" spellcheck="false"`,
    ),
    `<p class="hint" id="hetu-hint">${escapeHtml(t('testIdp.hetuHint'))}</p>`,
    field('givenName', t('testIdp.givenName')),
    field('familyName', t('testIdp.familyName')),
    `<p><button type="submit">${escapeHtml(t('testIdp.continue'))}</button></p></form>`,
    `<form method="post" action="${action}/abort"><p><button type="submit" class="secondary">${escapeHtml(t('testIdp.cancel'))}</button></p></form>`,
  ].join('')
  return page(language, t('testIdp.title'), body)
}

const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  // No scripts at all; the inline style is the page's only resource.
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
}

/** Reads the small urlencoded body of the interaction forms (the platform's parser; 8 kB at most). */
async function formBody(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request) {
    size += (chunk as Buffer).length
    if (size > 8192) break
    chunks.push(chunk as Buffer)
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
}

/**
 * Mounts the test provider at /test-idp/ (discovery at /test-idp/.well-known/openid-configuration), with
 * its interaction pages: choose a fictional person or type a test henkilötunnus, or cancel.
 */
export const testProviderRoutes: FastifyPluginAsync<{ config: Config; cipher: FieldCipher }> = async (
  app,
  { config, cipher },
) => {
  const client = testProviderClient(config, cipher)
  const accounts = new Map<string, TestIdentity & { createdAt: number }>()
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const jwk = privateKey.export({ format: 'jwk' })

  const provider = new Provider(client.issuer, {
    adapter: memoryAdapter(),
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        // ADR 062: the flow returns to the site origin the visitor is on.
        redirect_uris: config.ALLOWED_ORIGINS.map((origin) => `${origin}${CALLBACK_PATH}`),
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [{ ...jwk, kid: randomUUID(), use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [cipher.fingerprint('test-idp cookie key')] },
    pkce: { required: () => true },
    acrValues: [TEST_LEVELS.substantial, TEST_LEVELS.high],
    claims: {
      // The FTN profile's henkilötunnus claim (ADR 024), given with the openid scope as brokers do.
      openid: ['sub', 'urn:oid:1.2.246.21'],
      profile: ['given_name', 'family_name', 'name'],
    },
    features: { devInteractions: { enabled: false }, userinfo: { enabled: true } },
    ttl: {
      AccessToken: 300,
      AuthorizationCode: 60,
      IdToken: 300,
      Interaction: 600,
      Session: 600,
      Grant: 600,
    },
    interactions: { url: (_ctx, interaction) => `${TEST_PROVIDER_PATH}/interaction/${interaction.uid}` },
    // Our own client is first-party: its grant is given without a consent screen.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const accountId = ctx.oidc.session?.accountId
      if (!accountId || !ctx.oidc.client) return undefined
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId })
      grant.addOIDCScope('openid profile')
      await grant.save()
      return grant
    },
    findAccount: (_ctx, id) => {
      const person = accounts.get(id)
      if (!person) return undefined
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          given_name: person.givenName,
          family_name: person.familyName,
          name: `${person.givenName} ${person.familyName}`,
          'urn:oid:1.2.246.21': person.hetu,
        }),
      }
    },
    clientBasedCORS: () => false,
    renderError: (ctx, out) => {
      const language = languageOf(ctx.oidc?.params?.ui_locales)
      const t = translatorFor(language)
      ctx.type = 'html'
      ctx.set('content-security-policy', PAGE_HEADERS['content-security-policy'])
      ctx.body = page(
        language,
        t('testIdp.errorTitle'),
        `<h1>${escapeHtml(t('testIdp.errorTitle'))}</h1><p>${escapeHtml(String(out.error_description ?? out.error))}</p>`,
      )
    },
  })
  provider.proxy = config.TRUST_PROXY

  /** Signs a person in for this interaction: a fresh subject each time (no account is kept for long). */
  function accountFor(person: TestIdentity): string {
    const now = Date.now()
    for (const [id, account] of accounts) if (now - account.createdAt > 15 * 60_000) accounts.delete(id)
    const id = randomUUID()
    accounts.set(id, { ...person, createdAt: now })
    return id
  }

  async function details(request: IncomingMessage, reply: ServerResponse) {
    try {
      return await provider.interactionDetails(request, reply)
    } catch {
      return null
    }
  }

  function expired(reply: ServerResponse, language: CatalogueLocale) {
    const t = translatorFor(language)
    reply.writeHead(400, PAGE_HEADERS)
    reply.end(
      page(
        language,
        t('testIdp.errorTitle'),
        `<h1>${escapeHtml(t('testIdp.errorTitle'))}</h1><p>${escapeHtml(t('testIdp.expired'))}</p>`,
      ),
    )
  }

  // The interaction pages: plain HTML forms, read here (the provider's own routes read theirs).
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined))

    scope.get<{ Params: { uid: string } }>(
      `${TEST_PROVIDER_PATH}/interaction/:uid`,
      { schema: { hide: true } },
      async (request, reply) => {
        reply.hijack()
        const interaction = await details(request.raw, reply.raw)
        const language = languageOf(interaction?.params.ui_locales)
        if (!interaction || interaction.uid !== request.params.uid) return expired(reply.raw, language)
        reply.raw.writeHead(200, PAGE_HEADERS)
        reply.raw.end(
          interactionPage(language, interaction.uid, {
            hetu: '',
            givenName: '',
            familyName: '',
            error: null,
          }),
        )
      },
    )

    scope.post<{ Params: { uid: string } }>(
      `${TEST_PROVIDER_PATH}/interaction/:uid/login`,
      { schema: { hide: true } },
      async (request, reply) => {
        reply.hijack()
        const interaction = await details(request.raw, reply.raw)
        const language = languageOf(interaction?.params.ui_locales)
        if (!interaction || interaction.uid !== request.params.uid) return expired(reply.raw, language)
        const form = await formBody(request.raw)
        const t = translatorFor(language)
        const chosen = TEST_IDENTITIES.find((person) => person.hetu === form.get('person'))
        const typed = {
          hetu: (form.get('hetu') ?? '').trim().toUpperCase().slice(0, 20),
          givenName: (form.get('givenName') ?? '').trim().slice(0, 100),
          familyName: (form.get('familyName') ?? '').trim().slice(0, 100),
        }
        const error = chosen
          ? null
          : !isValidHenkilotunnus(typed.hetu, { allowTemporary: true })
            ? t('testIdp.hetuInvalid')
            : !typed.givenName || !typed.familyName
              ? t('testIdp.nameRequired')
              : null
        if (error) {
          reply.raw.writeHead(400, PAGE_HEADERS)
          reply.raw.end(interactionPage(language, interaction.uid, { ...typed, error }))
          return
        }
        const accountId = accountFor(chosen ?? typed)
        await provider.interactionFinished(
          request.raw,
          reply.raw,
          { login: { accountId, acr: TEST_LEVELS.substantial, amr: ['test'] } },
          { mergeWithLastSubmission: false },
        )
      },
    )

    scope.post<{ Params: { uid: string } }>(
      `${TEST_PROVIDER_PATH}/interaction/:uid/abort`,
      { schema: { hide: true } },
      async (request, reply) => {
        reply.hijack()
        const interaction = await details(request.raw, reply.raw)
        if (!interaction || interaction.uid !== request.params.uid) {
          return expired(reply.raw, languageOf(interaction?.params.ui_locales))
        }
        await provider.interactionFinished(
          request.raw,
          reply.raw,
          { error: 'access_denied', error_description: 'The person cancelled the identification.' },
          { mergeWithLastSubmission: false },
        )
      },
    )

    // Everything else is the provider's own: discovery, keys, authorization, token, userinfo.
    const callback = provider.callback()
    scope.all(`${TEST_PROVIDER_PATH}/*`, { schema: { hide: true } }, (request, reply) => {
      reply.hijack()
      const raw = request.raw as IncomingMessage & { originalUrl?: string }
      raw.originalUrl = raw.url
      raw.url = (raw.url ?? '/').slice(TEST_PROVIDER_PATH.length) || '/'
      void callback(raw, reply.raw)
    })
  })
}
