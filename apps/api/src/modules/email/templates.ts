import { type CatalogueLocale, createTranslator } from '@lainava/i18n'
import { messagesFor } from '@lainava/i18n/server'
import { createElement as h, type ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'

// E-mails are React components (written with createElement: the server runs
// TypeScript without a JSX step) rendered to HTML, with a plain-text twin built
// from the same texts. Inline styles only: mail clients ignore style sheets.

export type RenderedEmail = { subject: string; html: string; text: string }

const BRAND_COLOUR = '#3d4cc0'

function Layout({
  lang,
  brand,
  heading,
  children,
}: {
  lang: string
  brand: string
  heading: string
  children?: ReactNode
}) {
  const t = createTranslator(lang as CatalogueLocale, messagesFor(lang as CatalogueLocale))
  return h(
    'html',
    { lang },
    h('head', null, h('meta', { charSet: 'utf-8' }), h('title', null, heading)),
    h(
      'body',
      {
        style: {
          margin: 0,
          padding: '24px',
          backgroundColor: '#f6f7fb',
          fontFamily: 'Arial, sans-serif',
          color: '#0f172a',
        },
      },
      h(
        'div',
        {
          style: {
            maxWidth: '560px',
            margin: '0 auto',
            backgroundColor: '#ffffff',
            borderRadius: '12px',
            padding: '32px',
          },
        },
        h(
          'p',
          { style: { fontWeight: 'bold', fontSize: '20px', color: BRAND_COLOUR, margin: '0 0 24px' } },
          brand,
        ),
        h('h1', { style: { fontSize: '22px', margin: '0 0 16px' } }, heading),
        children,
        h(
          'p',
          { style: { fontSize: '13px', color: '#475569', marginTop: '32px' } },
          t('email.footer', { brand }),
        ),
      ),
    ),
  )
}

function ButtonLink({ href, label }: { href: string; label: string }) {
  return h(
    'p',
    { style: { margin: '24px 0' } },
    h(
      'a',
      {
        href,
        style: {
          display: 'inline-block',
          backgroundColor: BRAND_COLOUR,
          color: '#ffffff',
          padding: '12px 24px',
          borderRadius: '8px',
          textDecoration: 'none',
          fontWeight: 'bold',
        },
      },
      label,
    ),
  )
}

function render(element: ReactNode): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(element)}`
}

export type LoginEmailInput = {
  language: CatalogueLocale
  brand: string
  link: string
  code: string
  invite?: boolean
}

/** The passwordless login e-mail: a one-time link and a 6-digit code (also used for invitations). */
export function loginEmail({ language, brand, link, code, invite = false }: LoginEmailInput): RenderedEmail {
  const t = createTranslator(language, messagesFor(language))
  const heading = t('email.login.heading', { brand })
  const intro = invite ? t('email.invite.intro', { brand }) : t('email.login.intro')
  const spacedCode = `${code.slice(0, 3)} ${code.slice(3)}`
  const html = render(
    h(
      Layout,
      { lang: language, brand, heading },
      h('p', { style: { fontSize: '16px', lineHeight: '24px' } }, intro),
      h(ButtonLink, { href: link, label: t('email.login.button') }),
      h('p', { style: { fontSize: '14px', color: '#475569', margin: '0' } }, t('email.login.code')),
      h(
        'p',
        { style: { fontSize: '32px', fontWeight: 'bold', letterSpacing: '4px', margin: '4px 0 24px' } },
        spacedCode,
      ),
      h('p', { style: { fontSize: '14px', lineHeight: '20px' } }, t('email.login.expiry')),
      h('p', { style: { fontSize: '14px', lineHeight: '20px', color: '#475569' } }, t('email.login.ignore')),
    ),
  )
  const text = [
    heading,
    '',
    intro,
    '',
    `${t('email.login.button')}: ${link}`,
    '',
    `${t('email.login.code')}: ${code}`,
    '',
    t('email.login.expiry'),
    t('email.login.ignore'),
    '',
    t('email.footer', { brand }),
  ].join('\n')
  // Never the code in the subject: lock screens and mail lists show subjects (issue 13 item 6).
  const subject = invite ? t('email.invite.subject', { brand }) : t('email.login.subject', { brand })
  return { subject, html, text }
}

export type OffersEmailInput = {
  language: CatalogueLocale
  brand: string
  kind: 'first-offers' | 'all-answered'
  offered: number
  pending: number
  link: string
}

/** "Your first offers are here" and "every lender has answered": counts only, never figures or personal data. */
export function offersEmail({
  language,
  brand,
  kind,
  offered,
  pending,
  link,
}: OffersEmailInput): RenderedEmail {
  const t = createTranslator(language, messagesFor(language))
  const prefix = kind === 'first-offers' ? 'email.offers.first' : 'email.offers.all'
  const heading = t(`${prefix}.heading`)
  const intro = t(`${prefix}.intro`, { offered, pending })
  const html = render(
    h(
      Layout,
      { lang: language, brand, heading },
      h('p', { style: { fontSize: '16px', lineHeight: '24px' } }, intro),
      h(ButtonLink, { href: link, label: t('email.offers.button') }),
      h(
        'p',
        { style: { fontSize: '14px', lineHeight: '20px', color: '#475569' } },
        t('email.offers.settings'),
      ),
    ),
  )
  const text = [
    heading,
    '',
    intro,
    '',
    `${t('email.offers.button')}: ${link}`,
    '',
    t('email.offers.settings'),
    '',
    t('email.footer', { brand }),
  ].join('\n')
  return { subject: t(`${prefix}.subject`, { brand }), html, text }
}

/** To a staff address someone used in an application: staff accounts cannot apply (issue 13 item 8). */
export function staffApplicationEmail({
  language,
  brand,
}: {
  language: CatalogueLocale
  brand: string
}): RenderedEmail {
  const t = createTranslator(language, messagesFor(language))
  const heading = t('email.staffApplication.heading')
  const body = t('email.staffApplication.body', { brand })
  const html = render(
    h(
      Layout,
      { lang: language, brand, heading },
      h('p', { style: { fontSize: '16px', lineHeight: '24px' } }, body),
      h('p', { style: { fontSize: '14px', lineHeight: '20px', color: '#475569' } }, t('email.login.ignore')),
    ),
  )
  const text = [heading, '', body, '', t('email.login.ignore'), '', t('email.footer', { brand })].join('\n')
  return { subject: t('email.staffApplication.subject', { brand }), html, text }
}

export type ContactEmailInput = {
  brand: string
  id: string
  language: CatalogueLocale
  name: string
  email: string
  topic: string
  message: string
}

/** A contact form message for the staff inbox (in Finnish; the message in the sender's words). */
export function contactEmail({
  brand,
  id,
  language,
  name,
  email,
  topic,
  message,
}: ContactEmailInput): RenderedEmail {
  const t = createTranslator('fi', messagesFor('fi'))
  const topicLabel = t(`contact.topic.${topic as 'general'}`)
  const heading = t('email.contact.heading', { topic: topicLabel })
  const details = [
    `${t('email.contact.from')}: ${name} <${email}>`,
    `${t('email.contact.language')}: ${language}`,
    `${t('email.contact.reference')}: ${id}`,
  ]
  const html = render(
    h(
      Layout,
      { lang: 'fi', brand, heading },
      ...details.map((line) => h('p', { key: line, style: { fontSize: '14px', lineHeight: '20px' } }, line)),
      h('p', { style: { fontSize: '16px', lineHeight: '24px', whiteSpace: 'pre-wrap' } }, message),
    ),
  )
  const text = [heading, '', ...details, '', message].join('\n')
  return { subject: t('email.contact.subject', { brand, topic: topicLabel }), html, text }
}

export type MortgageStatusEmailInput = {
  language: CatalogueLocale
  brand: string
  bank: string
  status: 'processing' | 'info-requested' | 'offered' | 'declined' | 'withdrawn'
  link: string
}

/** Issue 16: to the mortgage applicant on each change of a bank's answer (one e-mail per change). */
export function mortgageStatusEmail({
  language,
  brand,
  bank,
  status,
  link,
}: MortgageStatusEmailInput): RenderedEmail {
  const t = createTranslator(language, messagesFor(language))
  const heading = t(`mortgage.email.${status}.heading`, { bank })
  const intro = t(`mortgage.email.${status}.intro`, { bank })
  const html = render(
    h(
      Layout,
      { lang: language, brand, heading },
      h('p', { style: { fontSize: '16px', lineHeight: '24px' } }, intro),
      h(ButtonLink, { href: link, label: t('mortgage.email.button') }),
      h(
        'p',
        { style: { fontSize: '14px', lineHeight: '20px', color: '#475569' } },
        t('mortgage.email.settings'),
      ),
    ),
  )
  const text = [
    heading,
    '',
    intro,
    '',
    `${t('mortgage.email.button')}: ${link}`,
    '',
    t('mortgage.email.settings'),
    '',
    t('email.footer', { brand }),
  ].join('\n')
  return { subject: t(`mortgage.email.${status}.subject`, { bank, brand }), html, text }
}
