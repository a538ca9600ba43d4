import type { ShouldRevalidateFunctionArgs } from 'react-router'
import { useI18n } from '../../lib/i18n.tsx'
import { rootDataFromMatches } from '../../lib/root-data.ts'
import { alternateLinks } from '../../lib/seo.ts'
import type { Route } from './+types/consumer-loan-route'
import { ApplicationForm } from './application-form.tsx'
import { ApplicationPage } from './application-page.tsx'
import { consumerLoanAction, consumerLoanLoader } from './consumer-loan.server.ts'

export function loader(args: Route.LoaderArgs) {
  return consumerLoanLoader(args)
}

export function action(args: Route.ActionArgs) {
  return consumerLoanAction(args)
}

// Saving a draft or asking who receives the application changes nothing the loader gives:
// no reload behind the user's typing.
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const intent = formData?.get('intent')
  return intent === 'draft' || intent === 'recipients' ? false : defaultShouldRevalidate
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const root = rootDataFromMatches(matches)
  if (!root) return []
  // A country we do not serve yet: the "coming soon" screen, titled as it (ADR 018: one language).
  if (loaderData?.notActive) {
    return [
      { title: root.t('status.comingSoon.title') },
      { name: 'description', content: root.t('status.comingSoon.text') },
      { name: 'robots', content: 'noindex' },
    ]
  }
  return [
    { title: `${root.t('form.title')} – ${root.brandName}` },
    { name: 'description', content: root.t('form.lead') },
    ...alternateLinks('consumerLoanForm', root.lang, {}, root.publicUrl),
  ]
}

export default function ConsumerLoanRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n()
  return (
    <ApplicationPage notActive={loaderData.notActive} title={t('form.title')} lead={t('form.lead')}>
      {(onSubmitted) =>
        loaderData.notActive ? null : (
          <div className="mt-6">
            <ApplicationForm
              initial={loaderData.initial}
              initialStep={loaderData.initialStep}
              prefilled={loaderData.prefilled}
              onSubmitted={onSubmitted}
            />
          </div>
        )
      }
    </ApplicationPage>
  )
}
