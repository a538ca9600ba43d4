// The content site's fixed lists, without zod: the browser's pages read them through the package
// index, which must stay light (issue 19: zod is 26 KiB the blog and content pages do not need).
// schemas.ts validates the files against them.

export const CATEGORIES = ['loans', 'money', 'housing', 'business'] as const
export type Category = (typeof CATEGORIES)[number]

export const FAQ_GROUPS = ['applying', 'offers', 'costs', 'privacy', 'account'] as const

export const PAGE_KINDS = ['loan', 'info', 'legal', 'campaign'] as const
export const PRODUCTS = ['consumer', 'business', 'mortgage'] as const
