import { messagesFor, OWN_MESSAGES } from '@lainava/i18n/server'
import { describe, expect, it } from 'vitest'
import { pageText } from './root-data.ts'

// ADR 018: a core-only locale's core screens are in the locale, its other screens wholly in its fallback.
const root = (lang: 'fi' | 'da' | 'sv-se') => ({
  lang,
  messages: messagesFor(lang === 'da' ? 'en' : lang === 'sv-se' ? 'sv' : lang),
  coreMessages: lang === 'fi' ? null : OWN_MESSAGES[lang],
})

describe('pageText', () => {
  it('keeps a complete locale on every screen', () => {
    expect(pageText(root('fi'), 'login.fi').textLang).toBe('fi')
  })

  it('shows a core screen (and a 404 outside every route) in the core-only locale', () => {
    for (const id of ['landing.da', 'consumerLoanForm.da', 'notFound.da', 'root']) {
      const { textLang, messages } = pageText(root('da'), id)
      expect(textLang, id).toBe('da')
      expect(messages['status.comingSoon.title'], id).toBe('Kommer snart')
    }
  })

  it('shows any other screen wholly in the fallback: English, Swedish for Sweden', () => {
    const da = pageText(root('da'), 'login.da')
    expect(da.textLang).toBe('en')
    expect(da.messages['header.login']).toBe('Log in')
    const svSe = pageText(root('sv-se'), 'offers.sv-se')
    expect(svSe.textLang).toBe('sv')
    expect(svSe.messages).toBe(messagesFor('sv'))
  })
})
