import type { MessageKey, Messages } from './fi.ts'

/**
 * The keys every served locale must translate: the layout and the status
 * screens (the brief: other locales at least for routing and core screens).
 * Anything else falls back (sv-se → sv, others → en).
 */
export const CORE_KEYS = [
  'site.skipToContent',
  'site.homeLink',
  'header.login',
  'header.language',
  'header.mainNav',
  // The signed-in header on a core screen.
  'header.offers',
  'header.account',
  'header.logout',
  'nav.menu',
  'footer.company',
  'footer.legal',
  'footer.privacy',
  'footer.terms',
  'footer.cookies',
  'footer.principles',
  'footer.contact',
  'footer.copyright',
  'company.heading',
  'company.businessId',
  'company.address',
  'company.phone',
  'company.email',
  'company.register',
  'company.demo',
  'warning.borrowingCosts',
  'status.notFound.title',
  'status.notFound.text',
  'status.error.title',
  'status.error.text',
  'status.backHome',
  'status.maintenance.title',
  'status.maintenance.text',
  'status.forbidden.title',
  'status.forbidden.text',
  'status.comingSoon.title',
  'status.comingSoon.text',
  'status.notSupported.title',
  'status.notSupported.text',
  'status.notSupported.link',
  'status.test.title',
  'status.test.text',
  'status.demo.title',
  'status.demo.text',
  'status.login',
  'navigation.delayed',
  'pageData.couldNotLoad',
  // Issue 18: the cookie banner, on every page.
  'consent.banner.label',
  'consent.banner.title',
  'consent.banner.text',
  'consent.banner.policy',
  'consent.banner.acceptAll',
  'consent.banner.necessaryOnly',
  'consent.banner.choose',
  'consent.banner.choices',
  'consent.banner.necessary',
  'consent.banner.marketing',
  'consent.banner.link',
  'consent.banner.close',
  'consent.banner.save',
] as const satisfies readonly MessageKey[]

export type CoreKey = (typeof CORE_KEYS)[number]

/** A locale with the core screens translated; other keys optional. */
export type CoreMessages = { readonly [K in CoreKey]: string } & Partial<Messages>
