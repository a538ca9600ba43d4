// @vitest-environment happy-dom

import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { I18nProvider } from '../../lib/i18n.tsx'
import { messagesFor } from '../../lib/messages.server.ts'
import { FormContext } from './fields.tsx'
import { emptyForm } from './form-state.ts'
import { ConsentFields } from './steps.tsx'

afterEach(cleanup)

function renderConsents(lang: 'fi' | 'sv' | 'en') {
  render(
    <I18nProvider lang={lang} messages={messagesFor(lang)}>
      <FormContext.Provider
        value={{ data: emptyForm({ amount: 5000, period: 3 }), errors: {}, setField() {} }}
      >
        <ConsentFields />
      </FormContext.Provider>
    </I18nProvider>,
  )
}

describe('consents link to what they accept (issue 14)', () => {
  it.each([
    ['fi', 'Hyväksyn käyttöehdot', 'Lue käyttöehdot', '/kayttoehdot/'],
    ['fi', 'Olen lukenut tietosuojaselosteen', 'Lue tietosuojaseloste', '/tietosuojaseloste/'],
    ['en', 'I accept the terms of use', 'Read the terms of use', '/en/kayttoehdot/'],
    ['sv', 'Jag har läst dataskyddsbeskrivningen', 'Läs dataskyddsbeskrivningen', '/sv/tietosuojaseloste/'],
  ] as const)('%s: "%s" links to %s', (lang, consent, linkText, href) => {
    renderConsents(lang)
    const link = screen.getByRole('link', { name: linkText })
    expect(link.getAttribute('href')).toBe(href)
    // The link is the box's description: a screen reader hears it with the consent.
    const box = screen.getByRole('checkbox', { name: consent })
    const describedBy = box.getAttribute('aria-describedby') ?? ''
    expect(describedBy.split(' ').some((id) => document.getElementById(id)?.contains(link))).toBe(true)
  })
})
