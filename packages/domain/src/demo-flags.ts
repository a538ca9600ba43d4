import type { FeatureDefinition, FlagValueType } from './flags.ts'

// The demo flags a new database gets (packages/db seed), here in the domain so that the tests of the
// web app and the end-to-end tests use the seeded definition itself rather than a copy of it.

export type DemoFlag = {
  key: string
  valueType: FlagValueType
  description: string
  enabled: boolean
  definition: FeatureDefinition
}

/**
 * Issue 18 item 7: the landing's call-to-action experiment, 50/50 on deviceId (hash version 2), in both
 * flag environments.
 */
export const LANDING_CTA_FLAG: DemoFlag = {
  key: 'landing-cta-text',
  valueType: 'string',
  description:
    "Landing: the calculator button's text (apply = 'Hae lainaa', compare = 'Vertaa lainatarjouksia')",
  enabled: true,
  definition: {
    defaultValue: 'apply',
    rules: [
      {
        id: 'landing-cta-experiment',
        key: 'landing-cta-text',
        variations: ['apply', 'compare'],
        weights: [0.5, 0.5],
        coverage: 1,
        hashAttribute: 'deviceId',
        hashVersion: 2,
        meta: [
          { key: '0', name: 'apply' },
          { key: '1', name: 'compare' },
        ],
      },
    ],
  },
}
