import { z } from 'zod'
import { CONTACT_MESSAGE_MAX, CONTACT_TOPICS } from './contact-topics.ts'
import { normalizeEmail } from './email.ts'
import { isValidEmail } from './validators.ts'

// The contact form of /ota-yhteytta/ (issue: stored, e-mailed to staff, rate-limited).
// Messages are catalogue keys; the service translates them to the sender's language.

export { CONTACT_MESSAGE_MAX, CONTACT_TOPICS, type ContactTopic } from './contact-topics.ts'

export const ContactMessageSchema = z.object({
  name: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(120, 'validation.contact.nameLength'),
  email: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(254, 'validation.email.invalid')
    .transform(normalizeEmail)
    .refine(isValidEmail, 'validation.email.invalid'),
  topic: z.enum(CONTACT_TOPICS, 'validation.invalid'),
  message: z
    .string()
    .trim()
    .min(10, 'validation.contact.messageLength')
    .max(CONTACT_MESSAGE_MAX, 'validation.contact.messageLength'),
})

export type ContactMessage = z.output<typeof ContactMessageSchema>
