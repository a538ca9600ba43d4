import { findUnsafeText } from '@lainava/domain/unsafe-text'
import { data, type MiddlewareFunction } from 'react-router'

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data']

/**
 * Issue 13, the pages' edge: a query or a posted form with a NUL byte or a lone surrogate is
 * answered 400 before any loader or action reads it, and so is a form body that cannot be
 * read at all, or a body that is no form (JSON, plain text, none). The API refuses the same text in its own hook (apps/api/src/plugins/unsafe-text.ts).
 */
export const refuseUnsafeInput: MiddlewareFunction<Response> = async ({ request, url }, next) => {
  if (findUnsafeText([...url.searchParams])) throw data(null, { status: 400 })
  const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? ''
  const sends = request.method !== 'GET' && request.method !== 'HEAD'
  // Page actions read forms: any other body (JSON, text, none at all) is bad input, not a crash.
  if (sends && !FORM_TYPES.includes(type)) throw data(null, { status: 400 })
  if (sends) {
    let fields: unknown[]
    try {
      fields = [...(await request.clone().formData())].map(([name, value]) =>
        typeof value === 'string' ? [name, value] : [name, value.name],
      )
    } catch {
      throw data(null, { status: 400 })
    }
    if (findUnsafeText(fields)) throw data(null, { status: 400 })
  }
  return next()
}
