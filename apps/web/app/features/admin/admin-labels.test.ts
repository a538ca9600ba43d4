import { createTranslator } from '@lainava/i18n'
import { messagesFor } from '@lainava/i18n/server'
import { describe, expect, it } from 'vitest'
import { declineReasonLabel, purposeLabel } from './admin-labels.ts'

const fi = createTranslator('fi', messagesFor('fi'))
const en = createTranslator('en', messagesFor('en'))

describe('the admin application page’s labels', () => {
  it('shows a stored purpose by its catalogue label, SME or consumer by the kind', () => {
    expect(purposeLabel(fi, 'business-loan', 'Working capital')).toBe('Käyttöpääoma')
    expect(purposeLabel(en, 'factoring', 'Remodeling/Expansion')).toBe(
      en('enum.smePurpose.remodeling-expansion'),
    )
    expect(purposeLabel(fi, 'consumer-loan', 'hobbies/pet')).toBe('Harrastukset tai lemmikki')
    expect(purposeLabel(fi, 'consumer-loan', 'car/boat/motorcycle')).toBe('Auto, vene tai moottoripyörä')
    expect(purposeLabel(fi, 'mortgage', 'first-home')).toBe('Ensiasunto')
    expect(purposeLabel(en, 'mortgage', 'first-home')).toBe('First home')
  })

  it('shows an unknown purpose as stored and a missing one as a dash', () => {
    expect(purposeLabel(fi, 'business-loan', 'Something new')).toBe('Something new')
    expect(purposeLabel(fi, 'consumer-loan', 'Working capital')).toBe('Working capital')
    expect(purposeLabel(fi, 'mortgage', 'renovation-of-a-castle')).toBe('renovation-of-a-castle')
    expect(purposeLabel(fi, 'consumer-loan', null)).toBe('–')
  })

  it('shows our decline reasons by label and a lender’s own reason as its words', () => {
    expect(declineReasonLabel(fi, 'criteria')).toBe('Hakemus ei täytä lainanantajan ehtoja')
    expect(declineReasonLabel(en, 'affordability')).toBe('Repayment capacity not enough')
    expect(declineReasonLabel(en, 'turnover')).toBe('Turnover too small')
    expect(declineReasonLabel(fi, 'asiakkuus päättynyt')).toBe('Lainanantajan oma syy: asiakkuus päättynyt')
  })
})
