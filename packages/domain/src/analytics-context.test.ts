import { describe, expect, it } from 'vitest'
import { buildAnalyticsContext, carriesPersonalData, pageUrlWithoutValues } from './analytics-context.ts'

const browser = {
  href: 'https://lainava.fi/kulutusluotto/?amount=5000&email=aino%40example.fi&utm_source=adtraction#step-2',
  referrer: 'https://www.google.fi/search?q=aino+virtanen+laina',
  title: 'Kulutusluotto – Lainava',
  language: 'fi',
  screen: { width: 390, height: 844 },
  viewport: { width: 390.4, height: 664 },
}

describe('the analytics context builder', () => {
  it('keeps the path and query names, never query values or the fragment', () => {
    const context = buildAnalyticsContext(browser)
    expect(context.url).toBe('/kulutusluotto/?amount&email&utm_source')
    expect(JSON.stringify(context)).not.toContain('aino')
    expect(JSON.stringify(context)).not.toContain('5000')
  })

  it('keeps only the referrer’s origin', () => {
    expect(buildAnalyticsContext(browser).referrer).toBe('https://www.google.fi')
    expect(buildAnalyticsContext({ ...browser, referrer: '' }).referrer).toBeNull()
  })

  it('gives the title, language, screen and viewport size, in whole pixels', () => {
    expect(buildAnalyticsContext(browser)).toMatchObject({
      title: 'Kulutusluotto – Lainava',
      language: 'fi',
      screen: { width: 390, height: 844 },
      viewport: { width: 390, height: 664 },
    })
  })

  it('drops a title that carries personal data', () => {
    expect(buildAnalyticsContext({ ...browser, title: 'Hei aino@example.fi' }).title).toBe('')
  })

  it('recognises e-mail addresses, henkilötunnus and phone numbers', () => {
    expect(carriesPersonalData('aino.virtanen@example.fi')).toBe(true)
    expect(carriesPersonalData('/x/131052-308T/')).toBe(true)
    expect(carriesPersonalData('010101A123N')).toBe(true)
    expect(carriesPersonalData('+358 40 123 4567')).toBe(true)
    expect(carriesPersonalData('Kulutusluotto 5000 € – Lainava')).toBe(false)
  })

  it('reads a relative or broken URL safely', () => {
    expect(pageUrlWithoutValues('/sv/?a=1&b=2&a=3')).toBe('/sv/?a&b')
    expect(pageUrlWithoutValues('http://[')).toBe('/')
  })
})
