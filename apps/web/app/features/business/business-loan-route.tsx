import { SME_ONBOARDING_STEPS, type SmeOnboardingStep } from '@lainava/domain/application/business'
import { parseLoanPrefill } from '@lainava/domain/application/prefill'
import { SME_LOAN_LIMITS } from '@lainava/domain/constants'
import { latestEuribor } from '@lainava/domain/pricing-profiles'
import { isActiveLanguage, type Language, languageOfPath } from '@lainava/routing'
import type { ShouldRevalidateFunctionArgs } from 'react-router'
import { webContext } from '../../context.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { rootDataFromMatches } from '../../lib/root-data.ts'
import { alternateLinks } from '../../lib/seo.ts'
import type { Route } from './+types/business-loan-route'
import { businessAction } from './business-action.server.ts'
import { businessFormFromDraft, clampLoan, emptyBusinessForm, withSignedInPerson } from './business-form.ts'
import { BusinessOnboarding } from './business-onboarding.tsx'
import { BusinessPage } from './business-page.tsx'

// ADR 021: the SME onboarding lives here, at /yrityslainahakemus/: the steps of spec §4 on one
// route. A calculator elsewhere (the business loan pages) sends amount and period here.

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const language = languageOfPath(url.pathname) as Language
  if (!isActiveLanguage(language)) return { notActive: true as const }
  const { applications, business, content } = context.get(webContext)
  const cookieHeader = request.headers.get('cookie')
  const [config, draft, person] = await Promise.all([
    business.smeConfig(),
    applications.loadDraft({ cookieHeader, kind: 'business-loan' }),
    applications.signedInPerson(cookieHeader),
  ])
  // spec §3/§5: the SME prefill reads its limits from the config.
  const prefill = parseLoanPrefill(url.searchParams, { kind: 'sme', config })
  const base = withSignedInPerson(
    businessFormFromDraft(
      emptyBusinessForm({ amount: SME_LOAN_LIMITS.defaultAmount, months: SME_LOAN_LIMITS.defaultMonths }),
      draft?.data,
    ),
    person,
  )
  const loan = prefill
    ? {
        ...clampLoan(config, { amount: prefill.amount, months: prefill.period }),
        purpose: prefill.purpose ?? base.loan.purpose,
      }
    : { ...clampLoan(config, base.loan), purpose: base.loan.purpose }
  const draftStep = draft?.step as SmeOnboardingStep | undefined
  // Resumed where the saved draft left off (after login too); an address with a prefill starts at the calculator.
  const initialStep: SmeOnboardingStep =
    !prefill && draftStep && SME_ONBOARDING_STEPS.includes(draftStep) && draftStep !== 'success'
      ? draftStep
      : 'calculator'
  return {
    notActive: false as const,
    config,
    euribor: latestEuribor(content.euribor.values),
    initial: { ...base, loan },
    initialStep,
    prefilled: prefill !== null,
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  return businessAction(context.get(webContext), request, 'business-loan')
}

// Saving a step, looking a company up or asking who receives it changes nothing the loader gives.
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const intent = formData?.get('intent')
  return intent === 'draft' || intent === 'recipients' || intent === 'lookup'
    ? false
    : defaultShouldRevalidate
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const root = rootDataFromMatches(matches)
  if (!root) return []
  if (loaderData?.notActive) {
    return [
      { title: root.t('status.comingSoon.title') },
      { name: 'description', content: root.t('status.comingSoon.text') },
      { name: 'robots', content: 'noindex' },
    ]
  }
  return [
    { title: `${root.t('business.loanForm.title')} – ${root.brandName}` },
    { name: 'description', content: root.t('business.loanForm.lead') },
    ...alternateLinks('businessLoanForm', root.lang, {}, root.publicUrl),
  ]
}

export default function BusinessLoanRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n()
  return (
    <BusinessPage
      notActive={loaderData.notActive}
      title={t('business.loanForm.title')}
      lead={t('business.loanForm.lead')}
    >
      {loaderData.notActive ? null : (
        <BusinessOnboarding
          kind="business-loan"
          steps={SME_ONBOARDING_STEPS}
          config={loaderData.config}
          euribor={loaderData.euribor}
          initial={loaderData.initial}
          initialStep={loaderData.initialStep}
          prefilled={loaderData.prefilled}
        />
      )}
    </BusinessPage>
  )
}
