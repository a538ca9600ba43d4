import { CONTACT_TOPICS, type ContactTopic } from '@lainava/domain/contact-topics'
import { languageOfPath } from '@lainava/routing'
import { useEffect, useRef } from 'react'
import { data, Form, useNavigation, useSearchParams } from 'react-router'
import { Button } from '../../components/ui/button.tsx'
import { Field, inputClasses } from '../../components/ui/field.tsx'
import { Select } from '../../components/ui/select.tsx'
import { TextInput } from '../../components/ui/text-input.tsx'
import { webContext } from '../../context.ts'
import { useI18n } from '../../lib/i18n.tsx'
import type { Route } from './+types/content-page-route'

// The contact form of /ota-yhteytta/: stored, e-mailed to staff, rate-limited (the API's
// contact service). A plain POST form, so it works before the page's JavaScript has loaded.

type ContactResult =
  | { ok: true }
  | { ok: false; message: string; fieldErrors: Record<string, string>; values: Record<string, string> }

export async function contactAction({ request, url, context }: Route.ActionArgs) {
  const web = context.get(webContext)
  const form = await request.formData()
  const values = {
    name: String(form.get('name') ?? ''),
    email: String(form.get('email') ?? ''),
    topic: String(form.get('topic') ?? ''),
    message: String(form.get('message') ?? ''),
  }
  // A field people cannot see: only robots fill it in. They are told it worked.
  if (String(form.get('website') ?? '') !== '') return { ok: true } satisfies ContactResult
  const result = await web.contact.send({
    ...values,
    language: languageOfPath(url.pathname),
    ip: web.clientIp,
  })
  if (result.ok) return { ok: true } satisfies ContactResult
  const fieldErrors = Object.fromEntries((result.fields ?? []).map((field) => [field.path, field.message]))
  return data({ ok: false, message: result.message, fieldErrors, values } satisfies ContactResult, {
    status: result.status,
  })
}

export function ContactForm({ result }: { result: ContactResult | null }) {
  const { t } = useI18n()
  const navigation = useNavigation()
  const [search] = useSearchParams()
  const statusRef = useRef<HTMLDivElement>(null)
  const failed = result && !result.ok ? result : null
  const queryTopic = search.get('topic')
  const topic =
    failed?.values.topic ?? (CONTACT_TOPICS.includes(queryTopic as ContactTopic) ? queryTopic : 'general')

  useEffect(() => {
    if (result) statusRef.current?.focus()
  }, [result])

  if (result?.ok) {
    return (
      <div
        ref={statusRef}
        tabIndex={-1}
        role="status"
        className="mt-10 max-w-xl rounded-xl bg-green-50 p-5 text-green-900"
      >
        <h2 className="text-xl font-semibold">{t('contact.sent.title')}</h2>
        <p className="mt-2">{t('contact.sent.text')}</p>
      </div>
    )
  }
  return (
    <section aria-labelledby="contact-form-title" className="mt-10 max-w-xl">
      <h2 id="contact-form-title" className="text-2xl font-bold text-slate-900">
        {t('contact.form.title')}
      </h2>
      {failed ? (
        <div
          ref={statusRef}
          tabIndex={-1}
          role="alert"
          className="mt-4 rounded-lg bg-red-50 p-4 text-red-900"
        >
          {failed.message}
        </div>
      ) : null}
      <Form method="post" className="mt-4 flex flex-col gap-4" noValidate>
        <TextInput
          name="name"
          label={t('contact.form.name')}
          autoComplete="name"
          required
          defaultValue={failed?.values.name}
          error={failed?.fieldErrors.name}
        />
        <TextInput
          name="email"
          type="email"
          label={t('contact.form.email')}
          autoComplete="email"
          required
          defaultValue={failed?.values.email}
          error={failed?.fieldErrors.email}
        />
        <Select
          name="topic"
          label={t('contact.form.topic')}
          defaultValue={topic ?? 'general'}
          error={failed?.fieldErrors.topic}
          options={CONTACT_TOPICS.map((value) => ({ value, label: t(`contact.topic.${value}`) }))}
        />
        <Field
          label={t('contact.form.message')}
          hint={t('contact.form.messageHint')}
          error={failed?.fieldErrors.message}
          required
        >
          {(control) => (
            <textarea
              {...control}
              name="message"
              rows={6}
              defaultValue={failed?.values.message}
              className={inputClasses}
            />
          )}
        </Field>
        <div className="hidden" aria-hidden="true">
          <label>
            Website
            <input type="text" name="website" tabIndex={-1} autoComplete="off" />
          </label>
        </div>
        <p className="text-sm text-slate-700">{t('contact.form.privacy')}</p>
        <Button type="submit" variant="primary" disabled={navigation.state === 'submitting'}>
          {navigation.state === 'submitting' ? t('contact.form.sending') : t('contact.form.send')}
        </Button>
      </Form>
    </section>
  )
}
