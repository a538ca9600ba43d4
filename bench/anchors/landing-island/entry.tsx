// The smallest landing that still works in the browser: React, React DOM and the loan calculator
// hydrated as an island in a server-rendered page, with no router (ADR 057, amendment of 2026-11-25).
// Built only to weigh it; no page loads it.
import { hydrateRoot } from 'react-dom/client'
import { LoanCalculator } from '../../../apps/web/app/features/landing/loan-calculator.tsx'
import { I18nProvider } from '../../../apps/web/app/lib/i18n.tsx'

const element = document.getElementById('calculator') as HTMLElement
const props = JSON.parse(element.dataset.props ?? '{}')
hydrateRoot(
  element,
  <I18nProvider lang={props.lang} messages={props.messages}>
    <LoanCalculator brandName={props.brand} seed={props.seed} />
  </I18nProvider>,
)
