import { describe, expect, it } from 'vitest'
import { ErrorBodySchema } from './api-error.ts'
import { errorBodyOf } from './error-body.ts'

const valid = {
  code: 'VALIDATION',
  message: 'Tarkista merkityt kohdat.',
  fields: [{ path: 'body.amount', code: 'too_small', message: 'Liian pieni summa.' }],
  requestId: 'req-1',
}

const samples: unknown[] = [
  valid,
  { ...valid, fields: [] },
  { ...valid, extra: 'dropped', fields: [{ ...valid.fields[0], hint: 'dropped too' }] },
  { ...valid, code: 400 },
  { ...valid, message: undefined },
  { ...valid, requestId: null },
  { ...valid, fields: 'none' },
  { ...valid, fields: [{ path: 'body.amount', code: 'too_small' }] },
  { ...valid, fields: [null] },
  { ...valid, fields: [valid.fields[0], 'x'] },
  [valid],
  'Internal Server Error',
  null,
  undefined,
  42,
  {},
]

describe('errorBodyOf', () => {
  it.each(samples.map((sample, index) => [index, sample]))(
    'answers as ErrorBodySchema does (sample %i)',
    (_, sample) => {
      const parsed = ErrorBodySchema.safeParse(sample)
      expect(errorBodyOf(sample)).toEqual(parsed.success ? parsed.data : null)
    },
  )

  it('reads a real error body and leaves unknown keys out', () => {
    expect(errorBodyOf({ ...valid, stack: 'secret' })).toEqual(valid)
  })
})
