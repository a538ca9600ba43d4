import type { MessageKey } from '@lainava/i18n'
import { pathFor, type ScreenName } from '@lainava/routing'
import { Link } from 'react-router'
import { useI18n } from '../../lib/i18n.tsx'
import { rootDataFromMatches } from '../../lib/root-data.ts'
import { screenOfRouteId } from '../../lib/screen.ts'
import type { Route } from './+types/not-offered-route'

// Issue 14 "Truthful pages": screens whose flow does not exist yet (the mortgage application,
// issue 16) or has nothing running (raffles). Old paths redirect here, so the
// page answers 200, says plainly what is not possible, and lists what a visitor can do today.
// Not for search engines (noindex). A flow that lands takes its screen over in routes.ts.

type Step = { key: MessageKey; screen: ScreenName }

const SCREENS = {
  mortgageForm: {
    prefix: 'notOffered.mortgageForm',
    steps: [
      { key: 'notOffered.read.mortgageCalculator', screen: 'mortgageCalculator' },
      { key: 'notOffered.read.euribor', screen: 'euribor' },
      { key: 'notOffered.contact', screen: 'contact' },
    ],
  },
  raffles: {
    prefix: 'notOffered.raffles',
    steps: [
      { key: 'notOffered.compare', screen: 'landing' },
      { key: 'notOffered.read.blog', screen: 'blog' },
    ],
  },
} as const satisfies Record<string, { prefix: string; steps: readonly Step[] }>

type NotOfferedScreen = keyof typeof SCREENS

function screenOf(routeId: string | undefined): NotOfferedScreen {
  const screen = screenOfRouteId(routeId ?? '')
  return screen && Object.hasOwn(SCREENS, screen) ? (screen as NotOfferedScreen) : 'raffles'
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataFromMatches(matches)
  if (!root) return []
  const { prefix } = SCREENS[screenOf(matches.at(-1)?.id)]
  return [
    { title: root.t(`${prefix}.title`, { brand: root.brandName }) },
    { name: 'description', content: root.t(`${prefix}.text`, { brand: root.brandName }) },
    { name: 'robots', content: 'noindex' },
  ]
}

export default function NotOfferedRoute({ matches }: Route.ComponentProps) {
  const { t, lang } = useI18n()
  const brand = rootDataFromMatches(matches)?.brandName ?? 'Lainava'
  const { prefix, steps } = SCREENS[screenOf(matches.at(-1)?.id)]
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">{t(`${prefix}.heading`)}</h1>
      <p className="mt-4 text-lg text-slate-700">{t(`${prefix}.text`, { brand })}</p>
      <h2 className="mt-8 text-xl font-semibold text-slate-900">{t('notOffered.today')}</h2>
      <ul className="mt-3 flex list-disc flex-col gap-2 pl-6 text-slate-700">
        {steps.map((step) => (
          <li key={step.screen}>
            <Link className="text-brand-800 underline underline-offset-4" to={pathFor(step.screen, lang)}>
              {t(step.key)}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}
