import { z } from 'zod'
import { CATEGORIES, FAQ_GROUPS, PAGE_KINDS, PRODUCTS } from './constants.ts'

export { CATEGORIES, type Category, FAQ_GROUPS, PAGE_KINDS, PRODUCTS } from './constants.ts'

// Frontmatter of the content files (content/README.md). A file that does not
// match fails the build with its path and the field that is wrong.

const isoDate = z.iso.date()
// YAML reads an unquoted 2026-03-14 as a Date; both spellings are accepted and kept as text.
const dateField = z.preprocess(
  (value) => (value instanceof Date ? value.toISOString().slice(0, 10) : value),
  isoDate,
)
const key = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lowercase words joined by "-"')

export const ArticleFrontmatter = z.strictObject({
  title: z.string().min(5).max(70),
  description: z.string().min(50).max(160),
  category: z.enum(CATEGORIES),
  author: key,
  published: dateField,
  updated: dateField.optional(),
  translationKey: key,
})

export const GlossaryFrontmatter = z.strictObject({
  term: z.string().min(2).max(80),
  short: z.string().min(10).max(200),
  translationKey: key,
  related: z.array(key).default([]),
})

export const FaqFrontmatter = z.strictObject({
  question: z.string().min(5).max(160),
  group: z.enum(FAQ_GROUPS),
})

export const PageFrontmatter = z
  .strictObject({
    title: z.string().min(5).max(70),
    heading: z.string().min(2).max(100),
    description: z.string().min(50).max(160),
    kind: z.enum(PAGE_KINDS),
    calculator: z
      .strictObject({
        amount: z.number().int().positive(),
        years: z.number().int().min(1).max(30),
      })
      .optional(),
    purpose: z.string().optional(),
    product: z.enum(PRODUCTS).optional(),
    updated: dateField.optional(),
  })
  .superRefine((page, context) => {
    if (page.kind === 'loan' && !page.calculator) {
      context.addIssue({
        code: 'custom',
        path: ['calculator'],
        message: 'a loan page needs calculator defaults',
      })
    }
    if (page.kind !== 'loan' && page.calculator) {
      context.addIssue({ code: 'custom', path: ['calculator'], message: 'only loan pages have a calculator' })
    }
  })

const localised = z.strictObject({ fi: z.string().min(1), sv: z.string().min(1), en: z.string().min(1) })

export const AuthorsFile = z.array(z.strictObject({ id: key, name: localised, role: localised })).min(1)

export const EuriborFile = z.strictObject({
  series: z.string().min(1),
  source: z.string().min(1),
  unit: z.literal('percent'),
  values: z
    .array(
      z.strictObject({
        month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
        rate: z.number().min(-5).max(20),
      }),
    )
    .min(2),
})
