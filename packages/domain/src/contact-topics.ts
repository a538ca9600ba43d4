// The contact form's fixed values without zod: the form's page in the browser needs them, and the
// schema (contact.ts) would bring zod onto every content page (issue 19).

export const CONTACT_TOPICS = ['general', 'application', 'offers', 'business', 'mortgage', 'privacy'] as const
export type ContactTopic = (typeof CONTACT_TOPICS)[number]

export const CONTACT_MESSAGE_MAX = 3000
