import { pathFor } from '@lainava/routing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pageDocument } from '../test/page-document.ts'
import { type Cookies, loginAs } from '../test/sessions.ts'
import { createTestApp } from '../test/test-app.ts'

// Issue 18 item 2: the admin flag editor /admin/flags/. Admins only (others logged out to the
// forbidden page); a flag saved through the page's action is served to the SDK exactly as the
// GrowthBook rule the form describes; the API's errors show next to their fields in the page's
// language. Forms are posted as a browser without JavaScript posts them. Needs the production build.

let ctx: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  ctx = await createTestApp({ ROLES: 'web,api' })
})
afterAll(async () => {
  await ctx.close()
})

const ORIGIN = 'http://localhost:3000'
const FLAGS = pathFor('adminFlags', 'fi')
const page = (url: string, cookies: Cookies = {}) => ctx.app.inject({ method: 'GET', url, cookies })

/** A form post as a browser without JavaScript sends it (the answer is the whole page). */
function post(url: string, fields: Record<string, string>, cookies: Cookies) {
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    cookies,
    payload: new URLSearchParams(fields).toString(),
  })
}

function documentOf(body: string) {
  return pageDocument(body)
}

describe('admin flag editor page', () => {
  it('a consumer is logged out and sent to the forbidden page; the signed-out to the login page', async () => {
    const consumer = await loginAs(ctx.database.db)
    const response = await page(`${FLAGS}?env=development`, consumer.cookies)
    expect(response.statusCode).toBe(302)
    expect(response.headers.location).toBe('/forbidden/')
    // The page's action refuses too (a new login: the one above has ended).
    const again = await loginAs(ctx.database.db)
    const action = await post(FLAGS, { intent: 'connection.create', env: 'development' }, again.cookies)
    expect(action.statusCode).toBe(302)
    expect(action.headers.location).toBe('/forbidden/')
    const signedOut = await page(pathFor('adminFlags', 'en'))
    expect(signedOut.statusCode).toBe(302)
    expect(signedOut.headers.location).toBe(`/en/login/?returnTo=${encodeURIComponent('/en/admin/flags/')}`)
  })

  it('an admin gets the page, not indexed, linked from the admin navigation', async () => {
    const admin = await loginAs(ctx.database.db, { role: 'admin' })
    const response = await page(FLAGS, admin.cookies)
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.body).toContain('<meta name="robots" content="noindex"/>')
    const document = documentOf(response.body)
    expect(document.querySelector('h1')?.textContent).toBe('Ominaisuusliput ja kokeilut')
    const links = (doc: ReturnType<typeof documentOf>, href: string) =>
      [...doc.querySelectorAll(`nav a[href="${href}"]`)].map((link) => link.textContent)
    expect(links(document, '/admin/flags/')).toContain('Ominaisuusliput')
    const users = documentOf((await page(pathFor('adminUsers', 'sv'), admin.cookies)).body)
    expect(links(users, '/sv/admin/flags/')).toContain('Funktionsflaggor')
  })

  it('saves an experiment rule through the page action: the SDK gets exactly that GrowthBook rule', async () => {
    const admin = await loginAs(ctx.database.db, { role: 'admin' })
    const saved = await post(
      `${FLAGS}?env=development&new`,
      {
        intent: 'save',
        env: 'development',
        isNew: '1',
        key: 'cta-text',
        valueType: 'string',
        description: 'Landing call to action',
        enabled: 'on',
        defaultValue: 'Hae lainaa',
        'rules.0.kind': 'experiment',
        'rules.0.id': 'fr_cta',
        'rules.0.coverage': '80',
        'rules.0.hashAttribute': 'deviceId',
        'rules.0.trackingKey': 'cta-2026',
        'rules.0.variations.0.name': 'control',
        'rules.0.variations.0.value': 'Hae lainaa',
        'rules.0.variations.0.weight': '30',
        'rules.0.variations.1.name': 'compare',
        'rules.0.variations.1.value': 'Vertaile lainoja',
        'rules.0.variations.1.weight': '70',
        'rules.0.conditions.0.attribute': 'country',
        'rules.0.conditions.0.operator': 'inList',
        'rules.0.conditions.0.value': 'FI, SE',
        'rules.0.conditions.1.attribute': 'deviceType',
        'rules.0.conditions.1.operator': 'notEquals',
        'rules.0.conditions.1.value': 'bot',
        'rules.0.advanced': '{"browser": {"$regex": "Firefox|Chrome"}}',
      },
      admin.cookies,
    )
    expect(saved.statusCode).toBe(302)
    expect(saved.headers.location).toBe('/admin/flags/?env=development&flag=cta-text&saved=1')

    const created = await post(
      FLAGS,
      { intent: 'connection.create', env: 'development', connectionKind: 'plain' },
      admin.cookies,
    )
    expect(created.statusCode).toBe(200)
    const clientKey = /Uusi avain: (sdk-[A-Za-z0-9_-]+)/.exec(created.body)?.[1]
    expect(clientKey).toBeDefined()
    const payload = await ctx.app.inject({ method: 'GET', url: `/api/features/${clientKey}` })
    expect(payload.statusCode).toBe(200)
    expect(payload.json().features['cta-text']).toEqual({
      defaultValue: 'Hae lainaa',
      rules: [
        {
          id: 'fr_cta',
          condition: {
            country: { $in: ['FI', 'SE'] },
            deviceType: { $ne: 'bot' },
            browser: { $regex: 'Firefox|Chrome' },
          },
          coverage: 0.8,
          hashAttribute: 'deviceId',
          key: 'cta-2026',
          variations: ['Hae lainaa', 'Vertaile lainoja'],
          weights: [0.3, 0.7],
          meta: [
            { key: '0', name: 'control' },
            { key: '1', name: 'compare' },
          ],
        },
      ],
    })

    // The editor shows the flag as saved, and the change in its history.
    const editor = documentOf((await page(saved.headers.location as string, admin.cookies)).body)
    expect(
      [...editor.querySelectorAll('main [role="status"]')].map((status) => status.textContent),
    ).toContain('Lippu tallennettu.')
    expect(
      (editor.querySelector('input[name="rules.0.conditions.0.value"]') as unknown as HTMLInputElement).value,
    ).toBe('FI, SE')
    expect(editor.querySelector('[data-testid="flag-history"]')?.textContent).toContain('loi lipun')
  })

  it('a value of the wrong type gets the API’s field error next to the field, in Finnish', async () => {
    const admin = await loginAs(ctx.database.db, { role: 'admin' })
    const response = await post(
      `${FLAGS}?env=development&new`,
      {
        intent: 'save',
        env: 'development',
        isNew: '1',
        key: 'max-offers',
        valueType: 'number',
        description: '',
        enabled: 'on',
        defaultValue: '5',
        'rules.0.kind': 'force',
        'rules.0.id': 'fr_max',
        'rules.0.value': 'viisi',
      },
      admin.cookies,
    )
    expect(response.statusCode).toBe(400)
    const document = documentOf(response.body)
    const field = document.querySelector('input[name="rules.0.value"]')
    const describedBy = field?.getAttribute('aria-describedby') ?? ''
    const errors = describedBy.split(' ').map((id) => document.getElementById(id)?.textContent)
    expect(errors).toContain('Arvo ei ole lipun tyyppiä.')
    expect(field?.getAttribute('aria-invalid')).toBe('true')
    // What was typed stays in the form; nothing was stored.
    expect(field?.getAttribute('value')).toBe('viisi')
    const list = await page(`${FLAGS}?env=development`, admin.cookies)
    expect(list.body).not.toContain('max-offers')
  })

  it('refuses text PostgreSQL cannot store inside a rule’s JSON with a field error, not a server error', async () => {
    const admin = await loginAs(ctx.database.db, { role: 'admin' })
    const response = await post(
      `${FLAGS}?env=development&new`,
      {
        intent: 'save',
        env: 'development',
        isNew: '1',
        key: 'nul-condition',
        valueType: 'json',
        defaultValue: '{"ok": true}',
        'rules.0.kind': 'force',
        'rules.0.id': 'fr_nul',
        'rules.0.value': '{"text": "\\u0000"}',
        'rules.0.advanced': '{"name": {"$eq": "\\ud800"}}',
      },
      admin.cookies,
    )
    expect(response.statusCode).toBe(400)
    expect(response.body).toContain('Korjaa merkityt kohdat.')
    expect(response.body).toContain('Tarkista tämä tieto.')
    const list = await page(`${FLAGS}?env=development`, admin.cookies)
    expect(list.body).not.toContain('nul-condition')
  })

  it('a saved group targets a flag; the preview shows what members and others get; delete takes the flag away', async () => {
    const admin = await loginAs(ctx.database.db, { role: 'admin' })
    const group = await post(
      FLAGS,
      {
        intent: 'group.save',
        env: 'production',
        id: 'staff',
        name: 'Henkilökunta',
        attributeKey: 'id',
        values: 'u-1\r\n  u-2  \r\n\r\n',
      },
      admin.cookies,
    )
    expect(group.statusCode).toBe(200)
    expect(group.body).toContain('Ryhmä Henkilökunta tallennettu.')
    const edit = documentOf((await page(`${FLAGS}?env=production&group=staff`, admin.cookies)).body)
    expect(edit.querySelector('textarea[name="values"]')?.textContent).toBe('u-1\nu-2')

    const saved = await post(
      `${FLAGS}?new`,
      {
        intent: 'save',
        env: 'production',
        isNew: '1',
        key: 'staff-banner',
        valueType: 'string',
        enabled: 'on',
        defaultValue: 'kaikille',
        'rules.0.kind': 'force',
        'rules.0.id': 'fr_staff',
        'rules.0.value': 'henkilökunnalle',
        'rules.0.conditions.0.attribute': 'id',
        'rules.0.conditions.0.operator': 'inGroup',
        'rules.0.conditions.0.value': 'staff',
      },
      admin.cookies,
    )
    expect(saved.statusCode).toBe(302)
    const preview = async (id: string) => {
      const response = await post(
        FLAGS,
        {
          intent: 'preview',
          env: 'production',
          'attributes.0.key': 'id',
          'attributes.0.value': id,
          'attributes.1.key': 'country',
          'attributes.1.value': '',
          attributesJson: '{"loggedIn": true}',
        },
        admin.cookies,
      )
      expect(response.statusCode).toBe(200)
      const row = [
        ...documentOf(response.body).querySelectorAll('[data-testid="preview-result"] tbody tr'),
      ].find((candidate) => candidate.querySelector('th')?.textContent === 'staff-banner')
      return row?.querySelector('td')?.textContent
    }
    expect(await preview('u-2')).toBe('"henkilökunnalle"')
    expect(await preview('u-3')).toBe('"kaikille"')

    const deleted = await post(
      FLAGS,
      { intent: 'delete', env: 'production', key: 'staff-banner' },
      admin.cookies,
    )
    expect(deleted.statusCode).toBe(302)
    expect(deleted.headers.location).toBe('/admin/flags/?env=production')
    expect(await preview('u-2')).toBeUndefined()
  })

  it('an encrypted client key shows its decryption key once', async () => {
    const admin = await loginAs(ctx.database.db, { role: 'admin' })
    const created = await post(
      FLAGS,
      { intent: 'connection.create', env: 'production', connectionKind: 'encrypted' },
      admin.cookies,
    )
    expect(created.statusCode).toBe(200)
    const decryptionKey = documentOf(created.body).querySelector(
      '[data-testid="decryption-key"]',
    )?.textContent
    expect(decryptionKey).toMatch(/^[A-Za-z0-9+/]{22}==$/)
    const later = await page(`${FLAGS}?env=production`, admin.cookies)
    expect(later.body).toContain('salattu')
    expect(later.body).not.toContain(decryptionKey)
  })

  it('adds, moves and deletes rules without JavaScript: each button posts and the page comes back changed', async () => {
    const admin = await loginAs(ctx.database.db, { role: 'admin' })
    const base = {
      env: 'production',
      isNew: '1',
      key: 'banner',
      valueType: 'boolean',
      defaultValue: 'false',
      'rules.0.kind': 'force',
      'rules.0.id': 'fr_a',
      'rules.0.value': 'true',
    }
    const added = documentOf(
      (await post(`${FLAGS}?new`, { ...base, intent: 'rule.add.rollout' }, admin.cookies)).body,
    )
    const kinds = () =>
      [...added.querySelectorAll('input[name$=".kind"]')].map((input) => input.getAttribute('value'))
    expect(kinds()).toEqual(['force', 'rollout'])
    const moved = documentOf(
      (
        await post(
          `${FLAGS}?new`,
          {
            ...base,
            'rules.1.kind': 'rollout',
            'rules.1.id': 'fr_b',
            'rules.1.value': 'true',
            intent: 'rule.up.1',
          },
          admin.cookies,
        )
      ).body,
    )
    expect(
      [...moved.querySelectorAll('input[name$=".id"]')].map((input) => input.getAttribute('value')),
    ).toEqual(['fr_b', 'fr_a'])
    const removed = documentOf(
      (await post(`${FLAGS}?new`, { ...base, intent: 'rule.remove.0' }, admin.cookies)).body,
    )
    expect(removed.querySelectorAll('input[name$=".kind"]')).toHaveLength(0)
  })
})
