import { languageOfPath, pathFor } from '@lainava/routing'
import { useEffect, useRef } from 'react'
import { data, Form, redirect, useActionData, useNavigation } from 'react-router'
import { Button, buttonClasses } from '../../components/ui/button.tsx'
import { webContext } from '../../context.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { rootDataFromMatches } from '../../lib/root-data.ts'
import type { Route } from './+types/autologin-route'

// The e-mail's one-time link. Opening it does not log in by itself (link
// scanners open links too): the page posts the token, automatically when
// JavaScript runs, or by the button without it.

export function loader({ url }: Route.LoaderArgs) {
  return { token: url.searchParams.get('token') ?? '' }
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const form = await request.formData()
  const language = languageOfPath(url.pathname)
  const result = await context
    .get(webContext)
    .auth.verifyLink({ token: String(form.get('token') ?? ''), language })
  if (!result.ok) return data({ error: result.message }, { status: result.status })
  const headers = new Headers()
  for (const cookie of result.setCookies) headers.append('set-cookie', cookie)
  throw redirect(result.returnTo, { headers })
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataFromMatches(matches)
  return root ? [{ title: root.t('autologin.title') }, { name: 'robots', content: 'noindex' }] : []
}

export default function AutologinRoute({ loaderData }: Route.ComponentProps) {
  const { t, lang } = useI18n()
  const actionData = useActionData<{ error: string }>()
  const navigation = useNavigation()
  const form = useRef<HTMLFormElement>(null)
  const submitted = useRef(false)

  useEffect(() => {
    if (loaderData.token && !submitted.current) {
      submitted.current = true
      form.current?.requestSubmit()
    }
  }, [loaderData.token])

  if (actionData?.error || !loaderData.token) {
    return (
      <div className="mx-auto max-w-md px-4 py-12">
        <h1 className="text-3xl font-bold text-slate-900">{t('autologin.failed')}</h1>
        <p role="alert" className="mt-4 text-slate-700">
          {actionData?.error ?? t('api.linkInvalid')}
        </p>
        <p className="mt-6">
          <a className={buttonClasses('primary', 'md')} href={pathFor('login', lang)}>
            {t('autologin.requestNew')}
          </a>
        </p>
      </div>
    )
  }
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">{t('autologin.title')}</h1>
      <p className="mt-3 text-slate-700">{t('autologin.lead')}</p>
      <Form method="post" ref={form} className="mt-6">
        <input type="hidden" name="token" value={loaderData.token} />
        <Button
          type="submit"
          variant="primary"
          size="lg"
          loading={navigation.state !== 'idle'}
          loadingLabel={t('autologin.title')}
        >
          {t('autologin.continue')}
        </Button>
      </Form>
    </div>
  )
}
