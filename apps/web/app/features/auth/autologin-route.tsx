import { languageOfPath, pathFor } from '@lainava/routing'
import { data, Form, redirect, useActionData, useNavigation } from 'react-router'
import { Button, buttonClasses } from '../../components/ui/button.tsx'
import { Checkbox } from '../../components/ui/checkbox.tsx'
import { webContext } from '../../context.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { rootDataFromMatches } from '../../lib/root-data.ts'
import type { Route } from './+types/autologin-route'

// The e-mail's one-time link. Opening it never logs in by itself: link
// scanners open links, and a link may come from someone else (login CSRF,
// issue 13 item 1). The page shows whose account the link opens, says when
// another person is logged in here, asks about this browser's unfinished
// application, and logs in only when the person presses the button.

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const token = url.searchParams.get('token') ?? ''
  const link = token
    ? await context.get(webContext).auth.describeLink({ token, cookieHeader: request.headers.get('cookie') })
    : null
  return { token, link }
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const form = await request.formData()
  const language = languageOfPath(url.pathname)
  const result = await context.get(webContext).auth.verifyLink({
    token: String(form.get('token') ?? ''),
    language,
    cookieHeader: request.headers.get('cookie'),
    adoptDraft: form.get('adoptDraft') === 'yes',
  })
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
  const { link, token } = loaderData

  if (actionData?.error || !link) {
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
  const switching = link.signedInAs !== null && link.signedInAs !== link.email
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">{t('autologin.title')}</h1>
      <p className="mt-3 text-slate-700">{t('autologin.lead', { email: link.email })}</p>
      <p className="mt-4 rounded-md border border-slate-300 bg-slate-50 p-3 text-slate-900">
        <span className="block text-sm text-slate-700">{t('autologin.account')}</span>
        <strong className="break-all" data-testid="autologin-account">
          {link.email}
        </strong>
      </p>
      {switching ? (
        <p role="alert" className="mt-4 rounded-md border border-amber-400 bg-amber-50 p-3 text-slate-900">
          {t('autologin.switchAccount', { current: link.signedInAs ?? '', email: link.email })}
        </p>
      ) : null}
      <Form method="post" className="mt-6 flex flex-col gap-4">
        <input type="hidden" name="token" value={token} />
        {link.hasDraft ? (
          <Checkbox
            name="adoptDraft"
            value="yes"
            label={t('autologin.adoptDraft')}
            hint={t('autologin.adoptDraftHint')}
          />
        ) : null}
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
      <p className="mt-4">
        <a className="text-brand-800 underline underline-offset-4" href={pathFor('landing', lang)}>
          {t('autologin.notMine')}
        </a>
      </p>
    </div>
  )
}
