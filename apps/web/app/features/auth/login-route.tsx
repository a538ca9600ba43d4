import { isValidEmail } from '@lainava/domain/validators'
import { isLanguage, languageOfPath, pathFor, safeReturnPath } from '@lainava/routing'
import { useEffect, useRef } from 'react'
import {
  data,
  Form,
  Link,
  redirect,
  redirectDocument,
  useActionData,
  useNavigate,
  useNavigation,
} from 'react-router'
import { Button } from '../../components/ui/button.tsx'
import { TextInput } from '../../components/ui/text-input.tsx'
import { webContext } from '../../context.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { rootDataFromMatches } from '../../lib/root-data.ts'
import { alternateLinks } from '../../lib/seo.ts'
import { useUser } from '../../lib/user-state.tsx'
import type { Route } from './+types/login-route'

type ActionData =
  | { step: 'email'; email: string; fieldError?: 'invalidEmail'; formError?: string }
  | { step: 'code'; email: string; fieldError?: 'invalidCodeFormat'; formError?: string }

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const { auth } = context.get(webContext)
  const cookieHeader = request.headers.get('cookie')
  const user = await auth.currentUser(cookieHeader)
  const returnTo = safeReturnPath(url.searchParams.get('returnTo'), '')
  if (user) throw redirect(returnTo || '/')
  // Issue 14: a lapsed short session is renewed before the login form shows. The refresh cookie goes
  // only to /api/, so the browser goes there as a document and comes back; `refresh=no` is its answer
  // when it could not (never a loop).
  if (auth.refreshable(cookieHeader) && url.searchParams.get('refresh') !== 'no') {
    const target = returnTo || pathFor('landing', languageOfPath(url.pathname))
    throw redirectDocument(`/api/v3/user/token/refresh?returnTo=${encodeURIComponent(target)}`)
  }
  return { returnTo }
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const { auth, clientIp } = context.get(webContext)
  const form = await request.formData()
  // An unknown language (issue 13: `language=xx` gave a 500) is the page's own.
  const requested = String(form.get('language') ?? '')
  const language = isLanguage(requested) ? requested : languageOfPath(url.pathname)
  const email = String(form.get('email') ?? '').trim()
  const returnTo = safeReturnPath(form.get('returnTo'), pathFor('landing', language))
  if (form.get('intent') === 'start') {
    if (!isValidEmail(email))
      return data<ActionData>({ step: 'email', email, fieldError: 'invalidEmail' }, { status: 400 })
    const result = await auth.startLogin({ email, language, returnTo, ip: clientIp })
    if (!result.ok)
      return data<ActionData>({ step: 'email', email, formError: result.message }, { status: result.status })
    return { step: 'code', email } satisfies ActionData
  }
  const code = String(form.get('code') ?? '').replace(/\s/g, '')
  if (!/^\d{6}$/.test(code))
    return data<ActionData>({ step: 'code', email, fieldError: 'invalidCodeFormat' }, { status: 400 })
  const result = await auth.verifyCode({
    email,
    code,
    language,
    ip: clientIp,
    cookieHeader: request.headers.get('cookie'),
  })
  if (!result.ok)
    return data<ActionData>({ step: 'code', email, formError: result.message }, { status: result.status })
  const headers = new Headers()
  for (const cookie of result.setCookies) headers.append('set-cookie', cookie)
  // Issue 14: the code was typed on this page, so this page's destination wins (the offers page that
  // sent the person here), whichever e-mail's code it was; the e-mail's own destination otherwise.
  throw redirect(safeReturnPath(form.get('returnTo'), '') || result.returnTo, { headers })
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataFromMatches(matches)
  if (!root) return []
  return [
    { title: `${root.t('login.title')} – ${root.brandName}` },
    { name: 'robots', content: 'noindex' },
    ...alternateLinks('login', root.lang, {}, root.publicUrl),
  ]
}

export default function LoginRoute({ loaderData }: Route.ComponentProps) {
  const { t, lang } = useI18n()
  const actionData = useActionData<ActionData>()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const step = actionData?.step ?? 'email'
  const errorRef = useRef<HTMLInputElement>(null)
  const { state: userState } = useUser()
  const navigate = useNavigate()

  // A navigation from another site brings no refresh cookie (SameSite=Strict), so the server showed the
  // form; the page's own client renews such a login (user-state.tsx). Then the person goes on (issue 14).
  useEffect(() => {
    if (userState.status === 'LOGGED_IN' && !actionData)
      navigate(loaderData.returnTo || pathFor('landing', lang), { replace: true })
  }, [userState.status, actionData, loaderData.returnTo, lang, navigate])

  // Focus moves to the field with the error, or to the code field when it appears.
  useEffect(() => {
    if (actionData) errorRef.current?.focus()
  }, [actionData])

  const fieldError = actionData?.fieldError ? t(`login.${actionData.fieldError}`) : undefined
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">{t('login.title')}</h1>
      <p className="mt-3 text-slate-700">{t('login.lead')}</p>
      {actionData?.formError ? (
        <p role="alert" className="mt-6 rounded-md border border-red-300 bg-red-50 p-3 text-red-800">
          {actionData.formError}
        </p>
      ) : null}
      {step === 'email' ? (
        <Form method="post" className="mt-6 flex flex-col gap-4" noValidate>
          <input type="hidden" name="intent" value="start" />
          <input type="hidden" name="language" value={lang} />
          <input type="hidden" name="returnTo" value={loaderData.returnTo} />
          <TextInput
            ref={errorRef}
            label={t('login.email')}
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={actionData?.email ?? ''}
            error={fieldError}
          />
          <Button type="submit" variant="primary" size="lg" loading={busy} loadingLabel={t('login.sending')}>
            {t('login.send')}
          </Button>
        </Form>
      ) : (
        <>
          <p role="status" className="mt-6 rounded-md bg-brand-50 p-3 text-slate-900">
            {t('login.sent')}
          </p>
          <Form method="post" className="mt-6 flex flex-col gap-4" noValidate>
            <input type="hidden" name="intent" value="verify" />
            <input type="hidden" name="language" value={lang} />
            <input type="hidden" name="email" value={actionData?.email ?? ''} />
            <input type="hidden" name="returnTo" value={loaderData.returnTo} />
            <TextInput
              ref={errorRef}
              label={t('login.code')}
              hint={t('login.codeHint')}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={7}
              required
              error={fieldError}
            />
            <Button
              type="submit"
              variant="primary"
              size="lg"
              loading={busy}
              loadingLabel={t('login.sending')}
            >
              {t('login.verify')}
            </Button>
          </Form>
          <p className="mt-4">
            <Link
              className="text-brand-800 underline underline-offset-4"
              to={pathFor('login', lang)}
              reloadDocument
            >
              {t('login.otherEmail')}
            </Link>
          </p>
        </>
      )}
    </div>
  )
}
