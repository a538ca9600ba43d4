import {
  DEFAULT_SME_CONFIG,
  FACTORING_ONBOARDING_STEPS,
  type FactoringOnboardingStep,
} from '@lainava/domain/application/business'
import { isActiveLanguage, type Language, languageOfPath } from '@lainava/routing'
import type { ShouldRevalidateFunctionArgs } from 'react-router'
import { webContext } from '../../context.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { rootDataFromMatches } from '../../lib/root-data.ts'
import { alternateLinks } from '../../lib/seo.ts'
import type { Route } from './+types/factoring-route'
import { businessAction } from './business-action.server.ts'
import { businessFormFromDraft, emptyBusinessForm, withSignedInPerson } from './business-form.ts'
import { BusinessOnboarding } from './business-onboarding.tsx'
import { BusinessPage } from './business-page.tsx'

// Issue 15: the factoring onboarding (invoices → e-mail and terms → company details → success),
// on the same machine, fields and services as the SME onboarding; kind `factoring`.

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const language = languageOfPath(url.pathname) as Language
  if (!isActiveLanguage(language)) return { notActive: true as const }
  const { applications } = context.get(webContext)
  const cookieHeader = request.headers.get('cookie')
  const [draft, person] = await Promise.all([
    applications.loadDraft({ cookieHeader, kind: 'factoring' }),
    applications.signedInPerson(cookieHeader),
  ])
  const base = emptyBusinessForm({
    amount: DEFAULT_SME_CONFIG.minAmount,
    months: DEFAULT_SME_CONFIG.minPeriod,
  })
  const draftStep = draft?.step as FactoringOnboardingStep | undefined
  return {
    notActive: false as const,
    initial: withSignedInPerson(businessFormFromDraft(base, draft?.data), person),
    initialStep:
      draftStep && FACTORING_ONBOARDING_STEPS.includes(draftStep) && draftStep !== 'success'
        ? draftStep
        : ('invoices' as FactoringOnboardingStep),
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  return businessAction(context.get(webContext), request, 'factoring')
}

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
    { title: `${root.t('business.factoringForm.title')} – ${root.brandName}` },
    { name: 'description', content: root.t('business.factoringForm.lead') },
    ...alternateLinks('factoringForm', root.lang, {}, root.publicUrl),
  ]
}

export default function FactoringRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n()
  return (
    <BusinessPage
      notActive={loaderData.notActive}
      title={t('business.factoringForm.title')}
      lead={t('business.factoringForm.lead')}
    >
      {loaderData.notActive ? null : (
        <BusinessOnboarding
          kind="factoring"
          steps={FACTORING_ONBOARDING_STEPS}
          config={DEFAULT_SME_CONFIG}
          euribor={null}
          initial={loaderData.initial}
          initialStep={loaderData.initialStep}
          prefilled={false}
        />
      )}
    </BusinessPage>
  )
}
