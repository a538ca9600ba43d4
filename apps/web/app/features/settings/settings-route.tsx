import { languageOfPath, pathFor } from '@lainava/routing'
import { useEffect, useRef, useState } from 'react'
import { data, Form, redirect, useActionData, useNavigation } from 'react-router'
import { Button, buttonClasses } from '../../components/ui/button.tsx'
import { Checkbox } from '../../components/ui/checkbox.tsx'
import { Dialog } from '../../components/ui/dialog.tsx'
import { type Consents, type WebLoadContext, webContext } from '../../context.ts'
import { announceConsentChange, consentCookies, consentOf } from '../../lib/consent.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { rootDataFromMatches } from '../../lib/root-data.ts'
import { alternateLinks } from '../../lib/seo.ts'
import type { Route } from './+types/settings-route'

const CONSENT_KEYS = [
  'offerNotifications',
  'marketingEmail',
  'sms',
  'partnerOffers',
  'analyticsCookies',
] as const

/** The logged-in user, or a redirect to the login page that comes back here. */
async function requireUser(request: Request, url: URL, auth: WebLoadContext['auth']) {
  const user = await auth.currentUser(request.headers.get('cookie'))
  if (user) return user
  const returnTo = url.pathname + url.search.replace(/([?&])autologin=true&?/, '$1').replace(/[?&]$/, '')
  throw redirect(`${pathFor('login', languageOfPath(url.pathname))}?returnTo=${encodeURIComponent(returnTo)}`)
}

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const { auth, account } = context.get(webContext)
  const user = await requireUser(request, url, auth)
  // spec §2: `autologin=true` comes from links in our e-mails; once logged in it has done its job.
  if (url.searchParams.get('autologin') === 'true') {
    url.searchParams.delete('autologin')
    throw redirect(url.pathname + (url.search || ''))
  }
  const consents = await account.getConsents(user.id)
  // Issue 18 item 4: the analytics choice in force on this device is the marketing cookie's, when set.
  const device = consentOf(request.headers.get('cookie'))
  return {
    email: user.email,
    consents: device === null ? consents : { ...consents, analyticsCookies: device === 'granted' },
    menu: url.searchParams.get('menu'),
  }
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const { auth, account, publicUrl } = context.get(webContext)
  const user = await requireUser(request, url, auth)
  const form = await request.formData()
  if (form.get('intent') === 'delete') {
    if (form.get('confirm') !== 'yes') return data({ saved: false, error: 'confirm' }, { status: 400 })
    const { setCookies } = await account.deleteAccount(user.id)
    const headers = new Headers()
    for (const cookie of setCookies) headers.append('set-cookie', cookie)
    throw redirect(pathFor('landing', languageOfPath(url.pathname)), { headers })
  }
  const consents = Object.fromEntries(CONSENT_KEYS.map((key) => [key, form.get(key) === 'on'])) as Consents
  await account.updateConsents(user.id, consents)
  // The same choice as the cookie banner's, by the same function: this browser's marketing cookie follows
  // the analytics box, and the deviceId cookie's lifetime follows it (persistent only with consent, spec §4).
  const headers = new Headers()
  const cookies = consentCookies(
    consents.analyticsCookies,
    request.headers.get('cookie'),
    publicUrl.startsWith('https:'),
  )
  for (const cookie of cookies) headers.append('set-cookie', cookie)
  return data({ saved: true, error: null }, { headers })
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataFromMatches(matches)
  if (!root) return []
  return [
    // Only a signed-in person sees this page: no robots meta (ADR 019).
    { title: `${root.t('settings.title')} – ${root.brandName}` },
    ...alternateLinks('settings', root.lang, {}, root.publicUrl),
  ]
}

export default function SettingsRoute({ loaderData }: Route.ComponentProps) {
  const { t, lang } = useI18n()
  const actionData = useActionData<{ saved: boolean }>()
  const navigation = useNavigation()
  const [confirming, setConfirming] = useState(false)
  const consentsHeading = useRef<HTMLHeadingElement>(null)

  // A save with JavaScript changed the cookies through the response: the page's readers look again
  // (a withdrawal forgets the analytics ids at once, as the banner's does).
  useEffect(() => {
    if (actionData?.saved) announceConsentChange()
  }, [actionData])

  // `?menu=consents` opens the page on the consents section.
  useEffect(() => {
    if (loaderData.menu === 'consents') {
      consentsHeading.current?.scrollIntoView({ block: 'start' })
      consentsHeading.current?.focus()
    }
  }, [loaderData.menu])

  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">{t('settings.title')}</h1>
      <nav aria-label={t('settings.nav')} className="mt-4">
        <ul className="flex flex-wrap gap-4">
          <li>
            <a className="text-brand-800 underline underline-offset-4" href="#account">
              {t('settings.account')}
            </a>
          </li>
          <li>
            <a className="text-brand-800 underline underline-offset-4" href="?menu=consents">
              {t('settings.consents')}
            </a>
          </li>
          <li>
            <a className="text-brand-800 underline underline-offset-4" href="#data">
              {t('settings.data')}
            </a>
          </li>
        </ul>
      </nav>

      <section
        id="account"
        aria-labelledby="account-title"
        className="mt-8 rounded-xl border border-slate-200 p-6"
      >
        <h2 id="account-title" className="text-xl font-semibold text-slate-900">
          {t('settings.account')}
        </h2>
        <p className="mt-2 text-slate-700">
          {t('settings.email')}: <strong data-testid="settings-email">{loaderData.email}</strong>
        </p>
      </section>

      <section
        id="consents"
        aria-labelledby="consents-title"
        className="mt-6 rounded-xl border border-slate-200 p-6"
      >
        <h2
          id="consents-title"
          ref={consentsHeading}
          tabIndex={-1}
          className="text-xl font-semibold text-slate-900"
        >
          {t('settings.consents')}
        </h2>
        <p className="mt-2 text-slate-700">{t('settings.consents.lead')}</p>
        <p className="mt-2 text-sm text-slate-600">{t('consent.settings.lead')}</p>
        <Form method="post" className="mt-4 flex flex-col gap-2">
          <input type="hidden" name="intent" value="consents" />
          {CONSENT_KEYS.map((key) => (
            <Checkbox
              key={key}
              name={key}
              label={t(`settings.consents.${key}`)}
              defaultChecked={loaderData.consents[key]}
            />
          ))}
          <div className="mt-2 flex items-center gap-4">
            <Button
              type="submit"
              variant="primary"
              loading={navigation.state === 'submitting'}
              loadingLabel={t('login.sending')}
            >
              {t('settings.consents.save')}
            </Button>
            <p role="status" className="text-slate-700">
              {actionData?.saved ? t('settings.consents.saved') : ''}
            </p>
          </div>
        </Form>
      </section>

      <section id="data" aria-labelledby="data-title" className="mt-6 rounded-xl border border-slate-200 p-6">
        <h2 id="data-title" className="text-xl font-semibold text-slate-900">
          {t('settings.data')}
        </h2>
        <p className="mt-2 text-slate-700">{t('settings.data.lead')}</p>
        <div className="mt-4 flex flex-wrap gap-3">
          <a className={buttonClasses('secondary', 'md')} href="/api/v1/user/export" download>
            {t('settings.export')}
          </a>
          <Button variant="ghost" onClick={() => setConfirming(true)}>
            {t('settings.delete')}
          </Button>
        </div>
      </section>

      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('settings.delete.confirmTitle')}
        description={t('settings.delete.confirmText')}
        closeLabel={t('common.close')}
      >
        <Form method="post" className="mt-4 flex flex-wrap gap-3" action={`${pathFor('settings', lang)}`}>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="confirm" value="yes" />
          <Button type="submit" variant="primary">
            {t('settings.delete.confirm')}
          </Button>
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {t('settings.delete.cancel')}
          </Button>
        </Form>
      </Dialog>
    </div>
  )
}
