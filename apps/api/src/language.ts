import { type CatalogueLocale, createTranslator, isCatalogueLocale, type Translate } from '@lainava/i18n'
import { messagesFor } from '@lainava/i18n/server'
import type { FastifyRequest } from 'fastify'

/** The user's language for an API answer: an explicit `language` field, else Accept-Language, else Finnish. */
export function requestLanguage(request: FastifyRequest): CatalogueLocale {
  const explicit =
    (request.body as { language?: unknown } | undefined)?.language ??
    (request.query as { language?: unknown } | undefined)?.language
  if (typeof explicit === 'string' && isCatalogueLocale(explicit)) return explicit
  const header = request.headers['accept-language'] ?? ''
  for (const part of header.split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? ''
    if (isCatalogueLocale(tag)) return tag
    const base = tag.split('-')[0] ?? ''
    if (isCatalogueLocale(base)) return base
  }
  return 'fi'
}

export function translatorFor(language: CatalogueLocale): Translate {
  return createTranslator(language, messagesFor(language))
}
